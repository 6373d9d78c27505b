package handlers

import (
	"context"
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/lang"
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
	ctx := c.Request().Context()
	code := http.StatusInternalServerError
	msg := lang.T(ctx, lang.ErrorInternal)
	var he *echo.HTTPError
	var de *damagedError
	var qe *quota.Exceeded
	var heading lang.Key
	switch {
	case errors.As(err, &de):
		// The stored record does not replay: nothing can be drawn or
		// changed, and no retry helps. An htmx screen reloads, which
		// shows the game's page of a damaged record.
		code, msg, heading = http.StatusConflict, de.Message(), lang.ErrorHeadingDamaged
		if isPartial(c) {
			c.Response().Header().Set("HX-Refresh", "true")
		}
	case errors.As(err, &qe):
		// A device past its games per hour (store/quota).
		code, msg = http.StatusTooManyRequests, qe.Error()
	case errors.As(err, &he):
		code = he.Code
		if m, ok := he.Message.(string); ok && m != http.StatusText(code) {
			msg = m
		} else {
			// Echo's own refusals (a 404, a 405) carry the status text:
			// that is said in the reader's language.
			msg = statusTitle(ctx, code)
		}
	case errors.Is(err, store.ErrNotFound):
		code, msg = http.StatusNotFound, lang.T(ctx, lang.ErrorNoGame)
	case errors.Is(err, store.ErrUnavailable):
		// The store logs the outage once (store/outage); a line per request
		// would bury it.
		code, msg = http.StatusServiceUnavailable, lang.T(ctx, lang.ErrorUnavailable)
		c.Response().Header().Set("Retry-After", retryAfter)
	}
	if code >= 500 && code != http.StatusServiceUnavailable {
		h.log.Error("request failed", "method", c.Request().Method, "uri", c.Request().RequestURI, "err", err)
	}
	if code == http.StatusNotFound && msg == statusTitle(ctx, code) {
		msg = lang.T(ctx, lang.ErrorNothingHere)
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
		words := statusTitle(ctx, code)
		if heading == "" {
			heading = errorHeading(code)
		}
		if heading != "" {
			words = lang.T(ctx, heading)
		}
		rerr = render(c, code, views.ErrorPage(h.page(c, statusTitle(ctx, code), ""), code, words, msg))
	}
	if rerr != nil {
		h.log.Error("render error page", "err", rerr)
		_ = c.String(code, msg)
	}
}

// errorHeading is the error page's heading after the code: the words a
// person at the court reads, where they differ from the status text ("" is
// the status text).
func errorHeading(code int) lang.Key {
	switch code {
	case http.StatusNotFound:
		return lang.ErrorHeadingNotFound
	case http.StatusForbidden:
		return lang.ErrorHeadingForbidden
	case http.StatusBadRequest, http.StatusUnprocessableEntity:
		return lang.ErrorHeadingDidNotWork
	case http.StatusConflict:
		return lang.ErrorHeadingMovedOn
	case http.StatusRequestEntityTooLarge:
		return lang.ErrorHeadingTooLarge
	case http.StatusServiceUnavailable:
		return lang.ErrorHeadingUnavailable
	default:
		return ""
	}
}

// statusTitles are the status texts the app answers with, in the
// catalogs: the error page's title, and its heading where errorHeading
// has no words of its own.
var statusTitles = map[int]lang.Key{
	http.StatusBadRequest:            lang.ErrorStatus400,
	http.StatusForbidden:             lang.ErrorStatus403,
	http.StatusNotFound:              lang.ErrorStatus404,
	http.StatusMethodNotAllowed:      lang.ErrorStatus405,
	http.StatusConflict:              lang.ErrorStatus409,
	http.StatusRequestEntityTooLarge: lang.ErrorStatus413,
	http.StatusUnprocessableEntity:   lang.ErrorStatus422,
	http.StatusTooManyRequests:       lang.ErrorStatus429,
	http.StatusInternalServerError:   lang.ErrorStatus500,
	http.StatusServiceUnavailable:    lang.ErrorStatus503,
}

// statusTitle is the status text of code in the language of ctx; a code
// the catalogs do not name keeps Go's English text.
func statusTitle(ctx context.Context, code int) string {
	if k, ok := statusTitles[code]; ok {
		return lang.T(ctx, k)
	}
	if t := http.StatusText(code); t != "" {
		return t
	}
	return lang.T(ctx, lang.ErrorStatusOther)
}

// retryAfter is the Retry-After of a 503, in seconds: a database restarting
// is back within seconds, and the phone's outbox waits at least this long.
const retryAfter = "3"

// badRequest is a 400 with a message a person can act on.
func badRequest(msg string) error { return echo.NewHTTPError(http.StatusBadRequest, msg) }

// forbidden is a 403: the device may look but not change this game.
func forbidden(msg string) error { return echo.NewHTTPError(http.StatusForbidden, msg) }

// notFound is a 404 with a message.
func notFound(msg string) error { return echo.NewHTTPError(http.StatusNotFound, msg) }

// words is key's words in the language the request is drawn in, for an
// error a person reads on the page.
func words(c echo.Context, key lang.Key, args ...any) string {
	return lang.T(c.Request().Context(), key, args...)
}
