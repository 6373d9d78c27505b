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
	"net/http"
	"net/netip"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/gorilla/securecookie"
	"golang.org/x/crypto/acme/autocert"

	"github.com/grimoire-games/grimoire/handlers"
	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/store/durable"
	"github.com/grimoire-games/grimoire/store/outage"
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

	// HTTPS, one of three ways: certificate files, ACME, or a proxy in front.
	tlsCert, tlsKey string
	acmeDomains     []string
	acmeEmail       string
	acmeDirectory   string
	httpAddr        string // redirect to HTTPS and ACME's HTTP-01 challenge; "off" for none
	behindProxy     bool
	proxies         []netip.Prefix

	logFormat string
	accessLog bool

	limits handlers.Limits
}

// servesTLS: the binary itself terminates TLS.
func (c serveConfig) servesTLS() bool { return c.tlsCert != "" || len(c.acmeDomains) > 0 }

// serveFlags declares serve's flags into cfg; help prints the same set.
func serveFlags(cfg *serveConfig, out io.Writer) (*flag.FlagSet, *string, *string, func() (handlers.Limits, error)) {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(out)
	fs.StringVar(&cfg.addr, "addr", os.Getenv("GRIMOIRE_ADDR"), "address to listen on; empty is :8080, or :443 when serving HTTPS (env GRIMOIRE_ADDR)")
	fs.StringVar(&cfg.data, "data", envOr("GRIMOIRE_DATA", defaultDataDir()), "data directory: SQLite database and ACME certificates (env GRIMOIRE_DATA)")
	fs.StringVar(&cfg.db, "db", os.Getenv("GRIMOIRE_DB"), "PostgreSQL URL (postgres://...); empty uses SQLite in the data directory (env GRIMOIRE_DB)")
	fs.StringVar(&cfg.sessionKey, "session-key", os.Getenv("GRIMOIRE_SESSION_KEY"), "session keys as hex: 64-byte pairs (hash+block), comma-separated, newest first; empty uses keys kept in the database (env GRIMOIRE_SESSION_KEY)")
	fs.BoolVar(&cfg.secure, "secure-cookies", os.Getenv("GRIMOIRE_SECURE_COOKIES") == "1", "always mark cookies Secure (automatic under --tls-cert, --acme-domain and HTTPS through --behind-proxy) (env GRIMOIRE_SECURE_COOKIES=1)")
	fs.BoolVar(&cfg.verbose, "v", false, "debug logging")
	fs.StringVar(&cfg.tlsCert, "tls-cert", os.Getenv("GRIMOIRE_TLS_CERT"), "serve HTTPS with this PEM certificate chain (with --tls-key); reread when the file changes (env GRIMOIRE_TLS_CERT)")
	fs.StringVar(&cfg.tlsKey, "tls-key", os.Getenv("GRIMOIRE_TLS_KEY"), "the certificate's PEM private key (env GRIMOIRE_TLS_KEY)")
	domains := fs.String("acme-domain", os.Getenv("GRIMOIRE_ACME_DOMAIN"), "serve HTTPS with certificates from an ACME CA (Let's Encrypt) for these names, comma-separated; needs ports 80 and 443 (env GRIMOIRE_ACME_DOMAIN)")
	fs.StringVar(&cfg.acmeEmail, "acme-email", os.Getenv("GRIMOIRE_ACME_EMAIL"), "contact address given to the ACME CA (expiry notices) (env GRIMOIRE_ACME_EMAIL)")
	fs.StringVar(&cfg.acmeDirectory, "acme-directory", envOr("GRIMOIRE_ACME_DIRECTORY", autocert.DefaultACMEDirectory), "ACME directory URL of the CA (env GRIMOIRE_ACME_DIRECTORY)")
	fs.StringVar(&cfg.httpAddr, "http-addr", envOr("GRIMOIRE_HTTP_ADDR", ":80"), "with HTTPS: plain-HTTP address that redirects to HTTPS and answers ACME challenges; off for none (env GRIMOIRE_HTTP_ADDR)")
	fs.BoolVar(&cfg.behindProxy, "behind-proxy", os.Getenv("GRIMOIRE_BEHIND_PROXY") == "1", "plain HTTP behind a reverse proxy: believe X-Forwarded-For and X-Forwarded-Proto from --trusted-proxies (env GRIMOIRE_BEHIND_PROXY=1)")
	proxies := fs.String("trusted-proxies", envOr("GRIMOIRE_TRUSTED_PROXIES", "127.0.0.1,::1"), "with --behind-proxy: the proxy addresses or CIDR ranges, comma-separated (env GRIMOIRE_TRUSTED_PROXIES)")
	fs.StringVar(&cfg.logFormat, "log-format", envOr("GRIMOIRE_LOG_FORMAT", "text"), "log as text or json (env GRIMOIRE_LOG_FORMAT)")
	fs.BoolVar(&cfg.accessLog, "access-log", os.Getenv("GRIMOIRE_ACCESS_LOG") != "0", "one log line per request: method, route, status, duration, bytes (env GRIMOIRE_ACCESS_LOG=0 turns it off)")
	limits := limitFlags(fs)
	return fs, domains, proxies, limits
}

