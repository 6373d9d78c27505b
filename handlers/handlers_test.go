package handlers_test

import (
	"bufio"
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"github.com/grimoire-games/grimoire/store"
)

// Every page route answers with its status and an HTML page; unknown games,
// tokens and paths get the 404 page.
func TestRoutesAnswerWithStatusAndContentType(t *testing.T) {
	a := newTestApp(t)
	owner := a.phone()
	id := owner.newSAGame("Ana", "Ben", "12")
	token := a.game(id).SpectatorToken

	cases := []struct {
		name, path string
		status     int
		ctype      string
		testid     string // an element the page must have ("" = none checked)
	}{
		{"home lists games", "/", 200, "text/html", "games"},
		{"health check is plain text", "/healthz", 200, "text/plain", ""},
		{"new game index offers the games", "/new", 200, "text/html", ""},
		{"Spells & Arrows new-game form", "/new/spells-arrows", 200, "text/html", "new-game"},
		{"rules index links the sandbox", "/rules", 200, "text/html", "rules-sandbox"},
		{"Spells & Arrows rules page", "/rules/spells-arrows", 200, "text/html", "rules"},
		{"offline page", "/offline", 200, "text/html", ""},
		{"game screen", "/g/" + id, 200, "text/html", "board"},
		{"game log", "/g/" + id + "/log", 200, "text/html", ""},
		{"delete confirmation", "/g/" + id + "/delete", 200, "text/html", "confirm-delete"},
		{"spectator view", "/watch/" + token, 200, "text/html", "board"},
		{"unknown game is a 404 page", "/g/nosuchgame", 404, "text/html", "error"},
		{"log of an unknown game is a 404 page", "/g/nosuchgame/log", 404, "text/html", "error"},
		{"deleting an unknown game is a 404 page", "/g/nosuchgame/delete", 404, "text/html", "error"},
		{"unknown spectator token is a 404 page", "/watch/nosuchtoken", 404, "text/html", "error"},
		{"unknown join link is a 404 page", "/join/nosuchtoken", 404, "text/html", "error"},
		{"unknown path is a 404 page", "/no/such/page", 404, "text/html", "error"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := owner.get(tc.path, nil)
			if res.StatusCode != tc.status {
				t.Fatalf("GET %s: status %d, want %d\n%s", tc.path, res.StatusCode, tc.status, res.Body)
			}
			if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, tc.ctype) {
				t.Errorf("Content-Type %q, want %s", ct, tc.ctype)
			}
			if tc.ctype != "text/html" {
				return
			}
			if !strings.HasPrefix(res.Body, "<!doctype html>") && !strings.HasPrefix(strings.ToLower(res.Body), "<!doctype html>") {
				t.Errorf("not a whole page: %.80q", res.Body)
			}
			if tc.testid != "" && res.doc(t).Find(`[data-testid="`+tc.testid+`"]`).Length() == 0 {
				t.Errorf("no [data-testid=%q] on the page", tc.testid)
			}
			if tc.status == 404 {
				msg := strings.TrimSpace(res.doc(t).Find(`[data-testid="error"]`).Text())
				if msg == "" || strings.Contains(msg, "Not Found") {
					t.Errorf("404 message %q does not help a person", msg)
				}
			}
		})
	}
}

// Every answer carries the security headers, pages and errors alike.
func TestSecurityHeadersOnEveryKindOfAnswer(t *testing.T) {
	a := newTestApp(t)
	owner := a.phone()
	id := owner.newSAGame("Ana", "Ben", "12")
	cases := []struct {
		name string
		res  func() response
	}{
		{"a page", func() response { return owner.get("/", nil) }},
		{"a game screen", func() response { return owner.get("/g/"+id, nil) }},
		{"htmx fragments", func() response { return owner.get("/g/"+id+"?v=0", htmx) }},
		{"a 404 page", func() response { return owner.get("/nope", nil) }},
		{"a static file", func() response { return owner.get("/sw.js", nil) }},
		{"a refused POST", func() response { return owner.postRaw("/g/"+id+"/act", url.Values{"v": {"0"}}, nil) }},
	}
	want := map[string]string{
		"X-Content-Type-Options": "nosniff",
		"X-Frame-Options":        "DENY",
		"X-XSS-Protection":       "0",
		"Referrer-Policy":        "same-origin",
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := tc.res()
			for k, v := range want {
				if got := res.Header.Get(k); got != v {
					t.Errorf("%s: %q, want %q", k, got, v)
				}
			}
			csp := res.Header.Get("Content-Security-Policy")
			for _, d := range []string{"default-src 'self'", "script-src 'self'", "style-src 'self'", "frame-ancestors 'none'", "object-src 'none'"} {
				if !strings.Contains(csp, d) {
					t.Errorf("CSP %q lacks %q", csp, d)
				}
			}
			// 'wasm-unsafe-eval' (offline play compiles our WebAssembly) allows
			// no JavaScript eval: only the plain keywords are refused.
			if strings.Contains(csp, "'unsafe-inline'") || strings.Contains(csp, "'unsafe-eval'") {
				t.Errorf("CSP allows inline code: %q", csp)
			}
		})
	}
}

