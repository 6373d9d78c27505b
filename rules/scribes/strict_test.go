package scribes_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/rules/record"
	S "github.com/grimoire-games/grimoire/rules/scribes"
)

// TestStrictActions: a record action whose fields contradict each other, or
// name a seat no table has, is refused as it is read (or, for a seat this
// table lacks, by the rules), and the state it was offered to is unchanged.
func TestStrictActions(t *testing.T) {
	three := table(t, 3, nil, nil)
	tests := []struct {
		rule string
		s    S.State
		raw  string
		want error
	}{
		{"a follow cannot both choose an element and decline", three, `{"type":"follow","seat":0,"element":"ASHW","decline":true}`, S.ErrBadAction},
		{"a follow cannot both trade and decline", three, `{"type":"follow","seat":0,"give":"ASHW","gain":{"TIDE":1},"decline":true}`, S.ErrBadAction},
		{"decline is only ever true", three, `{"type":"follow","seat":0,"element":"ASHW","decline":false}`, S.ErrBadAction},
		{"decline belongs to follow only", three, `{"type":"take","seat":0,"elements":["ASHW","TIDE"],"decline":false}`, S.ErrBadAction},
		{"no table has seat 99", three, `{"type":"take","seat":99,"elements":["ASHW","TIDE"]}`, S.ErrBadAction},
		{"no table has seat -2", three, `{"type":"take","seat":-2,"elements":["ASHW","TIDE"]}`, S.ErrBadAction},
		{"no table has seat -1 in a record", three, `{"type":"take","seat":-1,"elements":["ASHW","TIDE"]}`, S.ErrBadAction},
		{"no table has seat 2^63-1", three, `{"type":"take","seat":9223372036854775807,"elements":["ASHW","TIDE"]}`, S.ErrBadAction},
		{"no table has seat -2^63", three, `{"type":"take","seat":-9223372036854775808,"elements":["ASHW","TIDE"]}`, S.ErrBadAction},
		{"seat 2^63 does not even fit a number", three, `{"type":"take","seat":9223372036854775808,"elements":["ASHW","TIDE"]}`, S.ErrBadAction},
		{"a seat given twice is two readings", three, `{"type":"take","seat":0,"elements":["ASHW","TIDE"],"seat":1}`, S.ErrBadAction},
		{"a key given twice in another case is too", three, `{"type":"take","seat":0,"Type":"reserve","elements":["ASHW","TIDE"]}`, S.ErrBadAction},
		{"an element counted twice in a payment", three, `{"type":"discard","seat":0,"oinks":{"ASHW":1,"ASHW":0}}`, S.ErrBadAction},
		{"seat 3 is not at a 3-player table", three, `{"type":"take","seat":3,"elements":["ASHW","TIDE"]}`, S.ErrNotYourTurn},
		{"an exchange count that overflows is no count of 1 to 3", three, `{"type":"exchange","seat":0,"give":"ASHW","take":"TIDE","count":9223372036854775807}`, S.ErrIllegal},
	}
	for _, tc := range tests {
		t.Run(tc.rule, func(t *testing.T) {
			before := tc.s.Snapshot()
			a, err := S.ParseAction([]byte(tc.raw))
			if err == nil {
				_, err = S.Apply(tc.s, a)
			}
			if !errors.Is(err, tc.want) {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
			if !sameJSON(before, tc.s.Snapshot()) {
				t.Fatal("a refused action changed the state")
			}
		})
	}
}

// TestNameOfASeatNotAtTheTable: messages about a tap for a seat the table
// lacks are written with Name before the rules refuse the tap (the phone
// and the server both do), so Name must answer for any number.
func TestNameOfASeatNotAtTheTable(t *testing.T) {
	s := table(t, 3, nil, nil)
	for _, seat := range []int{3, 99, -1, -2, 1 << 62, -1 << 63} {
		if got := s.Name(seat); !strings.HasPrefix(got, "seat ") {
			t.Errorf("Name(%d) = %q, want \"seat N\"", seat, got)
		}
	}
	if got := s.Name(1); got != "Ben" {
		t.Errorf("Name(1) = %q", got)
	}
}

// TestStrictSetups: a setup that cannot have happened, or carries a name
// no screen should show, is refused by ParseSetup, Validate and New alike,
// so the new-game forms, a game started on a phone and an import refuse it
// in the same words.
func TestStrictSetups(t *testing.T) {
	long := strings.Repeat("x", record.MaxNameLen+1)
	tests := []struct {
		rule string
		raw  string
		want error // besides ErrBadSetup
	}{
		{"a draw round deals each card once", `{"players":["a","b","c"],"draw":[["TIDE-8","TIDE-8","ASHW-2"]]}`, nil},
		{"a later draw round deals each card once too", `{"players":["a","b","c"],"draw":[["TIDE-8","ASHW-8","GALE-2"],["ROOT-3","ROOT-3"]]}`, nil},
		{"a bot must be one that can play", `{"players":["a","b"],"bots":["","clever"]}`, nil},
		{"a name has 40 characters at most", `{"players":["a","` + long + `"]}`, record.ErrBadName},
		{"a megabyte of name is refused", `{"players":["a","` + strings.Repeat("x", 1<<20) + `"]}`, record.ErrBadName},
		{"a name has no control characters", `{"players":["a","b\u0007"]}`, record.ErrBadName},
		{"a name does not turn the text around it", `{"players":["a","b\u202e"]}`, record.ErrBadName},
	}
	for _, tc := range tests {
		t.Run(tc.rule, func(t *testing.T) {
			_, err := S.ParseSetup([]byte(tc.raw))
			check := func(path string, err error) {
				t.Helper()
				if !errors.Is(err, S.ErrBadSetup) || (tc.want != nil && !errors.Is(err, tc.want)) {
					t.Errorf("%s: got %v, want ErrBadSetup %v", path, err, tc.want)
				}
			}
			check("ParseSetup", err)
			var setup S.Setup
			if err := record.DecodeStrict([]byte(tc.raw), &setup); err != nil {
				t.Fatal(err)
			}
			check("Validate", setup.Validate())
			_, err = S.New(setup, 1)
			check("New", err)
		})
	}
	t.Run("a draw that deals distinct cards still starts", func(t *testing.T) {
		if _, err := S.ParseSetup([]byte(`{"players":["a","b","c"],"draw":[["TIDE-8","ASHW-8","GALE-2"],["ROOT-3","ROOT-4"]]}`)); err != nil {
			t.Fatal(err)
		}
	})
}