func parseServe(args []string, stderr io.Writer) (serveConfig, error) {
	var cfg serveConfig
	fs, domains, proxies, limits := serveFlags(&cfg, stderr)
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
	for _, d := range strings.Split(*domains, ",") {
		if d = strings.TrimSpace(d); d != "" {
			cfg.acmeDomains = append(cfg.acmeDomains, d)
		}
	}
	switch {
	case (cfg.tlsCert == "") != (cfg.tlsKey == ""):
		return cfg, errors.New("serve: --tls-cert and --tls-key go together")
	case cfg.tlsCert != "" && len(cfg.acmeDomains) > 0:
		return cfg, errors.New("serve: choose --tls-cert/--tls-key or --acme-domain, not both")
	case cfg.logFormat != "text" && cfg.logFormat != "json":
		return cfg, fmt.Errorf("serve: --log-format is text or json, not %q", cfg.logFormat)
	}
	if cfg.behindProxy {
		for _, p := range strings.Split(*proxies, ",") {
			p = strings.TrimSpace(p)
			if p == "" {
				continue
			}
			pfx, err := parsePrefix(p)
			if err != nil {
				return cfg, fmt.Errorf("serve: --trusted-proxies: %w", err)
			}
			cfg.proxies = append(cfg.proxies, pfx)
		}
		if len(cfg.proxies) == 0 {
			return cfg, errors.New("serve: --behind-proxy needs at least one address in --trusted-proxies")
		}
	}
	if cfg.addr == "" {
		cfg.addr = ":8080"
		if cfg.servesTLS() {
			cfg.addr = ":443"
		}
	}
	return cfg, nil
}

// parsePrefix reads an address (one host) or a CIDR range.
func parsePrefix(s string) (netip.Prefix, error) {
	if strings.Contains(s, "/") {
		p, err := netip.ParsePrefix(s)
		if err != nil {
			return p, fmt.Errorf("%q is not an address or CIDR range", s)
		}
		return p.Masked(), nil
	}
	a, err := netip.ParseAddr(s)
	if err != nil {
		return netip.Prefix{}, fmt.Errorf("%q is not an address or CIDR range", s)
	}
	a = a.Unmap()
	return netip.PrefixFrom(a, a.BitLen()), nil
}

func newLogger(cfg serveConfig, w *logWriter) *slog.Logger {
	opts := &slog.HandlerOptions{Level: slog.LevelInfo}
	if cfg.verbose {
		opts.Level = slog.LevelDebug
	}
	var h slog.Handler = slog.NewTextHandler(w, opts)
	if cfg.logFormat == "json" {
		h = slog.NewJSONHandler(w, opts)
	}
	return slog.New(flushingHandler{h, w})
}

// newHTTPServer is where every http.Server of the app is made (the app
// itself and the plain-HTTP redirector), so server-wide limits live in one
// place.
func newHTTPServer(h http.Handler, logger *slog.Logger) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       120 * time.Second,
		// No WriteTimeout: event streams stay open; handlers have their own
		// context timeout.
		ErrorLog: slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
}

