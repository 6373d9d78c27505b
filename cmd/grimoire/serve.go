package main

import (
	"context"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/gorilla/securecookie"

	"github.com/grimoire-games/grimoire/handlers"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/store/postgres"
	"github.com/grimoire-games/grimoire/store/sqlite"
)

type serveConfig struct {
	addr       string
	data       string
	db         string
	sessionKey string
	secure     bool
	verbose    bool
	limits     handlers.Limits
}

func parseServe(args []string, stderr io.Writer) (serveConfig, error) {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var cfg serveConfig
	fs.StringVar(&cfg.addr, "addr", envOr("GRIMOIRE_ADDR", ":8080"), "address to listen on (env GRIMOIRE_ADDR)")
	fs.StringVar(&cfg.data, "data", envOr("GRIMOIRE_DATA", defaultDataDir()), "data directory: database and session keys (env GRIMOIRE_DATA)")
	fs.StringVar(&cfg.db, "db", os.Getenv("GRIMOIRE_DB"), "PostgreSQL URL (postgres://...); empty uses SQLite in the data directory (env GRIMOIRE_DB)")
	fs.StringVar(&cfg.sessionKey, "session-key", os.Getenv("GRIMOIRE_SESSION_KEY"), "session keys as hex: 64-byte pairs (hash+block), comma-separated, newest first; empty uses keys kept in the data directory (env GRIMOIRE_SESSION_KEY)")
	fs.BoolVar(&cfg.secure, "secure-cookies", os.Getenv("GRIMOIRE_SECURE_COOKIES") == "1", "mark cookies Secure (set when served over HTTPS)")
	fs.BoolVar(&cfg.verbose, "v", false, "log every request")
	limits := limitFlags(fs)
	if err := fs.Parse(args); err != nil {
		return cfg, err
	}
	var err error
	if cfg.limits, err = limits(); err != nil {
		return cfg, err
	}
	if fs.NArg() > 0 {
		return cfg, fmt.Errorf("serve: unexpected argument %q", fs.Arg(0))
	}
	return cfg, nil
}

func serve(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	cfg, err := parseServe(args, stderr)
	if err != nil {
		return err
	}
	level := slog.LevelInfo
	if cfg.verbose {
		level = slog.LevelDebug
	}
	logger := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))
	if err := os.MkdirAll(cfg.data, 0o700); err != nil {
		return fmt.Errorf("serve: data directory: %w", err)
	}
	st, err := openStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer st.Close()
	keys, err := sessionKeys(cfg)
	if err != nil {
		return err
	}
	h, err := handlers.New(handlers.Config{Store: st, SessionKeys: keys, Secure: cfg.secure, Logger: logger, Limits: cfg.limits})
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", cfg.addr)
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	// The limits' timeouts (handlers.Limits); event streams end on shutdown.
	srv := h.Server()
	fmt.Fprintf(stdout, "Grimoire is serving on http://%s (data in %s)\n", displayAddr(ln.Addr()), cfg.data)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	// Shutdown waits for requests in flight, so an action that was being
	// saved is committed (and answered) before the store closes.
	shutCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutCtx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("serve: shutdown: %w", err)
	}
	fmt.Fprintln(stdout, "Grimoire stopped.")
	return nil
}

func openStore(ctx context.Context, cfg serveConfig) (store.Store, error) {
	if cfg.db != "" {
		if !strings.HasPrefix(cfg.db, "postgres://") && !strings.HasPrefix(cfg.db, "postgresql://") {
			return nil, fmt.Errorf("serve: --db must be a postgres:// URL")
		}
		st, err := postgres.Open(ctx, cfg.db)
		if err != nil {
			return nil, fmt.Errorf("serve: open PostgreSQL: %w", err)
		}
		return st, nil
	}
	st, err := sqlite.Open(filepath.Join(cfg.data, "grimoire.db"))
	if err != nil {
		return nil, fmt.Errorf("serve: open SQLite: %w", err)
	}
	return st, nil
}

// sessionKeys come from the flag/environment, or from a file in the data
// directory written on first start, so sessions survive restarts and no key
// ever lives in the source.
func sessionKeys(cfg serveConfig) ([][]byte, error) {
	text := cfg.sessionKey
	if text == "" {
		path := filepath.Join(cfg.data, "session.keys")
		b, err := os.ReadFile(path)
		switch {
		case err == nil:
			text = strings.TrimSpace(string(b))
		case errors.Is(err, os.ErrNotExist):
			key := append(securecookie.GenerateRandomKey(32), securecookie.GenerateRandomKey(32)...)
			text = hex.EncodeToString(key)
			if err := os.WriteFile(path, []byte(text+"\n"), 0o600); err != nil {
				return nil, fmt.Errorf("serve: write session keys: %w", err)
			}
		default:
			return nil, fmt.Errorf("serve: read session keys: %w", err)
		}
	}
	var keys [][]byte
	for _, part := range strings.Split(text, ",") {
		b, err := hex.DecodeString(strings.TrimSpace(part))
		if err != nil || len(b) != 64 {
			return nil, fmt.Errorf("serve: a session key must be 128 hex digits (64 bytes: hash key then block key)")
		}
		keys = append(keys, b[:32], b[32:])
	}
	return keys, nil
}

// defaultDataDir is a grimoire folder under the user's data directory:
// $XDG_DATA_HOME or ~/.local/share on Linux, the OS's own place elsewhere.
func defaultDataDir() string {
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "grimoire")
	}
	if runtime.GOOS == "linux" || runtime.GOOS == "freebsd" || runtime.GOOS == "openbsd" {
		if home, err := os.UserHomeDir(); err == nil {
			return filepath.Join(home, ".local", "share", "grimoire")
		}
	}
	if d, err := os.UserConfigDir(); err == nil {
		return filepath.Join(d, "grimoire")
	}
	return "grimoire-data"
}

func displayAddr(a net.Addr) string {
	s := a.String()
	if strings.HasPrefix(s, "[::]:") {
		return "localhost:" + strings.TrimPrefix(s, "[::]:")
	}
	if strings.HasPrefix(s, "0.0.0.0:") {
		return "localhost:" + strings.TrimPrefix(s, "0.0.0.0:")
	}
	return s
}

func envOr(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}
