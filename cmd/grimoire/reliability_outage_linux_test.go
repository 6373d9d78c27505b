package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/grimoire-games/grimoire/store/postgres"
)

// pgCluster is a throwaway PostgreSQL cluster of the test's own, on a port
// of its own, that the test stops and starts (the shared one of
// GRIMOIRE_TEST_POSTGRES is left alone).
type pgCluster struct {
	t    *testing.T
	bin  string
	dir  string
	port int
}

// newPGCluster makes and starts a cluster, or skips without PostgreSQL's
// programs (fails where GRIMOIRE_REQUIRE_POSTGRES=1).
func newPGCluster(t *testing.T) *pgCluster {
	t.Helper()
	initdbs, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	if p, err := exec.LookPath("initdb"); err == nil {
		initdbs = append(initdbs, p)
	}
	if len(initdbs) == 0 {
		if os.Getenv("GRIMOIRE_REQUIRE_POSTGRES") == "1" {
			t.Fatal("GRIMOIRE_REQUIRE_POSTGRES=1 but no initdb: install postgresql")
		}
		t.Skip("no initdb: skipping the database-away test")
	}
	sort.Strings(initdbs)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	dir, err := os.MkdirTemp("", "grimoire-pg-away-")
	if err != nil {
		t.Fatal(err)
	}
	c := &pgCluster{t: t, bin: filepath.Dir(initdbs[len(initdbs)-1]), dir: dir, port: port}
	t.Cleanup(func() {
		c.pgctl("-m", "immediate", "stop")
		os.RemoveAll(dir)
	})
	if os.Getuid() == 0 {
		// PostgreSQL refuses to run as root: its files belong to postgres.
		u, err := user.Lookup("postgres")
		if err != nil {
			t.Skip("running as root with no postgres user: skipping the database-away test")
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			t.Fatal(err)
		}
	}
	if out, err := c.run(filepath.Join(c.bin, "initdb"), "-D", filepath.Join(dir, "data"), "-A", "trust", "-U", "postgres"); err != nil {
		t.Fatalf("initdb: %v\n%s", err, out)
	}
	c.start()
	return c
}

// run runs a PostgreSQL program, as postgres when the test runs as root.
func (c *pgCluster) run(name string, args ...string) ([]byte, error) {
	var cmd *exec.Cmd
	if os.Getuid() == 0 {
		q := []string{name}
		for _, a := range args {
			q = append(q, "'"+strings.ReplaceAll(a, "'", `'\''`)+"'")
		}
		cmd = exec.Command("su", "postgres", "-c", strings.Join(q, " "))
	} else {
		cmd = exec.Command(name, args...)
	}
	return cmd.CombinedOutput()
}

func (c *pgCluster) pgctl(args ...string) ([]byte, error) {
	return c.run(filepath.Join(c.bin, "pg_ctl"), append([]string{"-D", filepath.Join(c.dir, "data"), "-w"}, args...)...)
}

func (c *pgCluster) start() {
	c.t.Helper()
	opts := fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1", c.port, c.dir)
	if out, err := c.pgctl("-o", opts, "-l", filepath.Join(c.dir, "log"), "start"); err != nil {
		log, _ := os.ReadFile(filepath.Join(c.dir, "log"))
		c.t.Fatalf("pg_ctl start: %v\n%s\n%s", err, out, log)
	}
}

// crash stops the server the hard way, as a crash or a kill would.
func (c *pgCluster) crash() {
	c.t.Helper()
	if out, err := c.pgctl("-m", "immediate", "stop"); err != nil {
		c.t.Fatalf("pg_ctl stop: %v\n%s", err, out)
	}
}

func (c *pgCluster) url() string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", c.port)
}