func TestSessionAndCSRFCookiesAreHttpOnlyAndSameSiteLax(t *testing.T) {
	a := newTestApp(t)
	res := a.phone().get("/", nil)
	got := map[string]*http.Cookie{}
	for _, k := range res.Cookies() {
		got[k.Name] = k
	}
	for _, name := range []string{"grimoire", "grimoire_csrf"} {
		t.Run(name, func(t *testing.T) {
			k, ok := got[name]
			if !ok {
				t.Fatalf("first visit sets no %s cookie (got %v)", name, res.Header.Values("Set-Cookie"))
			}
			if !k.HttpOnly {
				t.Error("not HttpOnly")
			}
			if k.SameSite != http.SameSiteLaxMode {
				t.Errorf("SameSite %v, want Lax", k.SameSite)
			}
			if k.Path != "/" {
				t.Errorf("Path %q, want /", k.Path)
			}
			if k.Value == "" {
				t.Error("empty value")
			}
		})
	}
}

// The CSRF cookie is set once and then left alone, like the session
// cookie: answers after the first carry neither, and the token they hand out
// is the one the phone holds. A phone whose cookie was lost gets a new one.
func TestCSRFCookieIsSetOnceAndLastsAsLongAsTheSession(t *testing.T) {
	a := newTestApp(t)
	p := a.phone()
	first := p.get("/", nil)
	var csrf *http.Cookie
	for _, k := range first.Cookies() {
		if k.Name == "grimoire_csrf" {
			csrf = k
		}
	}
	if csrf == nil {
		t.Fatalf("first visit sets no CSRF cookie: %v", first.Header.Values("Set-Cookie"))
	}
	if csrf.MaxAge < 364*24*3600 && time.Until(csrf.Expires) < 364*24*time.Hour {
		t.Errorf("CSRF cookie lasts until %v (max-age %d): it is set once, so it must last as long as the session", csrf.Expires, csrf.MaxAge)
	}
	id := p.newSAGame("Ana", "Ben", "12")
	for _, path := range []string{"/", "/g/" + id, "/new/spells-arrows"} {
		t.Run(path, func(t *testing.T) {
			res := p.get(path, nil)
			if res.StatusCode != http.StatusOK {
				t.Fatalf("status %d", res.StatusCode)
			}
			if got := res.Header.Values("Set-Cookie"); len(got) > 0 {
				t.Errorf("a phone that has its cookies was sent %v again", got)
			}
			if !strings.Contains(res.Body, p.csrf()) {
				t.Error("the page does not hand out the phone's token")
			}
			if !res.varies("Cookie") {
				// The page holds the token, so a cache must not give it
				// to another cookie.
				t.Errorf("Vary %q: the page holds the cookie's token", res.Header.Values("Vary"))
			}
		})
	}
	t.Run("a tap", func(t *testing.T) {
		res := p.post("/g/"+id+"/act", url.Values{"v": {"0"}, "type": {"spy-shot"}, "made": {"1"}}, htmx)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("status %d: %.200s", res.StatusCode, res.Body)
		}
		if got := res.Header.Values("Set-Cookie"); len(got) > 0 {
			t.Errorf("a tap's answer set %v again", got)
		}
	})
	t.Run("a phone that lost the cookie gets a new one", func(t *testing.T) {
		u, _ := url.Parse(p.base + "/")
		p.http.Jar.SetCookies(u, []*http.Cookie{{Name: "grimoire_csrf", Value: "", Path: "/", MaxAge: -1}})
		if p.csrf() != "" {
			t.Fatal("the test could not drop the cookie")
		}
		res := p.get("/", nil)
		found := false
		for _, k := range res.Cookies() {
			found = found || (k.Name == "grimoire_csrf" && k.Value != "")
		}
		if !found {
			t.Errorf("no new CSRF cookie: %v", res.Header.Values("Set-Cookie"))
		}
	})
}

