// Command loadgen plays real Spells & Arrows games against a Grimoire server
// over HTTP, as phones at the court do, and measures what a tap costs: open
// loop at fixed rates, closed loop, a bare Echo handler and raw durable
// SQLite appends as baselines in the same run, and tap cost as a game grows.
// Everything is bounded in time and talks to 127.0.0.1 only. Usage and the
// figures it produced: docs/performance.md.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime/pprof"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
)

type config struct {
	target     string
	bin        string
	src        string
	phones     int
	rates      []int
	duration   time.Duration
	closed     int
	rounds     int
	turns      int
	growth     []int
	growthTaps int
	undo       float64
	runs       map[string]bool
	// delta makes the app's phones ask for record deltas
	// (X-Grimoire-Record: delta), as a page that keeps its own copy does.
	delta bool
	// barePlain makes the bare handler serve the answers' identity bytes
	// (the baseline before 2026-12-01 15:00) instead of their wire bytes.
	barePlain bool
	// bareInProcess runs the bare handler inside the generator (the
	// baseline before 2026-12-02 00:00) instead of in a process of its own.
	bareInProcess bool
	// dictionary has phones hold the compression dictionary their pages
	// link to, as Chromium does (dictionary.go); dicts is the run's store
	// of them (nil without).
	dictionary bool
	dicts      *dictStore
	// cpuProfile is where the generator's own CPU profile goes ("" none):
	// what it spends per tap is taken from the two cores it shares.
	cpuProfile string
}

func main() {
	// A kill, like a Ctrl-C, ends the runs and stops the servers this
	// generator started; without it the app's server outlived a killed
	// generator.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if len(os.Args) > 1 && os.Args[1] == bareArg {
		if err := serveBare(os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, "loadgen bare server:", err)
			os.Exit(1)
		}
		return
	}
	if err := run(ctx, os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "loadgen:", err)
		os.Exit(1)
	}
}

func ints(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f == "" {
			continue
		}
		n, err := strconv.Atoi(f)
		if err != nil || n <= 0 {
			return nil, fmt.Errorf("%q is not a positive number", f)
		}
		out = append(out, n)
	}
	return out, nil
}

func parse(args []string) (config, error) {
	fs := flag.NewFlagSet("loadgen", flag.ContinueOnError)
	var c config
	var rates, growth, runs string
	fs.StringVar(&c.target, "target", "", "URL of a running server (loopback); empty builds and starts one")
	fs.StringVar(&c.bin, "bin", "", "server binary to start (empty: go build ./cmd/grimoire from -src)")
	fs.StringVar(&c.src, "src", ".", "repository root to build the server from")
	fs.IntVar(&c.phones, "phones", 100, "phones in the open-loop runs, each playing its own game")
	fs.StringVar(&rates, "rates", "200,500", "open-loop rates in taps per second, comma-separated")
	fs.DurationVar(&c.duration, "duration", 5*time.Second, "length of each run")
	fs.IntVar(&c.closed, "closed", 8, "concurrent phones in the closed-loop runs")
	fs.IntVar(&c.rounds, "rounds", 1, "closed-loop rounds, app and baselines alternating (the median is reported)")
	fs.IntVar(&c.turns, "turns", 5, "turns per game")
	fs.StringVar(&growth, "growth", "10,300,1000,5000", "game lengths (actions) of the growth run")
	fs.IntVar(&c.growthTaps, "growth-taps", 40, "taps measured at each length of the growth run")
	fs.Float64Var(&c.undo, "undo", 0.02, "share of taps that are an undo")
	fs.BoolVar(&c.barePlain, "bare-plain", false, "the bare Echo baseline serves the answers uncompressed (the old baseline) instead of the app's wire bytes with their Content-Encoding")
	fs.BoolVar(&c.bareInProcess, "bare-in-process", false, "the bare Echo baseline runs inside the generator (the old baseline) instead of in a process of its own, as the app does")
	fs.BoolVar(&c.delta, "delta", false, "phones send X-Grimoire-Record: delta (the record's change instead of the whole record)")
	fs.BoolVar(&c.dictionary, "dictionary", true, "phones hold the compression dictionary their pages link to and take answers compressed against it (dcz), as Chromium does; false: gzip only (the runs before 2026-12-02 04:00)")
	fs.StringVar(&c.cpuProfile, "cpuprofile", "", "write the generator's own CPU profile to this file")
	fs.StringVar(&runs, "runs", "open,closed,growth", "which runs: open, closed (with the baselines), growth, pages (headless Chromium)")
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	var err error
	if c.rates, err = ints(rates); err != nil {
		return c, fmt.Errorf("-rates: %w", err)
	}
	if c.growth, err = ints(growth); err != nil {
		return c, fmt.Errorf("-growth: %w", err)
	}
	if c.dictionary {
		c.dicts = newDictStore()
	}
	c.runs = map[string]bool{}
	for _, r := range strings.Split(runs, ",") {
		c.runs[strings.TrimSpace(r)] = true
	}
	if c.phones < 1 || c.closed < 1 || c.rounds < 1 || c.duration <= 0 || c.duration > 10*time.Minute {
		return c, errors.New("phones, closed and rounds must be at least 1, and the duration 0 to 10 minutes")
	}
	if c.target != "" {
		u, err := url.Parse(c.target)
		if err != nil || !loopback(u.Hostname()) {
			return c, fmt.Errorf("-target %q: only a loopback address is allowed", c.target)
		}
		c.target = strings.TrimSuffix(c.target, "/")
	}
	return c, nil
}

func loopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// server is the app under test when loadgen started it itself.
type server struct {
	base string
	cmd  *exec.Cmd
	data string
}

// cpu is the server's user+system CPU time so far (Linux /proc), or -1.
func (s *server) cpu() time.Duration {
	if s == nil || s.cmd == nil {
		return -1
	}
	return procCPU(strconv.Itoa(s.cmd.Process.Pid))
}

// ownCPU is the generator's own CPU time so far, or -1: it shares the
// cores with the server, so what it spends a tap bounds what both can do.
func ownCPU() time.Duration { return procCPU("self") }

// procCPU is the user+system CPU time of process pid ("self" for this one)
// from Linux's /proc, or -1 where there is none.
func procCPU(pid string) time.Duration {
	b, err := os.ReadFile("/proc/" + pid + "/stat")
	if err != nil {
		return -1
	}
	// Fields after the ")" closing the command name; utime and stime are 14
	// and 15 of the whole line, in clock ticks of 1/100 s.
	f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
	if len(f) < 13 {
		return -1
	}
	u, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(u+st) * 10 * time.Millisecond
}

func startServer(ctx context.Context, c config, tmp string, out io.Writer) (*server, error) {
	bin := c.bin
	if bin == "" {
		bin = filepath.Join(tmp, "grimoire")
		fmt.Fprintf(out, "building the server from %s ...\n", c.src)
		build := exec.CommandContext(ctx, "go", "build", "-o", bin, "./cmd/grimoire")
		build.Dir, build.Stdout, build.Stderr = c.src, out, os.Stderr
		if err := build.Run(); err != nil {
			return nil, fmt.Errorf("build the server: %w", err)
		}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	addr := ln.Addr().String()
	ln.Close()
	s := &server{base: "http://" + addr, data: filepath.Join(tmp, "data")}
	s.cmd = exec.Command(bin, "serve", "--addr", addr, "--data", s.data)
	// Every phone starts game after game from one cookie; the per-device
	// limit on new games (30 an hour by default) would end a long run with
	// 429s. The environment, not a flag, so that older binaries start too.
	s.cmd.Env = append(os.Environ(), "GRIMOIRE_GAMES_PER_HOUR=100000000")
	logf, err := os.Create(filepath.Join(tmp, "server.log"))
	if err != nil {
		return nil, err
	}
	s.cmd.Stdout, s.cmd.Stderr = logf, logf
	if err := s.cmd.Start(); err != nil {
		return nil, fmt.Errorf("start the server: %w", err)
	}
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if res, err := http.Get(s.base + "/healthz"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return s, nil
			}
		}
	}
	s.stop()
	return nil, errors.New("the server did not answer /healthz within 20s (see server.log)")
}

func (s *server) stop() {
	if s != nil && s.cmd != nil && s.cmd.Process != nil {
		s.cmd.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { s.cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			s.cmd.Process.Kill()
		}
	}
}

