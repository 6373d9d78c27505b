package handlers_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/grimoire-games/grimoire/rules/record"
	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
	"github.com/grimoire-games/grimoire/store"
)

// BenchmarkWatchRefresh measures what every live update costs the server
// for a whole 5-turn game of Spells & Arrows (94 actions): read the log,
// replay it twice (the version the client shows and the current one),
// render both boards and send the fragments that differ. With the state
// cache, a version's spectators share one rendering: every refresh after the
// first is a row read, the seats and the cached screens compared.
func BenchmarkWatchRefresh(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("..", "rules", "spellsarrows", "testdata", "mage-wins-on-turns.json"))
	if err != nil {
		b.Fatal(err)
	}
	rec, err := record.Parse(data)
	if err != nil {
		b.Fatal(err)
	}
	e, st := newHandler(b)
	ctx := context.Background()
	now := time.Now().UTC()
	g := store.Game{ID: "bench", Kind: rec.Game, Title: "bench", Owner: "nobody", SpectatorToken: "watch-bench", Seed: rec.Seed, Setup: rec.Setup, Created: now, Updated: now}
	if err := st.CreateGame(ctx, g, nil); err != nil {
		b.Fatal(err)
	}
	for i, a := range rec.Actions {
		if _, err := st.Append(ctx, g.ID, i, store.Entry{Kind: store.KindAction, Action: a, Seat: -1, ClientID: fmt.Sprint(i), At: now}); err != nil {
			b.Fatal(err)
		}
	}
	prev := strconv.Itoa(len(rec.Actions) - 1)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		req := httptest.NewRequest(http.MethodGet, "/watch/watch-bench?v="+prev, nil)
		req.Header.Set("HX-Request", "true")
		rr := httptest.NewRecorder()
		e.ServeHTTP(rr, req)
		if rr.Code != http.StatusOK {
			b.Fatalf("status %d", rr.Code)
		}
	}
}

// walkRecord is a legal Spells & Arrows record of n actions in force: the
// spy makes every shot and walks the court without stepping on a gate, so
// the half never ends however long the game grows.
func walkRecord(tb testing.TB, n int) []byte {
	tb.Helper()
	setup := sa.Setup{Victory: sa.MaxVictory, Spy: "Ana", Mage: "Ben", Turns: sa.MaxTurns}
	s, err := sa.New(setup, 1)
	if err != nil {
		tb.Fatal(err)
	}
	var actions []sa.Action
	for len(actions) < n {
		a := walkStep(s, len(actions))
		if s, err = sa.Apply(s, a); err != nil {
			tb.Fatalf("walk action %d: %v", len(actions), err)
		}
		actions = append(actions, a)
	}
	rec, err := sa.NewRecord(setup, 1, actions)
	if err != nil {
		tb.Fatal(err)
	}
	data, err := json.Marshal(rec)
	if err != nil {
		tb.Fatal(err)
	}
	return data
}

// walkStep is the walk's next action: a made toll, or a step to a
// location that is not a gate.
func walkStep(s sa.State, step int) sa.Action {
	c := sa.Legal(s)
	if c.Phase != sa.PhaseSpyMove {
		return sa.SpyShot(true)
	}
	m := s.Map()
	for i := range c.Moves {
		to := c.Moves[(i+step)%len(c.Moves)]
		if l, _ := m.Location(to); l.Kind != sa.KindGate {
			return sa.Move(to)
		}
	}
	return sa.Move(c.Moves[0])
}

