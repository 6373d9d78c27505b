package handlers_test

import (
	"compress/gzip"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"

	"github.com/grimoire-games/grimoire/handlers"
	"github.com/grimoire-games/grimoire/store/sqlite"
)

// cachedApp is the app with its handler at hand, so a test can see that a
// page really came from the cache (a test of what the cache never mixes up
// proves nothing if nothing was served from it).
func cachedApp(t *testing.T) (*handlers.Handler, *testApp, *app) {
	t.Helper()
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "grimoire.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	h, err := handlers.New(handlers.Config{
		Store: st, Games: testGames(), SessionKeys: sessionKeys(t),
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	if err != nil {
		t.Fatal(err)
	}
	checkKept(t, h)
	e := h.Echo()
	srv := httptest.NewServer(e)
	t.Cleanup(func() {
		srv.CloseClientConnections()
		srv.Close()
	})
	return h, &testApp{t: t, Store: st, Handler: e}, &app{URL: srv.URL, Store: st}
}

// pageHits counts whole pages and screens served from the cache since the
// last call.
func pageHits(h *handlers.Handler) func() int {
	last := h.CacheStats().ScreenHits
	return func() int {
		n := h.CacheStats().ScreenHits
		d := n - last
		last = n
		return d
	}
}

var layoutTokenRE = regexp.MustCompile(`X-CSRF-Token&#34;:&#34;([^&]*)&#34;`)

func layoutToken(t *testing.T, body string) string {
	t.Helper()
	m := layoutTokenRE.FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no CSRF token in the page's hx-headers:\n%.600s", body)
	}
	return m[1]
}

var pageVersionRE = regexp.MustCompile(`data-live="[^"]*" data-version="(\d+)"`)

