package handlers

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/lang"
	"github.com/grimoire-games/grimoire/play/session"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/views"
)

// A damaged record (session.Damaged) is a stored game whose actions in
// force no longer replay. The session finds it; here it is answered in
// words: its own page, and a new game from the actions before the damage
// (docs/reliability.md, "A damaged record").

// damagedPage is the game's page of a damaged game: the damage in words,
// the export when this viewer may take the record, and for the scorekeeper
// or a seated player the offer to keep the actions before the bad one. A
// device with no seat gets the spectator's page; htmx asks for the whole
// page again (its screen has nothing to swap into).
func (h *Handler) damagedPage(c echo.Context, de *damagedError, watch bool) error {
	if isPartial(c) {
		return de
	}
	g := de.Game
	var seats []store.Seat
	seat := scorekeeperSeat
	if !watch {
		s, ok, ss, err := h.seatOf(c, g)
		if err != nil {
			return err
		}
		if !ok {
			return c.Redirect(http.StatusSeeOther, "/watch/"+g.SpectatorToken)
		}
		seat, seats = s, ss
	}
	v := h.session.DamagedPage(de, viewer(c, screen{Game: g, Seats: seats, Seat: seat, Watch: watch}))
	title := g.Title
	if watch {
		title = words(c, lang.DamagedWatching, g.Title)
	}
	c.Response().Header().Set("Cache-Control", "private, no-store")
	varyOnHTMX(c)
	return render(c, http.StatusOK, views.DamagedPage(h.page(c, title, ""), v))
}

// gameKeep is POST /g/:id/keep: a new game from the good prefix of a
// damaged one (the same setup, seed, seats and holders, and the actions in
// force before the bad one), made through the creation path and checked
// by replay before it is stored. The damaged game is left as it is. The
// new game's id is drawn from the damaged game's id and version, so a
// double tap (or two players at once) makes one game, not two.
func (h *Handler) gameKeep(c echo.Context) error {
	g, _, _, err := h.loadGame(c)
	var de *damagedError
	if err != nil && !errors.As(err, &de) {
		return err
	}
	_, ok, seats, err := h.seatOf(c, g)
	if err != nil {
		return err
	}
	if !ok {
		return forbidden(words(c, lang.ErrorOnlyPlayersKeep))
	}
	id, kept, made, err := session.Keep(c.Request().Context(), h.store, g, seats, de, h.maker(c))
	if nk := (*session.NothingToKeep)(nil); errors.As(err, &nk) {
		return echo.NewHTTPError(http.StatusConflict, nk.Words)
	}
	if bs := (*session.BadSetup)(nil); errors.As(err, &bs) {
		return badRequest(bs.Error())
	}
	if err != nil {
		return err
	}
	if made {
		h.log.Info("new game from the good actions of a damaged one", "game", id, "from", g.ID, "actions", kept)
	}
	return redirect(c, "/g/"+id)
}
