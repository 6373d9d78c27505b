package main

import (
	"bufio"
	"context"
	"encoding/hex"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/grimoire-games/grimoire/store/sqlite"
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
	if _, err := os.Stat(filepath.Join(dir, "grimoire.db")); err != nil {
		t.Errorf("data directory lacks grimoire.db: %v", err)
	}
	// The session keys live in the database now, not in a file.
	if _, err := os.Stat(filepath.Join(dir, keyFile)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("data directory holds %s: %v", keyFile, err)
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

// keysOf starts the session keys the way serve does, on the SQLite store in
// dir.
func keysOf(t *testing.T, cfg serveConfig) ([][]byte, error) {
	t.Helper()
	st, err := sqlite.Open(filepath.Join(cfg.data, "grimoire.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	return sessionKeys(context.Background(), cfg, st, slog.New(slog.NewTextHandler(io.Discard, nil)))
}

func TestSessionKeys(t *testing.T) {
	same := func(a, b [][]byte) bool {
		if len(a) != len(b) {
			return false
		}
		for i := range a {
			if hex.EncodeToString(a[i]) != hex.EncodeToString(b[i]) {
				return false
			}
		}
		return true
	}
	t.Run("made once in the database, then reused; no file written", func(t *testing.T) {
		dir := t.TempDir()
		a, err := keysOf(t, serveConfig{data: dir})
		if err != nil {
			t.Fatal(err)
		}
		b, err := keysOf(t, serveConfig{data: dir})
		if err != nil {
			t.Fatal(err)
		}
		if len(a) != 2 || !same(a, b) {
			t.Fatal("the second start did not reuse the first start's keys")
		}
		if _, err := os.Stat(filepath.Join(dir, keyFile)); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s written: %v", keyFile, err)
		}
	})
	t.Run("an older build's key file is moved into the database", func(t *testing.T) {
		dir := t.TempDir()
		k1, k2 := strings.Repeat("ab", 64), strings.Repeat("cd", 64)
		if err := os.WriteFile(filepath.Join(dir, keyFile), []byte(k1+","+k2+"\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		a, err := keysOf(t, serveConfig{data: dir})
		if err != nil {
			t.Fatal(err)
		}
		if len(a) != 4 || a[0][0] != 0xab || a[2][0] != 0xcd {
			t.Fatalf("the file's keys were not kept, in order: %d keys", len(a))
		}
		if _, err := os.Stat(filepath.Join(dir, keyFile)); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s still there after the move: %v", keyFile, err)
		}
		if _, err := os.Stat(filepath.Join(dir, movedKeyFile)); err != nil {
			t.Errorf("the moved file is not set aside: %v", err)
		}
		b, err := keysOf(t, serveConfig{data: dir})
		if err != nil || !same(a, b) {
			t.Fatalf("the next start has other keys: %v", err)
		}
	})
	t.Run("a damaged or empty key file stops the start and says how to mend it", func(t *testing.T) {
		for _, content := range []string{"", "\n", "xyz", strings.Repeat("ab", 63)} {
			dir := t.TempDir()
			path := filepath.Join(dir, keyFile)
			if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
				t.Fatal(err)
			}
			_, err := keysOf(t, serveConfig{data: dir})
			if err == nil {
				t.Fatalf("file %q: new keys made over it", content)
			}
			for _, want := range []string{path, "backup", "delete it"} {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("file %q: error does not say %q: %v", content, want, err)
				}
			}
			if b, _ := os.ReadFile(path); string(b) != content {
				t.Errorf("file %q changed to %q", content, b)
			}
		}
	})
	t.Run("rotate-session-keys puts a new key first and keeps the previous", func(t *testing.T) {
		dir := t.TempDir()
		first, err := keysOf(t, serveConfig{data: dir})
		if err != nil {
			t.Fatal(err)
		}
		rotate := func() {
			t.Helper()
			if err := run(context.Background(), []string{"rotate-session-keys", "--data", dir}, strings.NewReader(""), io.Discard, io.Discard); err != nil {
				t.Fatal(err)
			}
		}
		rotate()
		second, err := keysOf(t, serveConfig{data: dir})
		if err != nil {
			t.Fatal(err)
		}
		if len(second) != 4 || same(second[:2], first) || !same(second[2:], first) {
			t.Fatalf("after one rotation: %d keys, want a new pair then the first", len(second))
		}
		rotate()
		third, err := keysOf(t, serveConfig{data: dir})
		if err != nil {
			t.Fatal(err)
		}
		if len(third) != 4 || !same(third[2:], second[:2]) {
			t.Fatalf("after two rotations: %d keys, want a new pair then the second (the first dropped)", len(third))
		}
	})
	t.Run("given keys rotate: newest pair first", func(t *testing.T) {
		k1, k2 := strings.Repeat("ab", 64), strings.Repeat("cd", 64)
		keys, err := keysOf(t, serveConfig{data: t.TempDir(), sessionKey: k1 + "," + k2})
		if err != nil {
			t.Fatal(err)
		}
		if len(keys) != 4 || keys[0][0] != 0xab || keys[2][0] != 0xcd {
			t.Fatalf("keys = %d pairs in the wrong order", len(keys)/2)
		}
	})
	t.Run("a malformed key is refused", func(t *testing.T) {
		for _, bad := range []string{"xyz", strings.Repeat("ab", 32), strings.Repeat("ab", 64) + ",zz"} {
			if _, err := keysOf(t, serveConfig{data: t.TempDir(), sessionKey: bad}); err == nil {
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
	if _, err := openStore(context.Background(), serveConfig{db: "mysql://nope"}, slog.Default()); err == nil {
		t.Fatal("a non-PostgreSQL --db URL was accepted")
	}
}

func TestDefaultDataDirFollowsXDG(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", "/data/home")
	if got := defaultDataDir(); got != "/data/home/grimoire" {
		t.Fatalf("defaultDataDir = %q", got)
	}
}
