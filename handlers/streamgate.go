package handlers

import (
	"fmt"
	"net/http"
	"net/netip"
	"sync"

	"github.com/labstack/echo/v4"
)

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