// Every part of the app that adds a Vary name adds it to one line.
func TestVaryIsOneLine(t *testing.T) {
	a := newTestApp(t)
	p := a.phone()
	id := p.newSAGame("Ana", "Ben", "12")
	for _, tc := range []struct {
		name string
		h    hdr
		want []string
	}{
		{"whole page", hdr{"Accept-Encoding": "gzip"}, []string{"Cookie", "HX-Request", "Accept-Encoding"}},
		{"htmx", hdr{"Accept-Encoding": "gzip", "HX-Request": "true"}, []string{"Cookie", "HX-Request", "Accept-Encoding"}},
		{"identity", nil, []string{"Cookie", "HX-Request"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := p.get("/g/"+id, tc.h)
			if n := len(res.Header.Values("Vary")); n != 1 {
				t.Errorf("%d Vary lines %q, want one", n, res.Header.Values("Vary"))
			}
			for _, w := range tc.want {
				if !res.varies(w) {
					t.Errorf("Vary %q lacks %s", res.Header.Values("Vary"), w)
				}
			}
		})
	}
}

// A write needs the CSRF token (header or form field) or a same-origin
// Sec-Fetch-Site; anything else is refused and changes nothing.
func TestCSRFGuardsEveryWrite(t *testing.T) {
	a := newTestApp(t)
	owner := a.phone()
	id := owner.newSAGame("Ana", "Ben", "12")
	act := url.Values{"v": {"0"}, "type": {"spy-shot"}, "made": {"1"}}
	withField := func(tok string) url.Values {
		f := url.Values{"_csrf": {tok}}
		for k, v := range act {
			f[k] = v
		}
		return f
	}

	t.Run("the page hands out the cookie's token in hx-headers and in form fields", func(t *testing.T) {
		doc := owner.get("/g/"+id, nil).doc(t)
		tok := owner.csrf()
		if tok == "" {
			t.Fatal("no grimoire_csrf cookie after a GET")
		}
		hx, _ := doc.Find("body").Attr("hx-headers")
		if !strings.Contains(hx, `"X-CSRF-Token":"`+tok+`"`) {
			t.Errorf("body hx-headers %q does not carry the token", hx)
		}
		doc.Find(`form[method="post"]`).Each(func(_ int, f *goquery.Selection) {
			if v, _ := f.Find(`input[name="_csrf"]`).Attr("value"); v != tok {
				t.Errorf("form %v carries _csrf %q, want the cookie's token", f.AttrOr("action", "?"), v)
			}
		})
	})

	refused := []struct {
		name string
		form url.Values
		h    hdr
	}{
		{"a POST without any token", act, nil},
		{"a POST with a wrong form token", withField("not-the-token"), nil},
		{"an htmx POST with a wrong header token", act, hdr{"HX-Request": "true", "X-CSRF-Token": "not-the-token"}},
		{"a cross-site POST even with the token", withField(owner.csrf()), hdr{"Sec-Fetch-Site": "cross-site"}},
	}
	for _, tc := range refused {
		t.Run(tc.name+" is refused with 403 and changes nothing", func(t *testing.T) {
			res := owner.postRaw("/g/"+id+"/act", tc.form, tc.h)
			if res.StatusCode != http.StatusForbidden {
				t.Fatalf("status %d, want 403\n%s", res.StatusCode, res.Body)
			}
			want := "Reload the page"
			if tc.h["Sec-Fetch-Site"] == "cross-site" {
				want = "came from another site"
			}
			if !strings.Contains(res.Body, want) {
				t.Errorf("the refusal does not say what to do (%q):\n%s", want, res.Body)
			}
			a.unchanged(t, id, 0)
		})
	}
	t.Run("a POST without token refuses to start a game too", func(t *testing.T) {
		res := owner.postRaw("/new/spells-arrows", url.Values{"confirm": {"1"}, "setup": {`{"victory":12,"spy":"X","mage":"Y"}`}}, nil)
		if res.StatusCode != http.StatusForbidden {
			t.Fatalf("status %d, want 403", res.StatusCode)
		}
	})

	// Three legal taps in a row, each sent a different way.
	accepted := []struct {
		name string
		form url.Values
		h    hdr
	}{
		{"the token in the _csrf form field", url.Values{"_csrf": {owner.csrf()}, "v": {"0"}, "type": {"spy-shot"}, "made": {"1"}}, nil},
		{"the token in the X-CSRF-Token header (htmx)", url.Values{"v": {"1"}, "type": {"move"}, "to": {"A"}}, hdr{"HX-Request": "true", "X-CSRF-Token": owner.csrf()}},
		{"a same-origin Sec-Fetch-Site without a token", url.Values{"v": {"2"}, "type": {"spy-shot"}, "made": {"1"}}, hdr{"Sec-Fetch-Site": "same-origin"}},
	}
	for _, tc := range accepted {
		t.Run(tc.name+" is accepted", func(t *testing.T) {
			v := a.game(id).Version
			res := owner.postRaw("/g/"+id+"/act", tc.form, tc.h)
			if res.StatusCode != http.StatusSeeOther && res.StatusCode != http.StatusOK {
				t.Fatalf("status %d, want 303 or 200\n%s", res.StatusCode, res.Body)
			}
			if got := a.game(id).Version; got != v+1 {
				t.Errorf("version %d after the tap, want %d", got, v+1)
			}
		})
	}
}

