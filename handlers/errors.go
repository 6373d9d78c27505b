package handlers

import (
	"context"
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/store/quota"
	"github.com/grimoire-games/grimoire/views"
)

// handleError is Echo's central error handler: every error a handler returns
// ends here and becomes a templ error page (or, for htmx, an alert fragment
// swapped into the page's alert slot, leaving the screen as it was).
func (h *Handler) handleError(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	// Echo calls this after the middleware chain has returned, so the
	// ContextTimeout middleware has already cancelled the request's context:
	// rendering the templ page with it would fail and fall back to plain text.
	c.SetRequest(c.Request().WithContext(context.WithoutCancel(c.Request().Context())))
	code := http.StatusInternalServerError
	msg := "Something went wrong on our side. Your game is safe; try again."
	var he *echo.HTTPError
	var de *damagedError
	var qe *quota.Exceeded
	heading := ""
	switch {
	case errors.As(err, &de):
		// The stored record does not replay: nothing can be drawn or
		// changed, and no retry helps. An htmx screen reloads, which
		// shows the game's page of a damaged record.
		code, msg, heading = http.StatusConflict, de.Message(), "Record damaged"
		if isPartial(c) {
			c.Response().Header().Set("HX-Refresh", "true")
		}
	case errors.As(err, &qe):
		// A device past its games per hour (store/quota).
		code, msg = http.StatusTooManyRequests, qe.Error()
	case errors.As(err, &he):
		code = he.Code
		if m, ok := he.Message.(string); ok {
			msg = m
		} else {
			msg = http.StatusText(code)
		}
	case errors.Is(err, store.ErrNotFound):
		code, msg = http.StatusNotFound, "There is no such game. It may have been deleted."
	case errors.Is(err, store.ErrUnavailable):
		// The store logs the outage once (store/outage); a line per request
		// would bury it.
		code, msg = http.StatusServiceUnavailable, unavailableMessage
		c.Response().Header().Set("Retry-After", retryAfter)
	}
	if code >= 500 && code != http.StatusServiceUnavailable {
		h.log.Error("request failed", "method", c.Request().Method, "uri", c.Request().RequestURI, "err", err)
	}
	if code == http.StatusNotFound && msg == "Not Found" {
		msg = "There is nothing at this address."
	}
	if c.Request().Method == http.MethodHead {
		_ = c.NoContent(code)
		return
	}
	varyOnHTMX(c)
	var rerr error
	if isPartial(c) {
		c.Response().Header().Set("HX-Retarget", "#alert")
		c.Response().Header().Set("HX-Reswap", "outerHTML")
		rerr = render(c, code, views.ErrorFragment(msg))
	} else {
		if heading == "" {
			heading = errorHeading(code)
		}
		rerr = render(c, code, views.ErrorPage(h.page(c, statusTitleFor(code), ""), code, heading, msg))
	}
	if rerr != nil {
		h.log.Error("render error page", "err", rerr)
		_ = c.String(code, msg)
	}
}

// errorHeading is the error page's heading after the code: the words a
// person at the court reads, where they differ from the status text.
func errorHeading(code int) string {
	switch code {
	case http.StatusNotFound:
		return "Not found"
	case http.StatusForbidden:
		return "Not allowed"
	case http.StatusBadRequest, http.StatusUnprocessableEntity:
		return "That did not work"
	case http.StatusConflict:
		return "The game moved on"
	case http.StatusRequestEntityTooLarge:
		return "Too large"
	case http.StatusServiceUnavailable:
		return "Back in a moment"
	default:
		return statusTitleFor(code)
	}
}

func statusTitleFor(code int) string {
	if t := http.StatusText(code); t != "" {
		return t
	}
	return "Error"
}

// unavailableMessage is what a person reads while the database is away. A
// tap made on a phone with the offline module waits in its outbox and is
// sent again by itself; one sent through a plain form is not kept.
const unavailableMessage = "The server cannot reach its database just now. Taps made on this phone wait on it and are sent when the database is back; anything else, try again in a few seconds."

// retryAfter is the Retry-After of a 503, in seconds: a database restarting
// is back within seconds, and the phone's outbox waits at least this long.
const retryAfter = "3"

// badRequest is a 400 with a message a person can act on.
func badRequest(msg string) error { return echo.NewHTTPError(http.StatusBadRequest, msg) }

// forbidden is a 403: the device may look but not change this game.
func forbidden(msg string) error { return echo.NewHTTPError(http.StatusForbidden, msg) }

// notFound is a 404 with a message.
func notFound(msg string) error { return echo.NewHTTPError(http.StatusNotFound, msg) }
