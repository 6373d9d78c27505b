package handlers

import (
	"encoding/csv"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/rules/rating"
	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/views"
)

// countedPlayed loads the games of kind k this phone counts (its club's,
// or its own) whose players pass keep, newest first, each game once
// (play.Distinct). A game this phone keeps or holds a seat in is seen from
// its seat; another phone's game of the club is seen as its spectators
// see it. A damaged record is left out and listed apart (skipped).
func (h *Handler) countedPlayed(c echo.Context, k play.Kind, keep func(players []string) bool) (out []play.PlayerGame, skipped []views.SkippedGame, err error) {
	ctx := c.Request().Context()
	games, err := h.countedGames(c)
	if err != nil {
		return nil, nil, fmt.Errorf("list games: %w", err)
	}
	for _, g := range games {
		if g.Kind != k.Info().ID {
			continue
		}
		players, err := k.Players(g.Setup)
		if err != nil || !keep(players) {
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
		s := screen{Game: g, Seats: seats, Seat: seat}
		if !ok {
			s = screen{Game: g, Seats: seats, Seat: scorekeeperSeat, Watch: true}
		}
		out = append(out, play.PlayerGame{Table: h.table(c, s, log), Started: g.Created, URL: "/g/" + g.ID})
	}
	return play.Distinct(out), skipped, nil
}

// nameResolver is the club's merged names (nil for a phone in no club).
func (h *Handler) nameResolver(c echo.Context) (func(string) string, string, error) {
	cl, ok, err := h.clubOf(c)
	if err != nil || !ok {
		return nil, "this phone", err
	}
	merges, err := h.store.NameMerges(c.Request().Context(), cl.ID)
	if err != nil {
		return nil, "", fmt.Errorf("club names: %w", err)
	}
	return play.Names(merges), cl.Name, nil
}

// rankedKind is the :game of the path, when it keeps ratings.
func (h *Handler) rankedKind(c echo.Context) (play.Kind, play.Ranked, error) {
	k, err := h.kindOf(c)
	if err != nil {
		return nil, nil, err
	}
	r, ok := k.(play.Ranked)
	if !ok {
		return nil, nil, notFound("This game keeps no ratings.")
	}
	return k, r, nil
}

func everyGame([]string) bool { return true }

func ratingURL(game, name string) string {
	return "/league/" + game + "/player?name=" + url.QueryEscape(name)
}

// league is GET /league/:game: the game's league table over the games this
// phone counts (?role= one role apart).
func (h *Handler) league(c echo.Context) error {
	k, r, err := h.rankedKind(c)
	if err != nil {
		return err
	}
	role := c.QueryParam("role")
	if role != "" && !slices.Contains(r.Roles(), role) {
		return badRequest("This game has no such role.")
	}
	played, skipped, err := h.countedPlayed(c, k, everyGame)
	if err != nil {
		return err
	}
	names, scope, err := h.nameResolver(c)
	if err != nil {
		return err
	}
	table, err := play.Ratings(k, played, role, names)
	if err != nil {
		return err
	}
	in := k.Info()
	v := views.LeagueView{Game: views.GameChoice{ID: in.ID, Name: in.Name}, Scope: scope, Role: role, Roles: r.Roles(), Skipped: len(skipped)}
	for i, s := range table {
		row := views.LeagueRow{
			Rank: i + 1, Player: s.Player, Rating: fmt.Sprintf("%.0f", s.Rating.Rating), Deviation: fmt.Sprintf("%.0f", s.Deviation),
			Games: s.Games, Wins: s.Wins, Streak: streakText(s.Streak), Provisional: s.Provisional(), Bot: s.Bot,
		}
		if !s.Bot {
			row.URL = ratingURL(in.ID, s.Player)
		}
		v.Rows = append(v.Rows, row)
	}
	c.Response().Header().Set("Cache-Control", "private, no-cache")
	return render(c, http.StatusOK, views.League(h.page(c, in.Name+" league", "club"), v))
}

// streakText: "3 won", "2 not won", "".
func streakText(n int) string {
	switch {
	case n > 0:
		return strconv.Itoa(n) + " won"
	case n < 0:
		return strconv.Itoa(-n) + " not won"
	}
	return ""
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
		return badRequest("Name the player (?name=).")
	}
	played, _, err := h.countedPlayed(c, k, everyGame)
	if err != nil {
		return err
	}
	names, scope, err := h.nameResolver(c)
	if err != nil {
		return err
	}
	if names != nil {
		name = names(name)
	}
	rated, err := play.RatedGames(k, played, "", names)
	if err != nil {
		return err
	}
	in := k.Info()
	v := views.RatingView{Game: views.GameChoice{ID: in.ID, Name: in.Name}, Scope: scope, Player: name, RecordsURL: "/players?name=" + url.QueryEscape(name)}
	var me rating.Standing
	found := false
	for _, s := range rating.Rate(rated) {
		if s.Player == name && !s.Bot {
			me, found = s, true
		}
	}
	if !found {
		return notFound(fmt.Sprintf("%s has no finished game of %s here.", name, in.Name))
	}
	v.Rating, v.Deviation = fmt.Sprintf("%.0f", me.Rating.Rating), fmt.Sprintf("%.0f", me.Deviation)
	v.Provisional, v.Games, v.Wins = me.Provisional(), me.Games, me.Wins
	var points []views.PlotPoint
	for _, p := range me.History {
		points = append(points, views.PlotPoint{Day: dayText(p.Day), Rating: p.Rating, Deviation: p.Deviation})
	}
	v.Plot = views.RatingPlot(points, 320, 120)
	vs := rating.Opponents(rated, name)
	for _, o := range vs {
		row := views.VersusRow{Opponent: o.Opponent, Games: o.Games, Wins: o.Wins, Losses: o.Losses, Draws: o.Draws}
		if o.Scored {
			row.Points = fmt.Sprintf("%d to %d", o.PointsFor, o.PointsAgainst)
			v.Points = true
		}
		if !strings.HasSuffix(o.Opponent, " bot") {
			row.URL = ratingURL(in.ID, o.Opponent)
		}
		rates, ok, err := play.ShootingAgainst(k, name, o.Opponent, played)
		if err != nil {
			return err
		}
		v.Shooting = v.Shooting || ok
		var parts []string
		for _, r := range rates {
			parts = append(parts, fmt.Sprintf("%s %d/%d", r.Kind, r.Made, r.Tried))
		}
		row.Shooting = strings.Join(parts, " · ")
		v.Opponents = append(v.Opponents, row)
	}
	if r, ok := rating.Rival(vs); ok {
		v.Rival = fmt.Sprintf("%s, %d games", r.Opponent, r.Games)
	}
	if n, ok := rating.Nemesis(vs); ok {
		v.Nemesis = fmt.Sprintf("%s, %d of %d games", n.Opponent, n.Losses, n.Games)
	}
	if best, worst, ok := rating.BestAndWorst(me); ok {
		v.Best = fmt.Sprintf("%s (%+.0f)", dayText(best.Day), best.Change)
		if len(me.History) > 1 {
			v.Worst = fmt.Sprintf("%s (%+.0f)", dayText(worst.Day), worst.Change)
		}
	}
	c.Response().Header().Set("Cache-Control", "private, no-cache")
	return render(c, http.StatusOK, views.RatingPage(h.page(c, name, "club"), v))
}

