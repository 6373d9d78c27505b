package handlers_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/grimoire-games/grimoire/store"
)

// testApp is one Grimoire server on a temporary SQLite file, driven in
// process (ServeHTTP with a recorder) or, for event streams, over a real
// httptest server started on demand.
type testApp struct {
	t       *testing.T
	Store   store.Store
	Handler http.Handler
	srv     *httptest.Server
}

func newTestApp(t *testing.T) *testApp {
	t.Helper()
	h, st := newHandler(t)
	a := &testApp{t: t, Store: st, Handler: h}
	t.Cleanup(func() {
		if a.srv != nil {
			a.srv.CloseClientConnections()
			a.srv.Close()
		}
	})
	return a
}

// inProcess is a RoundTripper that hands each request straight to the
// handler, so a cookie jar and redirects work as with a real client.
type inProcess struct{ h http.Handler }

func (p inProcess) RoundTrip(r *http.Request) (*http.Response, error) {
	// The server side gets its own copy: middleware replaces its Body (the
	// body limit), which the client must not see or close.
	sr := r.Clone(r.Context())
	sr.RequestURI = r.URL.RequestURI()
	sr.RemoteAddr = "192.0.2.1:1234"
	if sr.Body == nil {
		sr.Body = http.NoBody
	}
	rec := httptest.NewRecorder()
	p.h.ServeHTTP(rec, sr)
	res := rec.Result()
	res.Request = r
	return res, nil
}

// client is one phone: its own cookie jar, so its own device id and CSRF
// token. It never follows redirects, so tests see the 303s.
type client struct {
	t    *testing.T
	app  *testApp
	base string
	http *http.Client
}

