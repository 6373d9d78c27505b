package spellsarrows

import (
	"fmt"
	"strconv"
	"strings"

	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
)

// PlayerView is one player's shooting record over a device's games: the
// games with their results, make percentages per kind and per spot (all
// games and the latest Last), the trend by game and the career chart.
type PlayerView struct {
	Name   string
	Last   int // how many of the latest games the "last" columns cover
	Games  []PlayerGame
	Kinds  []MakeRow // per kind of shot
	Spots  []MakeRow // per kind and spot, tried spots only
	Trend  Trend
	Career ShotChart
	CSVURL string
}

// PlayerGame is one game of the player's, newest first.
type PlayerGame struct {
	URL, Date, Title string
	Role, Opponent   string
	Result           string // "won", "lost", "running"
	Points, Victory  int    // the spy's points and the Victory Number
	Made, Tried      int    // the player's shots in this game
}

// Pct is the game's make percentage.
func (g PlayerGame) Pct() string { return Percent(g.Made, g.Tried) }

// MakeRow is makes and attempts of one kind (and spot) over all games and
// over the latest games.
type MakeRow struct {
	Kind                sa.ShotKind
	Label               string // the kind's label, or the spot's name and id
	AllMade, AllTried   int
	LastMade, LastTried int
}

// AllPct is the percentage over all games.
func (r MakeRow) AllPct() string { return Percent(r.AllMade, r.AllTried) }

// LastPct is the percentage over the latest games.
func (r MakeRow) LastPct() string { return Percent(r.LastMade, r.LastTried) }

// Trend is the overall make percentage game by game, oldest first.
type Trend struct {
	ID     string
	Points []TrendPoint
}

// TrendPoint is one game of the trend.
type TrendPoint struct {
	Label       string // the game's date
	Made, Tried int
}

// The trend's plot area, in SVG user units.
const (
	trendLeft, trendRight = 14.0, 196.0
	trendTop, trendBottom = 6.0, 56.0
)

// x places game i of n along the axis; a single game sits in the middle.
func (t Trend) x(i int) float64 {
	n := len(t.Points)
	if n < 2 {
		return (trendLeft + trendRight) / 2
	}
	return trendLeft + (trendRight-trendLeft)*float64(i)/float64(n-1)
}

// y places a rate (0..1) on the axis, 100% at the top.
func y(rate float64) float64 { return trendBottom - (trendBottom-trendTop)*rate }

func (p TrendPoint) rate() float64 {
	if p.Tried == 0 {
		return 0
	}
	return float64(p.Made) / float64(p.Tried)
}

// tried lists the games with at least one attempt: a game without shots
// has no percentage to plot.
func (t Trend) marks() []trendMark {
	var out []trendMark
	for i, p := range t.Points {
		if p.Tried == 0 {
			continue
		}
		out = append(out, trendMark{X: f(t.x(i)), Y: f(y(p.rate())), Title: fmt.Sprintf("Game %d (%s): %d of %d, %s", i+1, p.Label, p.Made, p.Tried, Percent(p.Made, p.Tried))})
	}
	return out
}

type trendMark struct{ X, Y, Title string }

// line is the polyline through the games with attempts.
func (t Trend) line() string {
	var b strings.Builder
	for i, m := range t.marks() {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(m.X + "," + m.Y)
	}
	return b.String()
}

// desc is the trend in words, for screen readers and print.
func (t Trend) desc() string {
	var parts []string
	for i, p := range t.Points {
		parts = append(parts, fmt.Sprintf("game %d %s", i+1, Percent(p.Made, p.Tried)))
	}
	return "Overall make percentage by game, oldest first: " + strings.Join(parts, ", ") + "."
}

// gridLines are the 0%, 50% and 100% lines with their labels.
func (Trend) gridLines() []trendMark {
	out := make([]trendMark, 0, 3)
	for _, r := range []float64{0, 0.5, 1} {
		out = append(out, trendMark{Y: f(y(r)), Title: strconv.Itoa(int(r*100)) + "%"})
	}
	return out
}
