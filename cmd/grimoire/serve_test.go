package main

import (
	"bufio"
	"context"
	"encoding/hex"
	"errors"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

func TestServeStartsAnswersAndStopsCleanly(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--data", dir}, strings.NewReader(""), pw, io.Discard)
		pw.Close()
	}()
	lines := bufio.NewScanner(pr)
	if !lines.Scan() {
		t.Fatalf("serve printed nothing: %v", <-done)
	}
	first := lines.Text()
	i := strings.Index(first, "http://")
	if i < 0 {
		t.Fatalf("serve's first line names no address: %q", first)
	}
	url := strings.Fields(first[i:])[0]
	go io.Copy(io.Discard, pr)

	res, err := http.Get(url + "/healthz")
	if err != nil {
		t.Fatalf("GET /healthz: %v", err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("/healthz = %d", res.StatusCode)
	}
	for _, f := range []string{"grimoire.db", "session.keys"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("data directory lacks %s: %v", f, err)
		}
	}

	cancel() // what SIGINT or SIGTERM does through signal.NotifyContext
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve returned %v after a clean stop", err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("serve did not stop within 15 s")
	}
}

// TestSecondServeOnOneDataDirectoryIsRefused: two grimoires on one data
// directory would each answer from rows the other changes, so the second
// one stops at once, naming the file and the process that has it, and the
// first one serves on.
func TestSecondServeOnOneDataDirectoryIsRefused(t *testing.T) {
	bin := grimoireBinary(t)
	data := t.TempDir()
	first := startBinary(t, bin, []string{"serve", "--addr", "127.0.0.1:0", "--data", data}, nil)

	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	second := exec.CommandContext(ctx, bin, "serve", "--addr", "127.0.0.1:0", "--data", data)
	var stderr strings.Builder
	second.Stderr = &stderr
	err := second.Run()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 {
		t.Fatalf("the second serve ended with %v, want exit status 1\n%s", err, stderr.String())
	}
	want := regexp.MustCompile(`^grimoire: serve: another grimoire \(process \d+\) is already using ` +
		regexp.QuoteMeta(filepath.Join(data, "grimoire.db")) + `: stop it first, or give this one its own --data directory\n$`)
	if !want.MatchString(stderr.String()) {
		t.Errorf("the second serve said %q, want it to match %s", stderr.String(), want)
	}

	res, err := http.Get(first.url + "/healthz")
	if err != nil {
		t.Fatalf("the first server after the refused second: %v", err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Errorf("the first server's /healthz = %d after the refused second", res.StatusCode)
	}
}

func TestSessionKeys(t *testing.T) {
	t.Run("generated once into the data directory, then reused", func(t *testing.T) {
		dir := t.TempDir()
		a, err := sessionKeys(serveConfig{data: dir})
		if err != nil {
			t.Fatal(err)
		}
		b, err := sessionKeys(serveConfig{data: dir})
		if err != nil {
			t.Fatal(err)
		}
		if len(a) != 2 || hex.EncodeToString(a[0]) != hex.EncodeToString(b[0]) || hex.EncodeToString(a[1]) != hex.EncodeToString(b[1]) {
			t.Fatal("the second start did not reuse the first start's keys")
		}
		fi, err := os.Stat(filepath.Join(dir, "session.keys"))
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm() != 0o600 {
			t.Errorf("session.keys mode = %v, want 0600", fi.Mode().Perm())
		}
	})
	t.Run("given keys rotate: newest pair first", func(t *testing.T) {
		k1, k2 := strings.Repeat("ab", 64), strings.Repeat("cd", 64)
		keys, err := sessionKeys(serveConfig{data: t.TempDir(), sessionKey: k1 + "," + k2})
		if err != nil {
			t.Fatal(err)
		}
		if len(keys) != 4 || keys[0][0] != 0xab || keys[2][0] != 0xcd {
			t.Fatalf("keys = %d pairs in the wrong order", len(keys)/2)
		}
	})
	t.Run("a malformed key is refused", func(t *testing.T) {
		for _, bad := range []string{"xyz", strings.Repeat("ab", 32), strings.Repeat("ab", 64) + ",zz"} {
			if _, err := sessionKeys(serveConfig{data: t.TempDir(), sessionKey: bad}); err == nil {
				t.Errorf("key %q accepted", bad)
			}
		}
	})
}

func TestServeFlags(t *testing.T) {
	t.Setenv("GRIMOIRE_ADDR", "127.0.0.1:9999")
	t.Setenv("GRIMOIRE_DATA", "/tmp/somewhere")
	cfg, err := parseServe(nil, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.addr != "127.0.0.1:9999" || cfg.data != "/tmp/somewhere" {
		t.Fatalf("environment not used: %+v", cfg)
	}
	cfg, err = parseServe([]string{"--addr", ":1234", "--data", "/x"}, io.Discard)
	if err != nil || cfg.addr != ":1234" || cfg.data != "/x" {
		t.Fatalf("flags not used: %+v %v", cfg, err)
	}
	if _, err := parseServe([]string{"extra"}, io.Discard); err == nil {
		t.Fatal("a stray argument was accepted")
	}
	if _, err := openStore(context.Background(), serveConfig{db: "mysql://nope"}); err == nil {
		t.Fatal("a non-PostgreSQL --db URL was accepted")
	}
}

func TestDefaultDataDirFollowsXDG(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", "/data/home")
	if got := defaultDataDir(); got != "/data/home/grimoire" {
		t.Fatalf("defaultDataDir = %q", got)
	}
}
