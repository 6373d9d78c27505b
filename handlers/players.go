package handlers

import (
	"encoding/csv"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/views"
)

// namesFromGames bounds how many of a device's latest games the new-game
// forms read names from: the form is drawn often, and a name not used in
// that many games is typed once more.
const namesFromGames = 200

// Advisor bounds: the time a table may take (it stops between rounds of
// simulated games, the play layer bounds the rounds) and one table at a
// time per server, so a burst of requests queues instead of taking every
// CPU.
const (
	adviceBudget = 800 * time.Millisecond
	adviceWait   = 5 * time.Second
)

// knownNames are the person names of this device's latest games, newest
// first, each once (bots' seats are not people to pick).
func (h *Handler) knownNames(c echo.Context) ([]string, error) {
	ctx := c.Request().Context()
	games, err := h.store.Games(ctx, device(c))
	if err != nil {
		return nil, fmt.Errorf("list games: %w", err)
	}
	seen := map[string]bool{}
	var out []string
	for i, g := range games {
		if i == namesFromGames {
			break
		}
		k, ok := play.Find(h.games, g.Kind)
		if !ok {
			continue
		}
		names, err := k.Players(g.Setup)
		if err != nil {
			continue // a setup this build cannot read names nobody
		}
		seats, err := h.store.Seats(ctx, g.ID)
		if err != nil {
			return nil, fmt.Errorf("seats of %s: %w", g.ID, err)
		}
		for i, n := range names {
			n = strings.TrimSpace(n)
			if n == "" || seen[n] || slices.ContainsFunc(seats, func(s store.Seat) bool {
				return s.Index == i && strings.HasPrefix(s.Holder, botHolder)
			}) {
				continue
			}
			seen[n] = true
			out = append(out, n)
		}
	}
	return out, nil
}

// playedBy loads this device's games of kind k (its own and those it holds
// a seat in, newest first) in which any of names plays, each as the
// device's seat sees it, each game once (play.Distinct: copies a device
// made before imports recognised a held game count once). A game whose
// record is damaged is left out and listed apart (skipped), so one bad
// record never fails a player's page.
func (h *Handler) playedBy(c echo.Context, k play.Kind, names []string) (out []play.Played, skipped []views.SkippedGame, err error) {
	ctx := c.Request().Context()
	games, err := h.store.Games(ctx, device(c))
	if err != nil {
		return nil, nil, fmt.Errorf("list games: %w", err)
	}
	for _, g := range games {
		if g.Kind != k.Info().ID {
			continue
		}
		players, err := k.Players(g.Setup)
		if err != nil || !slices.ContainsFunc(players, func(p string) bool { return slices.Contains(names, strings.TrimSpace(p)) }) {
			continue
		}
		g, log, d, err := h.session.LoadIfGood(ctx, k, g)
		if err != nil {
			return nil, nil, err
		}
		if d != nil {
			skipped = append(skipped, views.SkippedGame{Title: g.Title, URL: "/g/" + g.ID, Why: d.Words()})
			continue
		}
		seat, ok, seats, err := h.seatOf(c, g)
		if err != nil {
			return nil, nil, err
		}
		if !ok {
			continue // the seat was given up since the list was read
		}
		t := h.table(c, screen{Game: g, Seats: seats, Seat: seat}, log)
		out = append(out, play.Played{Table: t, Started: g.Created, URL: "/g/" + g.ID})
	}
	return play.Distinct(out), skipped, nil
}

// players is GET /players: the names this device has used, or with
// ?name= that player's page, a section per game kind that keeps records.
func (h *Handler) players(c echo.Context) error {
	name := strings.TrimSpace(c.QueryParam("name"))
	if name == "" {
		names, err := h.knownNames(c)
		if err != nil {
			return err
		}
		return render(c, http.StatusOK, views.PlayersIndex(h.page(c, "Players", ""), names))
	}
	var sections []templ.Component
	var skipped []views.SkippedGame
	for _, k := range h.games {
		r, ok := k.(play.Records)
		if !ok {
			continue
		}
		games, left, err := h.playedBy(c, k, []string{name})
		if err != nil {
			return err
		}
		skipped = append(skipped, left...)
		s, err := r.PlayerRecord(name, games, c.QueryParams())
		if err != nil {
			return fmt.Errorf("player %q: %w", name, err)
		}
		sections = append(sections, s)
	}
	c.Response().Header().Set("Cache-Control", "private, no-cache")
	return render(c, http.StatusOK, views.PlayerPage(h.page(c, name, ""), name, sections, skipped))
}

// playerCSV is GET /players/:game/attempts.csv?name=: the player's record
// in that game as CSV, from this device's games only.
func (h *Handler) playerCSV(c echo.Context) error {
	k, err := h.kindOf(c)
	if err != nil {
		return err
	}
	r, ok := k.(play.Records)
	if !ok {
		return notFound("This game keeps no player records.")
	}
	name := strings.TrimSpace(c.QueryParam("name"))
	if name == "" {
		return badRequest("Name the player (?name=).")
	}
	// Games with a damaged record are left out (the player's page names them).
	games, _, err := h.playedBy(c, k, []string{name})
	if err != nil {
		return err
	}
	rows, err := r.PlayerRows(name, games)
	if err != nil {
		return fmt.Errorf("player %q: %w", name, err)
	}
	var b strings.Builder
	w := csv.NewWriter(&b)
	if err := w.WriteAll(rows); err != nil {
		return fmt.Errorf("player %q: write csv: %w", name, err)
	}
	resp := c.Response().Header()
	resp.Set("Cache-Control", "private, no-cache")
	resp.Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s-%s.csv"`, k.Info().ID, fileSafe(name)))
	return c.Blob(http.StatusOK, "text/csv; charset=utf-8", []byte(b.String()))
}

// fileSafe keeps letters, digits, '-' and '_' of a name for a file name.
func fileSafe(name string) string {
	out := strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_':
			return r
		}
		return '_'
	}, name)
	if out == "" {
		return "player"
	}
	return out
}

// advice is GET /new/:game/advice: the new-game form's advisor, a fragment
// for htmx or a page for a form sent without JavaScript.
func (h *Handler) advice(c echo.Context) error {
	k, err := h.kindOf(c)
	if err != nil {
		return err
	}
	a, ok := k.(play.Advisor)
	if !ok {
		return notFound("This game has no advisor.")
	}
	q := c.QueryParams()
	var games []play.Played
	if names := a.AdviceNames(q); len(names) > 0 {
		if games, _, err = h.playedBy(c, k, names); err != nil {
			return err
		}
	}
	select {
	case h.advising <- struct{}{}:
		defer func() { <-h.advising }()
	case <-time.After(adviceWait):
		return echo.NewHTTPError(http.StatusServiceUnavailable, "The advisor is busy. Try again in a moment.")
	case <-c.Request().Context().Done():
		return c.Request().Context().Err()
	}
	start := time.Now()
	more := func() bool { return time.Since(start) < adviceBudget && c.Request().Context().Err() == nil }
	partial := isPartial(c)
	varyOnHTMX(c)
	comp, err := a.Advice(h.page(c, "", "new"), q, games, more, partial)
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "private, no-cache")
	return render(c, http.StatusOK, comp)
}
