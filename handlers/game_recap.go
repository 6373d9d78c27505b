package handlers

import (
	"fmt"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/lang"
	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/views"
)

// A game's whole page (GET /g/:id, /watch/:token, not htmx's fragments)
// carries two things of this device's own: "since you last looked" (the
// actions since the version this device last opened the page at, kept in
// the store per device and game: docs/forks.md, "Since you last looked")
// and the lines naming the games it was continued from or as. Opening the
// page moves the device's mark to the version shown: one write, and none
// when nothing happened since.

// pageExtras fills s with this device's recap and the game's fork lines,
// and moves the device's mark. A store that fails here costs the page
// only these extras: they are logged, never a refusal of the page.
func (h *Handler) pageExtras(c echo.Context, k play.Kind, s *screen) {
	if isPartial(c) || c.Request().Method != http.MethodGet {
		return
	}
	ctx := c.Request().Context()
	g := s.Game
	dev := device(c)
	m, err := h.store.Marks(ctx, g.ID, dev)
	if err != nil {
		h.log.Warn("game page without its fork lines and recap", "game", g.ID, "err", err)
		return
	}
	link := func(id, token string) string {
		if s.Watch {
			return "/watch/" + token
		}
		return "/g/" + id
	}
	if f := m.From; f != nil {
		line := views.ForkLine{From: true, Title: f.Title, At: f.At}
		if !f.Gone {
			line.URL = link(f.ID, f.SpectatorToken)
		}
		s.Forks = append(s.Forks, line)
	}
	for _, f := range m.To {
		s.Forks = append(s.Forks, views.ForkLine{Title: f.Title, URL: link(f.ID, f.SpectatorToken), At: f.At})
	}
	if m.Looked {
		r, ok, err := h.session.Recap(k, g, viewer(c, *s), dev, s.Log, m.Look)
		if err != nil {
			h.log.Warn("game page without its recap", "game", g.ID, "err", err)
		} else if ok {
			recapLinks(&r, g, s.Watch)
			s.Recap = &r
		}
	}
	if !m.Looked || m.Look < len(s.Log) {
		if err := h.store.Look(ctx, g.ID, dev, len(s.Log)); err != nil {
			h.log.Warn("device's look at a game not kept", "game", g.ID, "err", err)
		}
	}
}

// recapLinks fills the recap's links: the page, and the dismiss htmx asks.
func recapLinks(r *views.Recap, g store.Game, watch bool) {
	r.Page = "/g/" + g.ID
	if watch {
		r.Page = "/watch/" + g.SpectatorToken
	}
	r.Dismiss = r.Page + "/recap?dismiss=" + strconv.Itoa(r.Version)
}

// recapShow is GET /g/:id/recap and /watch/:token/recap. With since=N it
// is the recap panel alone, for a page left open while the phone was
// elsewhere and looked at again (static/app.js asks with the version the
// screen showed when it was hidden): the actions since N drawn as this
// viewer may read them, as on the whole page, and the device's mark moved
// to the version now; nothing to say is a 204. With dismiss=V it is the
// panel's "Got it" as htmx asks it: the mark moves up to V (never back,
// so a stale or repeated dismiss changes nothing) and the empty answer
// swaps the panel away. Both only read and move this device's own mark,
// as opening the page does.
func (h *Handler) recapShow(c echo.Context) error {
	watch := c.Param("token") != ""
	var (
		g   store.Game
		k   play.Kind
		log []store.Entry
		err error
	)
	if watch {
		g, k, log, err = h.loadWatched(c)
	} else {
		g, k, log, err = h.loadGame(c)
	}
	if err != nil {
		return err
	}
	s := screen{Game: g, Log: log, Seat: scorekeeperSeat, Watch: watch}
	if !watch {
		seat, ok, seats, err := h.seatOf(c, g)
		if err != nil {
			return err
		}
		if !ok {
			return forbidden(words(c, lang.ErrorFollowAsSpectator))
		}
		s.Seat, s.Seats = seat, seats
	} else if s.Seats, err = h.store.Seats(c.Request().Context(), g.ID); err != nil {
		return fmt.Errorf("seats of %s: %w", g.ID, err)
	}
	c.Response().Header().Set("Cache-Control", "private, no-store")
	if raw := c.QueryParam("dismiss"); raw != "" {
		v, err := strconv.Atoi(raw)
		if err != nil || v < 0 {
			return badRequest(words(c, lang.ErrorRecapVersion))
		}
		if c.Request().Method == http.MethodGet {
			if err := h.store.Look(c.Request().Context(), g.ID, device(c), min(v, len(log))); err != nil {
				return fmt.Errorf("dismiss the recap of %s: %w", g.ID, err)
			}
		}
		return c.HTML(http.StatusOK, "")
	}
	since, err := strconv.Atoi(c.QueryParam("since"))
	if err != nil || since < 0 {
		return badRequest(words(c, lang.ErrorRecapSince))
	}
	r, ok, err := h.session.Recap(k, g, viewer(c, s), device(c), log, min(since, len(log)))
	if err != nil {
		return err
	}
	if c.Request().Method == http.MethodGet {
		if err := h.store.Look(c.Request().Context(), g.ID, device(c), len(log)); err != nil {
			h.log.Warn("device's look at a game not kept", "game", g.ID, "err", err)
		}
	}
	if !ok {
		return c.NoContent(http.StatusNoContent)
	}
	recapLinks(&r, g, watch)
	return render(c, http.StatusOK, views.RecapPanel(r))
}
