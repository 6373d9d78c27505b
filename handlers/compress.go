package handlers

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/handlers/encoding"
)

// How each answer is compressed is decided in one place, handlers/encoding
// (Choose); middleware.Compress puts it between Echo and the handlers, and
// these are the handlers' own uses of it: kept answers and assets.

// encodingFor is the coding of an answer of kind k to this request: the
// dictionary counts when the route is in its scope.
func (h *Handler) encodingFor(c echo.Context, k encoding.Kind) string {
	r := c.Request()
	_, scoped := c.Get(ctxScope).(int)
	held := scoped && h.dict != nil && h.dict.Held(r)
	return encoding.Choose(k, r.Header.Get(echo.HeaderAcceptEncoding), held)
}

// compressKept is p compressed in enc for an answer of kind k kept and
// sent many times (a page, a refresh): against the dictionary for "dcz".
func (h *Handler) compressKept(k encoding.Kind, enc string, p []byte) (string, error) {
	if enc == "dcz" {
		return h.dict.Compress(p)
	}
	b, err := encoding.Compress(k, enc, p)
	return string(b), err
}

// writeEncoded sends body, already compressed with enc (a kept answer), as
// the answer: the compress middleware passes an answer that has an
// encoding through.
func writeEncoded(res *echo.Response, status int, enc, body string) error {
	return encoding.WriteKept(res, status, enc, body)
}

// serveCompressedOnce sends an asset compressed from the memo when the
// client takes br or gzip and the type is worth compressing; it reports
// false when the caller should send the plain bytes. The compress
// middleware passes an answer that has a Content-Encoding through.
func serveCompressedOnce(c echo.Context, hash string, body []byte, ctype string) (bool, error) {
	if !encoding.Worth(len(body), ctype) {
		return false, nil
	}
	enc := encoding.Choose(encoding.Asset, c.Request().Header.Get(echo.HeaderAcceptEncoding), false)
	if enc == "" {
		return false, nil // the middleware adds the Vary
	}
	z, err := encoding.CompressAsset(hash, enc, body)
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
