package handlers_test

import (
	"bufio"
	"context"
	"crypto/rand"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"github.com/grimoire-games/grimoire/handlers"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/store/sqlite"
)

// clock is a test's settable time.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// countingStore counts the logs read, to tell which games a page replayed.
type countingStore struct {
	store.Store
	logs atomic.Int64
}

func (s *countingStore) Log(ctx context.Context, id string) ([]store.Entry, error) {
	s.logs.Add(1)
	return s.Store.Log(ctx, id)
}

// limitedApp is the app with the given limits, served by the very
// http.Server the binary runs (handlers.Handler.Server), on a real
// loopback listener, and in process for the tests that need no socket.
type limitedApp struct {
	*testApp
	h     *handlers.Handler
	store *countingStore
	srv   *httptest.Server
}

func newLimitedApp(t *testing.T, l handlers.Limits, now func() time.Time, wrap func(net.Listener) net.Listener) *limitedApp {
	t.Helper()
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "grimoire.db"))
	if err != nil {
		t.Fatalf("open store: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	cs := &countingStore{Store: st}
	key := make([]byte, 64)
	if _, err := rand.Read(key); err != nil {
		t.Fatal(err)
	}
	h, err := handlers.New(handlers.Config{
		Store: cs, Games: testGames(), SessionKeys: [][]byte{key[:32], key[32:]},
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Now:    now, Limits: l,
	})
	if err != nil {
		t.Fatalf("handlers: %v", err)
	}
	checkKept(t, h)
	srv := httptest.NewUnstartedServer(nil)
	srv.Config = h.Server()
	if wrap != nil {
		srv.Listener = wrap(srv.Listener)
	}
	srv.Start()
	t.Cleanup(func() {
		srv.CloseClientConnections()
		srv.Close()
	})
	a := &testApp{t: t, Store: st, Handler: srv.Config.Handler, srv: srv}
	return &limitedApp{testApp: a, h: h, store: cs, srv: srv}
}

// openStream starts an event stream and waits for its first event; the
// caller closes the body to leave.
func openStream(t *testing.T, url string) (*http.Response, error) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		return nil, err
	}
	if res.StatusCode != http.StatusOK {
		return res, nil
	}
	line, err := bufio.NewReader(res.Body).ReadString('\n')
	if err != nil || !strings.HasPrefix(line, "retry:") {
		res.Body.Close()
		return nil, fmt.Errorf("first line of the stream %q: %v", line, err)
	}
	return res, nil
}

