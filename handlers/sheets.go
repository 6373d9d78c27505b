package handlers

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/lang"
	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/views"
)

// gameSheet is GET /g/:id/sheet: the scoresheet of a game this device keeps
// or plays, live while the game runs. Others are sent to the spectator's.
func (h *Handler) gameSheet(c echo.Context) error {
	g, k, log, err := h.loadGame(c)
	if err != nil {
		return err
	}
	if _, ok, _, err := h.seatOf(c, g); err != nil {
		return err
	} else if !ok {
		return c.Redirect(http.StatusSeeOther, "/watch/"+g.SpectatorToken+"/sheet")
	}
	return h.renderSheet(c, g, k, log, false)
}

// watchSheet is GET /watch/:token/sheet: the same sheet for spectators.
func (h *Handler) watchSheet(c echo.Context) error {
	g, k, log, err := h.loadWatched(c)
	if err != nil {
		return err
	}
	return h.renderSheet(c, g, k, log, true)
}

func (h *Handler) renderSheet(c echo.Context, g store.Game, k play.Kind, log []store.Entry, watch bool) error {
	head, rec := h.session.Sheet(k, g, viewer(c, screen{Game: g, Seat: scorekeeperSeat, Watch: watch}), log, h.now())
	comp, err := k.Sheet(h.page(c, "", ""), rec, head)
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "private, no-cache")
	return render(c, http.StatusOK, comp)
}

// blankSheet is GET /sheets/:game/blank: an empty form for a game played on
// paper. It needs no game, so it works for every game with a sheet.
func (h *Handler) blankSheet(c echo.Context) error {
	k, ok := play.Find(h.games, c.Param("game"))
	if !ok {
		return notFound(words(c, lang.ErrorNoSheet))
	}
	return render(c, http.StatusOK, k.Blank(h.page(c, "", ""), views.SheetHead{Title: words(c, lang.SheetBlankTitle), BackURL: "/"}))
}
