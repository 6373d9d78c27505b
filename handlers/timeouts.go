package handlers

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/handlers/encoding"
)

// Server is the http.Server for this handler set, with the limits' timeouts.
// serve uses it, and so do the tests that prove the timeouts, so they test
// the settings the binary runs with. There is no server-wide WriteTimeout:
// event streams stay open, and every other request gets its own write
// deadline (withDeadlines).
func (h *Handler) Server() *http.Server {
	srv := &http.Server{
		Handler:           h.Echo(),
		ReadHeaderTimeout: h.limits.ReadHeaderTimeout,
		ReadTimeout:       h.limits.ReadTimeout,
		IdleTimeout:       h.limits.IdleTimeout,
	}
	srv.RegisterOnShutdown(h.StopStreams)
	return srv
}

// streamWriteTimeout bounds each write of an event stream: a client that
// takes no heartbeat for this long is gone, and its stream ends.
const streamWriteTimeout = 2 * heartbeat

// requestTimeout bounds the work of one request (its context): a page, a
// tap, a file. Event streams have none (eventStream).
const requestTimeout = 30 * time.Second

// withDeadlines gives each request the write deadline of an ordinary
// answer; a route that needs another sets its own over it (fileDeadline,
// eventStream). A keep-alive connection carries the last request's
// deadline over, so every request sets one. Recorders in tests support no
// deadlines; that is not an error.
func (h *Handler) withDeadlines(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		setWriteDeadline(c, h.limits.WriteTimeout)
		return next(c)
	}
}

func setWriteDeadline(c echo.Context, d time.Duration) {
	_ = http.NewResponseController(c.Response()).SetWriteDeadline(time.Now().Add(d))
}

// fileDeadline gives a file's route StaticWriteTimeout to be written in
// (the WebAssembly module is megabytes on a phone at the court).
func (h *Handler) fileDeadline(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		setWriteDeadline(c, h.limits.StaticWriteTimeout)
		return next(c)
	}
}

// eventStream readies an event stream's route: the first of its write
// deadlines (stream extends it on every write), and no compression, which
// would hold back the "version N" lines that must reach a watcher at once.
// Its route has no requestTimeout either (routes.go).
func eventStream(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		res := c.Response()
		if w, ok := res.Writer.(*encoding.Writer); ok {
			res.Writer = w.Unwrap()
		}
		setWriteDeadline(c, streamWriteTimeout)
		return next(c)
	}
}
