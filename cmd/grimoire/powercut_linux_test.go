package main

import (
	"context"
	crand "crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hanwen/go-fuse/v2/fuse"

	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/store/durable"
	"github.com/grimoire-games/grimoire/store/sqlite"
)

// The power-cut test runs the real binary with its data directory on
// cutFS, a file system that keeps in memory what was not synced and drops
// it at a simulated cut, as a disk loses its cache when the power goes
// (kill -9 alone keeps the operating system's cache, so it never tests
// fsync). Several phones keep score, the power is cut at random moments,
// the file system is mounted again and the server restarted with no hand:
// every acknowledged tap must be there, in order, once; the phones'
// cookies must still open their games. A control run on a disk that
// forgets even synced writes must be caught by the same checks.
//
// FUSE needs /dev/fuse and root (or fusermount3, Debian's fuse3). Without
// them the test skips, except where CI=true or GRIMOIRE_REQUIRE_FUSE=1
// (.ci/run) make the absence a failure.

func TestPowerCut(t *testing.T) {
	if testing.Short() {
		t.Skip("the power-cut test takes half a minute")
	}
	requireFUSE(t)
	seed := uint64(time.Now().UnixNano())
	t.Logf("cut moments drawn from seed %d", seed)
	// Five cuts in CI; GRIMOIRE_POWER_CUTS asks for more on a long run.
	cuts := 5
	if n, err := strconv.Atoi(os.Getenv("GRIMOIRE_POWER_CUTS")); err == nil && n > 0 {
		cuts = n
	}
	fig, problems := powerCuts(t, true, cuts, seed)
	for _, p := range problems {
		t.Error(p)
	}
	if fig.acked < 60 {
		t.Errorf("only %d acknowledged taps over %d cuts: too few to prove anything", fig.acked, fig.cuts)
	}
	t.Logf("cuts %d, acknowledged taps %d, unanswered at a cut and resent %d, fsyncs %d; lost %d, out of order or doubled %d, cookies refused %d, restarts that failed %d",
		fig.cuts, fig.acked, fig.resent, fig.syncs, fig.lost, fig.wrong, fig.cookies, fig.restarts)
}

// TestPowerCutKeysFromOlderBuild: a data directory an older build made,
// with its session keys in DATA/session.keys. The first start moves them
// into the database; the phones' cookies, signed with them, must keep
// opening their games through the cuts.
func TestPowerCutKeysFromOlderBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("the power-cut test takes half a minute")
	}
	requireFUSE(t)
	var dir, key string
	fig, problems := powerCutsWith(t, true, 3, uint64(time.Now().UnixNano()), func(data string) {
		if err := durable.MkdirAll(data, 0o700); err != nil {
			t.Fatal(err)
		}
		b := make([]byte, 64)
		crand.Read(b)
		dir, key = data, hex.EncodeToString(b)
		if err := durable.WriteFile(filepath.Join(data, keyFile), []byte(key+"\n"), 0o600); err != nil {
			t.Fatal(err)
		}
	})
	for _, p := range problems {
		t.Error(p)
	}
	// The phones' cookies were signed with the older build's key: it is
	// the one the database keeps, and the file is set aside.
	found, err := readDatabase(filepath.Join(dir, "grimoire.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(found.Keys) != 1 || found.Keys[0] != key {
		t.Errorf("the database keeps %d keys, want the older build's one", len(found.Keys))
	}
	if _, err := os.Stat(filepath.Join(dir, movedKeyFile)); err != nil {
		t.Errorf("the older build's file is not set aside after the cuts: %v", err)
	}
	t.Logf("cuts %d, acknowledged taps %d, cookies refused %d, lost %d", fig.cuts, fig.acked, fig.cookies, fig.lost)
}

// TestPowerCutControl: on a disk that forgets what was synced, the same
// checks find the loss, so TestPowerCut passing means something.
func TestPowerCutControl(t *testing.T) {
	if testing.Short() {
		t.Skip("the power-cut test takes half a minute")
	}
	requireFUSE(t)
	fig, problems := powerCuts(t, false, 1, 1)
	if len(problems) == 0 {
		t.Fatalf("a disk that keeps nothing passed the power-cut checks (%d taps acknowledged)", fig.acked)
	}
	t.Logf("the control run was caught: %d problems, the first: %s", len(problems), problems[0])
}

