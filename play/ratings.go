package play

import (
	"fmt"
	"strings"

	"github.com/grimoire-games/grimoire/rules/rating"
	"github.com/grimoire-games/grimoire/rules/record"
)

// Ranked is the optional part of a Kind whose finished games rank their
// players, which is what a rating reads (rules/rating).
type Ranked interface {
	// Placings are the seats of the table's game with their finishing
	// places, once it is over (over false and no placings while it runs).
	// A bot's seat carries its level's measured rating.
	Placings(t Table) (places []Placing, over bool, err error)
	// Roles are the roles a player may be rated by apart ("spy", "mage"),
	// none when the game keeps one rating per player.
	Roles() []string
}

// Placing is one seat of a finished game.
type Placing struct {
	Name  string // the player's name; a bot's label ("Archmage bot")
	Role  string // the seat's role, when the game rates roles apart
	Place int    // 1 the best; a shared place is shared
	// Bot is the bot's fixed rating (nil for a person).
	Bot *rating.Rating
	// Points is the seat's score, when the game gives every seat one
	// (Scored): head to head adds them up.
	Points int
	Scored bool
}

// BotRating is a bot level's fixed rating: measured ratings have a small
// deviation (the figures are from 1,000-game runs) and never move.
func BotRating(r float64) *rating.Rating {
	return &rating.Rating{Rating: r, Deviation: 50, Volatility: rating.StartVolatility}
}

// Ratings is the rating table of kind k over games (each game once:
// copies of one game share a digest and count once). With role, a
// player's seats are rated by role apart ("Ana (spy)") and only that
// role's lines are returned. Games still running are left out, and so
// are records that cannot be read (the player pages name those).
// names, when not nil, maps a name to the name it is counted under (the
// club's merged names).
func Ratings(k Kind, games []PlayerGame, role string, names func(string) string) ([]rating.Standing, error) {
	rated, err := RatedGames(k, games, role, names)
	if err != nil {
		return nil, err
	}
	table := rating.Rate(rated)
	if role == "" {
		return table, nil
	}
	out := table[:0]
	suffix := " (" + role + ")"
	for _, s := range table {
		if n, ok := strings.CutSuffix(s.Player, suffix); ok {
			s.Player = n
			out = append(out, s)
		}
	}
	return out, nil
}

// RatedGames are the finished games among games as the rating reads them
// (see Ratings).
func RatedGames(k Kind, games []PlayerGame, role string, names func(string) string) ([]rating.Game, error) {
	r, ok := k.(Ranked)
	if !ok {
		return nil, fmt.Errorf("%s keeps no ratings", k.Info().Name)
	}
	rated := make([]rating.Game, 0, len(games))
	for _, g := range games {
		places, over, err := r.Placings(g.Table)
		if err != nil || !over {
			continue
		}
		id, err := record.Digest(g.Table.Record())
		if err != nil {
			continue
		}
		rg := rating.Game{ID: id, Played: g.Started}
		for _, p := range places {
			name := strings.TrimSpace(p.Name)
			if p.Bot == nil && names != nil {
				name = names(name)
			}
			if role != "" {
				name = RoleKey(name, p.Role)
			}
			rg.Seats = append(rg.Seats, rating.Seat{Player: name, Place: p.Place, Fixed: p.Bot, Points: p.Points, Scored: p.Scored})
		}
		rated = append(rated, rg)
	}
	return rated, nil
}

// RoleKey is the name a player is rated under in one role.
func RoleKey(name, role string) string {
	if role == "" {
		return name
	}
	return name + " (" + role + ")"
}
