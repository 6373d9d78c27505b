package club

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/grimoire-games/grimoire/lang"
	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/play/session"
	"github.com/grimoire-games/grimoire/rules/rating"
	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/views"
)

// Viewer is the phone asking: its device and the CSRF token the tables it
// is shown carry.
type Viewer struct {
	Device string
	CSRF   string
}

// Played loads the games of kind k the viewer's phone counts (its club's,
// or its own) whose players pass keep, newest first, each game once
// (play.Distinct). A game this phone keeps or holds a seat in is seen from
// its seat; another phone's game of the club is seen as its spectators
// see it. A damaged record is left out and listed apart (skipped).
func (s *Service) Played(ctx context.Context, who Viewer, k play.Kind, keep func(players []string) bool) (out []play.PlayerGame, skipped []views.SkippedGame, err error) {
	games, err := s.Counted(ctx, who.Device)
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
		g, log, d, err := s.session.LoadIfGood(ctx, k, g)
		if err != nil {
			return nil, nil, err
		}
		if d != nil {
			skipped = append(skipped, views.SkippedGame{Title: g.Title, URL: "/g/" + g.ID, Why: d.Words()})
			continue
		}
		seats, err := s.store.Seats(ctx, g.ID)
		if err != nil {
			return nil, nil, fmt.Errorf("seats of %s: %w", g.ID, err)
		}
		v := session.Viewer{Seat: play.Scorekeeper, Watch: true, Owner: g.Owner == who.Device, CSRF: who.CSRF, Seats: seats}
		if seat, ok := session.SeatOf(g, seats, who.Device); ok {
			v.Seat, v.Watch = seat, false
		}
		out = append(out, play.PlayerGame{Table: s.session.Table(g, v, log), Started: g.Created, URL: "/g/" + g.ID})
	}
	return play.Distinct(out), skipped, nil
}

// PlayedBy is Played of the games in which any of names plays, under
// that name or, in a club, under any name merged with it (One person, two
// names): in the games returned, every name of that person reads as the
// name asked for, and every other name as it is counted (play.Renamed),
// so a player page, its CSV, the advisor's rates and a proposal count the
// person's games under every name as one record. A phone in no club has
// no merges: the names as typed.
func (s *Service) PlayedBy(ctx context.Context, who Viewer, k play.Kind, names []string) ([]play.PlayerGame, []views.SkippedGame, error) {
	counted, _, err := s.names(ctx, who.Device)
	if err != nil {
		return nil, nil, err
	}
	if counted == nil {
		counted = func(n string) string { return n }
	}
	asked := map[string]string{} // the person's counted name: the name asked for
	for _, n := range names {
		if _, ok := asked[counted(n)]; !ok {
			asked[counted(n)] = n
		}
	}
	played, skipped, err := s.Played(ctx, who, k, func(players []string) bool {
		return slices.ContainsFunc(players, func(p string) bool {
			_, ok := asked[counted(strings.TrimSpace(p))]
			return ok
		})
	})
	if err != nil {
		return nil, nil, err
	}
	return play.Renamed(k, played, func(n string) string {
		if as, ok := asked[counted(n)]; ok {
			return as
		}
		return counted(n)
	}), skipped, nil
}

// CountedName is the name device's figures count name under: the name it
// was merged into in the device's club (One person, two names), or name.
func (s *Service) CountedName(ctx context.Context, dev, name string) (string, error) {
	counted, _, err := s.names(ctx, dev)
	if err != nil || counted == nil {
		return name, err
	}
	return counted(name), nil
}