func TestBodyOverTheLimitIs413(t *testing.T) {
	a := newTestApp(t)
	owner := a.phone()
	id := owner.newSAGame("Ana", "Ben", "12")
	big := url.Values{"_csrf": {owner.csrf()}, "v": {"0"}, "type": {"spy-shot"}, "made": {"1"}, "pad": {strings.Repeat("x", 3<<20)}}
	res := owner.postRaw("/g/"+id+"/act", big, nil)
	if res.StatusCode != http.StatusRequestEntityTooLarge {
		t.Fatalf("status %d, want 413", res.StatusCode)
	}
	a.unchanged(t, id, 0)
}

// The game screen: a whole page for a plain GET and a history restore; for
// htmx with a version, only the changed fragments out of band and the alert.
func TestGameScreenWholePageOrFragments(t *testing.T) {
	a := newTestApp(t)
	owner := a.phone()
	id := owner.newSAGame("Ana", "Ben", "12")
	owner.mustAct(id, 0, tollMade) // v1: the spy chooses where to go

	whole := func(t *testing.T, res response) {
		t.Helper()
		if res.StatusCode != 200 {
			t.Fatalf("status %d\n%s", res.StatusCode, res.Body)
		}
		doc := res.doc(t)
		if !strings.Contains(strings.ToLower(res.Body), "<html") || doc.Find("head title").Length() != 1 {
			t.Fatal("not a whole page")
		}
		if doc.Find(`[data-testid="board"]`).Length() != 1 || doc.Find("#alert").Length() != 1 {
			t.Error("the page lacks the board or the alert slot")
		}
		if v, _ := doc.Find("[data-version-src]").Attr("data-version-src"); v != "1" {
			t.Errorf("page shows version %q, want 1", v)
		}
	}
	fragments := func(t *testing.T, res response) *goquery.Document {
		t.Helper()
		if res.StatusCode != 200 {
			t.Fatalf("status %d\n%s", res.StatusCode, res.Body)
		}
		low := strings.ToLower(res.Body)
		if strings.Contains(low, "<html") || strings.Contains(low, "<!doctype") || strings.Contains(low, "<head") {
			t.Fatalf("fragment answer contains a whole page:\n%.200s", res.Body)
		}
		doc := res.doc(t)
		doc.Find("body").Children().Each(func(_ int, s *goquery.Selection) {
			if _, ok := s.Attr("hx-swap-oob"); !ok {
				h, _ := goquery.OuterHtml(s)
				t.Errorf("top-level element not swapped out of band: %.120s", h)
			}
		})
		if n := doc.Find(`body > #alert[hx-swap-oob]`).Length(); n != 1 {
			t.Errorf("%d alert slots, want 1", n)
		}
		if cc := res.Header.Get("Cache-Control"); cc != "no-store" {
			t.Errorf("Cache-Control %q, want no-store", cc)
		}
		return doc
	}
	varies := func(t *testing.T, res response) {
		t.Helper()
		if !res.varies("HX-Request") {
			t.Errorf("Vary %v lacks HX-Request", res.vary())
		}
	}

	t.Run("a plain GET gets the whole page", func(t *testing.T) {
		res := owner.get("/g/"+id, nil)
		whole(t, res)
		varies(t, res)
	})
	t.Run("an htmx GET from an older version gets the changed fragments only", func(t *testing.T) {
		res := owner.get("/g/"+id+"?v=0", htmx)
		doc := fragments(t, res)
		varies(t, res)
		if doc.Find(`[hx-swap-oob^="innerHTML:#"]`).Length() == 0 {
			t.Error("nothing changed since v0, yet a tap was made")
		}
		if v, _ := doc.Find("[data-version-src]").Attr("data-version-src"); v != "1" {
			t.Errorf("fragments show version %q, want 1", v)
		}
	})
	t.Run("an htmx GET at the current version gets just the alert slot", func(t *testing.T) {
		doc := fragments(t, owner.get("/g/"+id+"?v=1", htmx))
		if n := doc.Find(`[hx-swap-oob^="innerHTML:"]`).Length(); n != 0 {
			t.Errorf("%d fragments resent for an unchanged screen", n)
		}
	})
	t.Run("an htmx history restore gets the whole page", func(t *testing.T) {
		res := owner.get("/g/"+id+"?v=0", hdr{"HX-Request": "true", "HX-History-Restore-Request": "true"})
		whole(t, res)
		varies(t, res)
	})
	t.Run("the spectator view answers htmx with fragments too", func(t *testing.T) {
		tok := a.game(id).SpectatorToken
		res := a.phone().get("/watch/"+tok+"?v=0", htmx)
		fragments(t, res)
		varies(t, res)
	})
}

