// Package middleware holds what wraps Grimoire's handlers, one concern per
// file: each constructor takes what it needs, and routes.go (package
// handlers) attaches them, app-wide or to the routes of one kind. Echo's
// types are allowed here, inside handlers/.
package middleware

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"

	"github.com/labstack/echo/v4"
)

// BodyLimit reads a request's body whole, up to max bytes, before anything
// looks at it. The CSRF check reads the form first: with Echo's BodyLimit a
// body over the limit surfaced there as a missing token ("form expired"),
// and a body that never finished arriving as the same. Read here, each gets
// its own answer: 413 for too large (announced or counted as it arrives),
// 408 when the read timeout cuts a slow body off.
func BodyLimit(max int64) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			r := c.Request()
			if r.Body == nil || r.Body == http.NoBody {
				return next(c)
			}
			if r.ContentLength > max {
				return tooLarge(max)
			}
			b, err := io.ReadAll(io.LimitReader(r.Body, max+1))
			switch {
			case isTimeout(err):
				c.Response().Header().Set("Connection", "close")
				return echo.NewHTTPError(http.StatusRequestTimeout, "The request took too long to arrive, so Grimoire stopped waiting for it. Check the connection and try again.")
			case err != nil:
				return echo.NewHTTPError(http.StatusBadRequest, "The request broke off before it arrived whole. Check the connection and try again.")
			case int64(len(b)) > max:
				return tooLarge(max)
			}
			r.Body = io.NopCloser(bytes.NewReader(b))
			r.ContentLength = int64(len(b))
			return next(c)
		}
	}
}

func tooLarge(max int64) error {
	return echo.NewHTTPError(http.StatusRequestEntityTooLarge, fmt.Sprintf(
		"That is more than Grimoire takes in one go (%s at most). A record or a map file this large is not one Grimoire made.", sizeText(max)))
}

func sizeText(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

func isTimeout(err error) bool {
	if err == nil {
		return false
	}
	var ne net.Error
	return errors.Is(err, os.ErrDeadlineExceeded) || errors.As(err, &ne) && ne.Timeout()
}