func serve(ctx context.Context, games []play.Kind, args []string, stdout, stderr io.Writer) error {
	cfg, err := parseServe(args, stderr)
	if err != nil {
		return err
	}
	logs := newLogWriter(stderr, logFlushAfter)
	defer logs.Close()
	logger := newLogger(cfg, logs)
	// Made durably: a directory left unsynced in its parent can vanish in a
	// power cut with the database inside it.
	if err := durable.MkdirAll(cfg.data, 0o700); err != nil {
		return fmt.Errorf("serve: data directory: %w", err)
	}
	st, err := openStore(ctx, cfg, logger)
	if err != nil {
		return err
	}
	defer st.Close()
	keys, err := sessionKeys(ctx, cfg, st, logger)
	if err != nil {
		return err
	}
	h, err := handlers.New(handlers.Config{
		Store: st, Games: games, SessionKeys: keys, Logger: logger,
		Secure:         cfg.secure || cfg.servesTLS(),
		TrustedProxies: cfg.proxies,
		AccessLog:      cfg.accessLog,
		Limits:         cfg.limits,
	})
	if err != nil {
		return err
	}
	tlsConf, acmeHTTP, err := tlsSetup(cfg)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", cfg.addr)
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	// The limits' timeouts (handlers.Limits); event streams end on shutdown.
	srv := h.Server()
	srv.ErrorLog = slog.NewLogLogger(logger.Handler(), slog.LevelWarn)
	servers := []*http.Server{srv}
	errc := make(chan error, 2)
	scheme := "http"
	if tlsConf != nil {
		scheme = "https"
		srv.TLSConfig = tlsConf
		go func() { errc <- srv.ServeTLS(ln, "", "") }()
	} else {
		go func() { errc <- srv.Serve(ln) }()
	}
	fmt.Fprintf(stdout, "Grimoire is serving on %s://%s (data in %s)\n", scheme, displayAddr(ln.Addr()), cfg.data)
	if tlsConf != nil && cfg.httpAddr != "off" && cfg.httpAddr != "" {
		hl, err := net.Listen("tcp", cfg.httpAddr)
		if err != nil {
			srv.Close()
			return fmt.Errorf("serve: HTTP redirect: %w", err)
		}
		var redirect http.Handler = toHTTPS(ln.Addr().(*net.TCPAddr).Port)
		if acmeHTTP != nil {
			redirect = acmeHTTP(redirect)
		}
		rs := newHTTPServer(redirect, logger)
		servers = append(servers, rs)
		go func() { errc <- rs.Serve(hl) }()
		fmt.Fprintf(stdout, "Grimoire redirects http://%s to HTTPS\n", displayAddr(hl.Addr()))
	}
	if len(cfg.acmeDomains) > 0 {
		fmt.Fprintf(stdout, "Certificates for %s come from %s\n", strings.Join(cfg.acmeDomains, ", "), cfg.acmeDirectory)
	}
	if tlsConf == nil && !cfg.behindProxy && !loopbackOnly(ln.Addr()) {
		fmt.Fprintln(stdout, "Over plain HTTP, phones on the network get the app without offline play or install, which need HTTPS: see \"Put it on your phone\" in the README.")
	}
	select {
	case err := <-errc:
		for _, s := range servers {
			s.Close()
		}
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	// Shutdown waits for requests in flight, so an action that was being
	// saved is committed (and answered) before the store closes.
	shutCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for _, s := range servers {
		if err := s.Shutdown(shutCtx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
			return fmt.Errorf("serve: shutdown: %w", err)
		}
	}
	fmt.Fprintln(stdout, "Grimoire stopped.")
	return nil
}

func loopbackOnly(a net.Addr) bool {
	t, ok := a.(*net.TCPAddr)
	return ok && t.IP.IsLoopback()
}

// openStore opens the configured store, wrapped so that the database going
// away answers 503 and is logged once (store/outage).
func openStore(ctx context.Context, cfg serveConfig, logger *slog.Logger) (store.Store, error) {
	if cfg.db != "" {
		if !strings.HasPrefix(cfg.db, "postgres://") && !strings.HasPrefix(cfg.db, "postgresql://") {
			return nil, fmt.Errorf("serve: --db must be a postgres:// URL")
		}
		st, err := postgres.Open(ctx, cfg.db)
		if err != nil {
			return nil, fmt.Errorf("serve: open PostgreSQL: %w", err)
		}
		return outage.Wrap(st, postgres.Unavailable, logger), nil
	}
	st, err := sqlite.Open(filepath.Join(cfg.data, "grimoire.db"))
	var inUse *sqlite.InUseError
	if errors.As(err, &inUse) {
		return nil, fmt.Errorf("serve: %w: stop it first, or give this one its own --data directory", inUse)
	}
	if err != nil {
		return nil, fmt.Errorf("serve: open SQLite: %w", err)
	}
	return outage.Wrap(st, sqlite.Unavailable, logger), nil
}

// keyFile is the file where builds before the keys moved into the store
// kept them; movedKeyFile is its name once its keys are in the store.
const (
	keyFile      = "session.keys"
	movedKeyFile = "session.keys.moved-to-database"
)

// sessionKeys come from the flag/environment, or else from the store, where
// they live with the games they open: as durable as the games, shared by
// every instance on one PostgreSQL database, made once on the first start.
// Keys an older build left in DATA/session.keys are moved into the store on
// the first start of this one, so the phones they signed keep their games.
// Keys are never made anew over existing ones: a damaged key is an error
// that names where it is and how to mend it.
func sessionKeys(ctx context.Context, cfg serveConfig, st store.Store, logger *slog.Logger) ([][]byte, error) {
	if cfg.sessionKey != "" {
		keys, err := parseKeys(strings.Split(cfg.sessionKey, ","))
		if err != nil {
			return nil, fmt.Errorf("serve: --session-key (or GRIMOIRE_SESSION_KEY): %w", err)
		}
		return keys, nil
	}
	path := filepath.Join(cfg.data, keyFile)
	old, err := readKeyFile(path)
	if err != nil {
		return nil, fmt.Errorf("serve: %w", err)
	}
	initial := old
	if initial == nil {
		initial = []string{newSessionKey()}
	}
	kept, err := st.SessionKeys(ctx, initial)
	if err != nil {
		return nil, fmt.Errorf("serve: read the session keys from the database: %w", err)
	}
	if old != nil {
		// Another instance (or a start that died before the file was moved)
		// may have kept other keys first: the file's go behind them, so
		// both its phones and theirs keep working.
		if kept, err = st.AddSessionKeys(ctx, old, false, 0); err != nil {
			return nil, fmt.Errorf("serve: move the keys of %s into the database: %w", path, err)
		}
		if err := durable.Rename(path, filepath.Join(cfg.data, movedKeyFile)); err != nil {
			return nil, fmt.Errorf("serve: the keys of %s are in the database now, but the file could not be set aside: %w", path, err)
		}
		logger.Info("session keys moved into the database", "from", path, "left_as", movedKeyFile)
	}
	keys, err := parseKeys(kept)
	if err != nil {
		return nil, fmt.Errorf("serve: the session keys kept in the database are damaged (%w): restore the database's session_keys table from a backup, or give the keys with --session-key", err)
	}
	return keys, nil
}

// readKeyFile reads the keys an older build kept in the data directory: nil
// when there is no such file; an error naming the file, what is wrong and
// how to mend it when it cannot be used.
func readKeyFile(path string) ([]string, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read the session keys in %s: %w", path, err)
	}
	text := strings.TrimSpace(string(b))
	mend := "put back the file from a backup (or give its keys with --session-key); if it is lost, delete it: " +
		"grimoire then makes new keys, and every phone must open its games again from their links"
	if text == "" {
		return nil, fmt.Errorf("%s is empty (%d bytes; a power cut can leave it so): it should hold the session keys the phones' cookies are signed with, 128 hex digits each: %s", path, len(b), mend)
	}
	parts := strings.Split(text, ",")
	if _, err := parseKeys(parts); err != nil {
		return nil, fmt.Errorf("%s is damaged: %w: %s", path, err, mend)
	}
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	return parts, nil
}

// parseKeys reads keys as hex, each a 64-byte pair (hash key then block
// key), newest first.
func parseKeys(parts []string) ([][]byte, error) {
	var keys [][]byte
	for i, part := range parts {
		b, err := hex.DecodeString(strings.TrimSpace(part))
		if err != nil || len(b) != 64 {
			return nil, fmt.Errorf("session key %d of %d is not 128 hex digits (64 bytes: hash key then block key)", i+1, len(parts))
		}
		keys = append(keys, b[:32], b[32:])
	}
	if len(keys) == 0 {
		return nil, errors.New("no session key")
	}
	return keys, nil
}

func newSessionKey() string {
	return hex.EncodeToString(append(securecookie.GenerateRandomKey(32), securecookie.GenerateRandomKey(32)...))
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
