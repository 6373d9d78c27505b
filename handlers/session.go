package handlers

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"
)

const (
	sessionName = "grimoire"
	deviceKey   = "device"
	ctxDevice   = "grimoire.device"
)

// withDevice makes sure every browser has a device id in its signed,
// encrypted session cookie. The id is all the cookie holds: it names the
// scorekeeper of the games this browser created and the seats it holds.
func (h *Handler) withDevice(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if sessionless(c) {
			return next(c)
		}
		now := h.now()
		ck, cerr := c.Request().Cookie(sessionName)
		if cerr == nil {
			if id, ok := h.devices.get(ck.Value, now); ok {
				c.Set(ctxDevice, id)
				return next(c)
			}
		}
		// A cookie signed with an unknown key yields a fresh session and an
		// error we can ignore: the browser simply becomes a new device.
		sess, _ := h.sessions.Get(c.Request(), sessionName)
		id, ok := sess.Values[deviceKey].(string)
		if ok && id != "" && cerr == nil && !sess.IsNew {
			h.devices.put(ck.Value, id, now)
		}
		if !ok || id == "" {
			id = randomID(16)
			sess.Values[deviceKey] = id
			sess.Options.Secure = h.secureCookies(c)
			if err := sess.Save(c.Request(), c.Response()); err != nil {
				return fmt.Errorf("save session: %w", err)
			}
		}
		c.Set(ctxDevice, id)
		return next(c)
	}
}

// device is the id of the browser making the request.
func device(c echo.Context) string {
	id, _ := c.Get(ctxDevice).(string)
	return id
}

// csrfToken is the token the CSRF middleware expects back on writes.
func csrfToken(c echo.Context) string {
	t, _ := c.Get(csrfContextKey).(string)
	return t
}

// keepCSRFCookie takes back the Set-Cookie Echo's CSRF middleware adds to
// every answer when the request already carried that very token: the cookie
// is set once and lasts as long as the session (sessionMaxAge). Sent again,
// it was 140 bytes on every answer, and it pushed a cached page past the
// 4 KB net/http writes in one go, so the page left in two writes. As with
// the session cookie, a token first set over plain HTTP keeps its cookie
// without Secure after the server moves to HTTPS, until it expires; the
// token check is the fallback for browsers without Sec-Fetch-Site anyway.
func keepCSRFCookie(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if k, err := c.Request().Cookie(csrfCookie); err == nil && k.Value != "" && k.Value == csrfToken(c) {
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
// browsers that say where a request came from (Echo answers those itself),
// and the requests that get no cookie at all (sessionless).
func reuseCSRFToken(c echo.Context) bool {
	r := c.Request()
	if (r.Method != http.MethodGet && r.Method != http.MethodHead) || r.Header.Get(echo.HeaderSecFetchSite) != "" || sessionless(c) {
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