// Many event streams from one client: past the limit each gets a 429 that
// says why, while /healthz keeps answering and a stream that closes gives
// its place back.
func TestEventStreamLimits(t *testing.T) {
	t.Run("per client", func(t *testing.T) {
		const perClient = 6
		a := newLimitedApp(t, handlers.Limits{StreamsPerClient: perClient}, nil, nil)
		owner := a.livePhone()
		id := owner.newSAGame("Ana", "Ben", "12")
		url := a.srv.URL + "/watch/" + a.game(id).SpectatorToken + "/events"
		var open []*http.Response
		t.Cleanup(func() {
			for _, r := range open {
				r.Body.Close()
			}
		})
		for i := range perClient {
			res, err := openStream(t, url)
			if err != nil || res.StatusCode != http.StatusOK {
				t.Fatalf("stream %d of %d: %v %v", i+1, perClient, err, res)
			}
			open = append(open, res)
		}
		for i := range 20 {
			res, err := http.Get(url)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != http.StatusTooManyRequests {
				t.Fatalf("stream %d past the limit: status %d", i+1, res.StatusCode)
			}
			if !strings.Contains(string(body), "already follows 6 games live") || !strings.Contains(string(body), `data-testid="error"`) {
				t.Fatalf("the 429 does not say why in a page of the app:\n%s", body)
			}
			if res.Header.Get("Retry-After") == "" {
				t.Error("the 429 has no Retry-After")
			}
		}
		hc := &http.Client{Timeout: 5 * time.Second}
		start := time.Now()
		res, err := hc.Get(a.srv.URL + "/healthz")
		if err != nil || res.StatusCode != http.StatusOK {
			t.Fatalf("/healthz while the streams are held: %v %v", err, res)
		}
		res.Body.Close()
		t.Logf("/healthz answered in %v with %d streams held and 20 refused", time.Since(start), perClient)

		open[0].Body.Close()
		open = open[1:]
		// The server notices the closed connection on its own time: ask
		// until the place is free (bounded).
		var got *http.Response
		for range 50 {
			if got, err = openStream(t, url); err == nil && got.StatusCode == http.StatusOK {
				break
			}
			if got != nil {
				got.Body.Close()
			}
			time.Sleep(20 * time.Millisecond)
		}
		if got == nil || got.StatusCode != http.StatusOK {
			t.Fatalf("a closed stream did not give its place back: %v", err)
		}
		open = append(open, got)
	})
	t.Run("in total", func(t *testing.T) {
		a := newLimitedApp(t, handlers.Limits{StreamsPerClient: 100, StreamsTotal: 3}, nil, nil)
		owner := a.livePhone()
		id := owner.newSAGame("Ana", "Ben", "12")
		url := a.srv.URL + "/watch/" + a.game(id).SpectatorToken + "/events"
		for i := range 3 {
			res, err := openStream(t, url)
			if err != nil || res.StatusCode != http.StatusOK {
				t.Fatalf("stream %d: %v %v", i+1, err, res)
			}
			defer res.Body.Close()
		}
		res, err := http.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusTooManyRequests || !strings.Contains(string(body), "as many live games as it can") {
			t.Fatalf("the stream past the total: status %d\n%s", res.StatusCode, body)
		}
	})
	t.Run("HEAD asks about a stream without holding a place", func(t *testing.T) {
		a := newLimitedApp(t, handlers.Limits{StreamsPerClient: 1}, nil, nil)
		owner := a.livePhone()
		id := owner.newSAGame("Ana", "Ben", "12")
		url := a.srv.URL + "/watch/" + a.game(id).SpectatorToken + "/events"
		hc := &http.Client{Timeout: 5 * time.Second}
		for range 3 {
			res, err := hc.Head(url)
			if err != nil || res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "text/event-stream" {
				t.Fatalf("HEAD on a stream: %v %v", err, res)
			}
			res.Body.Close()
		}
		res, err := openStream(t, url)
		if err != nil || res.StatusCode != http.StatusOK {
			t.Fatalf("the one stream after three HEADs: %v %v", err, res)
		}
		res.Body.Close()
	})
}

// A body sent one byte every 2 s is cut off by the read timeout with a 408
// that says why, long before the client would have finished sending it.
func TestSlowBodyIsCutOffByTheReadTimeout(t *testing.T) {
	const readTimeout = 3 * time.Second
	a := newLimitedApp(t, handlers.Limits{ReadTimeout: readTimeout}, nil, nil)
	conn, err := net.Dial("tcp", a.srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	const bodyLen = 40 // 80 s at one byte every 2 s
	start := time.Now()
	fmt.Fprintf(conn, "POST /import HTTP/1.1\r\nHost: grimoire.test\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: %d\r\n\r\n", bodyLen)
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		tick := time.NewTicker(2 * time.Second)
		defer tick.Stop()
		for range bodyLen {
			if _, err := conn.Write([]byte("x")); err != nil {
				return
			}
			select {
			case <-stop:
				return
			case <-tick.C:
			}
		}
	}()
	// Bound the wait: a server without the timeout would keep this
	// connection for the whole 80 s.
	conn.SetReadDeadline(time.Now().Add(6 * readTimeout))
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("no answer to a slow body within %v: %v", 6*readTimeout, err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusRequestTimeout || !strings.Contains(string(body), "took too long to arrive") {
		t.Fatalf("status %d, want 408 with a sentence:\n%s", res.StatusCode, body)
	}
	t.Logf("slow body answered 408 after %v (read timeout %v)", time.Since(start).Round(100*time.Millisecond), readTimeout)
}

// smallBuffers makes a connection's send buffer small, so a response the
// client never reads blocks the server's write after a few kilobytes instead
// of vanishing into loopback's megabytes of buffer.
type smallBuffers struct{ net.Listener }

func (l smallBuffers) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if tc, ok := c.(*net.TCPConn); ok {
		tc.SetWriteBuffer(4 << 10)
	}
	return c, err
}