// Only the device that created a game (or holds a seat) changes it;
// everyone else is sent to the spectator view.
func TestAnotherDeviceOnlyWatches(t *testing.T) {
	a := newTestApp(t)
	owner := a.phone()
	id := owner.newSAGame("Ana", "Ben", "12")
	owner.mustAct(id, 0, tollMade)
	g := a.game(id)
	other := a.phone()
	other.get("/", nil) // its own cookies and token

	for _, path := range []string{"/g/" + id, "/g/" + id + "/log"} {
		t.Run("GET "+strings.TrimPrefix(path, "/g/"+id)+" redirects to the spectator view", func(t *testing.T) {
			res := other.get(path, nil)
			if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/watch/"+g.SpectatorToken {
				t.Fatalf("status %d Location %q, want 303 to /watch/%s", res.StatusCode, res.Header.Get("Location"), g.SpectatorToken)
			}
		})
	}
	writes := []struct {
		name, path string
		form       url.Values
	}{
		{"a tap", "/g/" + id + "/act", url.Values{"v": {"1"}, "type": {"move"}, "to": {"A"}}},
		{"an undo", "/g/" + id + "/undo", url.Values{"v": {"1"}}},
		{"a bot move", "/g/" + id + "/bot", url.Values{"v": {"1"}}},
		{"a delete", "/g/" + id + "/delete", nil},
	}
	for _, w := range writes {
		t.Run(w.name+" with a valid token is forbidden and changes nothing", func(t *testing.T) {
			res := other.post(w.path, w.form, nil)
			if res.StatusCode != http.StatusForbidden {
				t.Fatalf("status %d, want 403\n%s", res.StatusCode, res.Body)
			}
			if msg := res.doc(t).Find(`[data-testid="error"]`).Text(); msg == "" {
				t.Error("the 403 page says nothing")
			}
			a.unchanged(t, id, 1)
		})
	}
	t.Run("the delete confirmation is forbidden", func(t *testing.T) {
		if res := other.get("/g/"+id+"/delete", nil); res.StatusCode != http.StatusForbidden {
			t.Fatalf("status %d, want 403", res.StatusCode)
		}
	})
	t.Run("an htmx write gets the refusal in the alert slot", func(t *testing.T) {
		res := other.post("/g/"+id+"/act", url.Values{"v": {"1"}, "type": {"move"}, "to": {"A"}}, htmx)
		if res.StatusCode != http.StatusForbidden {
			t.Fatalf("status %d, want 403", res.StatusCode)
		}
		if res.Header.Get("HX-Retarget") != "#alert" || strings.Contains(strings.ToLower(res.Body), "<html") {
			t.Errorf("HX-Retarget %q; body %.120q", res.Header.Get("HX-Retarget"), res.Body)
		}
		a.unchanged(t, id, 1)
	})
}