func transport(n int) *http.Transport {
	return &http.Transport{MaxIdleConns: n * 2, MaxIdleConnsPerHost: n * 2, IdleConnTimeout: time.Minute, DisableCompression: true}
}

func run(ctx context.Context, args []string, out io.Writer) error {
	c, err := parse(args)
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "grimoire-loadgen-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	base := c.target
	var srv *server
	if base == "" {
		if srv, err = startServer(ctx, c, tmp, out); err != nil {
			return err
		}
		defer srv.stop()
		base = srv.base
	}
	if c.cpuProfile != "" {
		f, err := os.Create(c.cpuProfile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	fmt.Fprintf(out, "target %s, %s per run\n", base, c.duration)
	if c.runs["open"] {
		if err := openRuns(ctx, c, base, srv, out); err != nil {
			return err
		}
	}
	if c.runs["closed"] {
		if err := closedRuns(ctx, c, base, srv, tmp, out); err != nil {
			return err
		}
	}
	if c.runs["pages"] {
		if err := pageWeight(ctx, base, "/", out); err != nil {
			return err
		}
	}
	if c.runs["growth"] {
		if err := growthRun(ctx, c, base, out); err != nil {
			return err
		}
	}
	return nil
}

// openRuns measures each open-loop rate against the app, then against the
// bare Echo handler sending the app's tap answer at the same rate.
func openRuns(ctx context.Context, c config, base string, srv *server, out io.Writer) error {
	var bare *bareServer
	defer func() {
		if bare != nil {
			bare.stop()
		}
	}()
	for _, rate := range c.rates {
		st, cpu, phones, err := openLoop(ctx, c, base, rate, srv)
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "open loop %d taps/s offered, %d phones: %s%s\n", rate, c.phones, st, cpuNote("server", cpu, len(st.lat)))
		p := phones[0]
		if len(p.choices) == 0 {
			if err := p.newGame(ctx); err != nil {
				return err
			}
		}
		tap, _, form, err := sample(ctx, p, 0)
		if err != nil {
			return err
		}
		if bare == nil {
			if bare, err = startBare(ctx, c.bareInProcess); err != nil {
				return err
			}
		}
		if err := bare.set(ctx, "tap", fixed{body: tap.raw, enc: tap.enc, delta: tap.delta}); err != nil {
			return err
		}
		bst, bcpu := openBare(ctx, c, rate, bare, form, p.dict)
		fmt.Fprintf(out, "open loop %d taps/s offered, %d phones, bare Echo, same bytes: %s%s\n", rate, c.phones, bst, bareNote(bcpu, len(bst.lat)))
	}
	return nil
}

// cpuNote is who's CPU per tap, or nothing when it could not be read.
func cpuNote(who string, cpu time.Duration, taps int) string {
	if cpu < 0 || taps == 0 {
		return ""
	}
	return fmt.Sprintf("; %s CPU %.2f ms per tap", who, float64(cpu.Microseconds())/1000/float64(taps))
}

// cpuSince is CPU time now (from read) less t0, or -1 if either is unknown.
func cpuSince(read func() time.Duration, t0 time.Duration) time.Duration {
	now := read()
	if now < 0 || t0 < 0 {
		return -1
	}
	return now - t0
}

// bareNote is the bare server's CPU per request, when it runs apart.
func bareNote(cpu time.Duration, n int) string {
	if cpu < 0 || n == 0 {
		return ""
	}
	return fmt.Sprintf("; bare server CPU %.0f µs per request", float64(cpu.Microseconds())/float64(n))
}

// startPhones gives each of n phones a fresh game.
func startPhones(ctx context.Context, c config, base string, n int, seed uint64) ([]*phone, error) {
	tr := transport(n)
	phones := make([]*phone, n)
	for i := range phones {
		phones[i] = newPhone(base, tr, seed+uint64(i), c.turns)
		phones[i].delta, phones[i].dicts = c.delta, c.dicts
		if err := phones[i].newGame(ctx); err != nil {
			return nil, fmt.Errorf("phone %d: new game: %w", i, err)
		}
	}
	return phones, nil
}

// openLoop offers taps to the app at a fixed rate (openSchedule), each phone
// playing its own game, and returns the phones with their games.
func openLoop(ctx context.Context, c config, base string, rate int, srv *server) (*stats, time.Duration, []*phone, error) {
	phones, err := startPhones(ctx, c, base, c.phones, uint64(rate)*1000)
	if err != nil {
		return nil, 0, nil, err
	}
	cpu0 := srv.cpu()
	st := openSchedule(ctx, len(phones), rate, c.duration, func(ctx context.Context, w int) (tapResult, time.Time) {
		p := phones[w]
		r := p.tap(ctx, c.undo)
		if r.over || (r.err == nil && len(p.choices) == 0) {
			if err := p.newGame(ctx); err != nil {
				return tapResult{err: fmt.Errorf("new game: %w", err)}, time.Time{}
			}
			return r, time.Now()
		}
		return r, time.Time{}
	})
	cpu := srv.cpu()
	if cpu >= 0 {
		cpu -= cpu0
	}
	return st, cpu, phones, nil
}

// openBare offers the bare Echo handler the same taps at the same rate, from
// as many phones: what serving them costs a Go server that does nothing
// else. At a low rate that floor is far above its cost in a closed loop
// (each request wakes an idle process), and the app pays it too.
func openBare(ctx context.Context, c config, rate int, bare *bareServer, form url.Values, dict *heldDict) (*stats, time.Duration) {
	tr := transport(c.phones)
	phones := make([]*phone, c.phones)
	for i := range phones {
		phones[i] = newPhone(bare.base, tr, uint64(i), c.turns)
		phones[i].dict = dict
	}
	cpu0 := bare.cpu()
	st := openSchedule(ctx, len(phones), rate, c.duration, func(ctx context.Context, w int) (tapResult, time.Time) {
		a, err := phones[w].do(ctx, http.MethodPost, "/tap", form, true)
		if err != nil {
			return tapResult{err: err}, time.Time{}
		}
		return tapResult{latency: a.elapsed, wire: a.wire, size: len(a.body), status: a.status}, time.Time{}
	})
	return st, cpuSince(bare.cpu, cpu0)
}

// openSchedule offers calls at a fixed rate whatever the answers do: call i
// is due at start + i/rate on worker i mod n, and its latency counts from
// when it was due (a call waiting for its worker's previous answer waits on
// the clock), so a slow server cannot hide by slowing the generator down.
// one makes worker w's call; it returns when the worker was ready again if
// that took more than the call (a new game), or the zero time.
func openSchedule(ctx context.Context, n, rate int, d time.Duration, one func(ctx context.Context, w int) (tapResult, time.Time)) *stats {
	st := &stats{}
	total := int(float64(rate) * d.Seconds())
	due := make([]chan time.Time, n)
	var wg sync.WaitGroup
	runCtx, cancel := context.WithTimeout(ctx, d+30*time.Second)
	defer cancel()
	for i := range due {
		due[i] = make(chan time.Time, total/n+2)
		wg.Add(1)
		go func() {
			defer wg.Done()
			ready := time.Time{}
			for t0 := range due[i] {
				r, again := one(runCtx, i)
				if r.err == nil {
					r.latency = time.Since(later(t0, ready))
				}
				st.add(r)
				if !again.IsZero() {
					ready = again
				}
			}
		}()
	}
	start := time.Now()
	interval := time.Second / time.Duration(rate)
	for i := 0; i < total && runCtx.Err() == nil; i++ {
		at := start.Add(time.Duration(i) * interval)
		time.Sleep(time.Until(at))
		due[i%n] <- at
	}
	for _, ch := range due {
		close(ch)
	}
	wg.Wait()
	st.elapsed = time.Since(start)
	return st
}

func later(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

// closedLoop runs n workers that each repeat one until d is over.
func closedLoop(ctx context.Context, n int, d time.Duration, one func(ctx context.Context, worker int) tapResult) *stats {
	st := &stats{}
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	var wg sync.WaitGroup
	start := time.Now()
	for w := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				r := one(ctx, w)
				if ctx.Err() != nil && r.err != nil {
					return // cut off by the end of the run
				}
				st.add(r)
			}
		}()
	}
	wg.Wait()
	st.elapsed = time.Since(start)
	return st
}

