package play

import (
	"fmt"
	"net/url"
	"strconv"

	"github.com/grimoire-games/grimoire/views"
)

// League is kind k's league table over games (role "" every game, or one
// role apart; names the club's merged names, nil for none), as the server
// (play/club) and the phone's module (cmd/grimoire-wasm) both draw it, so
// the same games give the same table. scope names whose games they are
// ("Thursday court", "this phone").
func League(k Kind, games []PlayerGame, role string, names func(string) string, scope string) (views.LeagueView, error) {
	r, ok := k.(Ranked)
	if !ok {
		return views.LeagueView{}, fmt.Errorf("%s keeps no ratings", k.Info().Name)
	}
	table, err := Ratings(k, games, role, names)
	if err != nil {
		return views.LeagueView{}, err
	}
	in := k.Info()
	v := views.LeagueView{Game: views.GameChoice{ID: in.ID, Name: in.Name}, Scope: scope, Role: role, Roles: r.Roles()}
	for i, st := range table {
		row := views.LeagueRow{
			Rank: i + 1, Player: st.Player, Rating: fmt.Sprintf("%.0f", st.Rating.Rating), Deviation: fmt.Sprintf("%.0f", st.Deviation),
			Games: st.Games, Wins: st.Wins, Streak: StreakText(st.Streak), Provisional: st.Provisional(), Bot: st.Bot,
		}
		if !st.Bot {
			row.URL = RatingURL(in.ID, st.Player)
		}
		v.Rows = append(v.Rows, row)
	}
	return v, nil
}

// RatingURL is a player's rating page in a game.
func RatingURL(game, name string) string {
	return "/league/" + game + "/player?name=" + url.QueryEscape(name)
}

// StreakText: "3 won", "2 not won", "".
func StreakText(n int) string {
	switch {
	case n > 0:
		return strconv.Itoa(n) + " won"
	case n < 0:
		return strconv.Itoa(-n) + " not won"
	}
	return ""
}
