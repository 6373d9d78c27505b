package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"sync"

	"github.com/grimoire-games/grimoire/handlers/encoding"
)

// A phone holds the compression dictionary its pages link to, as Chromium
// does (RFC 9842): fetched once, named in Available-Dictionary on every
// request under the URLs its Use-As-Dictionary matches, and used to read
// the answers that come back compressed against it (Content-Encoding dcz),
// with the app's own coding (handlers/encoding). --dictionary=false plays
// a browser without it, which gets gzip.

// heldDict is one dictionary as a phone holds it.
type heldDict struct {
	url string
	*encoding.Decoder
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
	dec, err := encoding.NewDecoder(raw, res.Header.Get("Use-As-Dictionary"))
	if err != nil {
		return nil, fmt.Errorf("dictionary %s: %w", url, err)
	}
	d := &heldDict{url: url, Decoder: dec}
	s.byURL[url] = d
	return d, nil
}

// decode inflates a dcz answer into out.
func (d *heldDict) decode(raw []byte, out []byte) ([]byte, error) {
	if d == nil {
		return nil, fmt.Errorf("a dcz answer, and no dictionary held")
	}
	return d.Decode(raw, out)
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
