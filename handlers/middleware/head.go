package middleware

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// HeadAsGet answers HEAD on every GET route: the request is routed as the
// GET it asks about, and the body is dropped (net/http drops it on a real
// connection; the recorder of an in-process test does not).
func HeadAsGet(next echo.HandlerFunc) echo.HandlerFunc {
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

// IsHead says whether the client asked with HEAD (the route sees a GET).
func IsHead(c echo.Context) bool {
	b, _ := c.Get(ctxHead).(bool)
	return b
}

type headWriter struct{ http.ResponseWriter }

func (w headWriter) Write(p []byte) (int, error) { return len(p), nil }

// Unwrap lets http.NewResponseController reach the connection beneath.
func (w headWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