func TestSpectatorPageNeverOffersAWrite(t *testing.T) {
	a := newTestApp(t)
	owner := a.phone()
	id := owner.newSAGame("Ana", "Ben", "12")
	tok := a.game(id).SpectatorToken
	viewer := a.phone()
	check := func(t *testing.T, who *client) {
		t.Helper()
		res := who.get("/watch/"+tok, nil)
		if res.StatusCode != 200 {
			t.Fatalf("status %d", res.StatusCode)
		}
		doc := res.doc(t)
		if doc.Find(`[data-testid="board"]`).Length() != 1 {
			t.Fatal("no board")
		}
		// The footer's language switch (POST /language) changes no game.
		doc.Find(`form:not([action="/language"]), [hx-post], [hx-put], [hx-delete], [hx-patch]`).Each(func(_ int, s *goquery.Selection) {
			h, _ := goquery.OuterHtml(s)
			t.Errorf("spectator page offers a write: %.160s", h)
		})
		if live, _ := doc.Find("[data-live]").Attr("data-live"); live != "/watch/"+tok+"/events" {
			t.Errorf("live updates from %q, want the spectator stream", live)
		}
		if strings.Contains(res.Body, "/g/"+id) {
			t.Error("the spectator page reveals the game id")
		}
	}
	t.Run("at the start, for another device", func(t *testing.T) { check(t, viewer) })
	owner.mustAct(id, 0, tollMade) // now the court offers moves to the scorekeeper
	t.Run("while the spy chooses a move, for another device", func(t *testing.T) { check(t, viewer) })
	t.Run("for the owner too", func(t *testing.T) { check(t, owner) })
}

func TestOnlyTheOwnerDeletesAfterConfirming(t *testing.T) {
	a := newTestApp(t)
	owner := a.phone()
	id := owner.newSAGame("Ana", "Ben", "12")

	res := owner.get("/g/"+id+"/delete", nil)
	if res.StatusCode != 200 {
		t.Fatalf("confirm page: status %d", res.StatusCode)
	}
	form := res.doc(t).Find(`form[method="post"]:has([data-testid="confirm-delete"])`)
	if action, _ := form.Attr("action"); action != "/g/"+id+"/delete" {
		t.Fatalf("confirm form posts to %q", action)
	}
	if a.gone(id) {
		t.Fatal("showing the confirmation deleted the game")
	}
	res = owner.post("/g/"+id+"/delete", nil, nil)
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/" {
		t.Fatalf("delete: status %d Location %q, want 303 to /", res.StatusCode, res.Header.Get("Location"))
	}
	if !a.gone(id) {
		t.Fatal("the game is still stored")
	}
	if res := owner.get("/g/"+id, nil); res.StatusCode != http.StatusNotFound {
		t.Errorf("deleted game: status %d, want 404", res.StatusCode)
	}
	if res := owner.post("/g/"+id+"/delete", nil, nil); res.StatusCode != http.StatusNotFound {
		t.Errorf("deleting twice: status %d, want 404", res.StatusCode)
	}
	t.Run("an htmx delete is told where to go with HX-Location", func(t *testing.T) {
		id := owner.newSAGame("Cy", "Di", "12")
		res := owner.post("/g/"+id+"/delete", nil, htmx)
		if res.StatusCode != 200 || res.Header.Get("HX-Location") != "/" {
			t.Fatalf("status %d HX-Location %q", res.StatusCode, res.Header.Get("HX-Location"))
		}
		if !a.gone(id) {
			t.Fatal("not deleted")
		}
	})
}

