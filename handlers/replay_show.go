package handlers

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/lang"
	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/play/replay"
	"github.com/grimoire-games/grimoire/play/session"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/views"
)

// gameReplay is GET /g/:id/replay?at=N: the game after its first N actions,
// as this device's seat saw it (docs/replay.md). A device with no seat is
// sent to the spectator's replay of the same moment.
func (h *Handler) gameReplay(c echo.Context) error {
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
		to := "/watch/" + g.SpectatorToken + "/replay"
		if at := c.QueryParam("at"); at != "" {
			to += "?at=" + url.QueryEscape(at)
		}
		return c.Redirect(http.StatusSeeOther, to)
	}
	v := viewer(c, screen{Game: g, Seats: seats, Seat: seat})
	return h.replayOf(c, k, g, v, log, "/g/"+g.ID)
}

// watchReplay is GET /watch/:token/replay?at=N: a spectator's replay, which
// shows each moment as spectators saw it.
func (h *Handler) watchReplay(c echo.Context) error {
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
	v := viewer(c, screen{Game: g, Seats: seats, Seat: scorekeeperSeat, Watch: true})
	return h.replayOf(c, k, g, v, log, "/watch/"+g.SpectatorToken)
}

// replayOf answers with the replay page of the moment ?at= names; back is
// the game's page the replay belongs to. An ?at= that is not a number is a
// 400 that says what it takes.
func (h *Handler) replayOf(c echo.Context, k play.Kind, g store.Game, v session.Viewer, log []store.Entry, back string) error {
	m, err := h.session.Replay(k, g, v, log, c.QueryParam("at"))
	if ae := (*replay.AtError)(nil); errors.As(err, &ae) {
		return echo.NewHTTPError(http.StatusBadRequest, ae.Words)
	}
	if err != nil {
		return fmt.Errorf("replay of %s: %w", g.ID, err)
	}
	l := replay.Links{Base: back + "/replay", Back: back}
	if !v.Watch {
		l.Fork, l.CSRF = "/g/"+g.ID+"/fork", v.CSRF
	}
	r, err := replay.View(c.Request().Context(), k, m, l)
	if err != nil {
		return fmt.Errorf("replay of %s: %w", g.ID, err)
	}
	p := h.page(c, words(c, lang.ReplayTitle, g.Title), "")
	// The game's own module, which the phone keeps from its game page,
	// draws this page's moments offline (static/replay.js).
	p.Game = k.Info().ID
	return render(c, http.StatusOK, views.ReplayPage(p, r))
}
