// Package handlers is Grimoire's HTTP layer: Echo routes that decode a
// request, call the game's play.Kind, save to the store and render a templ
// view. It knows no game: the games come in Config.Games.
// Echo's types stay inside this package so a move to Echo v5 stays local.
package handlers

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/netip"
	"sync"
	"time"

	"github.com/gorilla/sessions"
	"github.com/labstack/echo/v4"
	echomw "github.com/labstack/echo/v4/middleware"

	"github.com/grimoire-games/grimoire/handlers/middleware"
	"github.com/grimoire-games/grimoire/lang"
	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/play/club"
	"github.com/grimoire-games/grimoire/play/session"
	"github.com/grimoire-games/grimoire/static"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/store/quota"
)

// Config is what the server needs from the command line.
type Config struct {
	Store store.Store
	// Games are the games this build plays, in the order the app lists them.
	Games []play.Kind
	// SessionKeys are gorilla/securecookie key pairs (hash key, block key),
	// newest first; older pairs still decode cookies during a rotation.
	SessionKeys [][]byte
	// Secure marks cookies Secure; set it when the app is served over TLS.
	Secure bool
	// TrustedProxies are the reverse proxies in front of the app (behind
	// Caddy or nginx): only from these addresses are X-Forwarded-For (the
	// client's address) and X-Forwarded-Proto (HTTPS: Secure cookies, HSTS)
	// believed. Empty means clients connect directly.
	TrustedProxies []netip.Prefix
	// AccessLog logs one line per request at Info level (at Debug otherwise).
	AccessLog bool
	Logger    *slog.Logger
	// Now is the clock, so tests can fix time; nil means time.Now.
	Now func() time.Time
	// Limits bound what one client may take of the server; zero fields
	// take their defaults (DefaultLimits).
	Limits Limits
}

// Handler holds what every request handler shares.
type Handler struct {
	store    store.Store
	sessions *sessions.CookieStore
	assets   *static.Assets
	log      *slog.Logger
	now      func() time.Time
	secure   bool
	proxies  []netip.Prefix
	// accessLogOn: request lines at Info rather than Debug.
	accessLogOn bool
	games       []play.Kind
	limits      Limits
	streams     streamGate
	// creations is the store's CreateGame counted per device; store is
	// the same value, so no path creates a game around the count.
	creations *quota.Store
	// quit closes when the server shuts down, ending the event streams that
	// would otherwise hold graceful shutdown open until its deadline.
	quit     chan struct{}
	quitOnce sync.Once
	// session loads, checks, caches and plays games (play/session).
	session *session.Session
	// clubs answers the club, league and player pages (play/club).
	clubs *club.Service
	// csrfSlot stands for the CSRF token in cached whole pages (wholepage.go).
	csrfSlot string
	// devices remembers decoded session cookies (middleware.Device).
	devices *middleware.DeviceMemo
	// dict is what answers under /g/ and /watch/ are compressed against for browsers
	// that hold it (dictionary.go); nil when no game draws samples.
	dict *dictionary
	// pseudoLang accepts the pseudo-language (lang.Pseudo) from the
	// language cookie and the switch: set only by the tests
	// (AllowPseudoLanguage in export_test.go), never by Config.
	pseudoLang bool
}

// StopStreams ends every open event stream; call it when shutdown begins
// (http.Server.RegisterOnShutdown). Ordinary requests finish as usual.
func (h *Handler) StopStreams() {
	h.quitOnce.Do(func() { close(h.quit) })
}

