package rating

import (
	"cmp"
	"slices"
	"time"
)

// Versus is one player's record against one opponent: every game both
// played, each pairing of a larger game counted as a game between the two.
type Versus struct {
	Opponent string
	Games    int
	Wins     int // placed above the opponent
	Losses   int // placed below
	Draws    int // the same place
	// Points scored by the player and by the opponent in the games of
	// theirs that keep a score for both.
	PointsFor, PointsAgainst int
	Scored                   bool
}

// Opponents is player's record against each opponent, the most games first
// (then the most losses, then by name), each game once (as Rate counts).
func Opponents(games []Game, player string) []Versus {
	by := map[string]*Versus{}
	for _, g := range distinct(games) {
		me := -1
		for i, s := range g.Seats {
			if s.Player == player {
				me = i
			}
		}
		if me < 0 {
			continue
		}
		for i, s := range g.Seats {
			if i == me || s.Player == player {
				continue
			}
			v, ok := by[s.Player]
			if !ok {
				v = &Versus{Opponent: s.Player}
				by[s.Player] = v
			}
			v.Games++
			if g.Seats[me].Scored && s.Scored {
				v.PointsFor += g.Seats[me].Points
				v.PointsAgainst += s.Points
				v.Scored = true
			}
			switch score(g.Seats[me].Place, s.Place) {
			case 1:
				v.Wins++
			case 0:
				v.Losses++
			default:
				v.Draws++
			}
		}
	}
	out := make([]Versus, 0, len(by))
	for _, v := range by {
		out = append(out, *v)
	}
	slices.SortFunc(out, func(a, b Versus) int {
		if c := cmp.Compare(b.Games, a.Games); c != 0 {
			return c
		}
		if c := cmp.Compare(b.Losses, a.Losses); c != 0 {
			return c
		}
		return cmp.Compare(a.Opponent, b.Opponent)
	})
	return out
}

// Rival is the opponent player met most often (ok false: none).
func Rival(vs []Versus) (Versus, bool) {
	if len(vs) == 0 {
		return Versus{}, false
	}
	return vs[0], true
}

// Nemesis is the opponent who beat player most often, more often than
// player beat them (ok false: nobody has).
func Nemesis(vs []Versus) (Versus, bool) {
	var best Versus
	found := false
	for _, v := range vs {
		if v.Losses > v.Wins && (!found || v.Losses > best.Losses) {
			best, found = v, true
		}
	}
	return best, found
}

// Day is the change of a rating over one day of play.
type Day struct {
	Day    time.Time
	Change float64
}

// BestAndWorst are the days a player's rating rose most and fell most
// (ok false: fewer than one day of play). A player's first day is measured
// from the start rating.
func BestAndWorst(s Standing) (best, worst Day, ok bool) {
	prev := StartRating
	for i, p := range s.History {
		d := Day{Day: p.Day, Change: p.Rating - prev}
		if i == 0 || d.Change > best.Change {
			best = d
		}
		if i == 0 || d.Change < worst.Change {
			worst = d
		}
		prev = p.Rating
	}
	return best, worst, len(s.History) > 0
}
