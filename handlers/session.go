package handlers

import (
	"fmt"

	"github.com/labstack/echo/v4"
)

const (
	sessionName = "grimoire"
	deviceKey   = "device"
	ctxDevice   = "grimoire.device"
)

// withSession gives every request a session, this device's (withDevice),
// and its CSRF token (csrf), except on the routes sessionless names
// (routes.go: files and the health check, which carry no form, and where a
// probe every few seconds would mint a device each time). It runs for
// every request, those no route takes too (a 404, a 405): a write refused
// for its missing token is refused before anything else is said about it.
func (h *Handler) withSession(sessionless map[string]bool) echo.MiddlewareFunc {
	csrf := h.csrf()
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if sessionless[c.Path()] {
				return next(c)
			}
			return csrf(h.withDevice(next))(c)
		}
	}
}

// withDevice makes sure every browser has a device id in its signed,
// encrypted session cookie. The id is all the cookie holds: it names the
// scorekeeper of the games this browser created and the seats it holds.
func (h *Handler) withDevice(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
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