// PlayerNames are KnownNames each as the club counts it (a merged name
// lists once, as the name it was merged into), for the players list.
func (s *Service) PlayerNames(ctx context.Context, dev string) ([]string, error) {
	names, err := s.KnownNames(ctx, dev)
	if err != nil {
		return nil, err
	}
	counted, _, err := s.names(ctx, dev)
	if err != nil || counted == nil {
		return names, err
	}
	seen := map[string]bool{}
	out := names[:0]
	for _, n := range names {
		if n = counted(n); !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	return out, nil
}

// NamesFromGames bounds how many of a device's latest games the new-game
// forms read names from: the form is drawn often, and a name not used in
// that many games is typed once more.
const NamesFromGames = 200

// KnownNames are the person names of the latest games device counts (its
// own, or its club's), newest first, each once (bots' seats are not people
// to pick).
func (s *Service) KnownNames(ctx context.Context, dev string) ([]string, error) {
	games, err := s.Counted(ctx, dev)
	if err != nil {
		return nil, fmt.Errorf("list games: %w", err)
	}
	seen := map[string]bool{}
	var out []string
	for i, g := range games {
		if i == NamesFromGames {
			break
		}
		k, ok := play.Find(s.games, g.Kind)
		if !ok {
			continue
		}
		names, err := k.Players(g.Setup)
		if err != nil {
			continue // a setup this build cannot read names nobody
		}
		seats, err := s.store.Seats(ctx, g.ID)
		if err != nil {
			return nil, fmt.Errorf("seats of %s: %w", g.ID, err)
		}
		for i, n := range names {
			n = strings.TrimSpace(n)
			if n == "" || seen[n] || slices.ContainsFunc(seats, func(st store.Seat) bool {
				return st.Index == i && strings.HasPrefix(st.Holder, session.BotHolder)
			}) {
				continue
			}
			seen[n] = true
			out = append(out, n)
		}
	}
	return out, nil
}

// names is the club's merged names (nil for a phone in no club) and the
// scope the figures are over.
func (s *Service) names(ctx context.Context, dev string) (func(string) string, string, error) {
	cl, ok, err := s.Of(ctx, dev)
	if err != nil || !ok {
		return nil, lang.T(ctx, lang.ClubScopePhone), err
	}
	merges, err := s.store.NameMerges(ctx, cl.ID)
	if err != nil {
		return nil, "", fmt.Errorf("club names: %w", err)
	}
	return play.Names(merges), cl.Name, nil
}

func everyGame([]string) bool { return true }

// League is the league table of kind k over the games the viewer counts
// (role "" every game, or one role apart).
func (s *Service) League(ctx context.Context, who Viewer, k play.Kind, r play.Ranked, role string) (views.LeagueView, error) {
	if role != "" && !slices.Contains(r.Roles(), role) {
		return views.LeagueView{}, refuse(BadForm, "This game has no such role.")
	}
	played, skipped, err := s.Played(ctx, who, k, everyGame)
	if err != nil {
		return views.LeagueView{}, err
	}
	names, scope, err := s.names(ctx, who.Device)
	if err != nil {
		return views.LeagueView{}, err
	}
	v, err := play.League(k, played, role, names, scope)
	if err != nil {
		return views.LeagueView{}, err
	}
	v.Skipped = len(skipped)
	v.Started = Started(played)
	return v, nil
}

// Started is when each of games was started, by game id (RFC 3339), for
// the league page to hand the phone's module: a rating period is the day
// a game was started, which a record does not hold.
func Started(games []play.PlayerGame) map[string]string {
	out := make(map[string]string, len(games))
	for _, g := range games {
		out[g.Table.GameID] = g.Started.UTC().Format(time.RFC3339)
	}
	return out
}

// StreakText: "3 won", "2 not won", "".
func StreakText(n int) string { return play.StreakText(n) }

// Rating is the player's rating page in kind k: the rating over time,
// head to head, rival, nemesis, best and worst days.
func (s *Service) Rating(ctx context.Context, who Viewer, k play.Kind, name string) (views.RatingView, error) {
	played, _, err := s.Played(ctx, who, k, everyGame)
	if err != nil {
		return views.RatingView{}, err
	}
	names, scope, err := s.names(ctx, who.Device)
	if err != nil {
		return views.RatingView{}, err
	}
	if names != nil {
		name = names(name)
	}
	rated, err := play.RatedGames(k, played, "", names)
	if err != nil {
		return views.RatingView{}, err
	}
	// Head to head's shooting reads the names in the setups: read every
	// name of a person as the name it is counted under, as the rating did.
	played = play.Renamed(k, played, names)
	in := k.Info()
	v := views.RatingView{Game: views.GameChoice{ID: in.ID, Name: in.Name}, Scope: scope, Player: name, RecordsURL: "/players?name=" + url.QueryEscape(name)}
	var me rating.Standing
	found := false
	for _, st := range rating.Rate(rated) {
		if st.Player == name && !st.Bot {
			me, found = st, true
		}
	}
	if !found {
		return v, refuse(Missing, fmt.Sprintf("%s has no finished game of %s here.", name, in.Name))
	}
	v.Rating, v.Deviation = fmt.Sprintf("%.0f", me.Rating.Rating), fmt.Sprintf("%.0f", me.Deviation)
	v.Provisional, v.Games, v.Wins = me.Provisional(), me.Games, me.Wins
	var points []views.PlotPoint
	for _, p := range me.History {
		points = append(points, views.PlotPoint{Day: DayText(p.Day), Rating: p.Rating, Deviation: p.Deviation, Provisional: p.Deviation > rating.ProvisionalDeviation})
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
			row.URL = play.RatingURL(in.ID, o.Opponent)
		}
		rates, ok, err := play.ShootingAgainst(k, name, o.Opponent, played)
		if err != nil {
			return v, err
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
		v.Best = fmt.Sprintf("%s (%+.0f)", DayText(best.Day), best.Change)
		if len(me.History) > 1 {
			v.Worst = fmt.Sprintf("%s (%+.0f)", DayText(worst.Day), worst.Change)
		}
	}
	return v, nil
}

// DayText is a rating period's day; records without a date share one.
func DayText(d time.Time) string {
	if d.IsZero() {
		return "undated"
	}
	return d.Format("2 Jan 2006")
}

// CSV is every game the viewer counts, one row each: when, what, who, the
// places once over, the record's digest; the first row names the columns.
func (s *Service) CSV(ctx context.Context, who Viewer) ([][]string, error) {
	games, err := s.Counted(ctx, who.Device)
	if err != nil {
		return nil, err
	}
	rows := [][]string{{"game", "started", "title", "over", "players", "places", "record"}}
	for _, g := range games {
		k, ok := play.Find(s.games, g.Kind)
		if !ok {
			continue
		}
		row, err := s.csvRow(ctx, who, k, g)
		if err != nil {
			return nil, err
		}
		rows = append(rows, row)
	}
	return rows, nil
}

// csvRow is one game of the CSV; a damaged record still gets its row
// (without places).
func (s *Service) csvRow(ctx context.Context, who Viewer, k play.Kind, g store.Game) ([]string, error) {
	players, _ := k.Players(g.Setup)
	row := []string{k.Info().ID, g.Created.UTC().Format("2006-01-02T15:04:05Z"), g.Title, "no", strings.Join(players, "; "), "", ""}
	g, log, d, err := s.session.LoadIfGood(ctx, k, g)
	if err != nil || d != nil {
		return row, err
	}
	v := session.Viewer{Seat: play.Scorekeeper, Watch: true, Owner: g.Owner == who.Device, CSRF: who.CSRF}
	if seats, err := s.store.Seats(ctx, g.ID); err == nil {
		v.Seats = seats
	}
	t := s.session.Table(g, v, log)
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
