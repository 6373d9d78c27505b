package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
)

// A phone holds the dictionary its page links to as Chromium does: it names
// it on requests under /g/ and reads the dcz answers that come back, and
// refuses one compressed against another dictionary.
func TestPhoneHoldsTheDictionary(t *testing.T) {
	dict := bytes.Repeat([]byte(`<div hx-swap-oob="innerHTML:#sa-status"><span class="value">`), 40)
	answer := []byte(`<div hx-swap-oob="innerHTML:#sa-status"><span class="value">7/12</span></div>`)
	dcz := func(d []byte) []byte {
		sum := sha256.Sum256(d)
		out := append([]byte{0x5e, 0x2a, 0x4d, 0x18, 0x20, 0x00, 0x00, 0x00}, sum[:]...)
		zw, err := zstd.NewWriter(nil, zstd.WithEncoderDictRaw(0, d), zstd.WithWindowSize(1<<14))
		if err != nil {
			t.Fatal(err)
		}
		return zw.EncodeAll(answer, out)
	}
	var asked []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked = append(asked, r.URL.Path+" "+r.Header.Get("Accept-Encoding")+" "+r.Header.Get("Available-Dictionary"))
		switch r.URL.Path {
		case "/new":
			w.Write([]byte(`<html><head><link rel="compression-dictionary" href="/dictionary/d.txt"></head></html>`))
		case "/dictionary/d.txt":
			w.Header().Set("Use-As-Dictionary", `match="/g/*"`)
			w.Write(dict)
		case "/g/G1/act":
			w.Header().Set("Content-Encoding", "dcz")
			w.Write(dcz(dict))
		case "/g/G2/act":
			w.Header().Set("Content-Encoding", "dcz")
			w.Write(dcz(append([]byte("another build's "), dict...)))
		}
	}))
	defer srv.Close()
	ctx := context.Background()

	without := newPhone(srv.URL, nil, 1, 5)
	page, err := without.do(ctx, http.MethodGet, "/new", nil, false)
	if err != nil {
		t.Fatal(err)
	}
	if err := without.holdDictionary(ctx, page.body); err != nil || without.dict != nil {
		t.Fatalf("a phone taking no dictionaries holds %v (%v)", without.dict, err)
	}

	p := newPhone(srv.URL, nil, 1, 5)
	p.dicts = newDictStore()
	if err := p.holdDictionary(ctx, page.body); err != nil || p.dict == nil {
		t.Fatalf("the phone holds no dictionary: %v", err)
	}
	a, err := p.do(ctx, http.MethodPost, "/g/G1/act", nil, true)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.body, answer) || a.wire != len(a.raw) {
		t.Errorf("the dcz answer read as %q (%d B on the wire)", a.body, a.wire)
	}
	if kept := a.kept(); !bytes.Equal(kept.body, answer) {
		t.Errorf("a kept dcz answer is %q", kept.body)
	}
	if _, err := p.do(ctx, http.MethodPost, "/g/G2/act", nil, true); err == nil || !strings.Contains(err.Error(), "another dictionary") {
		t.Errorf("an answer against another dictionary: %v", err)
	}
	if want := "/g/G1/act gzip, dcz " + p.dict.Available(); asked[len(asked)-2] != want || !strings.HasPrefix(p.dict.Available(), ":") {
		t.Errorf("the tap asked %q, want %q", asked[len(asked)-2], want)
	}
	if got := asked[1]; got != "/dictionary/d.txt gzip " {
		t.Errorf("the dictionary was fetched as %q", got)
	}
}
