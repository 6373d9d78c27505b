package record_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/rules/record"
)

// counter is a toy game: the state is a number, an action adds to it, and
// adding a negative number breaks the rule.
var counter = record.Rules[int, int, int]{
	ParseSetup: func(b []byte) (int, error) { return strconv.Atoi(string(b)) },
	New:        func(start int, seed int64) (int, error) { return start + int(seed), nil },
	ParseAction: func(b []byte) (int, error) {
		var n int
		err := json.Unmarshal(b, &n)
		return n, err
	},
	Apply: func(s, n int) (int, error) {
		if n < 0 {
			return s, errors.New("no going back")
		}
		return s + n, nil
	},
}

func raws(xs ...string) []json.RawMessage {
	out := make([]json.RawMessage, len(xs))
	for i, x := range xs {
		out[i] = json.RawMessage(x)
	}
	return out
}

func TestPlay(t *testing.T) {
	t.Run("state is replay of setup and actions, step sees each", func(t *testing.T) {
		var seen []int
		s, err := record.Play(counter, []byte("10"), 1, raws("2", "3"), func(before, a, after int) {
			seen = append(seen, before, a, after)
		})
		if err != nil || s != 16 {
			t.Fatalf("Play = %d, %v; want 16", s, err)
		}
		if want := []int{11, 2, 13, 13, 3, 16}; len(seen) != len(want) {
			t.Fatalf("step saw %v, want %v", seen, want)
		}
	})
	t.Run("a broken rule names its action and keeps the state before it", func(t *testing.T) {
		s, err := record.Play(counter, []byte("0"), 0, raws("1", "-1", "5"), nil)
		var ae *record.ActionError
		if !errors.As(err, &ae) || ae.Index != 1 || err.Error() != "action 1: no going back" {
			t.Fatalf("err = %v", err)
		}
		if s != 1 || record.IsSetupError(err) {
			t.Fatalf("state %d, setup error %v", s, record.IsSetupError(err))
		}
	})
	t.Run("an unreadable action is an action error too", func(t *testing.T) {
		_, err := record.Play(counter, []byte("0"), 0, raws(`"x"`), nil)
		var ae *record.ActionError
		if !errors.As(err, &ae) || ae.Index != 0 {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("a bad setup is a setup error", func(t *testing.T) {
		_, err := record.Play(counter, []byte("ten"), 0, nil, nil)
		if !record.IsSetupError(err) {
			t.Fatalf("err = %v, want a setup error", err)
		}
	})
}

func TestParse(t *testing.T) {
	good := `{"game":"spells-arrows","version":1,"seed":3,"setup":{"victory":5},"actions":[{"type":"pass"}]}`
	if r, err := record.Parse([]byte(good)); err != nil || r.Seed != 3 || len(r.Actions) != 1 {
		t.Fatalf("Parse(good) = %+v, %v", r, err)
	}
	// record knows no game: a game it has never heard of reads like any.
	if r, err := record.Parse([]byte(`{"game":"chess","version":1,"setup":{},"actions":[]}`)); err != nil || r.Game != "chess" {
		t.Fatalf("Parse(chess) = %+v, %v", r, err)
	}
	for name, bad := range map[string]string{
		"not JSON":          `{`,
		"no game":           `{"version":1,"setup":{},"actions":[]}`,
		"future version":    `{"game":"mages-tower","version":2,"setup":{},"actions":[]}`,
		"no setup":          `{"game":"mages-tower","version":1,"actions":[]}`,
		"unknown key":       `{"game":"mages-tower","version":1,"setup":{},"actions":[],"extra":1}`,
		"trailing data":     `{"game":"mages-tower","version":1,"setup":{},"actions":[]} {}`,
		"action not object": `{"game":"mages-tower","version":1,"setup":{},"actions":[3]}`,
	} {
		t.Run(name, func(t *testing.T) {
			if _, err := record.Parse([]byte(bad)); !errors.Is(err, record.ErrMalformed) {
				t.Fatalf("err = %v, want ErrMalformed", err)
			}
		})
	}
}

// TestParseOf: the caller's list of games decides which game is unknown,
// before the version or anything else of the record is read.
func TestParseOf(t *testing.T) {
	known := func(game string) bool { return game == "chess" }
	cases := []struct {
		name, data, err string
	}{
		{"a game of the list", `{"game":"chess","version":1,"setup":{},"actions":[]}`, ""},
		{"a game not on the list", `{"game":"spells-arrows","version":1,"setup":{},"actions":[]}`, `malformed record: unknown game "spells-arrows"`},
		{"the game is refused before the version", `{"game":"go","version":9,"setup":{},"actions":[]}`, `malformed record: unknown game "go"`},
		{"no game at all", `{"version":1,"setup":{},"actions":[]}`, "malformed record: the record names no game"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := record.ParseOf([]byte(tc.data), known)
			if got := fmt.Sprint(err); (tc.err == "" && err != nil) || (tc.err != "" && got != tc.err) {
				t.Fatalf("err = %v, want %q", err, tc.err)
			}
		})
	}
}

// flat is shaped like a rules package's wire action: scalars and pointers to
// scalars only, so DecodeStrict takes its path without a json.Decoder.
type flat struct {
	Type  string   `json:"type"`
	Made  *bool    `json:"made,omitempty"`
	Card  *int     `json:"card,omitempty"`
	Coins []string `json:"coins,omitempty"`
	Skip  int      `json:"-"`
	Dash  int      `json:"-,"`
	Plain int
	Level *level         `json:"level,omitempty"`
	Marks []level        `json:"marks,omitempty"`
	Count map[string]int `json:"count,omitempty"`
}

// level reads its own JSON, as the games' elements and coins do: only
// "low" or "high".
type level int

func (l *level) UnmarshalJSON(b []byte) error {
	switch string(b) {
	case `"low"`:
		*l = 1
	case `"high"`:
		*l = 2
	default:
		return fmt.Errorf("%s is not a level", b)
	}
	return nil
}

// nested has a struct inside, whose keys must be checked as well.
type nested struct {
	Type  string `json:"type"`
	Inner struct {
		N int `json:"n"`
	} `json:"inner"`
}

// strictReference is DecodeStrict as it was before the fast path: one
// json.Decoder per object.
func strictReference(data []byte, v any) error {
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

func TestDecodeStrict(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		ok       bool
	}{
		{"known keys are read", `{"type":"spy-shot","made":true}`, true},
		{"keys match without regard to case, as encoding/json does", `{"TYPE":"pass","Card":3}`, true},
		{"an untagged field is known by its Go name", `{"type":"x","plain":2}`, true},
		{"a field tagged \"-,\" is known as \"-\"", `{"-":1}`, true},
		{"whitespace everywhere is fine", " \n{ \"type\" : \"x\" , \"coins\" : [ \"a\" , \"b\" ] }\t", true},
		{"an escaped key is still matched", `{"\u0074ype":"x"}`, true},
		{"an unknown key is refused", `{"type":"pass","colour":"red"}`, false},
		{"a field tagged \"-\" is unknown", `{"type":"pass","Skip":1}`, false},
		{"a key inside a string value is no key", `{"type":"\"colour\":1"}`, true},
		{"trailing data is refused", `{"type":"pass"} {"type":"pass"}`, false},
		{"a trailing value is refused", `{"type":"pass"}3`, false},
		{"not an object", `3`, false},
		{"not JSON", `{"type":`, false},
		{"a wrong type is refused", `{"type":3}`, false},
		{"a field that reads its own JSON is read by it", `{"level":"high","marks":["low","high"]}`, true},
		{"and its refusal is the refusal", `{"level":"medium"}`, false},
		{"a map's keys are not fields", `{"count":{"a":1,"b":2}}`, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got, want flat
			err := record.DecodeStrict([]byte(tc.in), &got)
			refErr := strictReference([]byte(tc.in), &want)
			if (err == nil) != tc.ok {
				t.Fatalf("DecodeStrict(%s) = %v, want ok %v", tc.in, err, tc.ok)
			}
			if fmt.Sprint(err) != fmt.Sprint(refErr) {
				t.Fatalf("error %q, json.Decoder says %q", err, refErr)
			}
			if err == nil && !reflect.DeepEqual(got, want) {
				t.Fatalf("decoded %+v, json.Decoder decodes %+v", got, want)
			}
		})
	}
	t.Run("an unknown key inside a nested object is refused", func(t *testing.T) {
		var n nested
		err := record.DecodeStrict([]byte(`{"type":"x","inner":{"n":1,"m":2}}`), &n)
		if err == nil || !strings.Contains(err.Error(), `unknown field "m"`) {
			t.Fatalf("err = %v, want the unknown field named", err)
		}
	})
	t.Run("trailing data names itself", func(t *testing.T) {
		var f flat
		err := record.DecodeStrict([]byte(`{"type":"pass"} {}`), &f)
		if err == nil || err.Error() != "trailing data after the object" {
			t.Fatalf("err = %v", err)
		}
	})
}

// FuzzDecodeStrict: the fast path accepts exactly what one strict
// json.Decoder accepts, decodes the same value and words errors the same.
func FuzzDecodeStrict(f *testing.F) {
	for _, s := range []string{`{"type":"pass"}`, `{"type":"leap","made":true,"card":2}`, `{"TyPe":"x"}`, `{"type":"x"} {}`, `{"colour":1}`, `{"coins":["a","b\"]"]}`, `{"\u0074ype":"x"}`, `{"type":"x",}`, `{"type":"x"} ]`, `{"level":"low","marks":["high"]}`, `{"count":{"x":1},"Level":"high"}`, `{"marks":[1]}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var got, want flat
		err := record.DecodeStrict(data, &got)
		refErr := strictReference(data, &want)
		if fmt.Sprint(err) != fmt.Sprint(refErr) {
			t.Fatalf("DecodeStrict(%q) = %v, json.Decoder: %v", data, err, refErr)
		}
		if err == nil && !reflect.DeepEqual(got, want) {
			t.Fatalf("DecodeStrict(%q) decoded %+v, json.Decoder %+v", data, got, want)
		}
	})
}

func BenchmarkDecodeStrict(b *testing.B) {
	data := []byte(`{"type":"leap","made":true,"card":3}`)
	b.Run("flat", func(b *testing.B) {
		for b.Loop() {
			var f flat
			if err := record.DecodeStrict(data, &f); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("decoder", func(b *testing.B) {
		for b.Loop() {
			var f flat
			if err := strictReference(data, &f); err != nil {
				b.Fatal(err)
			}
		}
	})
}
