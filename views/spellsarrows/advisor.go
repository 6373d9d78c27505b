package spellsarrows

import (
	"fmt"
	"math"
	"strconv"

	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
)

// AdviceURL is where the new-game form asks for the advisor's table.
const AdviceURL = "/new/spells-arrows/advice"

// AdvisorForm is what the advisor part of the new-game form keeps between
// "Change" and the form again: make rates typed in for either player.
type AdvisorForm struct {
	SpyRates, MageRates string
}

// AdviceView is the Victory Number advisor's answer for the two names of
// the form: each one's rates and where they come from, the Victory Number
// nearest an even game for both ways of giving the roles (searched over
// the whole range), and the spy's chance at numbers around those and at
// the one entered.
type AdviceView struct {
	// Ready is false until both names are entered; Problems are what could
	// not be read (rates, the Victory Number).
	Ready    bool
	Problems []string
	A, B     AdvicePlayer // A was entered as the spy, B as the mage
	Victory  int
	Rows     []AdviceRowView
	// FairA, FairB: the number of the table nearest an even game with A
	// (or B) as the spy.
	FairA, FairB FairView
	// TypedAt is the spy's chance at the number entered, with A as the
	// spy; TypedFar says it is not near even.
	TypedAt  sa.Estimate
	TypedFar bool
	// SearchGames were played by the search over Tried numbers (both
	// assignments); TableGames by the table, Rounds rounds of PerCell
	// games a cell. Games is all of them. Margin is the widest of the
	// table's cells.
	SearchGames, Tried          int
	TableGames, Rounds, PerCell int
	Games                       int
	Margin                      float64
	// OnPhone: simulated on this phone without network (the WebAssembly
	// module), over the games saved on it.
	OnPhone bool
	BackURL string // the form again, filled (for the page without JavaScript)
	UseURL  string // the form again with FairA's number (not offered on the phone)
}

// FairView is one assignment's fairest number.
type FairView struct {
	Victory int
	At      sa.Estimate
	Near    bool // the spy's chance is within 40-60%
	Where   sa.Fairness
}

// Pct is a chance in whole percent: "95%".
func Pct(e sa.Estimate) string { return fmt.Sprintf("%.0f%%", 100*e.SpyWin) }

// MarginPts is a margin in whole points, rounded up.
func MarginPts(m float64) string { return strconv.Itoa(int(math.Ceil(100*m - 1e-9))) }

// AdvicePlayer is one player's make rates as the simulation uses them.
type AdvicePlayer struct {
	Name   string
	Source string // "3 games, 41 shots", "typed in", "default: no games yet"
	Rates  sa.Rates
}

// RateRows are the player's rates per kind, spy kinds first.
func (p AdvicePlayer) RateRows() []RateRow {
	out := make([]RateRow, 0, 5)
	for _, k := range sa.ShotKinds() {
		out = append(out, RateRow{Kind: k, Label: k.Label(), Pct: fmt.Sprintf("%.0f%%", 100*p.Rates.Of(k))})
	}
	return out
}

// RateRow is one kind's rate.
type RateRow struct {
	Kind       sa.ShotKind
	Label, Pct string
}

// AdviceRowView is one Victory Number of the table.
type AdviceRowView struct {
	Victory    int
	ASpy, BSpy sa.Estimate
	Entered    bool // the number on the form
}

// Chance writes an estimate as "54% ±4".
func Chance(e sa.Estimate) string {
	return fmt.Sprintf("%.0f%% ±%.0f", 100*e.SpyWin, math.Ceil(100*e.Margin))
}
