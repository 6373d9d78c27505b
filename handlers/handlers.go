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
	"github.com/labstack/echo/v4/middleware"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/play/club"
	"github.com/grimoire-games/grimoire/play/session"
	"github.com/grimoire-games/grimoire/static"
	"github.com/grimoire-games/grimoire/store"
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
	streams     *streamGate
	// creations is the store's CreateGame counted per device; store is
	// the same value, so no path creates a game around the count.
	creations *creationLimit
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
	// devices remembers decoded session cookies (devices.go).
	devices *deviceMemo
	// dict is what answers under /g/ and /watch/ are compressed against for browsers
	// that hold it (dictionary.go); nil when no game draws samples.
	dict *dictionary
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
	assets, err := static.Load()
	if err != nil {
		return nil, fmt.Errorf("handlers: load static files: %w", err)
	}
	ss := sessions.NewCookieStore(cfg.SessionKeys...)
	// gorilla's defaults are HttpOnly=false and SameSite=None: set both.
	ss.Options = &sessions.Options{
		Path:     "/",
		MaxAge:   sessionMaxAge,
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
	dict, err := newDictionary(cfg.Games)
	if err != nil {
		return nil, fmt.Errorf("handlers: %w", err)
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
		proxies:   cfg.TrustedProxies,
		quit:      make(chan struct{}),
		session:   session.New(creations, cfg.Games, logger),
		csrfSlot:  newCSRFSlot(),
		devices:   newDeviceMemo(deviceMemoMax, time.Minute),
		dict:      dict,

		accessLogOn: cfg.AccessLog,
	}
	h.games = cfg.Games
	h.clubs = club.New(creations, h.session, cfg.Games, func() time.Time { return h.now() }, randomID)
	return h, nil
}

// csp allows only our own files: htmx is configured (meta htmx-config) not to
// eval or inject inline styles, and no template uses inline script or style.
// 'wasm-unsafe-eval' lets the offline script compile our own WebAssembly
// module (Chromium refuses WebAssembly.instantiate without it); it allows
// no JavaScript eval. connect-src, font-src and manifest-src fall back to
// default-src, and worker-src to script-src, so they are not repeated: the
// header goes out with every answer (style-src stays, to be explicit about
// the one place inline code is most often let in).
const csp = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; " +
	"object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

// securityHeadersSent are the headers every answer carries: what Echo's
// Secure middleware would set with these values, made once. The header
// values are shared by every answer; nothing changes a header's value in
// place, and net/http only reads them.
var securityHeadersSent = http.Header{
	"X-Xss-Protection":        {"0"}, // the old header's blocking mode is itself a risk
	"X-Content-Type-Options":  {"nosniff"},
	"X-Frame-Options":         {"DENY"},
	"Referrer-Policy":         {"same-origin"},
	"Content-Security-Policy": {csp},
}

// securityHeaders puts securityHeadersSent on the answer. Echo's middleware
// made and canonicalised each header anew for every request.
func securityHeaders(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		hd := c.Response().Header()
		for k, v := range securityHeadersSent {
			hd[k] = v[:1:1]
		}
		return next(c)
	}
}

// sessionMaxAge is how long the session and CSRF cookies last: a device's
// identity is its session, and its CSRF token lives as long.
const sessionMaxAge = 365 * 24 * 3600

// Echo returns the HTTP server with the middleware every answer passes
// through and the route table.
func (h *Handler) Echo() *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	// X-Forwarded-For counts only from a configured proxy.
	e.IPExtractor = ipExtractor(h.proxies)
	e.HTTPErrorHandler = h.handleError
	e.Pre(headAsGet)
	e.Use(middleware.RecoverWithConfig(middleware.RecoverConfig{DisableStackAll: true}))
	e.Use(h.accessLog())
	e.Use(h.transport)
	e.Use(compress)
	e.Use(h.withDeadlines)
	e.Use(securityHeaders)
	e.Use(h.readBody)
	sessionless := map[string]bool{} // filled by routes
	e.Use(h.withSession(sessionless))
	e.Use(withCacheControl)
	// The rest (time limits, the dictionary's scope, what a file or an
	// event stream needs) is the routes' own: routes.go.
	h.routes(e, sessionless)
	return e
}
