package handlers

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/lang"
	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/play/session"
	"github.com/grimoire-games/grimoire/rules/say"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/views"
)

// screen is one request's view of a game.
type screen struct {
	Game   store.Game
	Log    []store.Entry
	Seats  []store.Seat
	Seat   int  // play.Scorekeeper, or the seat this device holds
	Watch  bool // read-only (spectator, or a device with no seat)
	From   int  // version the client's screen shows; -1 asks for a whole page
	Status int
	Notice string   // a line for the flash slot ("The game moved on ...")
	Error  say.Text // why the last tap was refused
	// Recap and Forks are this device's own lines of a whole page
	// (game_recap.go); a page with either is drawn per answer.
	Recap *views.Recap
	Forks []views.ForkLine
}

const scorekeeperSeat = play.Scorekeeper

// damagedError is a game whose record does not replay (session.Damaged).
type damagedError = session.Damaged

// rendered and screenKey are the session's drawn fragments and their keys.
type (
	rendered  = session.Rendered
	screenKey = session.ScreenKey
)

// loadGame reads the game named in the URL, its kind and its log, in one
// snapshot (the version always equals the log's length).
func (h *Handler) loadGame(c echo.Context) (store.Game, play.Kind, []store.Entry, error) {
	return h.load(c, c.Param("id"))
}

// loadWatched reads the game a spectator token names, its kind and its log.
func (h *Handler) loadWatched(c echo.Context) (store.Game, play.Kind, []store.Entry, error) {
	g, err := h.store.GameBySpectatorToken(c.Request().Context(), c.Param("token"))
	if errors.Is(err, store.ErrNotFound) {
		return g, nil, nil, notFound(words(c, lang.ErrorSpectatorLinkDeleted))
	}
	if err != nil {
		return g, nil, nil, fmt.Errorf("load watched game: %w", err)
	}
	return h.load(c, g.ID)
}

// load is the session's Load with a missing game in HTTP's words. A record
// that does not replay is a *damagedError that still carries the game, its
// kind and its log.
func (h *Handler) load(c echo.Context, id string) (store.Game, play.Kind, []store.Entry, error) {
	g, k, log, err := h.session.Load(c.Request().Context(), id)
	if err != nil {
		// Declared here, m costs nothing on the way of a game that loads.
		var m *session.Missing
		if errors.As(err, &m) {
			return g, nil, nil, notFound(words(c, m.Key, m.Args...))
		}
	}
	return g, k, log, err
}

// seatOf says who this device is in the game: a seated player (a seat it
// holds), the scorekeeper (the device that created a game it holds no seat
// in), or nobody (ok false): it may only watch. Seats come first, so a host
// who also plays a seat acts as that player only. It also returns the
// game's seats, which the screen needs.
func (h *Handler) seatOf(c echo.Context, g store.Game) (seat int, ok bool, seats []store.Seat, err error) {
	dev := device(c)
	seats, err = h.store.Seats(c.Request().Context(), g.ID)
	if err != nil {
		return 0, false, nil, fmt.Errorf("seats of %s: %w", g.ID, err)
	}
	seat, ok = session.SeatOf(g, seats, dev)
	return seat, ok, seats, nil
}

// viewer is this request's viewer of screen s, as the session builds tables.
func viewer(c echo.Context, s screen) session.Viewer {
	return session.Viewer{Seat: s.Seat, Watch: s.Watch, Owner: s.Game.Owner == device(c), CSRF: csrfToken(c), Seats: s.Seats}
}

// table is the game as this request's viewer knows it, after the entries of
// log: what every play.Kind method reads.
func (h *Handler) table(c echo.Context, s screen, log []store.Entry) play.Table {
	return h.session.Table(s.Game, viewer(c, s), log)
}

// formVersion reads the version the client's screen was drawn at.
func formVersion(c echo.Context, def int) int {
	var raw string
	if m := c.Request().Method; m == http.MethodGet || m == http.MethodHead {
		// From the query Echo has parsed already, which FormValue would
		// parse again for every refresh.
		raw = c.QueryParam("v")
	} else {
		raw = c.FormValue("v")
	}
	v, err := strconv.Atoi(raw)
	if err != nil || v < 0 {
		return def
	}
	return v
}

// gamePage is the layout's view model around a whole game page: the live
// event stream for this viewer, the title, and any notice or refusal.
func (h *Handler) gamePage(c echo.Context, s screen, version int) views.Page {
	p := h.page(c, s.Game.Title, "")
	p.Live, p.Version, p.Play, p.Game = "/g/"+s.Game.ID+"/events", version, true, s.Game.Kind
	if s.Watch {
		p.Live = "/watch/" + s.Game.SpectatorToken + "/events"
		p.Title = "Watching " + s.Game.Title
	}
	p.Flash = s.Notice
	p.Recap, p.Forks = s.Recap, s.Forks
	if !s.Error.IsZero() {
		p.Flash = words(c, lang.TapNotAllowed, s.Error)
	}
	return p
}

// screenOf answers with the game's screen: a whole page, or for htmx the
// fragments that changed since the version the client's screen shows (the
// session's Screens, mostly from its cache).
func (h *Handler) screenOf(c echo.Context, k play.Kind, s screen) error {
	var step map[string][]string
	if c.Request().Method == http.MethodGet {
		step = c.QueryParams()
	}
	if s.From < 0 {
		t := h.table(c, s, s.Log)
		p := h.gamePage(c, s, t.Version)
		if p.Flash == "" && p.Recap == nil && len(p.Forks) == 0 {
			return h.wholePage(c, k, s.Status, p, t, step)
		}
		h.session.AttachState(k, &t)
		comp, err := k.Page(p, t, step)
		if err != nil {
			return err
		}
		return render(c, s.Status, comp)
	}
	sc, err := h.session.Screens(c.Request().Context(), k, s.Game, viewer(c, s), s.Log, s.From, step)
	if err != nil {
		return err
	}
	t, before, now := sc.Table, sc.Before, sc.Now
	if wantsDelta(c) {
		before, now = h.recordDelta(c, t, s, before, now)
	}
	msg, isErr := s.Notice, false
	if !s.Error.IsZero() {
		msg, isErr = words(c, lang.TapNotAllowed, s.Error), true
	}
	if c.Request().Method == http.MethodGet && msg == "" {
		// The answer is a function of both screens' keys and of whether
		// the record was taken out (the delta header, which names the
		// copy the client holds, is kept apart by deltaHeader).
		stripped := "whole"
		if c.Response().Header().Get(recordDeltaHeader) != "" {
			stripped = "delta"
		}
		key := screenKey{Version: t.Version, Viewer: sc.Viewer, Step: strconv.Itoa(s.From) + "\x00" + stripped + "\x00" + session.StepKey(step)}
		return h.keptFragments(c, s.Status, s.Game.ID, key, before, now)
	}
	return writeFragments(c, s.Status, before, now, msg, isErr)
}

// status is the game's line on the home list and the delete page
// (session.Status).
func (h *Handler) status(c echo.Context, k play.Kind, g store.Game, log []store.Entry) (line string, over, damaged bool) {
	return h.session.Status(k, g, viewer(c, screen{Game: g, Seat: scorekeeperSeat}), log)
}

// CacheStats reports the session's cache counters (for tests and benchmarks).
func (h *Handler) CacheStats() session.CacheStats { return h.session.CacheStats() }