func requireFUSE(t *testing.T) {
	t.Helper()
	var why string
	if _, err := os.Stat("/dev/fuse"); err != nil {
		why = "no /dev/fuse"
	} else {
		dir := t.TempDir()
		srv, err := newCutFS(true).mount(dir)
		if err != nil {
			why = "cannot mount a FUSE file system: " + err.Error()
		} else {
			srv.Unmount()
		}
	}
	if why == "" {
		return
	}
	if os.Getenv("CI") == "true" || os.Getenv("GRIMOIRE_REQUIRE_FUSE") == "1" {
		t.Fatalf("%s, and CI=true or GRIMOIRE_REQUIRE_FUSE=1 require the power-cut test (install fuse3, run as root)", why)
	}
	t.Skipf("%s: skipping the power-cut test", why)
}

type cutFigures struct {
	cuts, acked, resent, syncs     int
	lost, wrong, cookies, restarts int
}

// powerCuts plays and cuts the power cuts times and returns what it
// counted and every problem found.
func powerCuts(t *testing.T, keepSynced bool, cuts int, seed uint64) (cutFigures, []string) {
	t.Helper()
	return powerCutsWith(t, keepSynced, cuts, seed, nil)
}

// powerCutsWith is powerCuts with a data directory prepared by before
// (nil: none, grimoire makes it).
func powerCutsWith(t *testing.T, keepSynced bool, cuts int, seed uint64, before func(data string)) (cutFigures, []string) {
	t.Helper()
	var fig cutFigures
	var problems []string
	fail := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }

	disk := newCutFS(keepSynced)
	mnt := t.TempDir()
	fsrv, err := disk.mount(mnt)
	if err != nil {
		t.Fatalf("mount: %v", err)
	}
	mounted := []*fuse.Server{fsrv}
	t.Cleanup(func() { mounted[0].Unmount() })

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	// A data directory grimoire makes itself, and no --session-key: the
	// keys are the server's own, and must survive with the games.
	srv := &server{t: t, bin: grimoireBinary(t), data: filepath.Join(mnt, "grimoire"), addr: addr}
	if before != nil {
		before(srv.data)
	}
	if err := srv.tryStart(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.kill)

	r := rand.New(rand.NewPCG(seed, 29))
	scorers := make([]*scorer, 4)
	for i := range scorers {
		scorers[i] = &scorer{p: srv.phone(), r: rand.New(rand.NewPCG(seed+uint64(i), 99))}
	}
	for k := 0; k < cuts; k++ {
		stop := make(chan struct{})
		var wg sync.WaitGroup
		for _, s := range scorers {
			wg.Go(func() { s.play(stop) })
		}
		time.Sleep(time.Duration(50+r.IntN(950)) * time.Millisecond)
		// The power goes: the server dies with whatever it had not synced.
		srv.kill()
		wg.Wait()
		close(stop)
		if err := mounted[0].Unmount(); err != nil {
			t.Fatalf("unmount after the cut: %v", err)
		}
		disk.cut()
		fig.cuts++
		if mounted[0], err = disk.mount(mnt); err != nil {
			t.Fatalf("mount after the cut: %v", err)
		}
		for _, s := range scorers {
			for _, f := range s.failed {
				fail("a write got a wrong answer before the cut: %s", f)
			}
			s.failed = nil
		}
		// The server restarts with no hand.
		if err := srv.tryStart(); err != nil {
			fig.restarts++
			fail("cut %d: the server did not restart: %v", k+1, err)
			break
		}
		// Each phone sends again the tap it never heard back about, as
		// its outbox does, with its old cookie: taken once, whether or not
		// it was stored before the cut.
		for i, s := range scorers {
			for _, g := range s.games {
				if g.inflight == nil {
					continue
				}
				res, err := s.p.post(g.path, g.form, true)
				switch {
				case err != nil:
					fail("cut %d: phone %d: resend: %v", k+1, i, err)
				case res.Status == http.StatusForbidden:
					fig.cookies++
					fail("cut %d: phone %d: its cookie no longer opens game %s (403)", k+1, i, g.id)
				case res.Status != http.StatusOK:
					fail("cut %d: phone %d: resend to game %s: %d %.200s", k+1, i, g.id, res.Status, res.Body)
				default:
					g.acked = append(g.acked, *g.inflight)
					fig.resent++
				}
				g.inflight, g.form = nil, nil
			}
			// The home page lists the phone's games only while its cookie
			// names the same device.
			if len(s.games) > 0 {
				id := s.games[len(s.games)-1].id
				if res, err := s.p.get("/"); err != nil || !strings.Contains(res.Body, "/g/"+id) {
					fig.cookies++
					fail("cut %d: phone %d: its game %s is not among its games after the restart (the cookie names another device)", k+1, i, id)
				}
			}
		}
		// Read what the restarted server has, from its own files.
		srv.kill()
		lost, wrong := checkLogs(srv, scorers)
		fig.lost += len(lost)
		fig.wrong += len(wrong)
		for _, p := range append(lost, wrong...) {
			fail("cut %d: %s", k+1, p)
		}
		if len(problems) > 0 {
			break // the phones' picture of their games is wrong from here on
		}
		if err := srv.tryStart(); err != nil {
			fig.restarts++
			fail("cut %d: the server did not start after the check: %v", k+1, err)
			break
		}
	}
	srv.kill()
	for _, s := range scorers {
		fig.acked += s.acked
	}
	fig.acked += fig.resent
	disk.mu.Lock()
	fig.syncs = disk.syncs
	disk.mu.Unlock()
	return fig, problems
}

