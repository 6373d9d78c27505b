package handlers

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/views/offline"
)

// botHolder prefixes the holder of a seat row played by a bot: "bot:greedy".
const botHolder = "bot:"

// table is the game as this request's viewer knows it, after the entries of
// log: what every play.Kind method reads.
func (h *Handler) table(c echo.Context, s screen, log []store.Entry) play.Table {
	g := s.Game
	st, cached := h.cached(g.ID, log)
	csrf := csrfToken(c)
	if s.Watch {
		// A read-only view posts nothing; without the token, every
		// spectator's screen of a version is the same and is drawn once.
		csrf = ""
	}
	t := play.Table{
		Kind: g.Kind, GameID: g.ID, Title: g.Title, SpectatorToken: g.SpectatorToken,
		CSRF: csrf, Setup: g.Setup, Seed: g.Seed, Version: len(log),
		Viewer: s.Seat, Watch: s.Watch, Owner: !s.Watch && g.Owner == device(c),
	}
	if s.Watch {
		t.Viewer = play.Scorekeeper
	}
	if cached {
		// Shared and capped: no Kind method writes a table's actions.
		t.Actions, t.ActionSeats, t.State = st.Actions, st.Seats, st.now()
	} else {
		in := store.InForce(log)
		t.Actions, t.ActionSeats = make([]json.RawMessage, len(in)), make([]int, len(in))
		for i, e := range in {
			t.Actions[i], t.ActionSeats[i] = e.Action, e.Seat
		}
	}
	t.Seats = playSeats(s.Seats, !s.Watch)
	return t
}

// playSeats reads the store's seat rows: a holder "bot:LEVEL" is a bot, any
// other row a person on a phone of their own (joined once a device holds
// it). Join links go only to viewers who play.
func playSeats(rows []store.Seat, withJoins bool) []play.Seat {
	out := make([]play.Seat, 0, len(rows))
	for _, r := range rows {
		s := play.Seat{Index: r.Index, Name: r.Name}
		if lvl, ok := strings.CutPrefix(r.Holder, botHolder); ok {
			s.Bot = lvl
		} else {
			s.Joined = r.Holder != ""
			if withJoins {
				s.Join = "/join/" + r.Token
			}
		}
		out = append(out, s)
	}
	return out
}

// inForce is store.InForce(log), taken from the cache when log is the
// cached log of that version (the same array), so a long game is not folded
// again on every request.
func (h *Handler) inForce(id string, log []store.Entry) []store.Entry {
	if st, ok := h.cached(id, log); ok {
		return st.InForce
	}
	return store.InForce(log)
}

// cached is the cache's state of the game when log is its cached log of
// that version (the same array).
func (h *Handler) cached(id string, log []store.Entry) (gameState, bool) {
	if len(log) == 0 {
		return gameState{}, false
	}
	st, ok := h.cache.state(id, len(log))
	return st, ok && &st.Log[0] == &log[0]
}

// played gives the table its kind's kept state (play.Stepper), replaying
// the game once when the cache has none for this version and keeping what
// it replayed. A kind without a Stepper, or a game that cannot be replayed
// (the kind's own methods then say why), is left as it was.
func (h *Handler) played(k play.Kind, t *play.Table) {
	sp, ok := k.(play.Stepper)
	if !ok || t.State != nil {
		return
	}
	st, err := sp.Start(*t)
	if err != nil {
		return
	}
	t.State = st
	h.cache.keepState(t.GameID, t.Version, st)
}

// stepped is the kept state after one more action stored on table t, or nil
// when the kind keeps none (the next request replays once).
//
// A kept state that refuses an action its own rules judged legal a moment
// ago is not the record's replay any more (issue 28 was such a state): it
// is said once, at error level, and the game leaves the cache, so the next
// request replays the record from the store rather than trusting memory.
func (h *Handler) stepped(k play.Kind, t play.Table, e store.Entry) play.State {
	sp, ok := k.(play.Stepper)
	if !ok || t.State == nil || e.Kind != store.KindAction {
		return nil
	}
	next, err := sp.Step(t, t.State, e.Action, e.Seat)
	if err != nil {
		h.log.Error("the kept state refuses an action just stored; the game is read again from the store",
			"game", t.GameID, "version", t.Version+1, "err", err)
		h.cache.drop(t.GameID)
		return nil
	}
	return next
}

