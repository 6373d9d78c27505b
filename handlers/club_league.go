package handlers

import (
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/lang"
	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/views"
)

// rankedKind is the :game of the path, when it keeps ratings.
func (h *Handler) rankedKind(c echo.Context) (play.Kind, play.Ranked, error) {
	k, err := h.kindOf(c)
	if err != nil {
		return nil, nil, err
	}
	r, ok := k.(play.Ranked)
	if !ok {
		return nil, nil, notFound(words(c, lang.ErrorNoRatings))
	}
	return k, r, nil
}

// league is GET /league/:game: the game's league table over the games this
// phone counts (?role= one role apart).
func (h *Handler) league(c echo.Context) error {
	k, r, err := h.rankedKind(c)
	if err != nil {
		return err
	}
	v, err := h.clubs.League(c.Request().Context(), clubViewer(c), k, r, c.QueryParam("role"))
	if err != nil {
		return clubErr(err)
	}
	c.Response().Header().Set("Cache-Control", "private, no-cache")
	return render(c, http.StatusOK, views.League(h.page(c, words(c, lang.ClubLeagueTitle, v.Game.Name), "club"), v))
}

// ratingPage is GET /league/:game/player?name=: the player's rating over
// time, head to head, rival, nemesis, best and worst days.
func (h *Handler) ratingPage(c echo.Context) error {
	k, _, err := h.rankedKind(c)
	if err != nil {
		return err
	}
	name := strings.TrimSpace(c.QueryParam("name"))
	if name == "" {
		return badRequest(words(c, lang.ErrorNamePlayer))
	}
	v, err := h.clubs.Rating(c.Request().Context(), clubViewer(c), k, name)
	if err != nil {
		return clubErr(err)
	}
	c.Response().Header().Set("Cache-Control", "private, no-cache")
	return render(c, http.StatusOK, views.RatingPage(h.page(c, v.Player, "club"), v))
}

// gamesCSV is GET /league/games.csv: every game this phone counts, one
// row each: when, what, who, the places once over.
func (h *Handler) gamesCSV(c echo.Context) error {
	rows, err := h.clubs.CSV(c.Request().Context(), clubViewer(c))
	if err != nil {
		return err
	}
	return sendCSV(c, "games.csv", rows)
}
