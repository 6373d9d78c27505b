package handlers

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/store"
)

// Limits bound what one client can take of the server, so that on a public
// server nobody can knock it over for the others by opening streams, sending
// or reading slowly, or creating games in a loop. A zero field takes its
// default (DefaultLimits); every limit answers in words (429, 413 or 408
// with a sentence), never by hanging.
type Limits struct {
	// StreamsPerClient is the number of live event streams (a game screen or
	// a spectator page each hold one) one client may keep open. A client is
	// an IPv4 address or an IPv6 /64, as the connection shows it: a venue
	// behind one address shares the allowance.
	StreamsPerClient int
	// StreamsTotal is the number of live event streams the server keeps
	// open for everyone together.
	StreamsTotal int
	// GamesPerHour is the number of games one device (one session cookie)
	// may create in any hour: new games, imports and games started offline.
	// It is counted in this process's memory over a sliding hour, so several
	// instances each keep their own count and a restart forgets it.
	GamesPerHour int
	// HomePageSize is the number of games on one page of the home list.
	HomePageSize int
	// MaxBody is the largest request body, in bytes, counted as it arrives
	// (a chunked body too).
	MaxBody int64

	// ReadHeaderTimeout is the time a client has to send a request's headers.
	ReadHeaderTimeout time.Duration
	// ReadTimeout is the time a client has to send a whole request, body
	// included (event streams, which have no body, are not bound by it).
	ReadTimeout time.Duration
	// WriteTimeout is the time a client has to take a page, fragment or
	// record once the request is read.
	WriteTimeout time.Duration
	// StaticWriteTimeout is WriteTimeout for the files under /static (the
	// WebAssembly module is megabytes on a phone at the court).
	StaticWriteTimeout time.Duration
	// IdleTimeout is how long a kept-alive connection may wait for its next
	// request.
	IdleTimeout time.Duration
}

// DefaultLimits suit a small public server: a club's games and their
// spectators on one machine.
func DefaultLimits() Limits {
	return Limits{
		StreamsPerClient:   32,
		StreamsTotal:       2000,
		GamesPerHour:       30,
		HomePageSize:       20,
		MaxBody:            2 << 20,
		ReadHeaderTimeout:  10 * time.Second,
		ReadTimeout:        30 * time.Second,
		WriteTimeout:       30 * time.Second,
		StaticWriteTimeout: 2 * time.Minute,
		IdleTimeout:        2 * time.Minute,
	}
}

// orDefaults fills every zero field with its default.
func (l Limits) orDefaults() Limits {
	d := DefaultLimits()
	pick := func(v *int, def int) {
		if *v <= 0 {
			*v = def
		}
	}
	pickD := func(v *time.Duration, def time.Duration) {
		if *v <= 0 {
			*v = def
		}
	}
	pick(&l.StreamsPerClient, d.StreamsPerClient)
	pick(&l.StreamsTotal, d.StreamsTotal)
	pick(&l.GamesPerHour, d.GamesPerHour)
	pick(&l.HomePageSize, d.HomePageSize)
	if l.MaxBody <= 0 {
		l.MaxBody = d.MaxBody
	}
	pickD(&l.ReadHeaderTimeout, d.ReadHeaderTimeout)
	pickD(&l.ReadTimeout, d.ReadTimeout)
	pickD(&l.WriteTimeout, d.WriteTimeout)
	pickD(&l.StaticWriteTimeout, d.StaticWriteTimeout)
	pickD(&l.IdleTimeout, d.IdleTimeout)
	return l
}

// Server is the http.Server for this handler set, with the limits' timeouts.
// serve uses it, and so do the tests that prove the timeouts, so they test
// the settings the binary runs with. There is no server-wide WriteTimeout:
// event streams stay open, and every other request gets its own write
// deadline (withDeadlines).
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

// streamWriteTimeout bounds each write of an event stream: a client that
// takes no heartbeat for this long is gone, and its stream ends.
const streamWriteTimeout = 2 * heartbeat

// withDeadlines gives each request its write deadline: the route's own, or
// for an event stream the first of many (stream extends it on every write).
// A keep-alive connection carries the last request's deadline over, so
// every request sets one. Recorders in tests support no deadlines; that is
// not an error.
func (h *Handler) withDeadlines(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		d := h.limits.WriteTimeout
		switch {
		case isEventStream(c):
			d = streamWriteTimeout
		case isStatic(c):
			d = h.limits.StaticWriteTimeout
		}
		_ = http.NewResponseController(c.Response()).SetWriteDeadline(time.Now().Add(d))
		return next(c)
	}
}

