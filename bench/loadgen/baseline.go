package main

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"
	_ "modernc.org/sqlite"
)

// fixed is an answer the bare handler repeats: its bytes as they went on
// the wire, their Content-Encoding ("" for none) and the record delta
// header it carried ("" for none).
type fixed struct {
	body  []byte
	enc   string
	delta string
}

// bareTable is what the bare handler serves: one tap answer, one page,
// and the page and refresh each phone last read from the app.
type bareTable struct {
	mu               sync.Mutex // guards tap and page
	tap, page        fixed
	pages, refreshes barePages
}

// setFixed stores f as what: tap, page, pages/N or refreshes/N.
func (t *bareTable) setFixed(what string, f fixed) error {
	kind, num, hasNum := strings.Cut(what, "/")
	n, err := strconv.Atoi(num)
	switch {
	case !hasNum && (kind == "tap" || kind == "page"):
		t.mu.Lock()
		defer t.mu.Unlock()
		if kind == "tap" {
			t.tap = f
		} else {
			t.page = f
		}
	case hasNum && err == nil && n >= 0 && n <= 10000 && kind == "pages":
		t.pages.set(n, f)
	case hasNum && err == nil && n >= 0 && n <= 10000 && kind == "refreshes":
		t.refreshes.set(n, f)
	default:
		return fmt.Errorf("bare server: no answer named %q", what)
	}
	return nil
}

func (t *bareTable) served(tap bool) fixed {
	t.mu.Lock()
	defer t.mu.Unlock()
	if tap {
		return t.tap
	}
	return t.page
}

// bareEcho serves fixed bytes the way the app sent them, with none of its
// work: the ceiling a handler on this machine could reach. Given the
// app's compressed bytes it sends them with the same Content-Encoding, so
// the generator inflates both answers alike and the ratio compares the
// servers, not the generator's gunzip. GET /page/N answers with page N of
// t.pages (the page phone N last read from the app, set before each bare
// read phase), or with t.page when there is none.
//
// GET /refresh/N answers likewise from t.refreshes: the htmx refresh
// (`GET /g/ID?v=V-1`, what a page asks after an event) the app last
// answered phone N.
//
// PUT /set/{tap,page,pages/N,refreshes/N} stores its body (with the
// X-Enc and X-Delta headers as enc and delta) for the answers above: how
// the generator fills a bare server running in a process of its own.
func bareEcho(t *bareTable) *echo.Echo {
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	send := func(c echo.Context, f fixed) error {
		if f.enc != "" {
			c.Response().Header().Set(echo.HeaderContentEncoding, f.enc)
		}
		if f.delta != "" {
			c.Response().Header().Set(recordDeltaHeader, f.delta)
		}
		return c.HTMLBlob(http.StatusOK, f.body)
	}
	perPhone := func(from *barePages) echo.HandlerFunc {
		return func(c echo.Context) error {
			n, err := strconv.Atoi(c.Param("n"))
			if f, ok := from.get(n); err == nil && ok {
				return send(c, f)
			}
			return send(c, t.served(false))
		}
	}
	e.POST("/tap", func(c echo.Context) error { return send(c, t.served(true)) })
	e.GET("/page", func(c echo.Context) error { return send(c, t.served(false)) })
	e.GET("/page/:n", perPhone(&t.pages))
	e.GET("/refresh/:n", perPhone(&t.refreshes))
	e.PUT("/set/*", func(c echo.Context) error {
		f, err := readFixed(c)
		if err != nil {
			return err
		}
		if err := t.setFixed(c.Param("*"), f); err != nil {
			return echo.NewHTTPError(http.StatusNotFound, err.Error())
		}
		return c.NoContent(http.StatusNoContent)
	})
	return e
}

func readFixed(c echo.Context) (fixed, error) {
	body, err := io.ReadAll(io.LimitReader(c.Request().Body, 8<<20))
	if err != nil {
		return fixed{}, err
	}
	return fixed{body: body, enc: c.Request().Header.Get("X-Enc"), delta: c.Request().Header.Get("X-Delta")}, nil
}

// bareArg is the first argument that makes this program the bare server
// alone (see startBare).
const bareArg = "bare-serve"

// serveBare is the bare server as a process of its own: it prints its
// address on stdout and serves until its stdin closes (the generator that
// started it ended).
func serveBare(out io.Writer) error {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: bareEcho(&bareTable{}), ReadHeaderTimeout: 5 * time.Second}
	go func() {
		_, _ = io.Copy(io.Discard, os.Stdin)
		srv.Close()
	}()
	fmt.Fprintf(out, "http://%s\n", ln.Addr())
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// bareServer is the bare Echo handler the closed loop measures against.
// By default it runs as a process of its own, as the app does. In the
// generator's process its answers never crossed from one process to
// another, which the app's always do (waking the other process's thread
// and switching to it), and that alone made it answer the same phones'
// page GETs 1.6-2.1 times as fast (docs/performance.md, 2026-12-01 23:48).
type bareServer struct {
	base  string
	table *bareTable // in the generator's process; nil when it runs apart
	cmd   *exec.Cmd
	stdin io.Closer
	srv   *http.Server
}

