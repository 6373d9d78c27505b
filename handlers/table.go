package handlers

import (
	"encoding/json"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/views"
)

// botHolder prefixes the holder of a seat row played by a bot: "bot:greedy".
const botHolder = "bot:"

// table is the game as this request's viewer knows it, after the entries of
// log: what every play.Kind method reads.
func (h *Handler) table(c echo.Context, s screen, log []store.Entry) play.Table {
	g := s.Game
	in := store.InForce(log)
	t := play.Table{
		Kind: g.Kind, GameID: g.ID, Title: g.Title, SpectatorToken: g.SpectatorToken,
		CSRF: csrfToken(c), Setup: g.Setup, Seed: g.Seed, Version: len(log),
		Actions: make([]json.RawMessage, len(in)), ActionSeats: make([]int, len(in)),
		Viewer: s.Seat, Watch: s.Watch, Owner: !s.Watch && g.Owner == device(c),
	}
	if s.Watch {
		t.Viewer = play.Scorekeeper
	}
	for i, e := range in {
		t.Actions[i], t.ActionSeats[i] = e.Action, e.Seat
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

// screenOf answers with the game's screen: a whole page, or for htmx the
// fragments that changed since the version the client's screen shows.
func (h *Handler) screenOf(c echo.Context, k play.Kind, s screen) error {
	t := h.table(c, s, s.Log)
	var step map[string][]string
	if c.Request().Method == http.MethodGet {
		step = c.QueryParams()
	}
	if s.From < 0 {
		comp, err := k.Page(h.gamePage(c, s, t.Version), t, step)
		if err != nil {
			return err
		}
		return render(c, s.Status, comp)
	}
	now, err := k.Fragments(t, step)
	if err != nil {
		return err
	}
	var before []views.Fragment
	if s.From <= len(s.Log) {
		// What the client shows: the same viewer at its version. A game
		// that cannot be drawn there (it never can, but a bad version
		// should not fail the answer) just gets every fragment.
		if old, err := k.Fragments(h.table(c, s, s.Log[:s.From]), nil); err == nil {
			before = old
		}
	}
	msg, isErr := s.Notice, false
	if s.Error != "" {
		msg, isErr = "Not allowed: "+s.Error, true
	}
	return writeFragments(c, s.Status, before, now, msg, isErr)
}
