package scribes

import (
	"encoding/json"
	"fmt"

	"github.com/grimoire-games/grimoire/rules/record"
)

// Replay rebuilds a game from its record: New(setup, seed), then every
// action in order. An action that cannot be read or played is reported as
// *record.ActionError with its index.
func Replay(rec record.Record) (State, error) {
	if rec.Game != record.ArcaneScribes {
		return State{}, fmt.Errorf("%w: record of %q, not %q", record.ErrMalformed, rec.Game, record.ArcaneScribes)
	}
	setup, err := ParseSetup(rec.Setup)
	if err != nil {
		return State{}, err
	}
	s, err := New(setup, rec.Seed)
	if err != nil {
		return State{}, err
	}
	for i, raw := range rec.Actions {
		a, err := ParseAction(raw)
		if err != nil {
			return State{}, &record.ActionError{Index: i, Err: err}
		}
		if s, err = Apply(s, a); err != nil {
			return State{}, &record.ActionError{Index: i, Err: err}
		}
	}
	return s, nil
}

// AppendAction returns a copy of the record with one more action.
func AppendAction(rec record.Record, a Action) (record.Record, error) {
	raw, err := json.Marshal(a)
	if err != nil {
		return record.Record{}, err
	}
	out := rec
	out.Actions = append(append([]json.RawMessage{}, rec.Actions...), raw)
	return out, nil
}