// New builds the handler set; Echo returns it wired as a server.
func New(cfg Config) (*Handler, error) {
	if cfg.Store == nil {
		return nil, errors.New("handlers: no store")
	}
	if len(cfg.Games) == 0 {
		return nil, errors.New("handlers: no games")
	}
	if len(cfg.SessionKeys) == 0 || len(cfg.SessionKeys)%2 != 0 {
		return nil, errors.New("handlers: session keys must come in (hash, block) pairs")
	}
	if err := lang.Check(); err != nil {
		return nil, fmt.Errorf("handlers: %w", err)
	}
	assets, err := static.Load()
	if err != nil {
		return nil, fmt.Errorf("handlers: load static files: %w", err)
	}
	ss := middleware.NewCookieStore(cfg.SessionKeys, cfg.Secure)
	logger := cfg.Logger
	if logger == nil {
		logger = slog.Default()
	}
	now := cfg.Now
	if now == nil {
		now = time.Now
	}
	dict, err := newDictionary(cfg.Games)
	if err != nil {
		return nil, fmt.Errorf("handlers: %w", err)
	}
	limits := cfg.Limits.OrDefaults()
	creations := quota.New(cfg.Store, limits.GamesPerHour, now)
	h := &Handler{
		store:     creations,
		creations: creations,
		limits:    limits,
		streams:   streamGate{middleware.NewStreamGate(limits)},
		sessions:  ss,
		assets:    assets,
		log:       logger,
		now:       now,
		secure:    cfg.Secure,
		proxies:   cfg.TrustedProxies,
		quit:      make(chan struct{}),
		session:   session.New(creations, cfg.Games, logger),
		csrfSlot:  newCSRFSlot(),
		devices:   middleware.NewDeviceMemo(middleware.DeviceMemoMax, time.Minute),
		dict:      dict,

		accessLogOn: cfg.AccessLog,
	}
	h.games = cfg.Games
	h.clubs = club.New(creations, h.session, cfg.Games, func() time.Time { return h.now() }, randomID)
	return h, nil
}

// Echo returns the HTTP server with the middleware every answer passes
// through and the route table.
func (h *Handler) Echo() *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	// X-Forwarded-For counts only from a configured proxy.
	e.IPExtractor = middleware.IPExtractor(h.proxies)
	e.HTTPErrorHandler = h.handleError
	e.Pre(middleware.HeadAsGet)
	e.Use(echomw.RecoverWithConfig(echomw.RecoverConfig{DisableStackAll: true}))
	e.Use(middleware.AccessLog(h.log, h.accessLogOn))
	e.Use(middleware.Transport(h.proxies))
	// Before the session's CSRF check, whose refusals are pages too.
	e.Use(middleware.Language(h.pseudoLang))
	e.Use(middleware.Compress)
	e.Use(middleware.WriteDeadline(h.limits.WriteTimeout))
	e.Use(middleware.SecurityHeaders)
	e.Use(middleware.BodyLimit(h.limits.MaxBody))
	sessionless := map[string]bool{} // filled by routes
	device := middleware.Device(h.sessions, h.devices, h.secure, h.now, randomID)
	e.Use(middleware.Session(sessionless, middleware.CSRF(h.secure), device))
	e.Use(middleware.CacheControl(isPartial))
	// The rest (time limits, the dictionary's scope, what a file or an
	// event stream needs) is the routes' own: routes.go.
	h.routes(e, sessionless)
	return e
}

// Server is the http.Server for this handler set, with the limits' timeouts.
// serve uses it, and so do the tests that prove the timeouts, so they test
// the settings the binary runs with. There is no server-wide WriteTimeout:
// event streams stay open, and every other request gets its own write
// deadline (middleware.WriteDeadline).
func (h *Handler) Server() *http.Server {
	srv := &http.Server{
		Handler:           h.Echo(),
		ReadHeaderTimeout: h.limits.ReadHeaderTimeout,
		ReadTimeout:       h.limits.ReadTimeout,
		IdleTimeout:       h.limits.IdleTimeout,
	}
	srv.RegisterOnShutdown(h.StopStreams)
	return srv
}

// Limits bound what one client can take of the server (middleware.Limits).
type Limits = middleware.Limits

// DefaultLimits suit a small public server (middleware.DefaultLimits).
func DefaultLimits() Limits { return middleware.DefaultLimits() }
