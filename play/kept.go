package play

import (
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/grimoire-games/grimoire/rules/record"
)

// Steps is the Stepper of a game whose kept state is a record.Played (the
// rules' state and what its screens keep of the way there). A Kind holds
// one, hands its Start and Step to it and reads its game through Played,
// so the kept state and a replay are found in one place.
type Steps[S, A any, T record.Trail[S, A, T]] struct {
	Game string // the game's name, for an error ("Mage's Tower")
	// Replay plays a record's actions (views/<game>.Replayed).
	Replay      func(setup json.RawMessage, seed int64, actions []json.RawMessage) (record.Played[S, A, T], error)
	ParseAction func([]byte) (A, error)
}

// kept is the State Steps makes: a Played behind a pointer, never changed
// once made.
type kept[S, A any, T record.Trail[S, A, T]] struct {
	p record.Played[S, A, T]
}

func (k *kept[S, A, T]) InForce() int { return k.p.N }

// sameTrail is a trail that carries memos taken at different moments (a
// snapshot drawn once on one path, twice on the other): it says itself
// which of its parts make the game.
type sameTrail[T any] interface{ Same(T) bool }

// Same says o is the same game as k, as the tests behind play/session's
// CheckKeptStates compare a kept state with a cold replay: everything alike,
// or, for a trail with memos, the same state after the same number of
// actions with a trail that says it is the same.
func (k *kept[S, A, T]) Same(o State) bool {
	x, ok := o.(*kept[S, A, T])
	if !ok {
		return false
	}
	if tr, ok := any(k.p.Trail).(sameTrail[T]); ok {
		return k.p.N == x.p.N && tr.Same(x.p.Trail) && reflect.DeepEqual(k.p.State, x.p.State)
	}
	return reflect.DeepEqual(k, x)
}

// Start replays the table once.
func (g Steps[S, A, T]) Start(t Table) (State, error) {
	p, err := g.Replayed(t)
	if err != nil {
		return nil, err
	}
	return &kept[S, A, T]{p}, nil
}

// Step applies one more action to a kept state: one Apply, and the trail
// moved on by one. Who made the action does not change the game.
func (g Steps[S, A, T]) Step(t Table, s State, raw json.RawMessage, _ int) (State, error) {
	k, ok := s.(*kept[S, A, T])
	if !ok {
		return nil, fmt.Errorf("game %s: the kept state is no %s state", t.GameID, g.Game)
	}
	a, err := g.ParseAction(raw)
	if err != nil {
		return nil, fmt.Errorf("game %s: action %d: %w", t.GameID, k.p.N, err)
	}
	p, err := k.p.Next(a)
	if err != nil {
		return nil, fmt.Errorf("game %s: action %d: %w", t.GameID, k.p.N, err)
	}
	return &kept[S, A, T]{p}, nil
}

// Replayed is the table's actions replayed, whatever state it carries.
func (g Steps[S, A, T]) Replayed(t Table) (record.Played[S, A, T], error) {
	p, err := g.Replay(t.Setup, t.Seed, t.Actions)
	if err != nil {
		return p, fmt.Errorf("game %s: %w", t.GameID, err)
	}
	return p, nil
}

// Played is the table's game played: the kept state when the table carries
// one for its actions, otherwise a replay (the phone, the command line, a
// server that has not kept one).
func (g Steps[S, A, T]) Played(t Table) (record.Played[S, A, T], error) {
	if k, ok := t.State.(*kept[S, A, T]); ok && k.p.N == len(t.Actions) {
		return k.p, nil
	}
	return g.Replayed(t)
}