// closedRuns measures taps and reads as fast as n phones can go, against the
// app, a bare Echo handler serving the same bytes and raw durable SQLite
// appends, alternating in each round.
func closedRuns(ctx context.Context, c config, base string, srv *server, tmp string, out io.Writer) error {
	phones, err := startPhones(ctx, c, base, c.closed, 77)
	if err != nil {
		return err
	}
	// The bytes the baseline serves: a real tap answer and a real game page.
	tapAnswer, pageAnswer, form, err := sample(ctx, phones[0], c.undo)
	if err != nil {
		return err
	}
	tapBytes := tapAnswer.body
	tapFixed := fixed{body: tapAnswer.raw, enc: tapAnswer.enc, delta: tapAnswer.delta}
	pageFixed := fixed{body: pageAnswer.raw, enc: pageAnswer.enc}
	if c.barePlain {
		tapFixed, pageFixed = fixed{body: tapAnswer.body, delta: tapAnswer.delta}, fixed{body: pageAnswer.body}
	}
	pages, refreshes := &barePages{}, &barePages{}
	bareSrv, err := startBare(ctx, c.bareInProcess)
	if err != nil {
		return err
	}
	defer bareSrv.stop()
	if err := bareSrv.set(ctx, "tap", tapFixed); err != nil {
		return err
	}
	if err := bareSrv.set(ctx, "page", pageFixed); err != nil {
		return err
	}
	bare := bareSrv.base
	bareTr := transport(c.closed)
	barePhones := make([]*phone, c.closed)
	for i := range barePhones {
		barePhones[i] = newPhone(bare, bareTr, uint64(i), c.turns)
		// The bare server sends the app's bytes, dcz ones too.
		barePhones[i].dict = phones[0].dict
	}
	// The app's tap loop also reads each answer to pick the next tap; the
	// bare loop does not, so say what that reading costs the generator.
	t0 := time.Now()
	for range 200 {
		barePhones[0].readScreen(tapBytes)
	}
	fmt.Fprintf(out, "the generator reads a tap answer in %.0f µs (in the app's tap loop only)\n", float64(time.Since(t0).Microseconds())/200)
	var appTaps, bareTaps, appReads, bareReads, appRefreshes, bareRefreshes, raw, cpuPerTap []float64
	for round := 1; round <= c.rounds; round++ {
		cpu0, own0 := srv.cpu(), ownCPU()
		app := closedLoop(ctx, c.closed, c.duration, func(ctx context.Context, w int) tapResult {
			p := phones[w]
			if len(p.choices) == 0 {
				if err := p.newGame(ctx); err != nil {
					return tapResult{err: err}
				}
			}
			r := p.tap(ctx, c.undo)
			if r.over {
				if err := p.newGame(ctx); err != nil {
					return tapResult{err: err}
				}
			}
			return r
		})
		// One reading of the server's CPU for the round's line and its median.
		cpu := cpuSince(srv.cpu, cpu0)
		if cpu >= 0 && len(app.lat) > 0 {
			cpuPerTap = append(cpuPerTap, float64(cpu.Microseconds())/1000/float64(len(app.lat)))
		}
		note := cpuNote("server", cpu, len(app.lat)) + cpuNote("generator", cpuSince(ownCPU, own0), len(app.lat))
		fmt.Fprintf(out, "round %d closed loop, %d phones, app taps: %s%s\n", round, c.closed, app, note)
		bare0 := bareSrv.cpu()
		b := closedLoop(ctx, c.closed, c.duration, func(ctx context.Context, w int) tapResult {
			p := barePhones[w]
			a, err := p.do(ctx, http.MethodPost, "/tap", form, true)
			if err != nil {
				return tapResult{err: err}
			}
			return tapResult{latency: a.elapsed, wire: a.wire, size: len(a.body), status: a.status}
		})
		fmt.Fprintf(out, "round %d closed loop, %d phones, bare Echo, same bytes: %s%s\n", round, c.closed, b, bareNote(cpuSince(bareSrv.cpu, bare0), len(b.lat)))
		// appGets reads each phone's path in a closed loop and keeps what
		// the app answered, for the bare handler to serve the same bytes.
		appGets := func(what string, path func(p *phone) string, htmx bool, kept *barePages) *stats {
			cpu0 := srv.cpu()
			st := closedLoop(ctx, c.closed, c.duration, func(ctx context.Context, w int) tapResult {
				p := phones[w]
				a, err := p.do(ctx, http.MethodGet, path(p), nil, htmx)
				if err != nil {
					return tapResult{err: err}
				}
				if a.status != http.StatusOK {
					return tapResult{err: fmt.Errorf("GET %s: status %d", path(p), a.status)}
				}
				a = a.kept()
				if c.barePlain {
					kept.set(w, fixed{body: a.body, delta: a.delta})
				} else {
					kept.set(w, fixed{body: a.raw, enc: a.enc, delta: a.delta})
				}
				return tapResult{latency: a.elapsed, wire: a.wire, size: len(a.body), status: a.status}
			})
			note := ""
			if cpu := srv.cpu(); cpu >= 0 && cpu0 >= 0 && len(st.lat) > 0 {
				note = fmt.Sprintf("; server CPU %.0f µs per GET", float64((cpu-cpu0).Microseconds())/float64(len(st.lat)))
			}
			fmt.Fprintf(out, "round %d closed loop, %d phones, app %s: %s%s\n", round, c.closed, what, st, note)
			return st
		}
		// bareGets has each phone read what the app last answered it.
		bareGets := func(what, prefix string, htmx bool, kept *barePages, kind string) (*stats, error) {
			if err := bareSrv.setAll(ctx, kind, kept); err != nil {
				return nil, err
			}
			bare0 := bareSrv.cpu()
			st := closedLoop(ctx, c.closed, c.duration, func(ctx context.Context, w int) tapResult {
				a, err := barePhones[w].do(ctx, http.MethodGet, prefix+strconv.Itoa(w), nil, htmx)
				if err != nil {
					return tapResult{err: err}
				}
				return tapResult{latency: a.elapsed, wire: a.wire, size: len(a.body), status: a.status}
			})
			fmt.Fprintf(out, "round %d closed loop, %d phones, bare Echo, each phone's last app %s: %s%s\n", round, c.closed, what, st, bareNote(cpuSince(bareSrv.cpu, bare0), len(st.lat)))
			return st, nil
		}
		reads := appGets("game page GET", func(p *phone) string { return "/g/" + p.game }, false, pages)
		bareRead, err := bareGets("page", "/page/", false, pages, "pages")
		if err != nil {
			return err
		}
		// The htmx refresh a page asks after an event: the change from the
		// version before the phone's to its own.
		refresh := appGets("htmx refresh GET", func(p *phone) string {
			return fmt.Sprintf("/g/%s?v=%d", p.game, max(p.version()-1, 0))
		}, true, refreshes)
		bareRefresh, err := bareGets("refresh", "/refresh/", true, refreshes, "refreshes")
		if err != nil {
			return err
		}
		appRefreshes, bareRefreshes = append(appRefreshes, refresh.rate()), append(bareRefreshes, bareRefresh.rate())
		rr, err := rawAppends(ctx, tmp, c.duration)
		if err != nil {
			return err
		}
		rawRate, rawNote := rr.rate(), ""
		if rr.cpu >= 0 && rr.n > 0 {
			rawNote = fmt.Sprintf("; %.0f µs of CPU per append (%.2f cores)", float64(rr.cpu.Microseconds())/float64(rr.n), rr.cpu.Seconds()/rr.elapsed.Seconds())
		}
		fmt.Fprintf(out, "round %d raw durable SQLite appends (one row, one commit each): %.0f/s%s\n", round, rawRate, rawNote)
		appTaps, bareTaps = append(appTaps, app.rate()), append(bareTaps, b.rate())
		appReads, bareReads = append(appReads, reads.rate()), append(bareReads, bareRead.rate())
		raw = append(raw, rawRate)
		if app.errors > 0 {
			fmt.Fprintf(out, "  first app error: %v\n", app.firstErr)
		}
	}
	fmt.Fprintf(out, "median of %d rounds: app taps %.0f/s, bare Echo %.0f/s: %.3fx; app page GET %.0f/s, bare Echo %.0f/s: %.3fx; app htmx refresh GET %.0f/s, bare Echo %.0f/s: %.3fx; raw durable appends %.0f/s: taps %.3fx",
		c.rounds, medianOf(appTaps), medianOf(bareTaps), medianOf(appTaps)/medianOf(bareTaps),
		medianOf(appReads), medianOf(bareReads), medianOf(appReads)/medianOf(bareReads),
		medianOf(appRefreshes), medianOf(bareRefreshes), medianOf(appRefreshes)/medianOf(bareRefreshes),
		medianOf(raw), medianOf(appTaps)/medianOf(raw))
	if len(cpuPerTap) > 0 {
		fmt.Fprintf(out, "; server CPU %.2f ms per tap", medianOf(cpuPerTap))
	}
	fmt.Fprintln(out)
	return nil
}