// dayText is a rating period's day; records without a date share one.
func dayText(d time.Time) string {
	if d.IsZero() {
		return "undated"
	}
	return d.Format("2 Jan 2006")
}

// gamesCSV is GET /league/games.csv: every game this phone counts, one
// row each: when, what, who, the places once over.
func (h *Handler) gamesCSV(c echo.Context) error {
	games, err := h.countedGames(c)
	if err != nil {
		return err
	}
	rows := [][]string{{"game", "started", "title", "over", "players", "places", "record"}}
	for _, g := range games {
		k, ok := play.Find(h.games, g.Kind)
		if !ok {
			continue
		}
		row, err := h.csvRow(c, k, g)
		if err != nil {
			return err
		}
		rows = append(rows, row)
	}
	var b strings.Builder
	w := csv.NewWriter(&b)
	if err := w.WriteAll(rows); err != nil {
		return fmt.Errorf("games csv: %w", err)
	}
	resp := c.Response().Header()
	resp.Set("Cache-Control", "private, no-cache")
	resp.Set("Content-Disposition", `attachment; filename="games.csv"`)
	return c.Blob(http.StatusOK, "text/csv; charset=utf-8", []byte(b.String()))
}

// csvRow is one game of the CSV; a damaged record still gets its row
// (without places).
func (h *Handler) csvRow(c echo.Context, k play.Kind, g store.Game) ([]string, error) {
	players, _ := k.Players(g.Setup)
	row := []string{k.Info().ID, g.Created.UTC().Format("2006-01-02T15:04:05Z"), g.Title, "no", strings.Join(players, "; "), "", ""}
	g, log, d, err := h.session.LoadIfGood(c.Request().Context(), k, g)
	if err != nil || d != nil {
		return row, err
	}
	t := h.table(c, screen{Game: g, Seat: scorekeeperSeat, Watch: true}, log)
	if seats, err := h.store.Seats(c.Request().Context(), g.ID); err == nil {
		t = h.table(c, screen{Game: g, Seats: seats, Seat: scorekeeperSeat, Watch: true}, log)
	}
	if digest, err := record.Digest(t.Record()); err == nil {
		row[6] = digest
	}
	r, ok := k.(play.Ranked)
	if !ok {
		return row, nil
	}
	places, over, err := r.Placings(t)
	if err != nil || !over {
		return row, nil
	}
	row[3] = "yes"
	var ps []string
	for _, p := range places {
		ps = append(ps, fmt.Sprintf("%s: %d", p.Name, p.Place))
	}
	row[5] = strings.Join(ps, "; ")
	return row, nil
}
