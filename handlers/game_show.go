package handlers

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"
)

// gameShow is GET /g/:id: the game's page for a seated player or its
// scorekeeper, or for htmx the fragments changed since the version asked.
func (h *Handler) gameShow(c echo.Context) error {
	g, k, log, err := h.loadGame(c)
	if de := (*damagedError)(nil); errors.As(err, &de) {
		return h.damagedPage(c, de, false)
	}
	if err != nil {
		return err
	}
	seat, ok, seats, err := h.seatOf(c, g)
	if err != nil {
		return err
	}
	if !ok {
		// Not this device's game: the read-only view is the only one it gets.
		return c.Redirect(http.StatusSeeOther, "/watch/"+g.SpectatorToken)
	}
	from := -1
	if isPartial(c) {
		from = formVersion(c, -1)
	}
	varyOnHTMX(c) // the whole page and the fragments share this URL
	s := screen{Game: g, Log: log, Seats: seats, Seat: seat, From: from, Status: http.StatusOK}
	h.pageExtras(c, k, &s)
	return h.screenOf(c, k, s)
}