// readBody reads a request's body whole, up to MaxBody, before anything
// looks at it. The CSRF check reads the form first: with Echo's BodyLimit a
// body over the limit surfaced there as a missing token ("form expired"),
// and a body that never finished arriving as the same. Read here, each gets
// its own answer: 413 for too large (announced or counted as it arrives),
// 408 when the read timeout cuts a slow body off.
func (h *Handler) readBody(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		if r.Body == nil || r.Body == http.NoBody {
			return next(c)
		}
		max := h.limits.MaxBody
		if r.ContentLength > max {
			return tooLarge(max)
		}
		b, err := io.ReadAll(io.LimitReader(r.Body, max+1))
		switch {
		case isTimeout(err):
			c.Response().Header().Set("Connection", "close")
			return echo.NewHTTPError(http.StatusRequestTimeout, "The request took too long to arrive, so Grimoire stopped waiting for it. Check the connection and try again.")
		case err != nil:
			return echo.NewHTTPError(http.StatusBadRequest, "The request broke off before it arrived whole. Check the connection and try again.")
		case int64(len(b)) > max:
			return tooLarge(max)
		}
		r.Body = io.NopCloser(bytes.NewReader(b))
		r.ContentLength = int64(len(b))
		return next(c)
	}
}

func tooLarge(max int64) error {
	return echo.NewHTTPError(http.StatusRequestEntityTooLarge, fmt.Sprintf(
		"That is more than Grimoire takes in one go (%s at most). A record or a map file this large is not one Grimoire made.", sizeText(max)))
}

func sizeText(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

func isTimeout(err error) bool {
	if err == nil {
		return false
	}
	var ne net.Error
	return errors.Is(err, os.ErrDeadlineExceeded) || errors.As(err, &ne) && ne.Timeout()
}

// headAsGet answers HEAD on every GET route: the request is routed as the
// GET it asks about, and the body is dropped (net/http drops it on a real
// connection; the recorder of an in-process test does not).
func headAsGet(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		if r.Method != http.MethodHead {
			return next(c)
		}
		r.Method = http.MethodGet
		c.Set(ctxHead, true)
		c.Response().Writer = headWriter{c.Response().Writer}
		return next(c)
	}
}

const ctxHead = "grimoire.head"

// isHead says whether the client asked with HEAD (the route sees a GET).
func isHead(c echo.Context) bool {
	b, _ := c.Get(ctxHead).(bool)
	return b
}

type headWriter struct{ http.ResponseWriter }

func (w headWriter) Write(p []byte) (int, error) { return len(p), nil }

// Unwrap lets http.NewResponseController reach the connection beneath.
func (w headWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// withCacheControl marks whole HTML pages so no shared cache keeps them:
// every page carries this device's CSRF token, and a game's page its join
// links and record, so those are not stored at all. Fragments (htmx), files,
// records and streams keep what their handlers set.
func withCacheControl(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		res := c.Response()
		res.Before(func() {
			hd := res.Header()
			if hd.Get("Cache-Control") != "" || isPartial(c) || !strings.HasPrefix(hd.Get(echo.HeaderContentType), "text/html") {
				return
			}
			p := c.Request().URL.Path
			if strings.HasPrefix(p, "/g/") || strings.HasPrefix(p, "/join/") {
				hd.Set("Cache-Control", "no-store")
			} else {
				hd.Set("Cache-Control", "private, no-cache")
			}
		})
		return next(c)
	}
}

// clientKey names the client a per-client limit counts: the connection's
// address (never a header the client writes), IPv6 by its /64, which one
// household or phone usually holds whole.
func clientKey(c echo.Context) string {
	ip := c.RealIP()
	a, err := netip.ParseAddr(ip)
	if err != nil {
		return ip
	}
	a = a.Unmap()
	if a.Is6() {
		if p, err := a.Prefix(64); err == nil {
			return p.String()
		}
	}
	return a.String()
}

// streamGate counts the open event streams, per client and in total.
type streamGate struct {
	perClient, total int
	mu               sync.Mutex
	open             map[string]int
	n                int
}

func newStreamGate(l Limits) *streamGate {
	return &streamGate{perClient: l.StreamsPerClient, total: l.StreamsTotal, open: map[string]int{}}
}

