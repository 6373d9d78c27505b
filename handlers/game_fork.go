package handlers

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/lang"
	"github.com/grimoire-games/grimoire/play/session"
)

// gameFork is POST /g/:id/fork: "continue from here", a new game from the
// game's setup and its first `at` actions in force (session.Fork,
// docs/forks.md). Like a tap it is for the scorekeeper or a seated player
// only; the original is never changed. The answer goes to the new game's
// page.
func (h *Handler) gameFork(c echo.Context) error {
	g, k, log, err := h.loadGame(c)
	if de := (*damagedError)(nil); errors.As(err, &de) {
		return echo.NewHTTPError(http.StatusConflict, de.Words()+". Keep its good actions as a new game first, then continue from that one.")
	}
	if err != nil {
		return err
	}
	_, ok, seats, err := h.seatOf(c, g)
	if err != nil {
		return err
	}
	if !ok {
		return forbidden(words(c, lang.ErrorOnlyPlayersFork))
	}
	at, err := session.ForkMoment(c.FormValue("at"), len(h.session.InForce(g.ID, log)))
	if err == nil {
		var id string
		var made bool
		id, made, err = h.session.Fork(c.Request().Context(), h.store, k, g, log, seats, device(c), at, h.maker(c))
		if err == nil {
			if made {
				h.log.Info("game continued from a moment of another", "game", id, "from", g.ID, "at", at)
			}
			return redirect(c, "/g/"+id)
		}
	}
	if fr := (*session.ForkRefused)(nil); errors.As(err, &fr) {
		if fr.BadMoment {
			return badRequest(fr.Words)
		}
		return echo.NewHTTPError(http.StatusConflict, fr.Words)
	}
	if bs := (*session.BadSetup)(nil); errors.As(err, &bs) {
		return badRequest(bs.Error())
	}
	return err
}
