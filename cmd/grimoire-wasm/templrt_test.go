//go:build !js

package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestLiteTemplDrawsLikeTempl holds the module's small templ runtime
// (templrt, put in place by gen.go's derived go.mod) to real templ: it builds
// drawcheck with each, and the two must write the same corpus byte for byte
// (every game's screens for every viewer through seeded random games, GET
// steps, undo, refusals, alerts, the advisor, and direct probes of escaping,
// URL sanitizing and class joining). It prints the first fragment that
// differs.
func TestLiteTemplDrawsLikeTempl(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs drawcheck twice (~30 s cold)")
	}
	dir := t.TempDir()
	run(t, "go", "run", "gen.go", "-modfile", dir)
	modfile := filepath.Join(dir, "go.mod")
	// Without the replacement this test would compare templ with itself.
	if got := strings.TrimSpace(run(t, "go", "list", "-modfile="+modfile, "-f", "{{.Dir}}", "github.com/a-h/templ")); got != mustAbs(t, "templrt") {
		t.Fatalf("with the derived go.mod, templ is %s, want this directory's templrt", got)
	}
	real, lite := filepath.Join(dir, "drawcheck-templ"), filepath.Join(dir, "drawcheck-templrt")
	run(t, "go", "build", "-o", real, ".")
	run(t, "go", "build", "-modfile="+modfile, "-o", lite, ".")

	want, got := start(t, real), start(t, lite)
	n := 0
	for {
		w, werr := want.next()
		g, gerr := got.next()
		if werr != nil || gerr != nil {
			t.Fatalf("read the corpus after %d fragments: templ %v, templrt %v", n, werr, gerr)
		}
		if w.label != g.label {
			t.Fatalf("fragment %d: templ drew %q, templrt %q", n, w.label, g.label)
		}
		if !bytes.Equal(w.body, g.body) {
			t.Fatalf("%s: templrt draws unlike templ:\n%s", w.label, firstDifference(w.body, g.body))
		}
		n++
		if w.label == "total" {
			break
		}
	}
	// The corpus is large enough to mean something: every game, many screens.
	if count, _, _ := strings.Cut(string(want.last), " "); mustAtoi(t, count) < 10000 {
		t.Fatalf("the corpus has only %s fragments", count)
	}
	t.Logf("%d fragments drawn alike", n-1)
}

func run(t *testing.T, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, stderr.String())
	}
	return string(out)
}

func mustAbs(t *testing.T, path string) string {
	t.Helper()
	abs, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	return abs
}

func mustAtoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("count %q: %v", s, err)
	}
	return n
}

// corpus reads drawcheck's records as it writes them.
type corpus struct {
	r    *bufio.Reader
	last []byte // the body of the "total" record
}

type record struct {
	label string
	body  []byte
}

func start(t *testing.T, bin string) *corpus {
	t.Helper()
	cmd := exec.Command(bin)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		// A failed comparison stops reading early: the rest is discarded.
		_, _ = io.Copy(io.Discard, out)
		if err := cmd.Wait(); err != nil {
			t.Errorf("%s: %v\n%s", filepath.Base(bin), err, stderr.String())
		}
	})
	return &corpus{r: bufio.NewReaderSize(out, 1<<16)}
}

func (c *corpus) next() (record, error) {
	head, err := c.r.ReadString('\n')
	if err != nil {
		return record{}, fmt.Errorf("record head: %w", err)
	}
	i := strings.LastIndexByte(head, ' ')
	if i < 0 {
		return record{}, fmt.Errorf("record head %q", head)
	}
	size, err := strconv.Atoi(strings.TrimSuffix(head[i+1:], "\n"))
	if err != nil {
		return record{}, fmt.Errorf("record head %q: %w", head, err)
	}
	body := make([]byte, size+1)
	if _, err := io.ReadFull(c.r, body); err != nil {
		return record{}, fmt.Errorf("record %s: %w", head[:i], err)
	}
	rec := record{label: head[:i], body: body[:size]}
	if rec.label == "total" {
		c.last = rec.body
	}
	return rec, nil
}

// firstDifference shows both drawings around the first byte they differ in.
func firstDifference(want, got []byte) string {
	i := 0
	for i < len(want) && i < len(got) && want[i] == got[i] {
		i++
	}
	from := max(0, i-120)
	clip := func(b []byte) string { return string(b[from:min(len(b), i+120)]) }
	return fmt.Sprintf("at byte %d of %d (templrt %d bytes)\ntempl:   %q\ntemplrt: %q", i, len(want), len(got), clip(want), clip(got))
}