// Home lists this device's games with where each stands, and nobody else's.
func TestHomeListsThisDevicesGames(t *testing.T) {
	a := newTestApp(t)
	ana := a.phone()
	cy := a.phone()
	anas := ana.newSAGame("Ana", "Ben", "6")
	ana.mustAct(anas, 0, tollMade)
	finished := ana.newSAGame("Ana", "Bo", "6")
	playSpyEscape(ana, finished)
	cys := cy.newSAGame("Cy", "Di", "12")

	type item struct{ title, status, href string }
	list := func(c *client) []item {
		res := c.get("/", nil)
		if res.StatusCode != 200 {
			t.Fatalf("home: status %d", res.StatusCode)
		}
		var out []item
		res.doc(t).Find(`[data-testid="games"] > li`).Each(func(_ int, s *goquery.Selection) {
			href, _ := s.Find("a").First().Attr("href")
			out = append(out, item{
				title:  strings.TrimSpace(s.Find("strong").First().Text()),
				status: strings.Join(strings.Fields(s.Find(`[data-testid="game-status"]`).Text()), " "),
				href:   href,
			})
		})
		return out
	}

	t.Run("the device's own games, newest first, with their status", func(t *testing.T) {
		got := list(ana)
		if len(got) != 2 {
			t.Fatalf("%d games listed, want 2: %+v", len(got), got)
		}
		want := []item{
			{"Ana (spy) vs Bo (mage)", "Finished Ana (spy) won · 6/6 points", "/g/" + finished},
			{"Ana (spy) vs Ben (mage)", "Turn 1 of 5 · spy half · 0/6 points", "/g/" + anas},
		}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("game %d: %+v, want %+v", i, got[i], want[i])
			}
		}
	})
	t.Run("not another device's games", func(t *testing.T) {
		got := list(cy)
		if len(got) != 1 || got[0].href != "/g/"+cys {
			t.Fatalf("other device sees %+v, want only its own game", got)
		}
	})
	t.Run("a new device sees the empty state", func(t *testing.T) {
		doc := a.phone().get("/", nil).doc(t)
		if doc.Find(`[data-testid="no-games"]`).Length() != 1 || doc.Find(`[data-testid="games"]`).Length() != 0 {
			t.Error("a new device does not get the empty state")
		}
	})
}

// The event stream says the current version first, then each new one.
func TestEventStreamsSayTheVersion(t *testing.T) {
	a := newTestApp(t)
	owner := a.livePhone()
	id := owner.newSAGame("Ana", "Ben", "12")
	tok := a.game(id).SpectatorToken

	// open starts a stream and returns a reader of its "data:" values.
	open := func(t *testing.T, c *client, path string) (int, func() string) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		t.Cleanup(cancel)
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+path, nil)
		if err != nil {
			t.Fatal(err)
		}
		res, err := c.http.Do(req)
		if err != nil {
			t.Fatalf("GET %s: %v", path, err)
		}
		t.Cleanup(func() { res.Body.Close() })
		if res.StatusCode != 200 {
			return res.StatusCode, nil
		}
		if ct := res.Header.Get("Content-Type"); ct != "text/event-stream" {
			t.Errorf("Content-Type %q", ct)
		}
		if cc := res.Header.Get("Cache-Control"); cc != "no-cache" {
			t.Errorf("Cache-Control %q", cc)
		}
		sc := bufio.NewScanner(res.Body)
		next := func() string {
			t.Helper()
			event := ""
			for sc.Scan() {
				line := sc.Text()
				switch {
				case strings.HasPrefix(line, "event: "):
					event = strings.TrimPrefix(line, "event: ")
				case strings.HasPrefix(line, "data: "):
					if event != "version" {
						t.Fatalf("data for event %q", event)
					}
					return strings.TrimPrefix(line, "data: ")
				}
			}
			t.Fatalf("stream ended before the next version: %v", sc.Err())
			return ""
		}
		return 200, next
	}

	t.Run("the owner's stream: current version, then the next after a tap", func(t *testing.T) {
		status, next := open(t, owner, "/g/"+id+"/events")
		if status != 200 {
			t.Fatalf("status %d", status)
		}
		if v := next(); v != "0" {
			t.Fatalf("first version %q, want 0", v)
		}
		owner.mustAct(id, 0, tollMade)
		if v := next(); v != "1" {
			t.Fatalf("after a tap the stream says %q, want 1", v)
		}
	})
	t.Run("anyone's spectator stream: current version, then the next", func(t *testing.T) {
		status, next := open(t, a.livePhone(), "/watch/"+tok+"/events")
		if status != 200 {
			t.Fatalf("status %d", status)
		}
		if v := next(); v != "1" {
			t.Fatalf("first version %q, want 1", v)
		}
		owner.mustAct(id, 1, moveTo("A"))
		if v := next(); v != "2" {
			t.Fatalf("after a tap the stream says %q, want 2", v)
		}
	})
	t.Run("another device may not open the owner's stream", func(t *testing.T) {
		if status, _ := open(t, a.livePhone(), "/g/"+id+"/events"); status != http.StatusForbidden {
			t.Fatalf("status %d, want 403", status)
		}
	})
	t.Run("unknown game or token streams are 404", func(t *testing.T) {
		for _, p := range []string{"/g/nosuch/events", "/watch/nosuch/events"} {
			if status, _ := open(t, owner, p); status != http.StatusNotFound {
				t.Errorf("%s: status %d, want 404", p, status)
			}
		}
	})
}

