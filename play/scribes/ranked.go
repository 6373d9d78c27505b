package scribes

import (
	"encoding/json"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/rules/rating"
	"github.com/grimoire-games/grimoire/rules/record"
	sc "github.com/grimoire-games/grimoire/rules/scribes"
)

// botRatings are the levels' fixed ratings, from the two-player strength
// table of docs/bots.md: the Apprentice anchored at 1000; the Adept won
// every one of 1,000 games against it (at least 99.7%, so at least 1009
// above: 2010); the Archmage scored 55.85% against the Adept (wins and half
// the shared games), 41 above it.
var botRatings = map[string]*rating.Rating{
	"random": play.BotRating(1000),
	"greedy": play.BotRating(2010),
	"search": play.BotRating(2050),
}

// Roles: every seat plays the same game.
func (Kind) Roles() []string { return nil }

// Placings rank the seats as the game's end does: points, then elements
// scribed, then oinks held; seats equal on all three share their place. A
// bot's seat (a seat row, or the record's bots for a record file) is named
// by its level.
func (Kind) Placings(t play.Table) ([]play.Placing, bool, error) {
	g, err := steps.Played(t)
	if err != nil {
		return nil, false, err
	}
	st := g.State
	if !st.Over() {
		return nil, false, nil
	}
	scores := sc.Score(st)
	better := func(a, b sc.PlayerScore) bool {
		switch {
		case a.Points != b.Points:
			return a.Points > b.Points
		case a.Elements != b.Elements:
			return a.Elements > b.Elements
		}
		return a.Oinks > b.Oinks
	}
	var setup sc.Setup
	_ = json.Unmarshal(t.Setup, &setup) // read already by the replay; only its bots are wanted
	out := make([]play.Placing, len(scores))
	for i, s := range scores {
		place := 1
		for _, o := range scores {
			if better(o, s) {
				place++
			}
		}
		out[i] = play.Placing{Name: s.Name, Place: place, Points: s.Points, Scored: true}
		level := t.Bot(s.Seat)
		if level == "" && s.Seat < len(setup.Bots) {
			level = setup.Bots[s.Seat]
		}
		if level != "" {
			out[i].Name, out[i].Bot = record.BotLabel(level), botRatings[level]
		}
	}
	return out, true, nil
}
