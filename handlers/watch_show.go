package handlers

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"
)

// watchShow is GET /watch/:token: the spectator's read-only page, or for
// htmx the fragments changed since the version asked.
func (h *Handler) watchShow(c echo.Context) error {
	g, k, log, err := h.loadWatched(c)
	if de := (*damagedError)(nil); errors.As(err, &de) {
		return h.damagedPage(c, de, true)
	}
	if err != nil {
		return err
	}
	seats, err := h.store.Seats(c.Request().Context(), g.ID)
	if err != nil {
		return fmt.Errorf("seats of %s: %w", g.ID, err)
	}
	from := -1
	if isPartial(c) {
		from = formVersion(c, -1)
	}
	varyOnHTMX(c)
	s := screen{Game: g, Log: log, Seats: seats, Seat: scorekeeperSeat, Watch: true, From: from, Status: http.StatusOK}
	h.pageExtras(c, k, &s)
	return h.screenOf(c, k, s)
}