func TestCachedPagesNeverCrossViewers(t *testing.T) {
	t.Run("every spectator's page carries its own token and never the keeper's record", func(t *testing.T) {
		h, a, _ := cachedApp(t)
		hits := pageHits(h)
		keeper := a.phone()
		id := keeper.newSAGame("Ana", "Ben", "12")
		keeper.post("/g/"+id+"/act", url.Values{"v": {"0"}, "type": {"spy-shot"}, "made": {"1"}}, htmx)
		for i := range 2 {
			mine := keeper.get("/g/"+id, nil).Body
			if got := layoutToken(t, mine); got != keeper.csrf() {
				t.Fatalf("keeper's page %d carries token %q, want the keeper's %q", i, got, keeper.csrf())
			}
			if !strings.Contains(mine, "grimoire-record") {
				t.Fatalf("keeper's page %d has no record", i)
			}
		}
		if hits() < 1 {
			t.Fatal("the keeper's second page should come from the cache")
		}
		token := a.game(id).SpectatorToken
		var shared string
		for i, w := range []*client{a.phone(), a.phone(), a.phone()} {
			w.get("/", nil)
			body := w.get("/watch/"+token, nil).Body
			if got := layoutToken(t, body); got != w.csrf() || got == keeper.csrf() {
				t.Fatalf("spectator %d's page carries token %q, want its own %q", i, got, w.csrf())
			}
			if strings.Contains(body, "grimoire-record") || strings.Contains(body, keeper.csrf()) {
				t.Fatalf("spectator %d got the keeper's record or token:\n%.600s", i, body)
			}
			same := strings.ReplaceAll(body, w.csrf(), "TOKEN")
			if i == 0 {
				shared = same
			} else if same != shared {
				t.Fatalf("spectator %d's page differs from the first one's in more than the token", i)
			}
		}
		if got := hits(); got < 2 {
			t.Fatalf("%d spectators' pages came from the cache, want the second and third", got)
		}
	})
	t.Run("the Mage's page never shows the General's camp faces", func(t *testing.T) {
		h, _, srv := cachedApp(t)
		gen := twNewPhone(t, srv)
		id := twCreate(t, gen, url.Values{"general": {"Ana"}, "mage": {"Ben"}, "mode": {"two"}, "myside": {"general"}})
		mage := twJoin(t, srv, gen, id)
		hits := pageHits(h)
		for i := range 2 {
			_, gens := gen.get("/g/"+id, false)
			if camp := campFaceRE.FindString(gens); !strings.Contains(camp, "heads") && !strings.Contains(camp, "tails") {
				t.Fatalf("the General's page %d should show the camp's faces:\n%.600s", i, gens)
			}
		}
		if hits() < 1 {
			t.Fatal("the General's second page should come from the cache")
		}
		for i := range 2 {
			_, mages := mage.get("/g/"+id, false)
			if camp := campFaceRE.FindString(mages); camp == "" || strings.Contains(camp, "heads") || strings.Contains(camp, "tails") {
				t.Fatalf("the Mage's page %d shows camp faces (or no camp):\n%s", i, camp)
			}
			if strings.Contains(mages, "grimoire-record") || strings.Contains(mages, gen.csrf) {
				t.Fatalf("the Mage's page %d got the record or the General's token", i)
			}
			if layoutToken(t, mages) != mage.csrf {
				t.Fatalf("the Mage's page %d carries another token than its forms", i)
			}
		}
	})
	t.Run("a compressed page carries the token of the phone that asked", func(t *testing.T) {
		h, a, _ := cachedApp(t)
		keeper := a.phone()
		id := keeper.newSAGame("Ana", "Ben", "12")
		token := a.game(id).SpectatorToken
		plain := keeper.get("/watch/"+token, nil).Body
		hits := pageHits(h)
		for _, enc := range []string{"gzip", "br"} {
			for i, w := range []*client{a.phone(), a.phone()} {
				w.get("/", nil)
				for range 2 { // compressed, then from the cache
					res := w.get("/watch/"+token, hdr{"Accept-Encoding": enc})
					if got := res.Header.Get("Content-Encoding"); got != enc {
						t.Fatalf("%s: Content-Encoding %q", enc, got)
					}
					body := decoded(t, enc, res.Body)
					if got := layoutToken(t, body); got != w.csrf() {
						t.Fatalf("%s: spectator %d's page carries token %q, want its own %q", enc, i, got, w.csrf())
					}
					if strings.ReplaceAll(body, w.csrf(), "T") != strings.ReplaceAll(plain, keeper.csrf(), "T") {
						t.Fatalf("%s: spectator %d's page differs from the uncompressed one", enc, i)
					}
				}
			}
		}
		if got := hits(); got < 8 {
			t.Fatalf("%d of 8 compressed pages came from the cache (the page, and each phone's second copy)", got)
		}
	})
	t.Run("a new version is never served from the old one's page", func(t *testing.T) {
		_, a, _ := cachedApp(t)
		keeper, watcher := a.phone(), a.phone()
		id := keeper.newSAGame("Ana", "Ben", "12")
		token := a.game(id).SpectatorToken
		watcher.get("/", nil)
		steps := []url.Values{tollMade, moveTo("A")}
		for v := 0; v <= len(steps); v++ {
			for _, p := range []struct {
				who  string
				c    *client
				path string
			}{{"keeper", keeper, "/g/" + id}, {"spectator", watcher, "/watch/" + token}} {
				for range 2 { // drawn, then from the cache
					body := p.c.get(p.path, nil).Body
					m := pageVersionRE.FindStringSubmatch(body)
					if m == nil || m[1] != itoa(v) {
						t.Fatalf("the %s's page at version %d says %v", p.who, v, m)
					}
					if p.c == keeper {
						if got := len(pageRecord(t, body).Actions); got != v {
							t.Fatalf("the keeper's page at version %d has %d actions in its record", v, got)
						}
					}
				}
			}
			if v < len(steps) {
				f := url.Values{"v": {itoa(v)}}
				for k, x := range steps[v] {
					f[k] = x
				}
				if res := keeper.post("/g/"+id+"/act", f, htmx); res.StatusCode != http.StatusOK {
					t.Fatalf("tap at version %d: %d", v, res.StatusCode)
				}
			}
		}
	})
}