// A response that is never read does not hold shutdown: its write deadline
// ends it, and Shutdown returns well before its own deadline.
func TestUnreadResponseDoesNotHoldShutdown(t *testing.T) {
	const writeTimeout = time.Second
	a := newLimitedApp(t, handlers.Limits{WriteTimeout: writeTimeout, StaticWriteTimeout: writeTimeout}, nil,
		func(l net.Listener) net.Listener { return smallBuffers{l} })
	sw := a.phone().get("/sw.js", nil)
	wasm := regexp.MustCompile(`/static/wasm/grimoire\.[0-9a-f]+\.wasm`).FindString(sw.Body)
	if wasm == "" {
		t.Fatalf("no WebAssembly module in the precache list:\n%.400s", sw.Body)
	}
	conn, err := net.Dial("tcp", a.srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.(*net.TCPConn).SetReadBuffer(4 << 10)
	// Without Accept-Encoding the module is inflated as it is sent:
	// megabytes, of which the client reads none.
	fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: grimoire.test\r\n\r\n", wasm)
	time.Sleep(300 * time.Millisecond) // the handler is writing, and blocks

	ctx, cancel := context.WithTimeout(context.Background(), 10*writeTimeout)
	defer cancel()
	start := time.Now()
	if err := a.srv.Config.Shutdown(ctx); err != nil {
		t.Fatalf("Shutdown: %v after %v: the unread response held it", err, time.Since(start))
	}
	t.Logf("Shutdown returned after %v (write timeout %v)", time.Since(start).Round(10*time.Millisecond), writeTimeout)
}

// A body over the limit, whether announced or chunked, is a 413 that says
// so, rendered like every other error, before the CSRF check can call it an
// expired form; nothing is stored.
func TestChunkedOrAnnouncedBodyOverTheLimitIs413(t *testing.T) {
	a := newLimitedApp(t, handlers.Limits{}, nil, nil)
	p := a.livePhone()
	p.get("/", nil)
	tok := p.csrf()
	big := "json=" + strings.Repeat("x", 2<<20) + "&_csrf=" + tok
	tests := []struct {
		rule string
		body func() io.Reader
	}{
		{"a chunked body over 2 MB is 413, not an expired form", func() io.Reader { return io.MultiReader(strings.NewReader(big)) }},
		{"a body announced over 2 MB is 413 before it is read", func() io.Reader { return strings.NewReader(big) }},
	}
	for _, tc := range tests {
		t.Run(tc.rule, func(t *testing.T) {
			res := p.do(http.MethodPost, "/import", tc.body(), "application/x-www-form-urlencoded", nil)
			if res.StatusCode != http.StatusRequestEntityTooLarge {
				t.Fatalf("status %d, want 413\n%.300s", res.StatusCode, res.Body)
			}
			msg := res.doc(t).Find(`[data-testid="error"]`).Text()
			if !strings.Contains(msg, "2 MB at most") {
				t.Errorf("the 413 page says %q", msg)
			}
		})
	}
	t.Run("an htmx request gets the sentence in the alert slot", func(t *testing.T) {
		res := p.do(http.MethodPost, "/import", io.MultiReader(strings.NewReader(big)), "application/x-www-form-urlencoded", htmx)
		if res.StatusCode != http.StatusRequestEntityTooLarge || res.Header.Get("HX-Retarget") != "#alert" || !strings.Contains(res.Body, "2 MB at most") {
			t.Fatalf("status %d, retarget %q\n%.300s", res.StatusCode, res.Header.Get("HX-Retarget"), res.Body)
		}
	})
	t.Run("a body within the limit still meets the CSRF check", func(t *testing.T) {
		res := p.do(http.MethodPost, "/import", io.MultiReader(strings.NewReader("json=x")), "application/x-www-form-urlencoded", nil)
		if res.StatusCode != http.StatusForbidden {
			t.Fatalf("a tokenless small body: status %d, want 403", res.StatusCode)
		}
	})
	games, err := a.Store.Games(context.Background(), "")
	if err != nil || len(games) != 0 {
		t.Fatalf("games stored: %v %v", games, err)
	}
}

// Every GET route answers HEAD as it answers GET (status and type), with no
// body: /healthz for a load balancer, a page for a link checker.
func TestHEADOnEveryGETRoute(t *testing.T) {
	a := newLimitedApp(t, handlers.Limits{}, nil, nil)
	owner := a.phone()
	id := owner.newSAGame("Ana", "Ben", "12")
	tok := a.game(id).SpectatorToken
	css, _ := owner.get("/", nil).doc(t).Find(`link[rel="stylesheet"]`).Attr("href")
	fill := strings.NewReplacer(":id", id, ":token", tok, ":game", "spells-arrows", "*", strings.TrimPrefix(css, "/static/"))
	seen := map[string]bool{}
	for _, r := range a.h.Echo().Routes() {
		if r.Method != http.MethodGet || seen[r.Path] {
			continue
		}
		seen[r.Path] = true
		path := fill.Replace(r.Path)
		switch {
		case strings.HasPrefix(r.Path, "/join/"):
			path = "/join/no-such-seat" // opening a real one takes the seat
		case r.Path == "/qr.svg":
			path = "/qr.svg?path=/watch/" + tok
		}
		t.Run(r.Path, func(t *testing.T) {
			var get response
			if strings.HasSuffix(r.Path, "/events") {
				// A GET would stream for ever: what it would answer.
				get = response{Response: &http.Response{StatusCode: http.StatusOK, Header: http.Header{"Content-Type": {"text/event-stream"}}}}
			} else {
				get = owner.get(path, nil)
			}
			head := owner.do(http.MethodHead, path, nil, "", nil)
			if head.StatusCode == http.StatusMethodNotAllowed || head.StatusCode != get.StatusCode {
				t.Fatalf("HEAD %s: %d, GET: %d", path, head.StatusCode, get.StatusCode)
			}
			if head.Body != "" {
				t.Errorf("HEAD %s has a body of %d bytes", path, len(head.Body))
			}
			if h, g := head.Header.Get("Content-Type"), get.Header.Get("Content-Type"); h != g {
				t.Errorf("HEAD %s: Content-Type %q, GET %q", path, h, g)
			}
		})
	}
	if len(seen) < 20 {
		t.Fatalf("only %d GET routes found", len(seen))
	}
}

// Whole pages carry the CSRF token (a game's page also its join links and
// record): no shared cache may keep them, and a game's page is not stored at
// all. Fragments, files and streams keep the headers their handlers set.
func TestCacheControl(t *testing.T) {
	a := newLimitedApp(t, handlers.Limits{}, nil, nil)
	owner := a.phone()
	id := owner.newSAGame("Ana", "Ben", "12")
	tok := a.game(id).SpectatorToken
	css, _ := owner.get("/", nil).doc(t).Find(`link[rel="stylesheet"]`).Attr("href")
	tests := []struct {
		rule, path string
		h          hdr
		want       string
	}{
		{"the home page is private", "/", nil, "private, no-cache"},
		{"a rules page is private", "/rules/spells-arrows", nil, "private, no-cache"},
		{"a spectator page is private", "/watch/" + tok, nil, "private, no-cache"},
		{"an error page is private", "/no/such/page", nil, "private, no-cache"},
		{"a game's page is not stored", "/g/" + id, nil, "no-store"},
		{"a game's log is not stored", "/g/" + id + "/log", nil, "no-store"},
		{"fragments keep theirs", "/g/" + id + "?v=0", htmx, "no-store"},
		{"a hashed file is cached for a year", css, nil, "public, max-age=31536000, immutable"},
		{"the service worker is revalidated", "/sw.js", nil, "no-cache"},
	}
	for _, tc := range tests {
		t.Run(tc.rule, func(t *testing.T) {
			res := owner.get(tc.path, tc.h)
			if got := res.Header.Get("Cache-Control"); got != tc.want {
				t.Fatalf("GET %s: Cache-Control %q, want %q", tc.path, got, tc.want)
			}
		})
	}
}

// The home list shows a page of games at a time, newest first, with links
// to the neighbouring pages, and replays only the games on the page.
func TestHomeIsPaginated(t *testing.T) {
	a := newLimitedApp(t, handlers.Limits{HomePageSize: 3}, nil, nil)
	p := a.phone()
	var made []string // oldest first
	for i := range 7 {
		made = append(made, p.newSAGame(fmt.Sprintf("Spy%d", i), "Mage", "12"))
	}
	newest := func(i int) string { return "/g/" + made[len(made)-1-i] }
	type page struct {
		items        []string
		newer, older string
		pageOf       string
	}
	read := func(path string) page {
		t.Helper()
		res := p.get(path, nil)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %d", path, res.StatusCode)
		}
		doc := res.doc(t)
		var pg page
		doc.Find(`[data-testid="games"] > li`).Each(func(_ int, s *goquery.Selection) {
			href, _ := s.Find("a").First().Attr("href")
			pg.items = append(pg.items, href)
		})
		pg.newer, _ = doc.Find(`[data-testid="newer"]`).Attr("href")
		pg.older, _ = doc.Find(`[data-testid="older"]`).Attr("href")
		pg.pageOf = strings.Join(strings.Fields(doc.Find(`[data-testid="page-of"]`).Text()), " ")
		return pg
	}
	tests := []struct {
		rule, path string
		want       page
	}{
		{"the first page holds the newest games and links to older ones", "/", page{[]string{newest(0), newest(1), newest(2)}, "", "/?page=2", "Page 1 of 3 · 7 games"}},
		{"a middle page links both ways", "/?page=2", page{[]string{newest(3), newest(4), newest(5)}, "/", "/?page=3", "Page 2 of 3 · 7 games"}},
		{"the last page holds what is left", "/?page=3", page{[]string{newest(6)}, "/?page=2", "", "Page 3 of 3 · 7 games"}},
		{"a page past the end shows the last one", "/?page=99", page{[]string{newest(6)}, "/?page=2", "", "Page 3 of 3 · 7 games"}},
		{"a page that is not a number is the first", "/?page=x", page{[]string{newest(0), newest(1), newest(2)}, "", "/?page=2", "Page 1 of 3 · 7 games"}},
	}
	for _, tc := range tests {
		t.Run(tc.rule, func(t *testing.T) {
			before := a.store.logs.Load()
			got := read(tc.path)
			if fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Fatalf("GET %s:\n got %+v\nwant %+v", tc.path, got, tc.want)
			}
			if n := a.store.logs.Load() - before; n != int64(len(tc.want.items)) {
				t.Errorf("the page read %d logs for %d games on it", n, len(tc.want.items))
			}
		})
	}
	t.Run("one page has no page links", func(t *testing.T) {
		q := a.phone()
		q.newSAGame("Ana", "Ben", "12")
		if n := q.get("/", nil).doc(t).Find(`[data-testid="pages"]`).Length(); n != 0 {
			t.Fatal("a single page shows page links")
		}
	})
}