func (a *testApp) newClient(base string, rt http.RoundTripper) *client {
	jar, err := cookiejar.New(nil)
	if err != nil {
		a.t.Fatal(err)
	}
	return &client{t: a.t, app: a, base: base, http: &http.Client{
		Jar: jar, Transport: rt,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
}

// phone is a new device talking to the app in process.
func (a *testApp) phone() *client {
	return a.newClient("http://grimoire.test", inProcess{a.Handler})
}

// livePhone is a new device talking to a real server (for event streams).
func (a *testApp) livePhone() *client {
	if a.srv == nil {
		a.srv = httptest.NewServer(a.Handler)
	}
	return a.newClient(a.srv.URL, a.srv.Client().Transport)
}

// response is a finished response with its body read.
type response struct {
	*http.Response
	Body string
}

func (r response) doc(t *testing.T) *goquery.Document {
	t.Helper()
	d, err := goquery.NewDocumentFromReader(strings.NewReader(r.Body))
	if err != nil {
		t.Fatalf("parse HTML: %v", err)
	}
	return d
}

// vary is every Vary header value, split at commas.
func (r response) vary() []string {
	var out []string
	for _, v := range r.Header.Values("Vary") {
		for _, p := range strings.Split(v, ",") {
			out = append(out, strings.TrimSpace(p))
		}
	}
	return out
}

func (r response) varies(header string) bool {
	for _, v := range r.vary() {
		if strings.EqualFold(v, header) {
			return true
		}
	}
	return false
}

// hdr is a set of request headers.
type hdr map[string]string

var htmx = hdr{"HX-Request": "true"}

func (c *client) do(method, path string, body io.Reader, contentType string, h hdr) response {
	c.t.Helper()
	req, err := http.NewRequest(method, c.base+path, body)
	if err != nil {
		c.t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	for k, v := range h {
		req.Header.Set(k, v)
	}
	res, err := c.http.Do(req)
	if err != nil {
		c.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		c.t.Fatalf("%s %s: read body: %v", method, path, err)
	}
	return response{Response: res, Body: string(b)}
}

func (c *client) get(path string, h hdr) response {
	c.t.Helper()
	return c.do(http.MethodGet, path, nil, "", h)
}

// csrf is the token in this phone's grimoire_csrf cookie ("" before the
// first page).
func (c *client) csrf() string {
	u, _ := url.Parse(c.base + "/")
	for _, k := range c.http.Jar.Cookies(u) {
		if k.Name == "grimoire_csrf" {
			return k.Value
		}
	}
	return ""
}

// post sends a urlencoded form with the CSRF token in its _csrf field, as a
// plain form does (a GET first when the phone has no token yet).
func (c *client) post(path string, form url.Values, h hdr) response {
	c.t.Helper()
	if c.csrf() == "" {
		c.get("/", nil)
	}
	f := url.Values{}
	for k, v := range form {
		f[k] = v
	}
	if _, ok := f["_csrf"]; !ok {
		f.Set("_csrf", c.csrf())
	}
	return c.do(http.MethodPost, path, strings.NewReader(f.Encode()), "application/x-www-form-urlencoded", h)
}

// postRaw sends a urlencoded form exactly as given (no token added).
func (c *client) postRaw(path string, form url.Values, h hdr) response {
	c.t.Helper()
	return c.do(http.MethodPost, path, strings.NewReader(form.Encode()), "application/x-www-form-urlencoded", h)
}

// newSAGame starts a Spells & Arrows game through the form and its
// confirmation, and returns the new game's id.
func (c *client) newSAGame(spy, mage, victory string) string {
	c.t.Helper()
	c.get("/new/spells-arrows", nil)
	res := c.post("/new/spells-arrows", url.Values{"spy": {spy}, "mage": {mage}, "victory": {victory}, "turns": {"5"}}, nil)
	if res.StatusCode != http.StatusOK {
		c.t.Fatalf("new game form: status %d: %s", res.StatusCode, errorText(c.t, res))
	}
	setup, ok := res.doc(c.t).Find(`input[name="setup"]`).Attr("value")
	if !ok {
		c.t.Fatalf("confirm page has no setup field:\n%s", res.Body)
	}
	res = c.post("/new/spells-arrows", url.Values{"confirm": {"1"}, "setup": {setup}}, nil)
	loc := res.Header.Get("Location")
	if res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc, "/g/") {
		c.t.Fatalf("confirm: status %d, Location %q\n%s", res.StatusCode, loc, res.Body)
	}
	return strings.TrimPrefix(loc, "/g/")
}

// act posts one tap on game id at version v as a plain form.
func (c *client) act(id string, v int, form url.Values) response {
	c.t.Helper()
	f := url.Values{"v": {strconv.Itoa(v)}}
	for k, vs := range form {
		f[k] = vs
	}
	return c.post("/g/"+id+"/act", f, nil)
}

// mustAct posts a tap that must be accepted (303).
func (c *client) mustAct(id string, v int, form url.Values) {
	c.t.Helper()
	if res := c.act(id, v, form); res.StatusCode != http.StatusSeeOther {
		c.t.Fatalf("tap %v at v%d: status %d\n%s", form, v, res.StatusCode, res.Body)
	}
}

// game reads the stored game row.
func (a *testApp) game(id string) store.Game {
	a.t.Helper()
	g, err := a.Store.Game(context.Background(), id)
	if err != nil {
		a.t.Fatalf("game %s: %v", id, err)
	}
	return g
}

// log reads the stored log.
func (a *testApp) log(id string) []store.Entry {
	a.t.Helper()
	l, err := a.Store.Log(context.Background(), id)
	if err != nil {
		a.t.Fatalf("log %s: %v", id, err)
	}
	return l
}

// gone says whether the game has been deleted.
func (a *testApp) gone(id string) bool {
	_, err := a.Store.Game(context.Background(), id)
	return errors.Is(err, store.ErrNotFound)
}

// unchanged fails the test when the game's log differs from before.
func (a *testApp) unchanged(t *testing.T, id string, before int) {
	t.Helper()
	if g := a.game(id); g.Version != before {
		t.Errorf("store changed: version %d, want %d", g.Version, before)
	}
	if n := len(a.log(id)); n != before {
		t.Errorf("store changed: %d log entries, want %d", n, before)
	}
}

// Spells & Arrows taps (the default court: the spy starts at B).
var (
	tollMade = url.Values{"type": {"spy-shot"}, "made": {"1"}}
	tollMiss = url.Values{"type": {"spy-shot"}, "made": {"0"}}
)

func moveTo(to string) url.Values { return url.Values{"type": {"move"}, "to": {to}} }
