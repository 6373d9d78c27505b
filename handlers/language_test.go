package handlers_test

import (
	"crypto/tls"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// The language a page is drawn in: the remembered cookie, else
// Accept-Language, else English (middleware.Language), and the switch
// that remembers it (POST /language).

// htmlLang is the page's <html lang>.
func htmlLang(t *testing.T, r response) string {
	t.Helper()
	l, ok := r.doc(t).Find("html").Attr("lang")
	if !ok {
		t.Fatalf("no lang on <html>:\n%.300s", r.Body)
	}
	return l
}

// h1 is the page's heading.
func h1(t *testing.T, r response) string {
	t.Helper()
	return strings.TrimSpace(r.doc(t).Find("h1").First().Text())
}

func TestLanguageChosen(t *testing.T) {
	a := newTestApp(t)
	tests := []struct {
		name, accept, cookie string
		wantLang, wantH1     string
	}{
		{"no header is English", "", "", "en", "Your games"},
		{"English asked", "en-US,en;q=0.9", "", "en", "Your games"},
		{"Spanish of Mexico finds Spanish", "es-MX,es;q=0.9,en;q=0.5", "", "es", "Tus partidas"},
		{"French", "fr-FR", "", "fr", "Vos parties"},
		{"German of Austria", "de-AT", "", "de", "Deine Spiele"},
		{"Brazilian Portuguese", "pt-BR,pt;q=0.9", "", "pt-BR", "Suas partidas"},
		{"European Portuguese finds the Brazilian", "pt-PT", "", "pt-BR", "Suas partidas"},
		{"the first offered of the browser's wins", "ja,de;q=0.8,fr;q=0.7", "", "de", "Deine Spiele"},
		{"nothing offered is English", "ja,zh-CN;q=0.9", "", "en", "Your games"},
		{"junk header is English", ";;q=zz,,\x7f", "", "en", "Your games"},
		{"the cookie wins over the header", "de", "fr", "fr", "Vos parties"},
		{"the cookie wins over no header", "", "pt-BR", "pt-BR", "Suas partidas"},
		{"an unknown cookie is ignored", "es", "xx", "es", "Tus partidas"},
		{"a junk cookie is ignored", "de", "<script>", "de", "Deine Spiele"},
		{"an empty cookie is ignored", "fr", "", "fr", "Vos parties"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := a.phone()
			if tt.cookie != "" {
				u, _ := url.Parse(p.base + "/")
				p.http.Jar.SetCookies(u, []*http.Cookie{{Name: "grimoire_lang", Value: tt.cookie}})
			}
			r := p.get("/", hdr{"Accept-Language": tt.accept})
			if r.StatusCode != http.StatusOK {
				t.Fatalf("status %d", r.StatusCode)
			}
			if got := htmlLang(t, r); got != tt.wantLang {
				t.Errorf("<html lang=%q>, want %q", got, tt.wantLang)
			}
			if got := h1(t, r); got != tt.wantH1 {
				t.Errorf("heading %q, want %q", got, tt.wantH1)
			}
			if !r.varies("Accept-Language") || !r.varies("Cookie") {
				t.Errorf("Vary %v lacks Accept-Language or Cookie", r.vary())
			}
		})
	}
}

// A person's cookie saying en-XA is not a language people may choose; the
// tests' servers accept it (AllowPseudoLanguage), so this one is built
// without that.
func TestLanguagePseudoNeverReachesPeople(t *testing.T) {
	p := newProductionApp(t).phone()
	u, _ := url.Parse(p.base + "/")
	p.http.Jar.SetCookies(u, []*http.Cookie{{Name: "grimoire_lang", Value: "en-XA"}})
	if got := htmlLang(t, p.get("/", hdr{"Accept-Language": "de"})); got != "de" {
		t.Errorf("a cookie saying en-XA drew <html lang=%q>, want the header's de", got)
	}
	r := p.post("/language", url.Values{"lang": {"en-XA"}, "back": {"/"}}, nil)
	if r.StatusCode != http.StatusBadRequest {
		t.Errorf("POST /language en-XA: status %d, want 400", r.StatusCode)
	}
}

func TestLanguageEveryPageSaysItsLanguage(t *testing.T) {
	a := newTestApp(t)
	p := a.phone()
	for _, path := range []string{"/", "/new", "/settings", "/rules", "/no/such/page", "/g/nosuchgame"} {
		for _, l := range []struct{ accept, want string }{{"en", "en"}, {"es", "es"}, {"fr", "fr"}, {"de", "de"}, {"pt-BR", "pt-BR"}} {
			t.Run(path+" "+l.want, func(t *testing.T) {
				r := p.get(path, hdr{"Accept-Language": l.accept})
				if got := htmlLang(t, r); got != l.want {
					t.Errorf("<html lang=%q>, want %q", got, l.want)
				}
				if !r.varies("Accept-Language") {
					t.Errorf("Vary %v lacks Accept-Language", r.vary())
				}
			})
		}
	}
}

