package record

import (
	"encoding/json"
	"fmt"
)

// Trail is what a game keeps of the way to its state, beside the state
// itself: its log lines, the state before the last action, whatever its
// screens read that the state alone does not say. T is the trail type
// itself, so Moved hands back the game's own type.
//
// A trail is a value, as a state is: Moved returns the trail after one
// more action and never changes the one it is called on, so two games
// moved on from one (after an undo) each keep their own.
type Trail[S, A, T any] interface {
	// Apply is the game's rules moving s on by a (the rules package's
	// Apply). The trail carries it so that a Played is plain data, with
	// no function inside it that would make two equal games unequal.
	Apply(s S, a A) (S, error)
	// Moved is the trail after a took the game from before to after.
	// left is how many actions of a replay come after this one (0 in
	// Next), so a trail that keeps only the latest lines need not word
	// the others.
	Moved(before S, a A, after S, left int) T
}

// Played is a game after its actions: the state now, how many actions were
// applied, and what the game keeps of the way there (its Trail). Replay
// plays a record once; Next moves it on by one action, so a server that
// keeps a Played draws the next screen without replaying the game. It is a
// value: Next never changes the one it is called on.
type Played[S, A any, T Trail[S, A, T]] struct {
	State S
	N     int // the number of actions applied
	Trail T
}

// Replay plays a record's actions from start, the trail before any action
// (a setup the trail reads, room for its lines). A setup that cannot be
// read or started is an error saying "setup: ...", with the zero Played;
// a bad action i is an *ActionError, with the game as it was before it.
func Replay[Setup, S, A any, T Trail[S, A, T]](r Rules[Setup, S, A], start T, setup json.RawMessage, seed int64, actions []json.RawMessage) (Played[S, A, T], error) {
	p := Played[S, A, T]{Trail: start}
	st, err := Play(r, setup, seed, actions, func(before S, a A, after S) {
		p.N++
		p.Trail = p.Trail.Moved(before, a, after, len(actions)-p.N)
	})
	if IsSetupError(err) {
		return Played[S, A, T]{}, fmt.Errorf("setup: %w", err)
	}
	p.State = st
	return p, err
}

// Next is the game after one more action; on an error, p unchanged.
func (p Played[S, A, T]) Next(a A) (Played[S, A, T], error) {
	st, err := p.Trail.Apply(p.State, a)
	if err != nil {
		return p, err
	}
	return Played[S, A, T]{State: st, N: p.N + 1, Trail: p.Trail.Moved(p.State, a, st, 0)}, nil
}
