package handlers

import (
	"bytes"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/a-h/templ"
	"github.com/klauspost/compress/zstd"
	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/handlers/encoding"
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
	h := &Handler{dict: d}
	r := httptest.NewRequest("GET", "/g/abc", nil)
	r.Header.Set("Accept-Encoding", "gzip, dcz")
	rec := httptest.NewRecorder()
	c := echo.New().NewContext(r, rec)
	err = h.inDictionaryScope(scopeGame)(func(c echo.Context) error {
		if enc := h.encodingFor(c, encoding.Refresh); enc != "gzip" || h.dictionaryLink(c) != "" {
			t.Errorf("no dictionary, yet a refresh goes %q or links to %q", enc, h.dictionaryLink(c))
		}
		return nil
	})(c)
	if err != nil || rec.Header().Get("Vary") != "" {
		t.Errorf("no dictionary, yet the answer varies on %q (%v)", rec.Header().Get("Vary"), err)
	}
}

// A dictionary smaller than zstd's smallest window still works: the window
// is at least 1 KB.
func TestTinyDictionaryCompresses(t *testing.T) {
	d, err := newDictionary([]play.Kind{sampled{}})
	if err != nil || d == nil {
		t.Fatalf("dictionary %v, %v", d, err)
	}
	if !bytes.Contains(d.Raw(), []byte(`hx-swap-oob="innerHTML:#tiny-status"><p>Turn 1 of 5</p>`)) {
		t.Fatalf("the dictionary is not the sample drawn as an answer: %q", d.Raw())
	}
	answer := []byte(`<div hx-swap-oob="innerHTML:#tiny-status"><p>Turn 2 of 5</p></div>`)
	z, err := d.Compress(answer)
	if err != nil {
		t.Fatal(err)
	}
	zr, err := zstd.NewReader(nil, zstd.WithDecoderDictRaw(0, d.Raw()))
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	got, err := zr.DecodeAll([]byte(z[40:]), nil)
	if err != nil || !bytes.Equal(got, answer) {
		t.Fatalf("decoded %q, %v", got, err)
	}
	if !strings.HasPrefix(z, "\x5e\x2a\x4d\x18\x20\x00\x00\x00") {
		t.Error("no header frame")
	}
	h := &Handler{dict: d}
	for _, tc := range []struct {
		route string
		scope echo.MiddlewareFunc
		want  string
	}{
		{"/", nil, d.paths[0]},
		{"/g/:id", h.inDictionaryScope(scopeGame), d.paths[0]},
		{"/watch/:token", h.inDictionaryScope(scopeWatch), d.paths[1]},
		{"/rules", nil, d.paths[0]},
	} {
		var got string
		page := func(c echo.Context) error { got = h.dictionaryLink(c); return nil }
		if tc.scope != nil {
			page = tc.scope(page)
		}
		if err := page(echo.New().NewContext(httptest.NewRequest("GET", "/", nil), httptest.NewRecorder())); err != nil || got != tc.want {
			t.Errorf("a page at %s links to %s, want %s (%v)", tc.route, got, tc.want, err)
		}
	}
}
