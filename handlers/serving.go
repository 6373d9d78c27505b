package handlers

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"github.com/grimoire-games/grimoire/store"
)

// hstsValue asks browsers to use HTTPS for a year. No includeSubDomains:
// Grimoire often runs on one name of a domain whose other hosts it does not
// know about.
const hstsValue = "max-age=31536000"

const ctxHTTPS = "grimoire.https"

// ipExtractor trusts X-Forwarded-For only when the connection comes from a
// configured proxy; everyone else is known by the address they connect from.
func ipExtractor(proxies []netip.Prefix) echo.IPExtractor {
	if len(proxies) == 0 {
		return echo.ExtractIPDirect()
	}
	opts := []echo.TrustOption{echo.TrustLoopback(false), echo.TrustLinkLocal(false), echo.TrustPrivateNet(false)}
	for _, p := range proxies {
		opts = append(opts, echo.TrustIPRange(prefixNet(p)))
	}
	return echo.ExtractIPFromXFFHeader(opts...)
}

func prefixNet(p netip.Prefix) *net.IPNet {
	p = p.Masked()
	bits := 128
	if p.Addr().Is4() {
		bits = 32
	}
	return &net.IPNet{IP: net.IP(p.Addr().AsSlice()), Mask: net.CIDRMask(p.Bits(), bits)}
}

// fromProxy tells whether the connection comes from a configured proxy.
func (h *Handler) fromProxy(r *http.Request) bool {
	if len(h.proxies) == 0 {
		return false
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	addr, err := netip.ParseAddr(host)
	if err != nil {
		return false
	}
	addr = addr.Unmap()
	for _, p := range h.proxies {
		if p.Contains(addr) {
			return true
		}
	}
	return false
}

// transport marks requests that reached us over HTTPS, directly or through
// a trusted proxy that says so, and sends HSTS on them. A client talking to
// us directly cannot claim HTTPS with a header.
func (h *Handler) transport(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		https := r.TLS != nil || (h.fromProxy(r) && r.Header.Get(echo.HeaderXForwardedProto) == "https")
		c.Set(ctxHTTPS, https)
		if https {
			c.Response().Header().Set(echo.HeaderStrictTransportSecurity, hstsValue)
		}
		return next(c)
	}
}

// secureCookies tells whether this response's cookies must be Secure.
func (h *Handler) secureCookies(c echo.Context) bool {
	https, _ := c.Get(ctxHTTPS).(bool)
	return h.secure || https
}

// accessLog writes one line per request. It names the route pattern
// (/watch/:token), never the path or query, so no token reaches a log.
func (h *Handler) accessLog() echo.MiddlewareFunc {
	return middleware.RequestLoggerWithConfig(middleware.RequestLoggerConfig{
		LogStatus: true, LogMethod: true, LogLatency: true, LogRoutePath: true, LogResponseSize: true, HandleError: true,
		LogValuesFunc: func(c echo.Context, v middleware.RequestLoggerValues) error {
			route := v.RoutePath
			if route == "" || route == "/*" {
				route = "(no route)"
			}
			level := slog.LevelDebug
			if h.accessLogOn {
				level = slog.LevelInfo
			}
			ctx := c.Request().Context()
			if !h.log.Enabled(ctx, level) {
				return nil
			}
			// A record made here, without the caller's PC that Logger.Info
			// looks up on every line (the log prints no source), which was
			// a fifth of the access log's cost.
			r := slog.NewRecord(time.Now(), level, "request", 0)
			r.AddAttrs(slog.String("method", v.Method), slog.String("route", route), slog.Int("status", v.Status),
				slog.Duration("duration", v.Latency.Round(time.Microsecond)), slog.Int64("bytes", v.ResponseSize))
			// A log that cannot be written must not fail the request.
			_ = h.log.Handler().Handle(ctx, r)
			return nil
		},
	})
}

// healthz answers 200 when the store answers: a lookup of a game that cannot
// exist must come back "not found", anything else means the store is down.
func (h *Handler) healthz(c echo.Context) error {
	ctx, cancel := context.WithTimeout(c.Request().Context(), 3*time.Second)
	defer cancel()
	c.Response().Header().Set("Cache-Control", "no-store")
	if _, err := h.store.Game(ctx, "healthz-probe"); err != nil && !errors.Is(err, store.ErrNotFound) {
		// An outage is logged once by the store (store/outage), not at
		// every probe.
		if !errors.Is(err, store.ErrUnavailable) {
			h.log.Error("health check: store", "err", err)
		}
		c.Response().Header().Set("Retry-After", retryAfter)
		return c.String(http.StatusServiceUnavailable, "store unavailable\n")
	}
	return c.String(http.StatusOK, "ok\n")
}
