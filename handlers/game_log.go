package handlers

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/views"
)

// gameLog is GET /g/:id/log: every action in force in words, as this
// device's seat may read them.
func (h *Handler) gameLog(c echo.Context) error {
	g, k, log, err := h.loadGame(c)
	if err != nil {
		return err
	}
	seat, ok, seats, err := h.seatOf(c, g)
	if err != nil {
		return err
	} else if !ok {
		return c.Redirect(http.StatusSeeOther, "/watch/"+g.SpectatorToken)
	}
	lines, err := k.Lines(h.table(c, screen{Game: g, Seats: seats, Seat: seat}, log))
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, views.LogPage(h.page(c, "Log: "+g.Title, ""), g.ID, g.Title, lines))
}