// startBare starts the bare server: in a child process running this same
// program, or with inProcess in this one.
func startBare(ctx context.Context, inProcess bool) (*bareServer, error) {
	if inProcess {
		t := &bareTable{}
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		srv := &http.Server{Handler: bareEcho(t), ReadHeaderTimeout: 5 * time.Second}
		go srv.Serve(ln)
		return &bareServer{base: "http://" + ln.Addr().String(), table: t, srv: srv}, nil
	}
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("bare server: %w", err)
	}
	cmd := exec.Command(exe, bareArg)
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("bare server: %w", err)
	}
	b := &bareServer{cmd: cmd, stdin: stdin}
	line := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		if sc.Scan() {
			line <- sc.Text()
		}
		close(line)
		_, _ = io.Copy(io.Discard, stdout)
	}()
	select {
	case l, ok := <-line:
		if !ok || !strings.HasPrefix(l, "http://127.0.0.1:") {
			b.stop()
			return nil, fmt.Errorf("bare server: it said %q instead of its address", l)
		}
		b.base = l
	case <-time.After(20 * time.Second):
		b.stop()
		return nil, errors.New("bare server: no address within 20s")
	case <-ctx.Done():
		b.stop()
		return nil, ctx.Err()
	}
	return b, nil
}

// set stores f as what (tap, page, pages/N or refreshes/N).
func (b *bareServer) set(ctx context.Context, what string, f fixed) error {
	if b.table != nil {
		return b.table.setFixed(what, f)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, b.base+"/set/"+what, bytes.NewReader(f.body))
	if err != nil {
		return err
	}
	req.Header.Set("X-Enc", f.enc)
	req.Header.Set("X-Delta", f.delta)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("bare server: set %s: %w", what, err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusNoContent {
		return fmt.Errorf("bare server: set %s: status %d", what, res.StatusCode)
	}
	return nil
}

// setAll stores every page of from under kind (pages or refreshes).
func (b *bareServer) setAll(ctx context.Context, kind string, from *barePages) error {
	from.mu.Lock()
	pages := slices.Clone(from.pages)
	from.mu.Unlock()
	for n, f := range pages {
		if f.body == nil {
			continue
		}
		if err := b.set(ctx, kind+"/"+strconv.Itoa(n), f); err != nil {
			return err
		}
	}
	return nil
}

// cpu is the bare server's CPU time so far, or -1 (in process: counted
// with the generator's).
func (b *bareServer) cpu() time.Duration {
	if b.cmd == nil || b.cmd.Process == nil {
		return -1
	}
	return procCPU(strconv.Itoa(b.cmd.Process.Pid))
}

func (b *bareServer) stop() {
	if b.srv != nil {
		b.srv.Close()
	}
	if b.cmd != nil {
		b.stdin.Close()
		done := make(chan struct{})
		go func() { _ = b.cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			_ = b.cmd.Process.Kill()
			<-done
		}
	}
}

// barePages are the pages the app last sent each phone, one per phone: the
// bare handler serves phone N the bytes the app served phone N, so both
// read phases move the same sizes (a game's page grows with its log, and
// one sample page from the start of a game is smaller than most).
type barePages struct {
	mu    sync.Mutex
	pages []fixed
}

func (b *barePages) set(n int, f fixed) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for len(b.pages) <= n {
		b.pages = append(b.pages, fixed{})
	}
	b.pages[n] = f
}

func (b *barePages) get(n int) (fixed, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if n < 0 || n >= len(b.pages) || b.pages[n].body == nil {
		return fixed{}, false
	}
	return b.pages[n], true
}

// rawRun is what the raw appends did: how many commits in how long, and
// the CPU they took (-1 without /proc). They run alone in the generator's
// process, so its CPU over the loop is theirs. A commit here is mostly CPU
// (the kernel's part of pwrite and fsync included), which bounds what
// grouping commits can save.
type rawRun struct {
	n            int
	elapsed, cpu time.Duration
}

func (r rawRun) rate() float64 { return float64(r.n) / r.elapsed.Seconds() }

// rawAppends makes durable one-row commits with the store's pragmas (WAL,
// synchronous FULL, immediate transactions), each row in its own
// transaction, for d: what SQLite does on this disk without the app.
func rawAppends(ctx context.Context, dir string, d time.Duration) (rawRun, error) {
	f, err := os.CreateTemp(dir, "raw-*.db")
	if err != nil {
		return rawRun{}, err
	}
	f.Close()
	path := f.Name()
	defer os.Remove(path)
	defer os.Remove(path + "-wal")
	defer os.Remove(path + "-shm")
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(5000)&_pragma=foreign_keys(1)&_pragma=synchronous(FULL)&_pragma=journal_mode(WAL)&_txlock=immediate")
	if err != nil {
		return rawRun{}, err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	if _, err := db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS entries (
		game_id TEXT NOT NULL, seq INTEGER NOT NULL, kind TEXT NOT NULL, action TEXT,
		seat INTEGER NOT NULL, client_id TEXT, at INTEGER NOT NULL,
		PRIMARY KEY (game_id, seq), UNIQUE (game_id, client_id)) STRICT, WITHOUT ROWID`); err != nil {
		return rawRun{}, fmt.Errorf("raw appends: %w", err)
	}
	action := `{"type":"spy-shot","made":true}`
	cpu0, start := ownCPU(), time.Now()
	n := 0
	for time.Since(start) < d {
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return rawRun{}, err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO entries (game_id, seq, kind, action, seat, client_id, at) VALUES (?, ?, 'action', ?, -1, ?, ?)`,
			"raw", n, action, fmt.Sprint("c", n), time.Now().UnixMilli()); err != nil {
			tx.Rollback()
			return rawRun{}, err
		}
		if err := tx.Commit(); err != nil {
			return rawRun{}, err
		}
		n++
	}
	r := rawRun{n: n, elapsed: time.Since(start), cpu: -1}
	if cpu := ownCPU(); cpu0 >= 0 && cpu >= 0 {
		r.cpu = cpu - cpu0
	}
	return r, nil
}
