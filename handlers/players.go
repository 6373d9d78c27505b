package handlers

import (
	"encoding/csv"
	"fmt"
	"net/http"
	"strings"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/lang"
	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/play/club"
	"github.com/grimoire-games/grimoire/views"
)

// knownNames are the person names of the latest games this phone counts
// (its own, or its club's), newest first, each once (play/club).
func (h *Handler) knownNames(c echo.Context) ([]string, error) {
	return h.clubs.KnownNames(c.Request().Context(), device(c))
}

// playedBy loads the games of kind k this phone counts in which any of
// names plays, each game once; a damaged record is left out and listed
// apart (skipped), so one bad record never fails a player's page.
func (h *Handler) playedBy(c echo.Context, k play.Kind, names []string) ([]play.PlayerGame, []views.SkippedGame, error) {
	return h.clubs.PlayedBy(c.Request().Context(), clubViewer(c), k, names)
}

// players is GET /players: the names this phone's games (or its club's)
// count, or with ?name= that player's page, a section per game kind that
// keeps records, over every name merged with it.
func (h *Handler) players(c echo.Context) error {
	name := strings.TrimSpace(c.QueryParam("name"))
	if name == "" {
		names, err := h.clubs.PlayerNames(c.Request().Context(), device(c))
		if err != nil {
			return err
		}
		return render(c, http.StatusOK, views.PlayersIndex(h.page(c, words(c, lang.PlayersTitle), ""), names))
	}
	// A name merged into another (the club's One person, two names) shows
	// that person's page.
	name, err := h.clubs.CountedName(c.Request().Context(), device(c), name)
	if err != nil {
		return err
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
// in that game as CSV, from the games this phone counts (its club's), the
// names merged with it read as the one counted.
func (h *Handler) playerCSV(c echo.Context) error {
	k, err := h.kindOf(c)
	if err != nil {
		return err
	}
	r, ok := k.(play.Records)
	if !ok {
		return notFound(words(c, lang.ErrorNoPlayerRecords))
	}
	name := strings.TrimSpace(c.QueryParam("name"))
	if name == "" {
		return badRequest(words(c, lang.ErrorNamePlayer))
	}
	if name, err = h.clubs.CountedName(c.Request().Context(), device(c), name); err != nil {
		return err
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
	return sendCSV(c, fmt.Sprintf("%s-%s.csv", k.Info().ID, club.FileName(name)), rows)
}

// sendCSV answers with rows as a CSV file named name.
func sendCSV(c echo.Context, name string, rows [][]string) error {
	var b strings.Builder
	if err := csv.NewWriter(&b).WriteAll(rows); err != nil {
		return fmt.Errorf("write %s: %w", name, err)
	}
	resp := c.Response().Header()
	resp.Set("Cache-Control", "private, no-cache")
	resp.Set("Content-Disposition", `attachment; filename="`+name+`"`)
	return c.Blob(http.StatusOK, "text/csv; charset=utf-8", []byte(b.String()))
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
		return notFound(words(c, lang.ErrorNoAdvisor))
	}
	q := c.QueryParams()
	var games []play.PlayerGame
	if names := a.AdviceNames(q); len(names) > 0 {
		if games, _, err = h.playedBy(c, k, names); err != nil {
			return err
		}
	}
	more, done, err := h.clubs.AdviceTurn(c.Request().Context())
	if err != nil {
		return clubErr(err)
	}
	defer done()
	partial := isPartial(c)
	varyOnHTMX(c)
	comp, err := a.Advice(h.page(c, "", "new"), q, games, more, partial)
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "private, no-cache")
	return render(c, http.StatusOK, comp)
}