// A device may create GamesPerHour games in any hour, by any path (a new
// game, an import, a game started offline); past that it gets a 429 that
// says when the next may start, while other devices go on; an hour later
// it may create again.
func TestGamesPerDevicePerHour(t *testing.T) {
	clk := &clock{t: time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)}
	a := newLimitedApp(t, handlers.Limits{GamesPerHour: 3}, clk.now, nil)
	p := a.phone()
	// Each import is another game: a game the device holds already is not
	// imported again, so it would never reach the limit.
	imp := func(c *client, name string) response {
		rec, err := os.ReadFile(filepath.Join("..", "rules", "spellsarrows", "testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		return c.post("/import", url.Values{"json": {string(rec)}}, nil)
	}
	offline := func(c *client, id string) response {
		return c.post("/sync/new", url.Values{"id": {id}, "kind": {"spells-arrows"}, "seed": {"7"}, "setup": {`{"victory":12,"spy":"Ana","mage":"Ben"}`}}, nil)
	}
	p.newSAGame("Ana", "Ben", "12")
	clk.advance(10 * time.Minute)
	if res := imp(p, "mage-wins-on-turns.json"); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("import: %d\n%s", res.StatusCode, errorText(t, res))
	}
	clk.advance(10 * time.Minute)
	if res := offline(p, "offline-0001"); res.StatusCode != http.StatusOK {
		t.Fatalf("a game started offline: %d\n%s", res.StatusCode, res.Body)
	}
	refused := []struct {
		rule string
		res  func() response
	}{
		{"the new-game form refuses at once, before the confirmation", func() response {
			return p.post("/new/spells-arrows", url.Values{"spy": {"Ana"}, "mage": {"Ben"}, "victory": {"12"}, "turns": {"5"}}, nil)
		}},
		{"the confirmation refuses", func() response {
			return p.post("/new/spells-arrows", url.Values{"confirm": {"1"}, "setup": {`{"victory":12,"spy":"Ana","mage":"Ben"}`}}, nil)
		}},
		{"an import refuses", func() response { return imp(p, "mage-wins-by-capture.json") }},
		{"a game started offline refuses", func() response { return offline(p, "offline-0002") }},
	}
	for _, tc := range refused {
		t.Run(tc.rule, func(t *testing.T) {
			res := tc.res()
			if res.StatusCode != http.StatusTooManyRequests {
				t.Fatalf("status %d, want 429\n%.300s", res.StatusCode, res.Body)
			}
			if !strings.Contains(res.Body, "started 3 games in the last hour") || !strings.Contains(res.Body, "can start in 40 minutes") {
				t.Errorf("the 429 does not say when:\n%s", errorText(t, res))
			}
		})
	}
	t.Run("another device goes on", func(t *testing.T) {
		a.phone().newSAGame("Cy", "Di", "12")
	})
	t.Run("once the first game leaves the hour, one more may start", func(t *testing.T) {
		clk.advance(40 * time.Minute)
		p.newSAGame("Ana", "Ben", "12")
		if res := imp(p, "random-1.json"); res.StatusCode != http.StatusTooManyRequests {
			t.Fatalf("the fifth game within the hour: status %d", res.StatusCode)
		}
	})
	t.Run("sending a game started offline again is no new game", func(t *testing.T) {
		if res := offline(p, "offline-0001"); res.StatusCode != http.StatusOK {
			t.Fatalf("a repeat of a stored offline game: %d\n%s", res.StatusCode, res.Body)
		}
	})
}

