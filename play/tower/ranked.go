package tower

import (
	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/rules/rating"
	"github.com/grimoire-games/grimoire/rules/record"
	tw "github.com/grimoire-games/grimoire/rules/tower"
	twview "github.com/grimoire-games/grimoire/views/tower"
)

// botRatings are the levels' fixed ratings, from the strength table of
// docs/bots.md (1,000 games a pairing): the Apprentice anchored at 1000,
// the Adept 400·log10(p/(1-p)) above it for its 99.0% against it (798),
// the Archmage that far above the Adept for its 79.9% (240). docs/clubs.md
// shows the sums.
var botRatings = map[string]*rating.Rating{
	"random": play.BotRating(1000),
	"greedy": play.BotRating(1800),
	"search": play.BotRating(2040),
}

// Roles: one rating per player (General and Mage are two sides of one
// duel, and a player rarely keeps to one).
func (Kind) Roles() []string { return nil }

// Placings: the winner first. A bot's seat is named by its level.
func (Kind) Placings(t play.Table) ([]play.Placing, bool, error) {
	p, err := steps.Played(t)
	if err != nil {
		return nil, false, err
	}
	sn := p.State.Snapshot()
	if !sn.Over {
		return nil, false, nil
	}
	general, mage := 1, 2
	if sn.Winner == tw.Mage {
		general, mage = 2, 1
	}
	out := []play.Placing{{Name: sn.General, Place: general}, {Name: sn.Mage, Place: mage}}
	for i, seat := range []int{twview.SeatGeneral, twview.SeatMage} {
		if level := t.Bot(seat); level != "" {
			out[i].Name, out[i].Bot = record.BotLabel(level), botRatings[level]
		}
	}
	return out, true, nil
}