// While PostgreSQL is down, the real binary answers a tap 503 with
// Retry-After and words, /healthz 503, logs the outage once (not per
// request) and its end; once the database is back it takes the same tap
// again, once, with no restart of its own.
func TestReliabilityDatabaseAway(t *testing.T) {
	pg := newPGCluster(t)
	srv := &server{t: t, bin: grimoireBinary(t), data: t.TempDir(), db: pg.url()}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv.addr = ln.Addr().String()
	ln.Close()
	srv.start()
	t.Cleanup(srv.kill)

	sc := &scorer{p: srv.phone(), r: rand.New(rand.NewPCG(1, 2))}
	if err := sc.newGame(); err != nil {
		t.Fatal(err)
	}
	g := sc.games[0]
	// next is the next legal tap on the game, not sent yet.
	next := func() (entry, func() (answer, error)) {
		t.Helper()
		e, path, form, _, err := sc.next(g)
		if err != nil {
			t.Fatal(err)
		}
		return e, func() (answer, error) { return sc.p.post(path, form, true) }
	}
	e, send := next()
	if res, err := send(); err != nil || res.Status != http.StatusOK {
		t.Fatalf("first tap: %v %d", err, res.Status)
	}
	g.acked = append(g.acked, e)
	e, send = next()
	tap := func(int) (answer, error) { return send() }

	pg.crash()
	for i := range 5 {
		res, err := tap(1)
		if err != nil {
			t.Fatalf("tap %d while the database is down: no answer: %v", i, err)
		}
		if res.Status != http.StatusServiceUnavailable {
			t.Fatalf("tap %d while the database is down: %d, want 503\n%.300s", i, res.Status, res.Body)
		}
		if ra, err := strconv.Atoi(res.Header.Get("Retry-After")); err != nil || ra < 1 {
			t.Errorf("tap %d: Retry-After %q, want seconds", i, res.Header.Get("Retry-After"))
		}
		if !strings.Contains(res.Body, "cannot reach its database") {
			t.Errorf("tap %d: the answer does not say what is wrong: %.300s", i, res.Body)
		}
	}
	if res, err := sc.p.get("/healthz"); err != nil || res.Status != http.StatusServiceUnavailable {
		t.Errorf("/healthz while the database is down: %v %d, want 503", err, res.Status)
	}

	restartAt := time.Now()
	pg.start()
	// The pool connects again by itself; the phone's outbox sends the
	// same tap again after Retry-After.
	var res answer
	for time.Since(restartAt) < 20*time.Second {
		if res, err = tap(1); err == nil && res.Status == http.StatusOK {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	back := time.Since(restartAt)
	if err != nil || res.Status != http.StatusOK {
		t.Fatalf("the tap after the database came back: %v %d %.300s", err, res.Status, res.Body)
	}
	if res, err := tap(1); err != nil || res.Status != http.StatusOK {
		t.Fatalf("the same tap once more: %v %d", err, res.Status)
	}
	if res, err := sc.p.get("/healthz"); err != nil || res.Status != http.StatusOK {
		t.Errorf("/healthz once the database is back: %v %d, want 200", err, res.Status)
	}
	g.acked = append(g.acked, e)
	// A clean stop, so the log is written out whole.
	srv.cmd.Process.Signal(syscall.SIGTERM)
	<-srv.done
	srv.cmd = nil
	st, err := postgres.Open(context.Background(), pg.url())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if log := storedLog(t, st, g.id); !sameLog(log, g.acked) {
		t.Errorf("the game holds %d entries, want the tap before and the one resent, once, in order", len(log))
	}
	logs := srv.errs.String()
	if n := strings.Count(logs, "store unreachable"); n != 1 {
		t.Errorf("the outage is logged %d times, want once:\n%s", n, logs)
	}
	if !strings.Contains(logs, "store back") {
		t.Errorf("the database's return is not logged:\n%s", logs)
	}
	for _, l := range strings.Split(logs, "\n") {
		if strings.Contains(l, "store unreachable") || strings.Contains(l, "store back") {
			t.Log(l)
		}
	}
	t.Logf("the database was back and the tap taken %v after PostgreSQL was started again", back.Round(time.Millisecond))
	if strings.Contains(logs, "request failed") || strings.Contains(logs, "status=500") {
		t.Errorf("a request failed with 500 while the database was down:\n%s", logs)
	}
}
