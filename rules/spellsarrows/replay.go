package spellsarrows

import (
	"encoding/json"
	"fmt"

	"github.com/grimoire-games/grimoire/rules/record"
)

// Replay rebuilds the state of a record: state = replay(setup, actions).
// A setup problem is a plain error (wrapping ErrBadSetup); a bad action i is
// a *record.ActionError{Index: i} wrapping the action's error.
func Replay(rec record.Record) (State, error) {
	if rec.Game != record.SpellsArrows {
		return State{}, fmt.Errorf("%w: record is for %q, not %q", record.ErrMalformed, rec.Game, record.SpellsArrows)
	}
	return record.Play(Rules(), rec.Setup, rec.Seed, rec.Actions, nil)
}

// Rules is this package as record.Play needs it.
func Rules() record.Rules[Setup, State, Action] {
	return record.Rules[Setup, State, Action]{ParseSetup: ParseSetup, New: New, ParseAction: ParseAction, Apply: Apply}
}

// NewRecord builds the record of a game played from setup and seed with the
// given actions (the actions are not checked; Replay does that).
func NewRecord(setup Setup, seed int64, actions []Action) (record.Record, error) {
	raw, err := json.Marshal(setup)
	if err != nil {
		return record.Record{}, err
	}
	rec := record.Record{Game: record.SpellsArrows, Version: record.FormatVersion, Seed: seed, Setup: raw, Actions: make([]json.RawMessage, 0, len(actions))}
	for _, a := range actions {
		b, err := json.Marshal(a)
		if err != nil {
			return record.Record{}, err
		}
		rec.Actions = append(rec.Actions, b)
	}
	return rec, nil
}