func decoded(t *testing.T, enc, body string) string {
	t.Helper()
	var r io.Reader
	switch enc {
	case "gzip":
		zr, err := gzip.NewReader(strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		r = zr
	case "br":
		r = brotli.NewReader(strings.NewReader(body))
	}
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("decode %s: %v", enc, err)
	}
	return string(b)
}

// A GET refresh (what a page asks after each event) is compressed once per
// version pair and viewer and sent again to everyone asking the same; what
// arrives is always what an uncompressed answer says, for the right pair.
func TestKeptRefreshAnswers(t *testing.T) {
	h, a, _ := cachedApp(t)
	keeper := a.phone()
	id := keeper.newSAGame("Ana", "Ben", "12")
	token := a.game(id).SpectatorToken
	tap := func(v int, step url.Values) {
		t.Helper()
		f := url.Values{"v": {itoa(v)}}
		for k, x := range step {
			f[k] = x
		}
		if res := keeper.post("/g/"+id+"/act", f, htmx); res.StatusCode != http.StatusOK {
			t.Fatalf("tap at version %d: %d", v, res.StatusCode)
		}
	}
	tap(0, tollMade)
	tap(1, moveTo("A"))
	refresh := func(c *client, path string, extra hdr) response {
		t.Helper()
		h := hdr{"HX-Request": "true"}
		for k, v := range extra {
			h[k] = v
		}
		res := c.get(path, h)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %d", path, res.StatusCode)
		}
		return res
	}
	watchers := []*client{a.phone(), a.phone(), a.phone()}
	for _, w := range watchers {
		w.get("/", nil)
	}
	for _, from := range []string{"0", "1"} {
		path := "/watch/" + token + "?v=" + from
		plain := refresh(watchers[0], path, nil)
		if plain.Header.Get("Content-Encoding") != "" || len(plain.Body) < 1024 {
			t.Fatalf("from %s: the plain refresh is %d B with encoding %q: too small to test", from, len(plain.Body), plain.Header.Get("Content-Encoding"))
		}
		for _, enc := range []string{"gzip", "br"} {
			hits := pageHits(h)
			for i, w := range watchers {
				res := refresh(w, path, hdr{"Accept-Encoding": enc})
				if got := res.Header.Get("Content-Encoding"); got != enc {
					t.Fatalf("from %s, %s: Content-Encoding %q", from, enc, got)
				}
				if got := decoded(t, enc, res.Body); got != plain.Body {
					t.Fatalf("from %s, %s: spectator %d got another refresh than the plain one", from, enc, i)
				}
				if !res.varies("Accept-Encoding") || !res.varies("HX-Request") {
					t.Errorf("Vary %q", res.Header.Values("Vary"))
				}
			}
			if got := hits(); got < len(watchers) {
				t.Errorf("from %s, %s: %d screen hits for %d spectators, want the compressed answer kept", from, enc, got, len(watchers))
			}
		}
	}
	t.Run("a new version is a new answer", func(t *testing.T) {
		path := "/watch/" + token + "?v=1"
		before := decoded(t, "gzip", refresh(watchers[1], path, hdr{"Accept-Encoding": "gzip"}).Body)
		tap(2, tollMade)
		plain := refresh(watchers[0], path, nil).Body
		after := decoded(t, "gzip", refresh(watchers[1], path, hdr{"Accept-Encoding": "gzip"}).Body)
		if after != plain || after == before {
			t.Fatalf("after a tap the kept refresh from version 1 is stale (same as before: %v; same as plain: %v)", after == before, after == plain)
		}
	})
	t.Run("the record comes out only for a page that asks for the delta", func(t *testing.T) {
		path := "/g/" + id + "?v=1"
		whole := refresh(keeper, path, hdr{"Accept-Encoding": "gzip"})
		delta := refresh(keeper, path, hdr{"Accept-Encoding": "gzip", "X-Grimoire-Record": "delta"})
		plainDelta := refresh(keeper, path, hdr{"X-Grimoire-Record": "delta"})
		if !strings.Contains(decoded(t, "gzip", whole.Body), "grimoire-record") || whole.Header.Get("X-Grimoire-Record-Delta") != "" {
			t.Fatal("the whole refresh lacks the record, or carries a delta")
		}
		got := decoded(t, "gzip", delta.Body)
		if strings.Contains(got, "grimoire-record") || delta.Header.Get("X-Grimoire-Record-Delta") == "" {
			t.Fatal("the delta refresh carries the record, or no delta header")
		}
		if got != plainDelta.Body || delta.Header.Get("X-Grimoire-Record-Delta") != plainDelta.Header.Get("X-Grimoire-Record-Delta") {
			t.Fatal("the kept delta refresh differs from the plain one")
		}
	})
	t.Run("the delta header is kept per pair of versions", func(t *testing.T) {
		type delta struct {
			From, Version, Keep int
			Actions             []json.RawMessage
		}
		ask := func(c *client, at string) (delta, string) {
			t.Helper()
			extra := hdr{"Accept-Encoding": "gzip", "X-Grimoire-Record": "delta"}
			if at != "" {
				extra["X-Grimoire-Record-At"] = at
			}
			raw := refresh(c, "/g/"+id+"?v=1", extra).Header.Get("X-Grimoire-Record-Delta")
			var d delta
			if err := json.Unmarshal([]byte(raw), &d); err != nil {
				t.Fatalf("delta header %q: %v", raw, err)
			}
			return d, raw
		}
		first, raw := ask(keeper, "")
		hits := pageHits(h)
		again, rawAgain := ask(keeper, "")
		if rawAgain != raw || hits() < 1 {
			t.Fatalf("the same delta asked again: %q then %q, %d screen hits", raw, rawAgain, hits())
		}
		if first.From != 1 || first.Keep != 1 || len(first.Actions) != first.Version-1 {
			t.Fatalf("delta from version 1: %+v", first)
		}
		// A page whose copy is older names it: another delta, not the kept one.
		older, _ := ask(keeper, "0")
		if older.From != 0 || older.Keep != 0 || len(older.Actions) != older.Version {
			t.Fatalf("delta from version 0: %+v", older)
		}
		tap(again.Version, moveTo("B"))
		after, _ := ask(keeper, "")
		if after.Version != again.Version+1 || len(after.Actions) != len(again.Actions)+1 {
			t.Fatalf("after a tap the delta from version 1 is %+v, was %+v", after, again)
		}
	})
}

