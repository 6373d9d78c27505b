package middleware

import (
	"fmt"
	"net/http"
	"time"

	"github.com/gorilla/sessions"
	"github.com/labstack/echo/v4"
)

const (
	sessionName = "grimoire"
	deviceKey   = "device"
	ctxDevice   = "grimoire.device"
)

// SessionMaxAge is how long the session and CSRF cookies last: a device's
// identity is its session, and its CSRF token lives as long.
const SessionMaxAge = 365 * 24 * 3600

// NewCookieStore is the session cookies' store: keys are gorilla/securecookie
// key pairs (hash key, block key), newest first. secure marks the cookies
// Secure whatever the request came over.
func NewCookieStore(keys [][]byte, secure bool) *sessions.CookieStore {
	ss := sessions.NewCookieStore(keys...)
	// gorilla's defaults are HttpOnly=false and SameSite=None: set both.
	ss.Options = &sessions.Options{
		Path:     "/",
		MaxAge:   SessionMaxAge,
		HttpOnly: true,
		Secure:   secure,
		SameSite: http.SameSiteLaxMode,
	}
	ss.MaxAge(ss.Options.MaxAge)
	return ss
}

// Session gives every request a session, this device's (device), and its
// CSRF token (csrf), except on the routes sessionless names (routes.go:
// files and the health check, which carry no form, and where a probe every
// few seconds would mint a device each time). It runs for every request,
// those no route takes too (a 404, a 405): a write refused for its missing
// token is refused before anything else is said about it.
func Session(sessionless map[string]bool, csrf, device echo.MiddlewareFunc) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if sessionless[c.Path()] {
				return next(c)
			}
			return csrf(device(next))(c)
		}
	}
}

// Device makes sure every browser has a device id in its signed, encrypted
// session cookie (cookies). The id is all the cookie holds: it names the
// scorekeeper of the games this browser created and the seats it holds.
// memo spares decoding a cookie seen lately; secure is as for CSRF; now is
// the clock.
func Device(cookies *sessions.CookieStore, memo *DeviceMemo, secure bool, now func() time.Time, newID func(n int) string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			now := now()
			ck, cerr := c.Request().Cookie(sessionName)
			if cerr == nil {
				if id, ok := memo.get(ck.Value, now); ok {
					c.Set(ctxDevice, id)
					return next(c)
				}
			}
			// A cookie signed with an unknown key yields a fresh session and an
			// error we can ignore: the browser simply becomes a new device.
			sess, _ := cookies.Get(c.Request(), sessionName)
			id, ok := sess.Values[deviceKey].(string)
			if ok && id != "" && cerr == nil && !sess.IsNew {
				memo.put(ck.Value, id, now)
			}
			if !ok || id == "" {
				id = newID(16) // a device id must not be guessed
				sess.Values[deviceKey] = id
				sess.Options.Secure = secureCookies(c, secure)
				if err := sess.Save(c.Request(), c.Response()); err != nil {
					return fmt.Errorf("save session: %w", err)
				}
			}
			c.Set(ctxDevice, id)
			return next(c)
		}
	}
}

// DeviceID is the id of the browser making the request (Device).
func DeviceID(c echo.Context) string {
	id, _ := c.Get(ctxDevice).(string)
	return id
}
