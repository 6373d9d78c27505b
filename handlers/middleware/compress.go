package middleware

import (
	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/handlers/encoding"
)

// Compress sends HTML, CSS, JS and JSON compressed as the client accepts
// (encoding.Tap): gzip or brotli, or against the dictionary on a route in
// its scope (the handlers' inDictionaryScope) when the browser holds it. A
// response that already has a Content-Encoding (a kept answer, an asset, the
// WebAssembly module) passes through untouched, and an event stream's route
// takes the writer out (EventStream). How each answer is compressed is
// decided in one place, handlers/encoding (Choose).
func Compress(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		res := c.Response()
		w := encoding.NewWriter(res.Writer, c.Request())
		res.Writer = w
		defer func() {
			w.Finish()
			res.Writer = w.Unwrap()
		}()
		return next(c)
	}
}
