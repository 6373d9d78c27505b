package handlers

import (
	"time"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/handlers/middleware"
)

// What the middleware (handlers/middleware) leaves on a request, as the
// handlers read it.

// device is the id of the browser making the request.
func device(c echo.Context) string { return middleware.DeviceID(c) }

// csrfToken is the token the CSRF middleware expects back on writes.
func csrfToken(c echo.Context) string { return middleware.CSRFToken(c) }

// isHead says whether the client asked with HEAD (the route sees a GET).
func isHead(c echo.Context) bool { return middleware.IsHead(c) }

// clientKey names the client a per-client limit counts.
func clientKey(c echo.Context) string { return middleware.ClientKey(c) }

// streamGate counts the open event streams (middleware.StreamGate).
type streamGate struct{ *middleware.StreamGate }

// enter takes a place for one stream of client; leave gives it back.
func (g streamGate) enter(client string) (leave func(), err error) { return g.Enter(client) }

// streamWriteTimeout bounds each write of an event stream: a client that
// takes no heartbeat for this long is gone, and its stream ends.
const streamWriteTimeout = 2 * heartbeat

// requestTimeout bounds the work of one request (its context): a page, a
// tap, a file. Event streams have none (routes.go).
const requestTimeout = 30 * time.Second