// readout is what the reader process found in a database.
type readout struct {
	Logs    map[string][]store.Entry
	Missing []string
	Keys    []string
	Err     string
}

// readDatabase reads the games' logs and the kept session keys from the
// database at path in a child process (TestPowerCutReader). Never in this
// one: this process serves the FUSE mount, and SQLite maps its WAL index
// into memory; a page fault there waits for this process to answer, and a
// garbage collection that starts meanwhile waits for the faulting thread,
// so both would wait for ever.
func readDatabase(path string, ids []string) (readout, error) {
	cmd := exec.Command(os.Args[0], "-test.run=^TestPowerCutReader$", "-test.count=1")
	cmd.Env = append(os.Environ(), "GRIMOIRE_POWERCUT_READ="+path, "GRIMOIRE_POWERCUT_GAMES="+strings.Join(ids, ","))
	var out readout
	b, err := cmd.Output()
	for _, line := range strings.Split(string(b), "\n") {
		if j, ok := strings.CutPrefix(line, "POWERCUT-READ "); ok {
			if err := json.Unmarshal([]byte(j), &out); err != nil {
				return out, err
			}
			if out.Err != "" {
				return out, errors.New(out.Err)
			}
			return out, nil
		}
	}
	return out, fmt.Errorf("the reader process said nothing (%v): %s", err, b)
}

// TestPowerCutReader is the reader process of readDatabase; it skips when
// run as a test.
func TestPowerCutReader(t *testing.T) {
	path := os.Getenv("GRIMOIRE_POWERCUT_READ")
	if path == "" {
		t.Skip("the power-cut test's reader process")
	}
	out := readout{Logs: map[string][]store.Entry{}}
	defer func() {
		b, _ := json.Marshal(out)
		fmt.Printf("\nPOWERCUT-READ %s\n", b)
	}()
	st, err := sqlite.Open(path)
	if err != nil {
		out.Err = fmt.Sprintf("the database does not open: %v", err)
		return
	}
	defer st.Close()
	ctx := context.Background()
	for _, id := range strings.Split(os.Getenv("GRIMOIRE_POWERCUT_GAMES"), ",") {
		if id == "" {
			continue
		}
		log, err := st.Log(ctx, id)
		switch {
		case errors.Is(err, store.ErrNotFound):
			out.Missing = append(out.Missing, id)
		case err != nil:
			out.Err = fmt.Sprintf("game %s: %v", id, err)
			return
		default:
			out.Logs[id] = log
		}
	}
	if out.Keys, err = st.SessionKeys(ctx, nil); err != nil {
		out.Err = err.Error()
	}
}

// checkLogs reads the stopped server's database and compares every game's
// log with the taps its phone saw acknowledged: the same, in order, once.
func checkLogs(srv *server, scorers []*scorer) (lost, wrong []string) {
	var ids []string
	for _, s := range scorers {
		for _, g := range s.games {
			ids = append(ids, g.id)
		}
	}
	found, err := readDatabase(filepath.Join(srv.data, "grimoire.db"), ids)
	if err != nil {
		return []string{err.Error()}, nil
	}
	for i, s := range scorers {
		for _, g := range s.games {
			log, ok := found.Logs[g.id]
			switch {
			case !ok:
				if len(g.acked) > 0 {
					lost = append(lost, fmt.Sprintf("phone %d: game %s with %d acknowledged taps is gone", i, g.id, len(g.acked)))
				}
			case len(log) < len(g.acked):
				lost = append(lost, fmt.Sprintf("phone %d: game %s holds %d of its %d acknowledged taps", i, g.id, len(log), len(g.acked)))
			case !sameLog(log, g.acked):
				wrong = append(wrong, fmt.Sprintf("phone %d: game %s: its %d entries are not the %d acknowledged taps in order", i, g.id, len(log), len(g.acked)))
			}
		}
	}
	return lost, wrong
}