// enter takes a place for one stream of client; leave gives it back.
func (g *streamGate) enter(client string) (leave func(), err error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.open[client] >= g.perClient {
		return nil, echo.NewHTTPError(http.StatusTooManyRequests, fmt.Sprintf(
			"This device (or its network) already follows %d games live, the most Grimoire allows. Close a game or spectator page you no longer watch, then reload this one.", g.perClient))
	}
	if g.n >= g.total {
		return nil, echo.NewHTTPError(http.StatusTooManyRequests,
			"Grimoire is following as many live games as it can right now. The page still works: reload it in a minute for live updates.")
	}
	g.open[client]++
	g.n++
	var once sync.Once
	return func() {
		once.Do(func() {
			g.mu.Lock()
			defer g.mu.Unlock()
			g.n--
			if g.open[client]--; g.open[client] <= 0 {
				delete(g.open, client)
			}
		})
	}, nil
}

// creationWindow is the sliding window of GamesPerHour.
const creationWindow = time.Hour

// creationLimit counts the games each device creates. It sits in front of
// the store, so every way of creating a game (the new-game forms, import,
// a game started offline) is counted where the game is made, and a
// creation that fails is not counted.
type creationLimit struct {
	store.Store
	max int
	now func() time.Time

	mu    sync.Mutex
	made  map[string][]time.Time // per owner, oldest first, within the window
	swept time.Time
}

func newCreationLimit(st store.Store, max int, now func() time.Time) *creationLimit {
	return &creationLimit{Store: st, max: max, now: now, made: map[string][]time.Time{}}
}

// CreateGame creates the game if its owner has created fewer than max games
// in the last hour; otherwise it is a 429 that says when the next one may
// be made.
func (s *creationLimit) CreateGame(ctx context.Context, g store.Game, seats []store.Seat) error {
	at, err := s.take(g.Owner)
	if err != nil {
		return err
	}
	if err := s.Store.CreateGame(ctx, g, seats); err != nil {
		s.giveBack(g.Owner, at)
		return err
	}
	return nil
}

// CreateGameWithLog (an import, whole in one transaction) counts like
// CreateGame: every way of making a game is one of the device's games.
func (s *creationLimit) CreateGameWithLog(ctx context.Context, g store.Game, seats []store.Seat, entries []store.Entry) error {
	at, err := s.take(g.Owner)
	if err != nil {
		return err
	}
	if err := s.Store.CreateGameWithLog(ctx, g, seats, entries); err != nil {
		s.giveBack(g.Owner, at)
		return err
	}
	return nil
}

// check refuses early (before a form is read and a confirmation shown) a
// device that could not create a game now.
func (s *creationLimit) check(owner string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.fullLocked(owner, s.now())
}

func (s *creationLimit) take(owner string) (time.Time, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	if err := s.fullLocked(owner, now); err != nil {
		return now, err
	}
	s.made[owner] = append(s.made[owner], now)
	return now, nil
}

func (s *creationLimit) giveBack(owner string, at time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ts := s.made[owner]
	for i := len(ts) - 1; i >= 0; i-- {
		if ts[i].Equal(at) {
			s.made[owner] = append(ts[:i:i], ts[i+1:]...)
			return
		}
	}
}

// fullLocked forgets what left the window and says whether owner is at the
// limit. Once per window it forgets the devices that made nothing in it,
// so the map holds only the last hour's creators.
func (s *creationLimit) fullLocked(owner string, now time.Time) error {
	since := now.Add(-creationWindow)
	if now.Sub(s.swept) > creationWindow {
		for k, ts := range s.made {
			if len(ts) == 0 || !ts[len(ts)-1].After(since) {
				delete(s.made, k)
			}
		}
		s.swept = now
	}
	ts := s.made[owner]
	i := 0
	for i < len(ts) && !ts[i].After(since) {
		i++
	}
	ts = ts[i:]
	s.made[owner] = ts
	if len(ts) < s.max {
		return nil
	}
	wait := ts[len(ts)-s.max].Add(creationWindow).Sub(now)
	mins := int((wait + time.Minute - 1) / time.Minute)
	return echo.NewHTTPError(http.StatusTooManyRequests, fmt.Sprintf(
		"This device has started %d games in the last hour, the most Grimoire allows. The next one can start in %s; until then, carry on with a game you have.",
		s.max, plural(mins, "minute")))
}

func plural(n int, unit string) string {
	if n == 1 {
		return "1 " + unit
	}
	return strconv.Itoa(n) + " " + unit + "s"
}

// withCreationCheck refuses a new-game form at once when the device could
// not start the game anyway, instead of after its confirmation.
func (h *Handler) withCreationCheck(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		if r.Method == http.MethodPost && strings.HasPrefix(r.URL.Path, "/new/") {
			if err := h.creations.check(device(c)); err != nil {
				return err
			}
		}
		return next(c)
	}
}
