// Package record holds the game-record envelope shared by every game: the
// whole game as data (like a chess PGN), which the app stores, exports,
// imports, prints from and replays. Each rules package decodes its own setup
// and actions from the raw JSON kept here.
package record

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// Game ids, exactly as the record format spells them.
const (
	SpellsArrows  = "spells-arrows"
	ArcaneScribes = "arcane-scribes"
	MagesTower    = "mages-tower"
)

// FormatVersion is the only record version this build reads and writes.
const FormatVersion = 1

// Record is one game: who played what, with which options, and every action
// in order. State is always replay(setup, actions).
type Record struct {
	Game    string            `json:"game"`
	Version int               `json:"version"`
	Seed    int64             `json:"seed"`
	Setup   json.RawMessage   `json:"setup"`
	Actions []json.RawMessage `json:"actions"`
}

// ErrMalformed marks a record that cannot be read at all (bad JSON, unknown
// game, wrong version), as opposed to one whose actions break a rule.
var ErrMalformed = errors.New("malformed record")

// Parse reads a record strictly: unknown top-level keys, a missing game or a
// version this build does not know are errors, so a typo never silently
// replays as a different game.
func Parse(data []byte) (Record, error) {
	var r Record
	if err := noDuplicateKeys(data); err != nil {
		return Record{}, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return Record{}, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	if dec.More() {
		return Record{}, fmt.Errorf("%w: trailing data after the record", ErrMalformed)
	}
	switch r.Game {
	case SpellsArrows, ArcaneScribes, MagesTower:
	case "":
		return Record{}, fmt.Errorf("%w: the record names no game", ErrMalformed)
	default:
		return Record{}, fmt.Errorf("%w: unknown game %q", ErrMalformed, r.Game)
	}
	if r.Version != FormatVersion {
		return Record{}, fmt.Errorf("%w: record version %d, this build reads version %d", ErrMalformed, r.Version, FormatVersion)
	}
	if len(r.Setup) == 0 || string(r.Setup) == "null" {
		return Record{}, fmt.Errorf("%w: the record has no setup", ErrMalformed)
	}
	for i, a := range r.Actions {
		if len(a) == 0 || a[0] != '{' {
			return Record{}, &ActionError{Index: i, Err: fmt.Errorf("%w: an action must be a JSON object", ErrMalformed)}
		}
	}
	return r, nil
}

// ActionError says which action of a record could not be applied. Its text is
// the `action N: <reason>` line that `grimoire replay` prints.
type ActionError struct {
	Index int // counted from 0
	Err   error
}

func (e *ActionError) Error() string { return fmt.Sprintf("action %d: %v", e.Index, e.Err) }
func (e *ActionError) Unwrap() error { return e.Err }

// DecodeStrict unmarshals one JSON object and refuses unknown keys, so a
// misspelt field in a setup or an action is an error and not a default value,
// and keys given twice in one object (encoding/json would keep the last, and
// matches keys regardless of case: "type" and "Type" are one key), so a
// record never says two things of which one is quietly dropped.
func DecodeStrict(data []byte, v any) error {
	if err := noDuplicateKeys(data); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("trailing data after the object")
	}
	return nil
}

// noDuplicateKeys scans the JSON and refuses an object that names a key
// twice (ASCII case folded, as encoding/json matches keys to fields).
// Every action of every replay passes here, so it allocates nothing for
// ordinary records. Malformed JSON is left for the decoder to report.
func noDuplicateKeys(data []byte) error {
	type span struct{ a, b int } // a key's bytes between its quotes
	var keyBuf [32]span
	var stackBuf [16]int
	keys := keyBuf[:0]    // keys of the open objects, innermost last
	stack := stackBuf[:0] // per open object: where its keys start; -1 for an array
	expectKey := false
	for i := 0; i < len(data); i++ {
		switch c := data[i]; c {
		case '{':
			stack = append(stack, len(keys))
			expectKey = true
		case '[':
			stack = append(stack, -1)
			expectKey = false
		case '}', ']':
			if len(stack) == 0 {
				return nil
			}
			if start := stack[len(stack)-1]; start >= 0 {
				keys = keys[:start]
			}
			stack = stack[:len(stack)-1]
			expectKey = false
		case ',':
			expectKey = len(stack) > 0 && stack[len(stack)-1] >= 0
		case '"':
			a := i + 1
			for i++; i < len(data) && data[i] != '"'; i++ {
				if data[i] == '\\' {
					i++
				}
			}
			if i >= len(data) {
				return nil
			}
			if !expectKey {
				continue
			}
			k := span{a, i}
			for _, o := range keys[stack[len(stack)-1]:] {
				if sameKey(data[o.a:o.b], data[k.a:k.b]) {
					return fmt.Errorf("the key %q is given twice in one object", data[k.a:k.b])
				}
			}
			keys = append(keys, k)
			expectKey = false
		}
	}
	return nil
}

// sameKey says whether two raw JSON keys name the same field.
func sameKey(x, y []byte) bool {
	if bytes.IndexByte(x, '\\') >= 0 || bytes.IndexByte(y, '\\') >= 0 {
		var sx, sy string
		if json.Unmarshal(append(append([]byte{'"'}, x...), '"'), &sx) != nil ||
			json.Unmarshal(append(append([]byte{'"'}, y...), '"'), &sy) != nil {
			return false
		}
		return strings.EqualFold(sx, sy)
	}
	return bytes.EqualFold(x, y)
}

// Rules is the part of one game's rules package that playing a record
// needs. Each package supplies its own functions; nothing here knows a game.
type Rules[Setup, State, Action any] struct {
	ParseSetup  func([]byte) (Setup, error)
	New         func(Setup, int64) (State, error)
	ParseAction func([]byte) (Action, error)
	Apply       func(State, Action) (State, error)
}

// Play rebuilds a game: state = replay(setup, actions). step, when not nil,
// sees every action as it is applied (log lines, scoresheets). A setup that
// cannot be read or started is returned as it came from the package; a bad
// action i is an *ActionError, returned with the state before it.
func Play[Setup, State, Action any](r Rules[Setup, State, Action], setup []byte, seed int64, actions []json.RawMessage, step func(before State, a Action, after State)) (State, error) {
	var zero State
	su, err := r.ParseSetup(setup)
	if err != nil {
		return zero, err
	}
	s, err := r.New(su, seed)
	if err != nil {
		return zero, err
	}
	for i, raw := range actions {
		a, err := r.ParseAction(raw)
		if err != nil {
			return s, &ActionError{Index: i, Err: err}
		}
		next, err := r.Apply(s, a)
		if err != nil {
			return s, &ActionError{Index: i, Err: err}
		}
		if step != nil {
			step(s, a, next)
		}
		s = next
	}
	return s, nil
}

// IsSetupError says whether an error from Play is about the setup rather
// than one of the actions.
func IsSetupError(err error) bool {
	var ae *ActionError
	return err != nil && !errors.As(err, &ae)
}
