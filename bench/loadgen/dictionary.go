package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"runtime"
	"sync"

	"github.com/klauspost/compress/zstd"
)

// A phone holds the compression dictionary its pages link to, as Chromium
// does (RFC 9842): fetched once, named in Available-Dictionary on every
// request under /g/, and used to read the answers that come back
// compressed against it (Content-Encoding dcz). --dictionary=false plays
// a browser without it, which gets gzip.

// heldDict is one dictionary as a phone holds it.
type heldDict struct {
	url       string
	available string   // the Available-Dictionary value naming it
	head      [40]byte // the header frame every dcz answer starts with
	dec       *zstd.Decoder
}

// dictStore fetches each dictionary once for every phone of the run: a
// real phone fetches it once too, and a decoder per phone would only cost
// the generator.
type dictStore struct {
	mu    sync.Mutex
	byURL map[string]*heldDict
}

func newDictStore() *dictStore { return &dictStore{byURL: map[string]*heldDict{}} }

// get is the dictionary at url, fetched with client the first time.
func (s *dictStore) get(ctx context.Context, client *http.Client, url string) (*heldDict, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if d, ok := s.byURL[url]; ok {
		return d, nil
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	res, err := client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("dictionary: %w", err)
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	if err != nil || res.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("dictionary %s: status %d, %v", url, res.StatusCode, err)
	}
	d, err := holdDict(url, raw)
	if err != nil {
		return nil, err
	}
	s.byURL[url] = d
	return d, nil
}

func holdDict(url string, raw []byte) (*heldDict, error) {
	sum := sha256.Sum256(raw)
	dec, err := zstd.NewReader(nil, zstd.WithDecoderDictRaw(0, raw), zstd.WithDecoderConcurrency(runtime.GOMAXPROCS(0)))
	if err != nil {
		return nil, fmt.Errorf("dictionary %s: %w", url, err)
	}
	d := &heldDict{url: url, available: ":" + base64.StdEncoding.EncodeToString(sum[:]) + ":", dec: dec}
	copy(d.head[:], []byte{0x5e, 0x2a, 0x4d, 0x18, 0x20, 0x00, 0x00, 0x00})
	copy(d.head[8:], sum[:])
	return d, nil
}

// decode inflates a dcz answer into out.
func (d *heldDict) decode(raw []byte, out []byte) ([]byte, error) {
	if d == nil {
		return nil, fmt.Errorf("a dcz answer, and no dictionary held")
	}
	if !bytes.HasPrefix(raw, d.head[:]) {
		return nil, fmt.Errorf("a dcz answer that names another dictionary")
	}
	return d.dec.DecodeAll(raw[len(d.head):], out)
}

// dictionaryLink is the compression dictionary a page links to, or "".
func dictionaryLink(page []byte) string {
	for _, l := range tags(page, "link", false) {
		if l.attrs["rel"] == "compression-dictionary" {
			return l.attrs["href"]
		}
	}
	return ""
}
