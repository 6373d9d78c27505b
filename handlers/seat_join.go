package handlers

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/lang"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/views"
)

// joinSeat shows what a join link offers: the seat is taken by the page's
// button (takeSeat), never by opening the link, so a chat app's link preview
// takes nothing. A device that already holds the seat goes to the game.
func (h *Handler) joinSeat(c echo.Context) error {
	ctx := c.Request().Context()
	seat, err := h.store.SeatByToken(ctx, c.Param("token"))
	switch {
	case errors.Is(err, store.ErrNotFound):
		return notFound(words(c, lang.ErrorJoinLink))
	case err != nil:
		return fmt.Errorf("read seat: %w", err)
	case seat.Holder == device(c):
		return c.Redirect(http.StatusSeeOther, "/g/"+seat.GameID)
	case seat.Holder != "":
		return seatTaken(c)
	}
	g, err := h.store.Game(ctx, seat.GameID)
	if err != nil {
		return fmt.Errorf("load game of seat: %w", err)
	}
	c.Response().Header().Set("Cache-Control", "private, no-store")
	return render(c, http.StatusOK, views.JoinSeat(h.page(c, words(c, lang.JoinPage, g.Title), ""), g.Title, seat.Name, seat.Token))
}

// takeSeat binds the seat to this device. The link is the seat's secret:
// whoever takes it first holds it.
func (h *Handler) takeSeat(c echo.Context) error {
	seat, err := h.store.ClaimSeat(c.Request().Context(), c.Param("token"), device(c))
	switch {
	case errors.Is(err, store.ErrNotFound):
		return notFound(words(c, lang.ErrorJoinLink))
	case errors.Is(err, store.ErrSeatTaken):
		return seatTaken(c)
	case err != nil:
		return fmt.Errorf("claim seat: %w", err)
	}
	return redirect(c, "/g/"+seat.GameID)
}

func seatTaken(c echo.Context) error {
	return echo.NewHTTPError(http.StatusConflict, words(c, lang.ErrorSeatTaken))
}
