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
	return record.Play(Rules(), rec.Setup, rec.Seed, rec.Actions, nil)
}

// Rules is this package as record.Play needs it.
func Rules() record.Rules[Setup, State, Action] {
	return record.Rules[Setup, State, Action]{ParseSetup: ParseSetup, New: New, ParseAction: ParseAction, Apply: Apply}
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
