package main

import (
	"context"
	"database/sql"
	"fmt"
	"net"
	"net/http"
	"os"
	"strconv"
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

// bareEcho serves fixed bytes the way the app sent them, with none of its
// work: the ceiling a handler on this machine could reach. Given the
// app's compressed bytes it sends them with the same Content-Encoding, so
// the generator inflates both answers alike and the ratio compares the
// servers, not the generator's gunzip. GET /page/N answers with pages'
// page N (the page phone N last read from the app, set before each bare
// read phase), or with page when there is none.
//
// GET /refresh/N answers likewise with refreshes' page N: the htmx refresh
// (`GET /g/ID?v=V-1`, what a page asks after an event) the app last
// answered phone N.
func bareEcho(tap, page fixed, pages, refreshes *barePages) (base string, stop func(), err error) {
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
			return send(c, page)
		}
	}
	e.POST("/tap", func(c echo.Context) error { return send(c, tap) })
	e.GET("/page", func(c echo.Context) error { return send(c, page) })
	e.GET("/page/:n", perPhone(pages))
	e.GET("/refresh/:n", perPhone(refreshes))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	srv := &http.Server{Handler: e, ReadHeaderTimeout: 5 * time.Second}
	go srv.Serve(ln)
	return "http://" + ln.Addr().String(), func() { srv.Close() }, nil
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

// rawAppends is how many durable one-row commits per second SQLite does on
// this disk with the store's pragmas (WAL, synchronous FULL, immediate
// transactions), each row in its own transaction, for d.
func rawAppends(ctx context.Context, dir string, d time.Duration) (float64, error) {
	f, err := os.CreateTemp(dir, "raw-*.db")
	if err != nil {
		return 0, err
	}
	f.Close()
	path := f.Name()
	defer os.Remove(path)
	defer os.Remove(path + "-wal")
	defer os.Remove(path + "-shm")
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(5000)&_pragma=foreign_keys(1)&_pragma=synchronous(FULL)&_pragma=journal_mode(WAL)&_txlock=immediate")
	if err != nil {
		return 0, err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	if _, err := db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS entries (
		game_id TEXT NOT NULL, seq INTEGER NOT NULL, kind TEXT NOT NULL, action TEXT,
		seat INTEGER NOT NULL, client_id TEXT, at INTEGER NOT NULL,
		PRIMARY KEY (game_id, seq), UNIQUE (game_id, client_id)) STRICT, WITHOUT ROWID`); err != nil {
		return 0, fmt.Errorf("raw appends: %w", err)
	}
	action := `{"type":"spy-shot","made":true}`
	start := time.Now()
	n := 0
	for time.Since(start) < d {
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return 0, err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO entries (game_id, seq, kind, action, seat, client_id, at) VALUES (?, ?, 'action', ?, -1, ?, ?)`,
			"raw", n, action, fmt.Sprint("c", n), time.Now().UnixMilli()); err != nil {
			tx.Rollback()
			return 0, err
		}
		if err := tx.Commit(); err != nil {
			return 0, err
		}
		n++
	}
	return float64(n) / time.Since(start).Seconds(), nil
}