func TestLanguageErrorPages(t *testing.T) {
	a := newTestApp(t)
	p := a.phone()
	tests := []struct {
		accept, path     string
		status           int
		heading, message string
	}{
		{"en", "/no/such/page", 404, "404: Not found", "There is nothing at this address."},
		{"es", "/no/such/page", 404, "404: No encontrado", "No hay nada en esta dirección."},
		{"fr", "/g/nosuchgame", 404, "404: Introuvable", "Cette partie n'existe pas. Elle a peut-être été supprimée."},
		{"de", "/no/such/page", 404, "404: Nicht gefunden", "Unter dieser Adresse gibt es nichts."},
		{"pt-BR", "/g/nosuchgame", 404, "404: Não encontrado", "Essa partida não existe. Talvez tenha sido apagada."},
		// The handlers' own messages for links that lead nowhere.
		{"de", "/watch/nosuchtoken", 404, "404: Nicht gefunden", "Dieser Zuschauerlink führt zu keinem Spiel (vielleicht wurde es gelöscht)."},
		{"es", "/join/nosuchtoken", 404, "404: No encontrado", "Este enlace para unirse no lleva a ningún asiento (puede que la partida se haya borrado)."},
		{"pt-BR", "/new/nosuchgame", 404, "404: Não encontrado", "Não há nenhum jogo com esse nome aqui."},
		{"fr", "/sheets/nosuchgame/blank", 404, "404: Introuvable", "Il n'y a pas de feuille de match pour ce jeu."},
		{"en", "/sheets/nosuchgame/blank", 404, "404: Not found", "There is no scoresheet for that game."},
	}
	for _, tt := range tests {
		t.Run(tt.accept+tt.path, func(t *testing.T) {
			r := p.get(tt.path, hdr{"Accept-Language": tt.accept})
			if r.StatusCode != tt.status {
				t.Fatalf("status %d, want %d", r.StatusCode, tt.status)
			}
			d := r.doc(t)
			if got := strings.TrimSpace(d.Find("h1").Text()); got != tt.heading {
				t.Errorf("heading %q, want %q", got, tt.heading)
			}
			if got := d.Find("a.btn.primary").Text(); tt.accept != "en" && got == "Back to your games" {
				t.Errorf("the way back is still English")
			}
			if got := strings.TrimSpace(d.Find(`[data-testid="error"]`).Text()); tt.message != "" && got != tt.message {
				t.Errorf("message %q, want %q", got, tt.message)
			}
		})
	}
	t.Run("a refused form speaks the reader's language", func(t *testing.T) {
		r := p.postRaw("/language", url.Values{"lang": {"de"}}, hdr{"Accept-Language": "de"})
		if r.StatusCode != http.StatusForbidden || !strings.Contains(r.Body, "Dieses Formular ist abgelaufen") {
			t.Errorf("status %d, body %.400s", r.StatusCode, r.Body)
		}
	})
}

