package play

import (
	"errors"
	"io"
	"math"
)

// Simulator is the optional part of a Kind whose bots can play each other
// from the command line: `grimoire simulate GAME [flags]` finds the Kind
// whose Info().ID is GAME and hands it the flags after the id. A game
// without bots does not implement it, and the command does not list it.
//
// Simulation is a tool for the people who tune a game (its balance, its
// bots' levels), so its flags and its table are the game's own; only the
// command's frame (which games, the usage line) is shared. The games'
// implementations are built without the js tag: the phone's module never
// simulates.
type Simulator interface {
	// Simulate reads its flags from args, plays, and prints its results on
	// stdout. Every simulation takes -n, the number of games, and its
	// table says how many it played. A flag it cannot read is reported on stderr (the flag
	// package's own words) and answered with ErrReported; any other error
	// is a sentence the command prints after "grimoire: ".
	Simulate(args []string, stdout, stderr io.Writer) error
}

// ErrReported is a Simulator's answer when it already wrote on stderr what
// went wrong, so the command adds nothing but its exit status.
var ErrReported = errors.New("already reported on stderr")

// Margin95 is the half-width, in percentage points, of the normal 95%
// interval of a rate of k in n: the "±" that simulations print beside a
// win rate.
func Margin95(k, n int) float64 {
	if n == 0 {
		return 0
	}
	p := float64(k) / float64(n)
	return 100 * 1.96 * math.Sqrt(p*(1-p)/float64(n))
}