// A join link gives the seat to the first device that opens it; that device
// then plays the game, and a second device is told the seat is taken.
func TestJoinLinkClaimsASeatOnce(t *testing.T) {
	a := newTestApp(t)
	host := a.phone()
	id := host.newSAGame("Ana", "Ben", "12")
	g := a.game(id)
	// A second game by the same host, with seats, made straight in the store
	// (Spells & Arrows has no seats form yet).
	g.ID, g.SpectatorToken = id+"x", g.SpectatorToken+"x"
	seats := []store.Seat{{GameID: g.ID, Index: 0, Name: "Ana", Token: "join-ana"}, {GameID: g.ID, Index: 1, Name: "Ben", Token: "join-ben"}}
	if err := a.Store.CreateGame(context.Background(), g, seats); err != nil {
		t.Fatal(err)
	}
	t.Run("opening the link takes nothing: a chat app's preview leaves the seat free", func(t *testing.T) {
		preview := a.phone()
		res := preview.get("/join/join-ana", nil)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("status %d, want the seat's page", res.StatusCode)
		}
		if btn := strings.TrimSpace(res.doc(t).Find(`[data-testid="take-seat"]`).Text()); btn != "Take the seat of Ana" {
			t.Errorf("button %q", btn)
		}
		if seats, _ := a.Store.Seats(context.Background(), g.ID); seats[0].Holder != "" {
			t.Errorf("the seat went to %q by opening the link", seats[0].Holder)
		}
	})
	ana := a.phone()
	if res := ana.get("/join/join-ana", nil); res.StatusCode != http.StatusOK {
		t.Fatalf("join page: status %d", res.StatusCode)
	}
	res := ana.post("/join/join-ana", url.Values{}, nil)
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/g/"+g.ID {
		t.Fatalf("take the seat: status %d Location %q", res.StatusCode, res.Header.Get("Location"))
	}
	t.Run("the seated device sees the game, not the spectator view", func(t *testing.T) {
		if res := ana.get("/g/"+g.ID, nil); res.StatusCode != 200 {
			t.Fatalf("status %d", res.StatusCode)
		}
	})
	t.Run("its taps are stored as its seat's", func(t *testing.T) {
		ana.mustAct(g.ID, 0, tollMade)
		if log := a.log(g.ID); log[0].Seat != 0 {
			t.Errorf("stored for seat %d, want 0", log[0].Seat)
		}
	})
	t.Run("opening the link again on the same device is fine", func(t *testing.T) {
		if res := ana.get("/join/join-ana", nil); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("status %d", res.StatusCode)
		}
	})
	t.Run("another device is told the seat is taken", func(t *testing.T) {
		other := a.phone()
		res := other.get("/join/join-ana", nil)
		if res.StatusCode != http.StatusConflict {
			t.Fatalf("status %d, want 409", res.StatusCode)
		}
		if res := other.post("/join/join-ana", url.Values{}, nil); res.StatusCode != http.StatusConflict {
			t.Fatalf("taking it anyway: status %d, want 409", res.StatusCode)
		}
		if msg := res.doc(t).Find(`[data-testid="error"]`).Text(); !strings.Contains(msg, "already taken") {
			t.Errorf("message %q", msg)
		}
	})
}
