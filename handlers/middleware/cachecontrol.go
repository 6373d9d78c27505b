package middleware

import (
	"strings"

	"github.com/labstack/echo/v4"
)

// CacheControl marks whole HTML pages so no shared cache keeps them:
// every page carries this device's CSRF token, and a game's page its join
// links and record, so those are not stored at all (the routes marked
// NoStore). Fragments (those partial says are one, htmx's), files, records
// and streams keep what their handlers set.
func CacheControl(partial func(echo.Context) bool) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			res := c.Response()
			res.Before(func() {
				hd := res.Header()
				if hd.Get("Cache-Control") != "" || partial(c) || !strings.HasPrefix(hd.Get(echo.HeaderContentType), "text/html") {
					return
				}
				if stored, _ := c.Get(ctxNoStore).(bool); stored {
					hd.Set("Cache-Control", "no-store")
				} else {
					hd.Set("Cache-Control", "private, no-cache")
				}
			})
			return next(c)
		}
	}
}

const ctxNoStore = "grimoire.no-store"

// NoStore marks a route whose pages no cache may store (CacheControl):
// a game's pages and a seat's join page.
func NoStore(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		c.Set(ctxNoStore, true)
		return next(c)
	}
}
