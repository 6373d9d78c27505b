package middleware

import (
	"fmt"
	"net/http"
	"net/netip"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/handlers/encoding"
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

// OrDefaults fills every zero field with its default.
func (l Limits) OrDefaults() Limits {
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

// WriteDeadline gives each request d to be written in: app-wide, the
// deadline of an ordinary answer (Limits.WriteTimeout); on a route that
// needs another, its own over it (a file's StaticWriteTimeout, EventStream).
// A keep-alive connection carries the last request's deadline over, so every
// request sets one. Recorders in tests support no deadlines; that is not an
// error.
func WriteDeadline(d time.Duration) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			setWriteDeadline(c, d)
			return next(c)
		}
	}
}

func setWriteDeadline(c echo.Context, d time.Duration) {
	_ = http.NewResponseController(c.Response()).SetWriteDeadline(time.Now().Add(d))
}

// EventStream readies an event stream's route: the first of its write
// deadlines, d from now (the stream extends it on every write), and no
// compression, which would hold back the "version N" lines that must reach
// a watcher at once. Its route has no time limit on its work either
// (routes.go).
func EventStream(d time.Duration) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			res := c.Response()
			if w, ok := res.Writer.(*encoding.Writer); ok {
				res.Writer = w.Unwrap()
			}
			setWriteDeadline(c, d)
			return next(c)
		}
	}
}

// ClientKey names the client a per-client limit counts: the connection's
// address (never a header the client writes), IPv6 by its /64, which one
// household or phone usually holds whole.
func ClientKey(c echo.Context) string {
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

// StreamGate counts the open event streams, per client and in total.
type StreamGate struct {
	perClient, total int
	mu               sync.Mutex
	open             map[string]int
	n                int
}

// NewStreamGate lets through l.StreamsPerClient streams per client and
// l.StreamsTotal in all.
func NewStreamGate(l Limits) *StreamGate {
	return &StreamGate{perClient: l.StreamsPerClient, total: l.StreamsTotal, open: map[string]int{}}
}

// Enter takes a place for one stream of client; leave gives it back.
func (g *StreamGate) Enter(client string) (leave func(), err error) {
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