// BenchmarkTap is one scorekeeper tap through the whole app (session,
// CSRF, store append, replay, render) on a game already n actions long, as
// htmx posts it. The game grows by b.N taps during the run.
//
// The -delta runs send X-Grimoire-Record: delta, as a page that keeps its
// own copy of the record does: the answer carries the record's change in a
// header instead of the whole record.
func BenchmarkTap(b *testing.B) {
	for _, bc := range []struct {
		n     int
		delta bool
	}{{10, false}, {5000, false}, {10, true}, {5000, true}} {
		n := bc.n
		name := fmt.Sprintf("at-action-%d", n)
		if bc.delta {
			name += "-delta"
		}
		b.Run(name, func(b *testing.B) {
			h, _ := newHandler(b)
			jar, _ := cookiejar.New(nil)
			c := &http.Client{Transport: inProcess{h}, Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
			base, _ := url.Parse("http://grimoire.test/")
			send := func(method, path string, form url.Values, htmx bool) (*http.Response, []byte) {
				req, _ := http.NewRequest(method, base.String()+strings.TrimPrefix(path, "/"), strings.NewReader(form.Encode()))
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				for _, k := range jar.Cookies(base) {
					if k.Name == "grimoire_csrf" {
						req.Header.Set("X-CSRF-Token", k.Value)
					}
				}
				if htmx {
					req.Header.Set("HX-Request", "true")
					if bc.delta {
						req.Header.Set("X-Grimoire-Record", "delta")
					}
				}
				res, err := c.Do(req)
				if err != nil {
					b.Fatal(err)
				}
				body, _ := io.ReadAll(res.Body)
				res.Body.Close()
				return res, body
			}
			send(http.MethodGet, "/import", nil, false)
			rec := walkRecord(b, n)
			res, body := send(http.MethodPost, "/import", url.Values{"json": {string(rec)}}, false)
			loc := res.Header.Get("Location")
			if res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc, "/g/") {
				b.Fatalf("import: status %d %s\n%.300s", res.StatusCode, loc, body)
			}
			parsed, _ := record.Parse(rec)
			s, err := sa.Replay(parsed)
			if err != nil {
				b.Fatal(err)
			}
			v, bytes := n, 0
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				a := walkStep(s, v)
				form := url.Values{"v": {strconv.Itoa(v)}, "type": {a.Type}}
				if a.Type == sa.TypeMove {
					form.Set("to", a.To)
				} else {
					form.Set("made", "1")
				}
				res, body := send(http.MethodPost, loc+"/act", form, true)
				if res.StatusCode != http.StatusOK {
					b.Fatalf("tap %v: status %d\n%.300s", form, res.StatusCode, body)
				}
				bytes += len(body) + len(res.Header.Get("X-Grimoire-Record-Delta"))
				if s, err = sa.Apply(s, a); err != nil {
					b.Fatal(err)
				}
				v++
			}
			b.ReportMetric(float64(bytes)/float64(b.N), "answer-B/op")
		})
	}
}