func TestLanguageSwitch(t *testing.T) {
	a := newTestApp(t)
	t.Run("the choice is remembered and the browser goes back", func(t *testing.T) {
		p := a.phone()
		r := p.post("/language", url.Values{"lang": {"de"}, "back": {"/settings"}}, nil)
		if r.StatusCode != http.StatusSeeOther || r.Header.Get("Location") != "/settings" {
			t.Fatalf("status %d, Location %q; want 303 to /settings", r.StatusCode, r.Header.Get("Location"))
		}
		var k *http.Cookie
		for _, c := range r.Cookies() {
			if c.Name == "grimoire_lang" {
				k = c
			}
		}
		if k == nil {
			t.Fatal("no grimoire_lang cookie set")
		}
		if k.Value != "de" || !k.HttpOnly || k.SameSite != http.SameSiteLaxMode || k.Path != "/" || k.MaxAge <= 0 {
			t.Errorf("cookie %+v; want de, HttpOnly, SameSite=Lax, Path=/, lasting", k)
		}
		if k.Secure {
			t.Error("cookie Secure over plain HTTP")
		}
		r = p.get("/settings", hdr{"Accept-Language": "es"})
		if got := htmlLang(t, r); got != "de" {
			t.Errorf("after choosing German the page is %q", got)
		}
		d := r.doc(t)
		if v, _ := d.Find(`[data-testid="language-select"] option[selected]`).Attr("value"); v != "de" {
			t.Errorf("settings select shows %q chosen, want de", v)
		}
		if v, _ := d.Find(`[data-testid="language-de"]`).Attr("aria-current"); v != "true" {
			t.Errorf("the footer's Deutsch is aria-current=%q", v)
		}
	})
	t.Run("Secure under TLS", func(t *testing.T) {
		p := a.newClient("https://grimoire.test", tlsInProcess{a.Handler})
		r := p.post("/language", url.Values{"lang": {"fr"}, "back": {"/"}}, nil)
		for _, c := range r.Cookies() {
			if c.Name == "grimoire_lang" && !c.Secure {
				t.Errorf("cookie %+v not Secure over HTTPS", c)
			}
		}
	})
	t.Run("every page's switch points back at the page", func(t *testing.T) {
		p := a.phone()
		d := p.get("/?page=2", nil).doc(t)
		if v, _ := d.Find(`[data-testid="language-switch"] input[name="back"]`).Attr("value"); v != "/?page=2" {
			t.Errorf("back is %q", v)
		}
		if n := d.Find(`[data-testid="language-switch"] input[name="_csrf"]`).Length(); n != 1 {
			t.Errorf("%d CSRF fields in the switch", n)
		}
	})
	t.Run("without the CSRF token the choice is refused", func(t *testing.T) {
		p := a.phone()
		p.get("/", nil)
		r := p.postRaw("/language", url.Values{"lang": {"es"}, "back": {"/"}}, nil)
		if r.StatusCode != http.StatusForbidden {
			t.Errorf("status %d, want 403", r.StatusCode)
		}
		for _, c := range r.Cookies() {
			if c.Name == "grimoire_lang" {
				t.Errorf("cookie set without the token: %+v", c)
			}
		}
		r = p.postRaw("/language", url.Values{"lang": {"es"}, "back": {"/"}, "_csrf": {"forged"}}, nil)
		if r.StatusCode != http.StatusForbidden {
			t.Errorf("forged token: status %d, want 403", r.StatusCode)
		}
	})
	t.Run("a return address off this site goes home", func(t *testing.T) {
		p := a.phone()
		for _, back := range []string{
			"", "//evil.example", "///evil.example", "/\\evil.example", "\\\\evil.example",
			"https://evil.example/", "http:evil.example", "javascript:alert(1)", "/\t/evil.example",
			"/\n/evil.example", "evil.example", "%2F%2Fevil.example", "/" + strings.Repeat("a", 5000),
		} {
			r := p.post("/language", url.Values{"lang": {"es"}, "back": {back}}, nil)
			if r.StatusCode != http.StatusSeeOther || r.Header.Get("Location") != "/" {
				t.Errorf("back %q: status %d, Location %q; want 303 to /", back, r.StatusCode, r.Header.Get("Location"))
			}
		}
		for _, back := range []string{"/", "/settings", "/g/abc?step=1", "/rules/spells-arrows"} {
			r := p.post("/language", url.Values{"lang": {"fr"}, "back": {back}}, nil)
			if got := r.Header.Get("Location"); got != back {
				t.Errorf("back %q went to %q", back, got)
			}
		}
	})
	t.Run("junk never answers 500", func(t *testing.T) {
		p := a.phone()
		for _, form := range []url.Values{
			{}, {"lang": {""}}, {"lang": {"xx"}}, {"lang": {"de", "fr"}}, {"lang": {strings.Repeat("d", 10000)}},
			{"lang": {"\x00"}}, {"back": {"/"}}, {"lang": {"de"}, "back": {"\x00\xff"}},
		} {
			r := p.post("/language", form, nil)
			if r.StatusCode >= 500 {
				t.Errorf("form %v: status %d", form, r.StatusCode)
			}
		}
		for _, accept := range []string{strings.Repeat("x", 10000), "*;q=1,*;q=0", "de-DE-u-co-phonebk-x-aaaaaaaaaaaaaaaaaaaa", "\xff\xfe"} {
			if r := p.get("/", hdr{"Accept-Language": accept}); r.StatusCode != http.StatusOK {
				t.Errorf("Accept-Language %.40q: status %d", accept, r.StatusCode)
			}
		}
	})
}

// newProductionApp is the app as cmd/grimoire builds it: without the
// tests' pseudo-language.
func newProductionApp(t *testing.T) *testApp {
	t.Helper()
	h, st := servingApp(t, nil)
	return &testApp{t: t, Store: st, Handler: h}
}

// tlsInProcess is inProcess for requests that came over TLS.
type tlsInProcess struct{ h http.Handler }

func (p tlsInProcess) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.TLS = &tls.ConnectionState{}
	return inProcess{p.h}.RoundTrip(r)
}