// A kept whole page is drawn in one language: a spectator reading another
// gets a page drawn in theirs, never the first reader's, and readers of
// the same language share the kept page.
func TestCachedPagesNeverCrossLanguages(t *testing.T) {
	h, a, _ := cachedApp(t)
	keeper := a.phone()
	id := keeper.newSAGame("Ana", "Ben", "12")
	token := a.game(id).SpectatorToken
	hits := pageHits(h)
	for i, l := range []struct{ accept, want, nav string }{
		{"es", "es", "Partidas"},
		{"de", "de", "Spiele"},
		{"es", "es", "Partidas"},
		{"en", "en", "Games"},
		{"de", "de", "Spiele"},
	} {
		w := a.phone()
		w.get("/", nil)
		r := w.get("/watch/"+token, hdr{"Accept-Language": l.accept})
		d := r.doc(t)
		if got, _ := d.Find("html").Attr("lang"); got != l.want {
			t.Fatalf("spectator %d (%s) got <html lang=%q>", i, l.accept, got)
		}
		if got := d.Find(`nav a[href="/"]`).First().Text(); got != l.nav {
			t.Fatalf("spectator %d (%s) got the nav's %q, want %q", i, l.accept, got, l.nav)
		}
		if !r.varies("Accept-Language") {
			t.Fatalf("spectator %d's page does not vary on Accept-Language: %v", i, r.vary())
		}
	}
	if got := hits(); got < 2 {
		t.Fatalf("%d pages came from the cache, want the second Spanish and German ones", got)
	}
}
