package middleware

import (
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
)

// hstsValue asks browsers to use HTTPS for a year. No includeSubDomains:
// Grimoire often runs on one name of a domain whose other hosts it does not
// know about.
const hstsValue = "max-age=31536000"

const ctxHTTPS = "grimoire.https"

// IPExtractor trusts X-Forwarded-For only when the connection comes from a
// configured proxy; everyone else is known by the address they connect from.
func IPExtractor(proxies []netip.Prefix) echo.IPExtractor {
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

// fromProxy tells whether the connection comes from one of proxies.
func fromProxy(r *http.Request, proxies []netip.Prefix) bool {
	if len(proxies) == 0 {
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
	for _, p := range proxies {
		if p.Contains(addr) {
			return true
		}
	}
	return false
}

// Transport marks requests that reached us over HTTPS, directly or through
// one of the trusted proxies that says so, and sends HSTS on them. A client
// talking to us directly cannot claim HTTPS with a header.
func Transport(proxies []netip.Prefix) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			r := c.Request()
			https := r.TLS != nil || (fromProxy(r, proxies) && r.Header.Get(echo.HeaderXForwardedProto) == "https")
			c.Set(ctxHTTPS, https)
			if https {
				c.Response().Header().Set(echo.HeaderStrictTransportSecurity, hstsValue)
			}
			return next(c)
		}
	}
}

// secureCookies tells whether this response's cookies must be Secure: always
// when the app is configured so (secure), else when the request came over
// HTTPS (Transport).
func secureCookies(c echo.Context, secure bool) bool {
	https, _ := c.Get(ctxHTTPS).(bool)
	return secure || https
}

// AccessLog writes one line per request to log, at Info when info is set
// and at Debug otherwise. It names the route pattern (/watch/:token), never
// the path or query, so no token reaches a log.
func AccessLog(log *slog.Logger, info bool) echo.MiddlewareFunc {
	return middleware.RequestLoggerWithConfig(middleware.RequestLoggerConfig{
		LogStatus: true, LogMethod: true, LogLatency: true, LogRoutePath: true, LogResponseSize: true, HandleError: true,
		LogValuesFunc: func(c echo.Context, v middleware.RequestLoggerValues) error {
			route := v.RoutePath
			if route == "" || route == "/*" {
				route = "(no route)"
			}
			level := slog.LevelDebug
			if info {
				level = slog.LevelInfo
			}
			ctx := c.Request().Context()
			if !log.Enabled(ctx, level) {
				return nil
			}
			// A record made here, without the caller's PC that Logger.Info
			// looks up on every line (the log prints no source), which was
			// a fifth of the access log's cost.
			r := slog.NewRecord(time.Now(), level, "request", 0)
			r.AddAttrs(slog.String("method", v.Method), slog.String("route", route), slog.Int("status", v.Status),
				slog.Duration("duration", v.Latency.Round(time.Microsecond)), slog.Int64("bytes", v.ResponseSize))
			// A log that cannot be written must not fail the request.
			_ = log.Handler().Handle(ctx, r)
			return nil
		},
	})
}