// sample makes one real tap and fetches one real game page, for the bytes
// the bare handler serves, and returns the form that tap posted.
func sample(ctx context.Context, p *phone, undo float64) (tap, page answer, form url.Values, err error) {
	c := p.choices[0]
	a, err := p.do(ctx, http.MethodPost, c.path, c.vals, true)
	if err != nil || a.status != http.StatusOK {
		return answer{}, answer{}, nil, fmt.Errorf("sample tap: status %d, %v", a.status, err)
	}
	a = a.kept()
	p.readScreen(a.body)
	pg, err := p.do(ctx, http.MethodGet, "/g/"+p.game, nil, false)
	if err != nil || pg.status != http.StatusOK {
		return answer{}, answer{}, nil, fmt.Errorf("sample page: status %d, %v", pg.status, err)
	}
	pg = pg.kept()
	p.readScreen(pg.body)
	return a, pg, c.vals, nil
}

// longRecord is a legal game of n actions in force: the spy makes every
// shot and walks the court avoiding gates, so the half never ends.
func longRecord(n int) ([]byte, error) {
	setup := sa.Setup{Victory: sa.MaxVictory, Spy: "Ana", Mage: "Ben", Turns: sa.MaxTurns}
	s, err := sa.New(setup, 1)
	if err != nil {
		return nil, err
	}
	m := s.Map()
	var actions []sa.Action
	for step := 0; len(actions) < n; step++ {
		c := sa.Legal(s)
		var a sa.Action
		switch c.Phase {
		case sa.PhaseSpyShoot:
			a = sa.SpyShot(true)
		case sa.PhaseSpyMove:
			a = sa.Move(c.Moves[0])
			for i := range c.Moves {
				to := c.Moves[(i+step)%len(c.Moves)]
				if l, _ := m.Location(to); l.Kind != sa.KindGate {
					a = sa.Move(to)
					break
				}
			}
		default:
			return nil, fmt.Errorf("long record: unexpected phase %s after %d actions", c.Phase, len(actions))
		}
		if s, err = sa.Apply(s, a); err != nil {
			return nil, fmt.Errorf("long record: action %d: %w", len(actions), err)
		}
		actions = append(actions, a)
	}
	rec, err := sa.NewRecord(setup, 1, actions)
	if err != nil {
		return nil, err
	}
	return json.Marshal(rec)
}

