package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/gorilla/sessions"

	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/store/sqlite"
)

// The reliability tests drive the real binary from outside, as a public
// server's clients would: raw HTTP on 127.0.0.1, cookies in a jar, the CSRF
// token in a header, and kill -9 instead of a clean stop.

// The binary under test is grimoireBinary (binary_test.go): built once per
// run the way the Dockerfile builds it, removed by TestMain.

// server is one grimoire process on a fixed port and data directory, so a
// restart after kill -9 is the same server to its clients.
type server struct {
	t    *testing.T
	bin  string
	data string
	addr string
	keys string // --session-key: the test decodes device ids with it
	db   string // --db: a PostgreSQL URL, "" for SQLite in data
	cmd  *exec.Cmd
	done chan struct{} // closed once cmd has exited and its output is read
	errs *bytes.Buffer
}

func startServer(t *testing.T) *server {
	t.Helper()
	return startServerWith(t, grimoireBinary(t))
}

// startServerWith is startServer with a binary of the caller's choice, so
// an old build needs no new one.
func startServerWith(t *testing.T, bin string) *server {
	t.Helper()
	key := make([]byte, 64)
	if _, err := rand.Read(key); err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	s := &server{t: t, bin: bin, data: t.TempDir(), addr: addr, keys: hex.EncodeToString(key)}
	s.start()
	t.Cleanup(func() {
		if s.cmd != nil {
			s.kill()
		}
	})
	return s
}

func (s *server) url() string { return "http://" + s.addr }

// start runs the binary and waits until /healthz answers.
func (s *server) start() {
	s.t.Helper()
	if err := s.tryStart(); err != nil {
		s.t.Fatal(err)
	}
}

// tryStart is start that reports a server that does not come up. With no
// keys the server keeps its own in its store.
func (s *server) tryStart() error {
	s.errs = &bytes.Buffer{}
	args := []string{"serve", "--addr", s.addr, "--data", s.data}
	if s.keys != "" {
		args = append(args, "--session-key", s.keys)
	}
	if s.db != "" {
		args = append(args, "--db", s.db)
	}
	cmd := exec.Command(s.bin, args...)
	// The suite creates more games per device than a public server allows
	// one phone in an hour; a build without that limit ignores the variable.
	cmd.Env = append(os.Environ(), "GRIMOIRE_GAMES_PER_HOUR=1000000")
	cmd.Stdout = io.Discard
	cmd.Stderr = s.errs
	dieWithTest(cmd)
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("start grimoire: %w", err)
	}
	s.cmd = cmd
	exited := make(chan struct{})
	s.done = exited
	go func() { cmd.Wait(); close(exited) }()
	deadline := time.Now().Add(15 * time.Second)
	c := &http.Client{Timeout: time.Second}
	for time.Now().Before(deadline) {
		res, err := c.Get(s.url() + "/healthz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return nil
			}
		}
		select {
		case <-exited:
			s.cmd = nil
			return fmt.Errorf("grimoire stopped at start:\n%s", s.errs)
		case <-time.After(20 * time.Millisecond):
		}
	}
	s.kill()
	return fmt.Errorf("grimoire did not answer /healthz within 15 s:\n%s", s.errs)
}

// kill is kill -9: no shutdown, no flush, whatever was in flight is cut.
func (s *server) kill() {
	if s.cmd == nil {
		return
	}
	s.cmd.Process.Kill()
	<-s.done
	s.cmd = nil
}

// openStore reads the data directory directly; only while the server is
// stopped, so the test sees exactly what a restart would.
func (s *server) openStore() store.Store {
	s.t.Helper()
	if s.cmd != nil {
		s.t.Fatal("openStore while the server runs")
	}
	st, err := sqlite.Open(filepath.Join(s.data, "grimoire.db"))
	if err != nil {
		s.t.Fatalf("open the server's store: %v", err)
	}
	return st
}

