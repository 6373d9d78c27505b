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
	"reflect"
	"strings"
	"sync"
)

// Game ids, exactly as the record format spells them. They are names the
// three games share with their tests, not a list this package checks:
// record knows no game, and a game's id lives with its rules (a new game
// needs no line here).
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
// replays as a different game. It knows no game: any game id is read, and
// the caller that holds the list of games refuses the ones it does not
// play, best through ParseOf (play.ParseRecord over main's []play.Kind).
func Parse(data []byte) (Record, error) { return ParseOf(data, nil) }

// ParseOf is Parse for a caller that knows which games it plays: a record
// of a game known does not know is malformed ("unknown game"), refused
// before its version is read, as a record of no game is. A nil known
// knows every game.
func ParseOf(data []byte, known func(game string) bool) (Record, error) {
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
	switch {
	case r.Game == "":
		return Record{}, fmt.Errorf("%w: the record names no game", ErrMalformed)
	case known != nil && !known(r.Game):
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
// record never says two things of which one is quietly dropped. Trailing
// data after the object is refused too.
//
// Replay reads every action of a record through here, so the common case
// does not build a json.Decoder: for a flat struct (no struct inside it) the
// object is unmarshalled once and its top-level keys are checked against the
// struct's fields. Anything that path does not accept is decoded again the
// strict way, so an error reads exactly as json.Decoder words it.
func DecodeStrict(data []byte, v any) error {
	if err := noDuplicateKeys(data); err != nil {
		return err
	}
	if fields := flatFields(v); fields != nil {
		if json.Unmarshal(data, v) == nil && knownKeys(data, fields) {
			return nil
		}
	}
	return decodeStrictSlow(data, v)
}

func decodeStrictSlow(data []byte, v any) error {
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

// fieldCache maps a struct type to its JSON key names, or to nil when the
// type is not flat. Like encoding/json's own field cache it only ever holds
// facts about types, so sharing it changes no result.
var fieldCache sync.Map // reflect.Type -> []string

// flatFields returns the JSON keys a pointer to a flat struct accepts, or nil
// when v must take the json.Decoder path: not a pointer to a struct, a
// custom unmarshaller, an embedded field, or a struct reachable inside it
// (whose own keys the Decoder would check too).
func flatFields(v any) []string {
	t := reflect.TypeOf(v)
	if t == nil || t.Kind() != reflect.Pointer || t.Elem().Kind() != reflect.Struct {
		return nil
	}
	t = t.Elem()
	if f, ok := fieldCache.Load(t); ok {
		return f.([]string)
	}
	f := structKeys(t)
	fieldCache.Store(t, f)
	return f
}

var unmarshalerType = reflect.TypeFor[json.Unmarshaler]()

func structKeys(t reflect.Type) []string {
	if reflect.PointerTo(t).Implements(unmarshalerType) {
		return nil
	}
	keys := []string{}
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Anonymous {
			return nil
		}
		if !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" && !strings.Contains(f.Tag.Get("json"), ",") {
			continue
		}
		if name == "" {
			name = f.Name
		}
		if !plainKey(name) || !scalar(f.Type) {
			return nil
		}
		keys = append(keys, name)
	}
	return keys
}

// plainKey: a tag name encoding/json takes as written (it ignores odd ones).
func plainKey(name string) bool {
	for _, c := range name {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// scalar: no struct whose keys encoding/json would check is reachable from
// t. A type with its own UnmarshalJSON reads its bytes itself, the same way
// under both paths, so it counts as a scalar.
func scalar(t reflect.Type) bool {
	for {
		if t.Implements(unmarshalerType) || reflect.PointerTo(t).Implements(unmarshalerType) {
			return true
		}
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
			t = t.Elem()
		case reflect.Struct, reflect.Interface:
			return false
		default:
			return true
		}
	}
}

// knownKeys reports whether every top-level key of the object in data (valid
// JSON, already unmarshalled) names a field, matched without regard to case as
// encoding/json matches them. A key written with escapes is left to the
// strict path.
func knownKeys(data []byte, fields []string) bool {
	i := skipSpace(data, 0)
	if i >= len(data) || data[i] != '{' {
		return false
	}
	i++
	for {
		i = skipSpace(data, i)
		if i >= len(data) {
			return false
		}
		switch data[i] {
		case '}':
			return true
		case ',':
			i++
			continue
		case '"':
		default:
			return false
		}
		end := i + 1
		for end < len(data) && data[end] != '"' {
			if data[end] == '\\' {
				return false
			}
			end++
		}
		if end >= len(data) || !hasField(fields, data[i+1:end]) {
			return false
		}
		i = skipSpace(data, end+1)
		if i >= len(data) || data[i] != ':' {
			return false
		}
		if i = skipValue(data, i+1); i < 0 {
			return false
		}
	}
}

func hasField(fields []string, key []byte) bool {
	for _, f := range fields {
		if len(f) == len(key) && string(key) == f {
			return true
		}
	}
	for _, f := range fields {
		if strings.EqualFold(f, string(key)) {
			return true
		}
	}
	return false
}

func skipSpace(data []byte, i int) int {
	for i < len(data) {
		switch data[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// skipValue returns the index just after the JSON value starting at or after
// i (data is known to be valid), or -1.
func skipValue(data []byte, i int) int {
	depth := 0
	for i < len(data) {
		switch c := data[i]; c {
		case '"':
			i++
			for i < len(data) && data[i] != '"' {
				if data[i] == '\\' {
					i++
				}
				i++
			}
			i++
		case '{', '[':
			depth++
			i++
		case '}', ']':
			if depth == 0 {
				return i
			}
			depth--
			i++
		case ',':
			if depth == 0 {
				return i
			}
			i++
		default:
			i++
		}
		if depth == 0 && i <= len(data) {
			if j := skipSpace(data, i); j < len(data) && (data[j] == ',' || data[j] == '}') {
				return j
			}
		}
	}
	return -1
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