// BenchmarkHomeWith3000Games measures the home page of a device with 3,000
// games: a page of 20 (only its games are read and replayed), and all of
// them on one page, which is what the page cost before it was paginated.
func BenchmarkHomeWith3000Games(b *testing.B) {
	b.Run("a page of 20", func(b *testing.B) { benchHome(b, 20) })
	b.Run("all on one page", func(b *testing.B) { benchHome(b, 3000) })
}

func benchHome(b *testing.B, pageSize int) {
	st, err := sqlite.Open(filepath.Join(b.TempDir(), "grimoire.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	key := make([]byte, 64)
	if _, err := rand.Read(key); err != nil {
		b.Fatal(err)
	}
	h, err := handlers.New(handlers.Config{Store: st, Games: testGames(), SessionKeys: [][]byte{key[:32], key[32:]},
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Limits: handlers.Limits{HomePageSize: pageSize}})
	if err != nil {
		b.Fatal(err)
	}
	jar, err := cookiejar.New(nil)
	if err != nil {
		b.Fatal(err)
	}
	hc := &http.Client{Jar: jar, Transport: inProcess{h.Echo()},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	get := func() (*http.Response, int) {
		res, err := hc.Get("http://grimoire.test/")
		if err != nil {
			b.Fatal(err)
		}
		defer res.Body.Close()
		n, _ := io.Copy(io.Discard, res.Body)
		return res, int(n)
	}
	get() // cookies: the device and its CSRF token
	var tok string
	for _, k := range jar.Cookies(&url.URL{Scheme: "http", Host: "grimoire.test", Path: "/"}) {
		if k.Name == "grimoire_csrf" {
			tok = k.Value
		}
	}
	res, err := hc.PostForm("http://grimoire.test/new/spells-arrows", url.Values{"_csrf": {tok}, "confirm": {"1"}, "setup": {`{"victory":12,"spy":"Ana","mage":"Ben"}`}})
	if err != nil || res.StatusCode != http.StatusSeeOther {
		b.Fatalf("create the first game: %v %v", err, res)
	}
	res.Body.Close()
	first := strings.TrimPrefix(res.Header.Get("Location"), "/g/")
	g, err := st.Game(context.Background(), first)
	if err != nil {
		b.Fatal(err)
	}
	for i := range 2999 {
		c := g
		c.ID, c.SpectatorToken = fmt.Sprintf("bench-%d", i), fmt.Sprintf("watch-%d", i)
		c.Created = g.Created.Add(time.Duration(i) * time.Second)
		c.Updated = c.Created
		if err := st.CreateGame(context.Background(), c, nil); err != nil {
			b.Fatal(err)
		}
	}
	var size int
	b.ResetTimer()
	for b.Loop() {
		res, n := get()
		if res.StatusCode != http.StatusOK {
			b.Fatalf("status %d", res.StatusCode)
		}
		size = n
	}
	b.ReportMetric(float64(size), "page-bytes")
}
