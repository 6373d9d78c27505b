package middleware

import (
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"github.com/grimoire-games/grimoire/lang"
)

// CSRF checks every write against the CSRF token (Echo's middleware) and
// hands the token to the page's forms (CSRFToken). Its cookie is Secure when
// secure is set or the request came over HTTPS (Transport).
func CSRF(secure bool) echo.MiddlewareFunc {
	csrfConfig := func(secure bool) middleware.CSRFConfig {
		return middleware.CSRFConfig{
			TokenLookup:    "header:" + echo.HeaderXCSRFToken + ",form:_csrf",
			CookieName:     csrfCookie,
			CookiePath:     "/",
			CookieHTTPOnly: true,
			CookieSecure:   secure,
			CookieSameSite: http.SameSiteLaxMode,
			// Set once, like the session cookie (keepCSRFCookie), so it
			// must last as long.
			CookieMaxAge: SessionMaxAge,
			// A cross-site POST is refused in our words, not Echo's; same-site
			// (another port of this host) falls back to the token check.
			AllowSecFetchSiteFunc: func(c echo.Context) (bool, error) {
				if c.Request().Header.Get(echo.HeaderSecFetchSite) == "same-site" {
					return false, nil
				}
				return false, echo.NewHTTPError(http.StatusForbidden, lang.T(c.Request().Context(), lang.ErrorCrossSite))
			},
			ErrorHandler: func(err error, c echo.Context) error {
				return echo.NewHTTPError(http.StatusForbidden, lang.T(c.Request().Context(), lang.ErrorExpired))
			},
		}
	}
	// The CSRF cookie is Secure exactly when the session cookie is, which
	// behind a proxy is known per request.
	csrfPlain, csrfSecure := middleware.CSRFWithConfig(csrfConfig(false)), middleware.CSRFWithConfig(csrfConfig(true))
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		// Echo wraps a handler in its middleware for every request, so the
		// CSRF middleware is put around next only when it is to run.
		return func(c echo.Context) error {
			if reuseCSRFToken(c) {
				return next(c)
			}
			if secureCookies(c, secure) {
				return csrfSecure(keepCSRFCookie(next))(c)
			}
			return csrfPlain(keepCSRFCookie(next))(c)
		}
	}
}

// CSRFToken is the token the CSRF middleware expects back on writes.
func CSRFToken(c echo.Context) string {
	t, _ := c.Get(csrfContextKey).(string)
	return t
}

// keepCSRFCookie takes back the Set-Cookie Echo's CSRF middleware adds to
// every answer when the request already carried that very token: the cookie
// is set once and lasts as long as the session (SessionMaxAge). Sent again,
// it was 140 bytes on every answer, and it pushed a cached page past the
// 4 KB net/http writes in one go, so the page left in two writes. As with
// the session cookie, a token first set over plain HTTP keeps its cookie
// without Secure after the server moves to HTTPS, until it expires; the
// token check is the fallback for browsers without Sec-Fetch-Site anyway.
func keepCSRFCookie(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if k, err := c.Request().Cookie(csrfCookie); err == nil && k.Value != "" && k.Value == CSRFToken(c) {
			dropSetCookie(c.Response().Header(), csrfCookie)
		}
		return next(c)
	}
}

// reuseCSRFToken does what Echo's CSRF middleware does for a GET or HEAD
// that carries its token's cookie and no Sec-Fetch-Site: it keeps the token
// for the page's forms and varies the answer on the cookie; it checks
// nothing, as a safe method needs no check. The middleware would also set
// the cookie again, which keepCSRFCookie takes back, and it did so on
// every refresh a spectator's page asks (a twentieth of such a GET's CPU).
// Anything else goes through the middleware: writes, a first visit,
// browsers that say where a request came from (Echo answers those itself).
func reuseCSRFToken(c echo.Context) bool {
	r := c.Request()
	if (r.Method != http.MethodGet && r.Method != http.MethodHead) || r.Header.Get(echo.HeaderSecFetchSite) != "" {
		return false
	}
	k, err := r.Cookie(csrfCookie)
	if err != nil || k.Value == "" {
		return false
	}
	c.Set(csrfContextKey, k.Value)
	c.Response().Header().Add(echo.HeaderVary, echo.HeaderCookie)
	return true
}

// csrfContextKey is where Echo's CSRF middleware (its default ContextKey)
// and reuseCSRFToken leave the token for the page's forms.
const csrfContextKey = "csrf"

// csrfCookie is the name of the cookie that holds the CSRF token.
const csrfCookie = "grimoire_csrf"

// dropSetCookie removes the Set-Cookie lines of the cookie named name.
func dropSetCookie(h http.Header, name string) {
	lines := h.Values(echo.HeaderSetCookie)
	kept := lines[:0:0]
	for _, l := range lines {
		if n, _, _ := strings.Cut(l, "="); n != name {
			kept = append(kept, l)
		}
	}
	if len(kept) == len(lines) {
		return
	}
	if len(kept) == 0 {
		h.Del(echo.HeaderSetCookie)
		return
	}
	h[echo.HeaderSetCookie] = kept
}
