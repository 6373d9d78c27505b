// Package handlers is Grimoire's HTTP layer: Echo routes that decode a
// request, call a rules package, save to the store and render a templ view.
// Echo's types stay inside this package so a move to Echo v5 stays local.
package handlers

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/gorilla/sessions"
	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"github.com/grimoire-games/grimoire/static"
	"github.com/grimoire-games/grimoire/store"
)

// Config is what the server needs from the command line.
type Config struct {
	Store store.Store
	// SessionKeys are gorilla/securecookie key pairs (hash key, block key),
	// newest first; older pairs still decode cookies during a rotation.
	SessionKeys [][]byte
	// Secure marks cookies Secure; set it when the app is served over TLS.
	Secure bool
	Logger *slog.Logger
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
	games    map[string]gameKind
	limits   Limits
	streams  *streamGate
	// creations is the store's CreateGame counted per device; store is
	// the same value, so no path creates a game around the count.
	creations *creationLimit
	// quit closes when the server shuts down, ending the event streams that
	// would otherwise hold graceful shutdown open until its deadline.
	quit     chan struct{}
	quitOnce sync.Once
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
	if len(cfg.SessionKeys) == 0 || len(cfg.SessionKeys)%2 != 0 {
		return nil, errors.New("handlers: session keys must come in (hash, block) pairs")
	}
	assets, err := static.Load()
	if err != nil {
		return nil, fmt.Errorf("handlers: load static files: %w", err)
	}
	ss := sessions.NewCookieStore(cfg.SessionKeys...)
	// gorilla's defaults are HttpOnly=false and SameSite=None: set both.
	ss.Options = &sessions.Options{
		Path:     "/",
		MaxAge:   365 * 24 * 3600,
		HttpOnly: true,
		Secure:   cfg.Secure,
		SameSite: http.SameSiteLaxMode,
	}
	ss.MaxAge(ss.Options.MaxAge)
	logger := cfg.Logger
	if logger == nil {
		logger = slog.Default()
	}
	now := cfg.Now
	if now == nil {
		now = time.Now
	}
	limits := cfg.Limits.orDefaults()
	creations := newCreationLimit(cfg.Store, limits.GamesPerHour, now)
	h := &Handler{
		store:     creations,
		creations: creations,
		limits:    limits,
		streams:   newStreamGate(limits),
		sessions:  ss,
		assets:    assets,
		log:       logger,
		now:       now,
		secure:    cfg.Secure,
		quit:      make(chan struct{}),
	}
	h.games = h.gameKinds()
	return h, nil
}

// csp allows only our own files: htmx is configured (meta htmx-config) not to
// eval or inject inline styles, and no template uses inline script or style.
// 'wasm-unsafe-eval' lets the offline script compile our own WebAssembly
// module (Chromium refuses WebAssembly.instantiate without it); it allows
// no JavaScript eval.
const csp = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; " +
	"frame-ancestors 'none'; manifest-src 'self'; worker-src 'self'"

// Echo returns the HTTP server with its middleware and the route table.
func (h *Handler) Echo() *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	// Direct connections only: never trust X-Forwarded-For from a client.
	e.IPExtractor = echo.ExtractIPDirect()
	e.HTTPErrorHandler = h.handleError
	e.Pre(headAsGet)
	e.Use(middleware.RecoverWithConfig(middleware.RecoverConfig{DisableStackAll: true}))
	e.Use(middleware.RequestLoggerWithConfig(middleware.RequestLoggerConfig{
		LogStatus: true, LogURI: true, LogMethod: true, LogLatency: true, HandleError: true,
		LogValuesFunc: func(c echo.Context, v middleware.RequestLoggerValues) error {
			h.log.Debug("request", "method", v.Method, "uri", v.URI, "status", v.Status, "latency", v.Latency)
			return nil
		},
	}))
	e.Use(h.withDeadlines)
	e.Use(middleware.SecureWithConfig(middleware.SecureConfig{
		XSSProtection:         "0", // the old header's blocking mode is itself a risk
		ContentTypeNosniff:    "nosniff",
		XFrameOptions:         "DENY",
		ReferrerPolicy:        "same-origin",
		ContentSecurityPolicy: csp,
	}))
	e.Use(h.readBody)
	e.Use(middleware.ContextTimeoutWithConfig(middleware.ContextTimeoutConfig{
		Timeout: 30 * time.Second,
		Skipper: func(c echo.Context) bool { return isEventStream(c) },
	}))
	e.Use(middleware.CSRFWithConfig(middleware.CSRFConfig{
		TokenLookup:    "header:" + echo.HeaderXCSRFToken + ",form:_csrf",
		CookieName:     "grimoire_csrf",
		CookiePath:     "/",
		CookieHTTPOnly: true,
		CookieSecure:   h.secure,
		CookieSameSite: http.SameSiteLaxMode,
		CookieMaxAge:   7 * 24 * 3600,
		// A cross-site POST is refused in our words, not Echo's; same-site
		// (another port of this host) falls back to the token check.
		AllowSecFetchSiteFunc: func(c echo.Context) (bool, error) {
			if c.Request().Header.Get(echo.HeaderSecFetchSite) == "same-site" {
				return false, nil
			}
			return false, echo.NewHTTPError(http.StatusForbidden, "This request came from another site, so Grimoire refused it. Open Grimoire itself and try again.")
		},
		ErrorHandler: func(err error, c echo.Context) error {
			return echo.NewHTTPError(http.StatusForbidden, "This form has expired or did not come from Grimoire. Reload the page and try again.")
		},
	}))
	e.Use(h.withDevice)
	e.Use(h.withCreationCheck)
	e.Use(withCacheControl)
	h.routes(e)
	return e
}
