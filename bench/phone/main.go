// Command phone measures Grimoire where a person waits for it: in a phone's
// browser. It starts the real server (or takes -url), opens headless
// Chromium at a phone's size and prints, side by side in the same browser
// and run:
//
//   - tap-to-screen, from pointerdown to the first animation frame after
//     the page changed, for a bare page whose button changes a number and
//     for the spy's MAKE/MISS taps in a new Spells & Arrows game, at each CPU
//     slowdown of -cpu, with the app/bare ratios;
//   - a first visit of / and of a new Spells & Arrows game over a shaped
//     slow-4G link at CPU x4: the load event, and the time and bytes on the
//     wire until the page says "Ready for offline play";
//   - with -trace FILE, a Performance trace of one app tap at CPU x4 and a
//     summary of what it spent.
//
// The machine is shared: read the ratios, not the milliseconds.
//
//	go run ./bench/phone -taps 60
//	go run ./bench/phone -taps 30 -trace /tmp/tap.json
//	go run ./bench/phone -module /tmp/grimoire.wasm   # what the module's bytes are
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

type config struct {
	url     string // a running server; empty builds and starts one
	src     string // the module's root, to build cmd/grimoire from
	taps    int
	warm    int
	gap     time.Duration
	cpu     []float64
	link    bool
	trace   string
	timeout time.Duration
	module  string
}

func main() {
	if err := run(context.Background(), os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "phone:", err)
		os.Exit(1)
	}
}

func parse(args []string) (config, error) {
	var c config
	fs := flag.NewFlagSet("phone", flag.ContinueOnError)
	fs.StringVar(&c.url, "url", "", "measure this running server instead of building and starting one")
	fs.StringVar(&c.src, "src", ".", "the repository root to build ./cmd/grimoire from")
	fs.IntVar(&c.taps, "taps", 30, "measured taps per page and CPU slowdown; 0 measures only the first visits (-link)")
	fs.IntVar(&c.warm, "warm", 3, "unmeasured taps per page before each slowdown's measured ones")
	fs.DurationVar(&c.gap, "gap", time.Second, "pause after each pair of taps, as a player's pace; 0 taps back to back, into the work the last tap left")
	cpu := fs.String("cpu", "1,4", "CPU slowdowns to measure taps at (Emulation.setCPUThrottlingRate), comma-separated")
	fs.BoolVar(&c.link, "link", true, "measure first visits over the shaped slow-4G link")
	fs.StringVar(&c.trace, "trace", "", "write a Performance trace of one app tap at CPU x4 to this JSON file and summarise it")
	fs.StringVar(&c.module, "module", "", "only print what this WebAssembly module's bytes are (sections, code by Go package) and exit")
	fs.DurationVar(&c.timeout, "timeout", 15*time.Minute, "give up after this long")
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	for _, s := range strings.Split(*cpu, ",") {
		if s = strings.TrimSpace(s); s == "" {
			continue
		}
		r, err := strconv.ParseFloat(s, 64)
		if err != nil || r < 1 {
			return c, fmt.Errorf("-cpu %q: each slowdown is a number of at least 1", *cpu)
		}
		c.cpu = append(c.cpu, r)
	}
	if c.taps < 0 || c.taps == 0 && !c.link {
		return c, errors.New("-taps must be at least 1, or 0 with -link")
	}
	return c, nil
}

func run(ctx context.Context, args []string, out io.Writer) error {
	c, err := parse(args)
	if err != nil {
		return err
	}
	if c.module != "" {
		return moduleSizes(c.module, out)
	}
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	tmp, err := os.MkdirTemp("", "grimoire-phone-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)

	base := strings.TrimRight(c.url, "/")
	if base == "" {
		srv, err := startServer(ctx, c.src, tmp, out)
		if err != nil {
			return err
		}
		defer srv.stop()
		base = srv.base
	}
	bare, err := serveBare()
	if err != nil {
		return err
	}
	defer bare.Close()

	fmt.Fprintf(out, "server %s; bare page %s; %d taps per page and slowdown\n", base, "http://"+bare.Addr().String(), c.taps)
	if c.taps > 0 {
		if err := measureTaps(ctx, c, base, "http://"+bare.Addr().String(), tmp, out); err != nil {
			return err
		}
	}
	if c.link {
		if err := measureVisits(ctx, base, tmp, out); err != nil {
			return err
		}
	}
	return nil
}

type server struct {
	cmd  *exec.Cmd
	base string
}

// startServer builds cmd/grimoire and starts it on a free port with its
// own data directory.
func startServer(ctx context.Context, src, tmp string, out io.Writer) (*server, error) {
	bin := filepath.Join(tmp, "grimoire")
	fmt.Fprintf(out, "building the server from %s ...\n", src)
	build := exec.CommandContext(ctx, "go", "build", "-o", bin, "./cmd/grimoire")
	build.Dir, build.Stdout, build.Stderr = src, out, os.Stderr
	if err := build.Run(); err != nil {
		return nil, fmt.Errorf("build the server: %w", err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	addr := ln.Addr().String()
	ln.Close()
	s := &server{base: "http://" + addr}
	s.cmd = exec.Command(bin, "serve", "--addr", addr, "--data", filepath.Join(tmp, "data"))
	// Each visit starts a game from a fresh cookie, but the run starts many.
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
	return nil, errors.New("the server did not answer /healthz within 20s")
}

func (s *server) stop() {
	if s == nil || s.cmd == nil || s.cmd.Process == nil {
		return
	}
	s.cmd.Process.Signal(os.Interrupt)
	done := make(chan struct{})
	go func() { s.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		s.cmd.Process.Kill()
	}
}

// barePage is the yardstick: a button that changes a number, nothing else,
// at the same phone size.
const barePage = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>bare</title>
<style>body{font:18px system-ui;margin:1rem}button{font-size:1.5rem;padding:1rem 2rem}</style></head>
<body><p>Count: <span id="n" data-testid="count">0</span></p>
<button id="b" type="button" data-testid="bump">Add one</button>
<script>document.getElementById("b").addEventListener("click", function(){ var n = document.getElementById("n"); n.textContent = String(+n.textContent + 1); });</script>
</body></html>`

func serveBare() (net.Listener, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	go http.Serve(ln, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, barePage)
	}))
	return ln, nil
}

// quantile of sorted values by the nearest rank.
func quantile(sorted []float64, q float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	i := int(q*float64(len(sorted))+0.5) - 1
	return sorted[min(max(i, 0), len(sorted)-1)]
}

func summary(v []float64) (p50, p95 float64) {
	s := slices.Clone(v)
	slices.Sort(s)
	return quantile(s, 0.50), quantile(s, 0.95)
}