// screenOf answers with the game's screen: a whole page, or for htmx the
// fragments that changed since the version the client's screen shows. Both
// screens of an htmx answer come from the cache when this viewer (or one
// with the same table) was shown them already: a tap renders only the new
// screen, and a version's spectators share one rendering.
func (h *Handler) screenOf(c echo.Context, k play.Kind, s screen) error {
	t := h.table(c, s, s.Log)
	var step map[string][]string
	if c.Request().Method == http.MethodGet {
		step = c.QueryParams()
	}
	if s.From < 0 {
		p := h.gamePage(c, s, t.Version)
		if p.Flash == "" {
			return h.wholePage(c, k, s.Status, p, t, step)
		}
		h.played(k, &t)
		comp, err := k.Page(p, t, step)
		if err != nil {
			return err
		}
		return render(c, s.Status, comp)
	}
	viewer := viewerKey(t)
	now, err := h.drawn(c, k, s.Game.ID, screenKey{version: t.Version, viewer: viewer, step: stepKey(step)}, func() (play.Table, error) {
		h.played(k, &t)
		return t, nil
	}, step)
	if err != nil {
		return err
	}
	var before []rendered
	if s.From <= len(s.Log) {
		// What the client shows: the same viewer at its version. A game
		// that cannot be drawn there (it never can, but a bad version
		// should not fail the answer) just gets every fragment.
		old, err := h.drawn(c, k, s.Game.ID, screenKey{version: s.From, viewer: viewer}, func() (play.Table, error) {
			return h.table(c, s, s.Log[:s.From]), nil
		}, nil)
		if err == nil {
			before = old
		}
	}
	if wantsDelta(c) {
		before, now = h.recordDelta(c, t, s, before, now)
	}
	msg, isErr := s.Notice, false
	if s.Error != "" {
		msg, isErr = "Not allowed: "+s.Error, true
	}
	if c.Request().Method == http.MethodGet && msg == "" {
		// The answer is a function of both screens' keys and of whether
		// the record was taken out (the delta header, which names the
		// copy the client holds, is kept apart by deltaHeader).
		stripped := "whole"
		if c.Response().Header().Get(recordDeltaHeader) != "" {
			stripped = "delta"
		}
		key := screenKey{version: t.Version, viewer: viewer, step: strconv.Itoa(s.From) + "\x00" + stripped + "\x00" + stepKey(step)}
		return h.keptFragments(c, s.Status, s.Game.ID, key, before, now)
	}
	return writeFragments(c, s.Status, before, now, msg, isErr)
}

// drawn is a screen's fragments rendered: from the cache, or drawn from the
// table (built only then) and kept for the next request. A Fixed fragment
// is taken from another version's screen of the same viewer when the cache
// holds one.
func (h *Handler) drawn(c echo.Context, k play.Kind, id string, key screenKey, table func() (play.Table, error), step map[string][]string) ([]rendered, error) {
	if r, ok := h.cache.screen(id, key); ok {
		return r, nil
	}
	t, err := table()
	if err != nil {
		return nil, err
	}
	frags, err := k.Fragments(t, step)
	if err != nil {
		return nil, err
	}
	out := make([]rendered, len(frags))
	for i, f := range frags {
		if f.ID == offline.ElementID {
			// The record grows with the game; only an answer that carries
			// it whole draws it.
			out[i] = rendered{ID: f.ID, Fresh: f.Fresh, later: &lazyHTML{comp: f.Component, size: 256 + 40*len(t.Actions)}}
			continue
		}
		if f.Fixed {
			// The same bytes at every version for this viewer: the map of
			// the court is drawn once per viewer, not at every tap.
			if s, ok := h.cache.fixed(id, key.viewer, f.ID); ok {
				out[i] = rendered{ID: f.ID, HTML: s, Fresh: f.Fresh, Fixed: true}
				continue
			}
		}
		s, err := renderString(c.Request().Context(), f.Component)
		if err != nil {
			return nil, fmt.Errorf("render fragment %s: %w", f.ID, err)
		}
		out[i] = rendered{ID: f.ID, HTML: s, Fresh: f.Fresh, Fixed: f.Fixed}
	}
	h.cache.addScreen(id, key, out)
	return out, nil
}