// growthRun imports games of each length and measures taps on them one at
// a time, so the figure is the cost of the game's length, not of a queue.
func growthRun(ctx context.Context, c config, base string, out io.Writer) error {
	tr := transport(1)
	var first, last float64
	var firstN, lastN int
	for i, n := range c.growth {
		rec, err := longRecord(n)
		if err != nil {
			return err
		}
		p := newPhone(base, tr, uint64(n), c.turns)
		p.delta, p.dicts = c.delta, c.dicts
		t0 := time.Now()
		if err := p.importGame(ctx, rec); err != nil {
			return fmt.Errorf("import a game of %d actions: %w", n, err)
		}
		imported := time.Since(t0)
		st := &stats{}
		start := time.Now()
		for range c.growthTaps {
			r := p.tap(ctx, 0)
			st.add(r)
			if r.err != nil || r.over {
				break
			}
		}
		st.elapsed = time.Since(start)
		med := float64(pct(st.lat, .5).Microseconds()) / 1000
		fmt.Fprintf(out, "growth: tap at action %d (imported in %.1fs): median %.2f ms, answer median %s; %s\n", n, imported.Seconds(), med, kb(median(st.size)), st)
		if i == 0 {
			first, firstN = med, n
		}
		last, lastN = med, n
	}
	if lastN > firstN {
		fmt.Fprintf(out, "growth: action %d costs %.2fx action %d (+%.1f µs per action)\n", lastN, last/first, firstN, (last-first)*1000/float64(lastN-firstN))
	}
	return nil
}
