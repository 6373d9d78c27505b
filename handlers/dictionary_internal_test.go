package handlers

import (
	"bytes"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/a-h/templ"
	"github.com/klauspost/compress/zstd"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/views"
)

// tiny is a game whose one sample screen is a line of text; the methods
// the dictionary does not call are left to the embedded nil Kind.
type tiny struct{ play.Kind }

func (tiny) Info() play.Info { return play.Info{ID: "tiny"} }

func (tiny) Fragments(t play.Table, _ url.Values) ([]views.Fragment, error) {
	return []views.Fragment{{ID: "tiny-status", Component: templ.Raw("<p>Turn " + t.Title + "</p>")}}, nil
}

type sampled struct{ tiny }

func (sampled) Samples() ([]play.Table, error) { return []play.Table{{Title: "1 of 5"}}, nil }

func TestDictionaryOfGamesWithoutSamplesIsNone(t *testing.T) {
	d, err := newDictionary([]play.Kind{tiny{}})
	if err != nil || d != nil {
		t.Fatalf("a build whose games draw no samples has dictionary %v (%v)", d, err)
	}
	r := httptest.NewRequest("GET", "/g/abc", nil)
	r.Header.Set("Accept-Encoding", "gzip, dcz")
	if d.covers(r) || d.inScope("/g/abc") || d.linkFor("/") != "" {
		t.Error("no dictionary, yet it covers a request or is linked to")
	}
}

// A dictionary smaller than zstd's smallest window still works: the window
// is at least 1 KB.
func TestTinyDictionaryCompresses(t *testing.T) {
	d, err := newDictionary([]play.Kind{sampled{}})
	if err != nil || d == nil {
		t.Fatalf("dictionary %v, %v", d, err)
	}
	if !bytes.Contains(d.raw, []byte(`hx-swap-oob="innerHTML:#tiny-status"><p>Turn 1 of 5</p>`)) {
		t.Fatalf("the dictionary is not the sample drawn as an answer: %q", d.raw)
	}
	answer := []byte(`<div hx-swap-oob="innerHTML:#tiny-status"><p>Turn 2 of 5</p></div>`)
	z, err := d.compressed(answer)
	if err != nil {
		t.Fatal(err)
	}
	zr, err := zstd.NewReader(nil, zstd.WithDecoderDictRaw(0, d.raw))
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	got, err := zr.DecodeAll([]byte(z[40:]), nil)
	if err != nil || !bytes.Equal(got, answer) {
		t.Fatalf("decoded %q, %v", got, err)
	}
	if !strings.HasPrefix(z, string(dczMagic[:])) {
		t.Error("no header frame")
	}
	for path, want := range map[string]string{"/": d.paths[0], "/g/x": d.paths[0], "/watch/tok": d.paths[1], "/rules": d.paths[0]} {
		if got := d.linkFor(path); got != want {
			t.Errorf("a page at %s links to %s, want %s", path, got, want)
		}
	}
}
