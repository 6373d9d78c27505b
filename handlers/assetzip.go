package handlers

import (
	"net/http"
	"strconv"
	"sync"

	"github.com/labstack/echo/v4"
)

// Assets never change behind their hashed URL, so each is compressed once,
// at the strongest settings (brotli quality 11, gzip 9), and the bytes are
// kept: about 100 ms of CPU per file, once, instead of ~2 ms on every first
// visit at the middleware's per-answer level, and 1-1.5 KB less per file on
// the wire. The memo is keyed by the content hash, so it is shared by every
// Handler in the process (tests make many) and can never serve old bytes.
var assetZips sync.Map // assetZipKey -> *assetZip

type assetZipKey struct{ hash, enc string }

type assetZip struct {
	once sync.Once
	body []byte
	err  error
}

// zipped is body compressed in enc ("br" or "gzip"), made once per content.
func zipped(hash, enc string, body []byte) ([]byte, error) {
	v, _ := assetZips.LoadOrStore(assetZipKey{hash, enc}, &assetZip{})
	z := v.(*assetZip)
	z.once.Do(func() { z.body, z.err = forever.all(enc, body) })
	return z.body, z.err
}

// serveCompressedOnce sends an asset compressed from the memo when the
// client takes br or gzip and the type is worth compressing; it reports
// false when the caller should send the plain bytes. The compress
// middleware passes an answer that has a Content-Encoding through.
func serveCompressedOnce(c echo.Context, hash string, body []byte, ctype string) (bool, error) {
	if len(body) < compressMin || !compressible[mediaType(ctype)] {
		return false, nil
	}
	enc := pickEncoding(c.Request().Header.Get(echo.HeaderAcceptEncoding))
	if enc == "" {
		return false, nil // the middleware adds the Vary
	}
	z, err := zipped(hash, enc, body)
	if err != nil {
		return false, err
	}
	hd := c.Response().Header()
	hd.Add(echo.HeaderVary, echo.HeaderAcceptEncoding)
	hd.Set(echo.HeaderContentEncoding, enc)
	hd.Set(echo.HeaderContentLength, strconv.Itoa(len(z)))
	// The compressed bytes differ from the identity ones the strong tag names.
	hd.Set("ETag", `W/"`+hash+`"`)
	return true, c.Blob(http.StatusOK, ctype, z)
}