// BenchmarkServerTap is BenchmarkTap's delta taps without the client: each
// tap is a request built once per loop and served straight into a
// recorder, so B/op and allocs/op are the server's own (BenchmarkTap's also
// hold the http.Client, its cookie jar and the body read back).
func BenchmarkServerTap(b *testing.B) {
	for _, bc := range []struct {
		n      int
		accept string
		dict   bool // the phone holds the compression dictionary
	}{
		{10, "", false}, {5000, "", false},
		// As a browser asks: the answer compressed, as every real tap's is.
		{10, "gzip, deflate, br, zstd", false}, {5000, "gzip, deflate, br, zstd", false},
		// As Chromium asks once it holds the dictionary (dcz).
		{10, "gzip, deflate, br, zstd, dcb, dcz", true}, {5000, "gzip, deflate, br, zstd, dcb, dcz", true},
	} {
		n, name := bc.n, fmt.Sprintf("at-action-%d-delta", bc.n)
		switch {
		case bc.dict:
			name += "-dictionary"
		case bc.accept != "":
			name += "-compressed"
		}
		b.Run(name, func(b *testing.B) {
			h, _ := newHandler(b)
			jar, _ := cookiejar.New(nil)
			c := &http.Client{Transport: inProcess{h}, Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
			base, _ := url.Parse("http://grimoire.test/")
			send := func(req *http.Request) *http.Response {
				for _, k := range jar.Cookies(base) {
					if k.Name == "grimoire_csrf" {
						req.Header.Set("X-CSRF-Token", k.Value)
					}
				}
				res, err := c.Do(req)
				if err != nil {
					b.Fatal(err)
				}
				io.Copy(io.Discard, res.Body)
				res.Body.Close()
				return res
			}
			get, _ := http.NewRequest(http.MethodGet, base.String()+"import", nil)
			send(get)
			rec := walkRecord(b, n)
			post, _ := http.NewRequest(http.MethodPost, base.String()+"import", strings.NewReader(url.Values{"json": {string(rec)}}.Encode()))
			post.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			loc := send(post).Header.Get("Location")
			if !strings.HasPrefix(loc, "/g/") {
				b.Fatalf("import went to %q", loc)
			}
			// The phone's cookies and token as the jar holds them after
			// the import: the server keeps them the same from tap to tap.
			var cookie []string
			token := ""
			for _, k := range jar.Cookies(base) {
				cookie = append(cookie, k.Name+"="+k.Value)
				if k.Name == "grimoire_csrf" {
					token = k.Value
				}
			}
			cookies := strings.Join(cookie, "; ")
			available := ""
			if bc.dict {
				available = benchDictionary(b, c, base)
			}
			parsed, _ := record.Parse(rec)
			s, err := sa.Replay(parsed)
			if err != nil {
				b.Fatal(err)
			}
			// The taps' forms are worked out before the clock starts: the
			// walk's own rules work is not the server's.
			forms := make([]string, b.N)
			for i := range forms {
				v := n + i
				a := walkStep(s, v)
				forms[i] = "v=" + strconv.Itoa(v) + "&type=" + a.Type
				if a.Type == sa.TypeMove {
					forms[i] += "&to=" + url.QueryEscape(a.To)
				} else {
					forms[i] += "&made=1"
				}
				if s, err = sa.Apply(s, a); err != nil {
					b.Fatal(err)
				}
			}
			// One answer buffer for all taps: a server writes to its
			// connection, not to a buffer that grows anew for each answer.
			body := new(bytes.Buffer)
			sent := 0
			b.ReportAllocs()
			b.ResetTimer()
			cpu0 := processCPU()
			for i := 0; i < b.N; i++ {
				// As a server reads it off the wire (httptest.NewRequest
				// would parse it from text, a client's cost).
				req, err := http.NewRequest(http.MethodPost, "http://grimoire.test"+loc+"/act", strings.NewReader(forms[i]))
				if err != nil {
					b.Fatal(err)
				}
				req.RequestURI, req.RemoteAddr = loc+"/act", "192.0.2.1:1234"
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				req.Header.Set("Cookie", cookies)
				req.Header.Set("X-CSRF-Token", token)
				req.Header.Set("HX-Request", "true")
				req.Header.Set("X-Grimoire-Record", "delta")
				if bc.accept != "" {
					req.Header.Set("Accept-Encoding", bc.accept)
				}
				if available != "" {
					req.Header.Set("Available-Dictionary", available)
				}
				body.Reset()
				rr := httptest.NewRecorder()
				rr.Body = body
				h.ServeHTTP(rr, req)
				if rr.Code != http.StatusOK {
					b.Fatalf("tap %s: status %d\n%.300s", forms[i], rr.Code, rr.Body.String())
				}
				sent += rr.Body.Len() + len(rr.Header().Get("X-Grimoire-Record-Delta"))
			}
			b.StopTimer()
			if cpu := processCPU(); cpu0 >= 0 {
				b.ReportMetric(float64((cpu-cpu0).Microseconds())/float64(b.N), "cpu-µs/op")
			}
			b.ReportMetric(float64(sent)/float64(b.N), "answer-B/op")
		})
	}
}

// benchDictionary fetches the dictionary the home page links to, as
// Chromium does, and returns the Available-Dictionary value naming it.
func benchDictionary(b *testing.B, c *http.Client, base *url.URL) string {
	b.Helper()
	read := func(path string) []byte {
		res, err := c.Get(base.ResolveReference(&url.URL{Path: path}).String())
		if err != nil {
			b.Fatal(err)
		}
		defer res.Body.Close()
		body, err := io.ReadAll(res.Body)
		if err != nil || res.StatusCode != http.StatusOK {
			b.Fatalf("GET %s: status %d, %v", path, res.StatusCode, err)
		}
		return body
	}
	m := dictLink.FindSubmatch(read("/"))
	if m == nil {
		b.Fatal("the home page links to no dictionary")
	}
	return availableValue(read(string(m[1])))
}

// BenchmarkReadPath is the scorekeeper's GET of a 94-action game: the htmx
// refresh (GET /g/ID?v=...) and the whole page, the read path the load
// generator compares with a bare handler serving the same bytes.
func BenchmarkReadPath(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("..", "rules", "spellsarrows", "testdata", "mage-wins-on-turns.json"))
	if err != nil {
		b.Fatal(err)
	}
	h, _ := newHandler(b)
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Transport: inProcess{h}, Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	base, _ := url.Parse("http://grimoire.test/")
	do := func(req *http.Request) *http.Response {
		for _, k := range jar.Cookies(base) {
			if k.Name == "grimoire_csrf" {
				req.Header.Set("X-CSRF-Token", k.Value)
			}
		}
		res, err := c.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		return res
	}
	get, _ := http.NewRequest(http.MethodGet, base.String()+"import", nil)
	do(get)
	post, _ := http.NewRequest(http.MethodPost, base.String()+"import", strings.NewReader(url.Values{"json": {string(data)}}.Encode()))
	post.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	loc := do(post).Header.Get("Location")
	if !strings.HasPrefix(loc, "/g/") {
		b.Fatalf("import went to %q", loc)
	}
	for _, bc := range []struct {
		name   string
		query  string
		htmx   bool
		accept string
	}{
		{"htmx-refresh", "?v=93", true, ""},
		// What a reload or a phone opening the game asks for, and what the
		// load generator's read path measures.
		{"whole-page", "", false, ""},
		// As browsers ask, so the cost of compressing is counted.
		{"whole-page-br", "", false, "br, gzip"},
		{"htmx-refresh-br", "?v=93", true, "br, gzip"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				req, _ := http.NewRequest(http.MethodGet, base.String()+strings.TrimPrefix(loc, "/")+bc.query, nil)
				if bc.htmx {
					req.Header.Set("HX-Request", "true")
				}
				if bc.accept != "" {
					req.Header.Set("Accept-Encoding", bc.accept)
				}
				if res := do(req); res.StatusCode != http.StatusOK {
					b.Fatalf("status %d", res.StatusCode)
				}
			}
		})
	}
}