// phone is one device: its own cookie jar (device id and CSRF token) and
// its own connections, so a killed server cuts them as it would a phone's.
type phone struct {
	srv  *server
	http *http.Client
}

func (s *server) phone() *phone {
	jar, err := cookiejar.New(nil)
	if err != nil {
		s.t.Fatal(err)
	}
	return &phone{srv: s, http: &http.Client{
		Jar:       jar,
		Transport: &http.Transport{MaxIdleConnsPerHost: 4},
		Timeout:   20 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error {
			return http.ErrUseLastResponse
		},
	}}
}

// answer is a response read whole.
type answer struct {
	Status int
	Header http.Header
	Body   string
}

func (a answer) doc() (*goquery.Document, error) {
	return goquery.NewDocumentFromReader(strings.NewReader(a.Body))
}

// do sends one request; an error means no answer arrived (the server died
// or the connection was cut), which the kill test counts as "in flight".
func (p *phone) do(method, path string, body io.Reader, h map[string]string) (answer, error) {
	req, err := http.NewRequest(method, p.srv.url()+path, body)
	if err != nil {
		return answer{}, err
	}
	for k, v := range h {
		req.Header.Set(k, v)
	}
	res, err := p.http.Do(req)
	if err != nil {
		return answer{}, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		return answer{}, fmt.Errorf("%s %s: body cut: %w", method, path, err)
	}
	return answer{Status: res.StatusCode, Header: res.Header, Body: string(b)}, nil
}

func (p *phone) get(path string) (answer, error) { return p.do(http.MethodGet, path, nil, nil) }

// cookie is the value of one of this phone's cookies ("" when it has none).
func (p *phone) cookie(name string) string {
	u, _ := url.Parse(p.srv.url() + "/")
	for _, k := range p.http.Jar.Cookies(u) {
		if k.Name == name {
			return k.Value
		}
	}
	return ""
}

// csrf is the phone's CSRF token, fetched with a first page if need be.
func (p *phone) csrf() string {
	if t := p.cookie("grimoire_csrf"); t != "" {
		return t
	}
	p.get("/")
	return p.cookie("grimoire_csrf")
}

// post sends a urlencoded form with the token in the header, as htmx does;
// hx also marks it as an htmx request (fragments instead of a redirect).
func (p *phone) post(path string, form url.Values, hx bool) (answer, error) {
	h := map[string]string{"Content-Type": "application/x-www-form-urlencoded", "X-CSRF-Token": p.csrf()}
	if hx {
		h["HX-Request"] = "true"
	}
	return p.do(http.MethodPost, path, strings.NewReader(form.Encode()), h)
}

// device is the device id the server gave this phone, read from its
// session cookie with the server's own keys.
func (p *phone) device(t *testing.T) string {
	t.Helper()
	raw, err := hex.DecodeString(p.srv.keys)
	if err != nil {
		t.Fatal(err)
	}
	ss := sessions.NewCookieStore(raw[:32], raw[32:])
	req, _ := http.NewRequest(http.MethodGet, p.srv.url(), nil)
	req.AddCookie(&http.Cookie{Name: "grimoire", Value: p.cookie("grimoire")})
	sess, err := ss.Get(req, "grimoire")
	if err != nil {
		t.Fatalf("decode the session cookie: %v", err)
	}
	id, _ := sess.Values["device"].(string)
	if id == "" {
		t.Fatal("the session cookie holds no device id")
	}
	return id
}

// create starts a game through its form and confirmation page: it posts
// the form, then sends back every field of the confirmation form, as a
// person tapping "Start the game" does. It returns the game id.
func (p *phone) create(game string, form url.Values) (string, error) {
	if _, err := p.get("/new/" + game); err != nil {
		return "", err
	}
	res, err := p.post("/new/"+game, form, false)
	if err != nil {
		return "", err
	}
	if res.Status != http.StatusOK {
		return "", fmt.Errorf("new %s: form answered %d: %.300s", game, res.Status, res.Body)
	}
	doc, err := res.doc()
	if err != nil {
		return "", err
	}
	conf := url.Values{}
	doc.Find(`input[name="confirm"]`).First().Closest("form").Find("input[name]").Each(func(_ int, s *goquery.Selection) {
		name, _ := s.Attr("name")
		val, _ := s.Attr("value")
		if name == "_csrf" {
			return
		}
		if typ, _ := s.Attr("type"); (typ == "radio" || typ == "checkbox") && !s.Is("[checked]") {
			return
		}
		conf.Add(name, val)
	})
	if conf.Get("confirm") == "" {
		return "", fmt.Errorf("new %s: no confirmation form: %.300s", game, res.Body)
	}
	res, err = p.post("/new/"+game, conf, false)
	if err != nil {
		return "", err
	}
	loc := res.Header.Get("Location")
	if res.Status != http.StatusSeeOther || !strings.HasPrefix(loc, "/g/") {
		return "", fmt.Errorf("new %s: confirmation answered %d %q: %.300s", game, res.Status, loc, res.Body)
	}
	return strings.TrimPrefix(loc, "/g/"), nil
}

// export is the game's record as this phone may download it.
func (p *phone) export(id string) (record.Record, error) {
	res, err := p.get("/g/" + id + "/export")
	if err != nil {
		return record.Record{}, err
	}
	if res.Status != http.StatusOK {
		return record.Record{}, fmt.Errorf("export %s: %d: %.200s", id, res.Status, res.Body)
	}
	return record.Parse([]byte(res.Body))
}

// joinLinks are the seats' join paths on the page this phone gets for id.
func (p *phone) joinLinks(id string) ([]string, error) {
	res, err := p.get("/g/" + id)
	if err != nil {
		return nil, err
	}
	doc, err := res.doc()
	if err != nil {
		return nil, err
	}
	var out []string
	doc.Find(`[data-testid^="join-link"]`).Each(func(_ int, s *goquery.Selection) {
		if href, ok := s.Attr("href"); ok && strings.HasPrefix(href, "/join/") {
			out = append(out, href)
		}
	})
	return out, nil
}

// takeSeat opens a join link the way the spec asks a person to: the GET
// shows a page with a "Take the seat" form, whose POST claims it. The
// answer returned is the POST's.
func (p *phone) takeSeat(join string) (answer, error) {
	res, err := p.get(join)
	if err != nil {
		return answer{}, err
	}
	action, err := seatForm(res)
	if err != nil {
		return res, err
	}
	return p.post(action, url.Values{}, false)
}

// errNoSeatForm: the join link's GET did not answer with a page holding a
// POST form (today's build claims the seat on the GET itself).
var errNoSeatForm = errors.New("the join link's page has no 'Take the seat' POST form")

func seatForm(res answer) (string, error) {
	if res.Status != http.StatusOK {
		return "", fmt.Errorf("%w (GET answered %d %s)", errNoSeatForm, res.Status, res.Header.Get("Location"))
	}
	doc, err := res.doc()
	if err != nil {
		return "", err
	}
	var action string
	doc.Find(`form[method="post"], form[method="POST"]`).EachWithBreak(func(_ int, s *goquery.Selection) bool {
		if a, ok := s.Attr("action"); ok && strings.HasPrefix(a, "/join/") {
			action = a
			return false
		}
		return true
	})
	if action == "" {
		return "", errNoSeatForm
	}
	return action, nil
}

// sameActions says whether two action lists hold the same JSON, compared
// compacted so the server's spacing does not matter.
func sameActions(a, b []json.RawMessage) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if compact(a[i]) != compact(b[i]) {
			return false
		}
	}
	return true
}

func compact(raw []byte) string {
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		return string(raw)
	}
	return b.String()
}

// storedLog reads a game's log from a stopped server's store.
func storedLog(t *testing.T, st store.Store, id string) []store.Entry {
	t.Helper()
	log, err := st.Log(context.Background(), id)
	if err != nil {
		t.Fatalf("log of %s: %v", id, err)
	}
	return log
}
