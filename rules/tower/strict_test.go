package tower_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/rules/tower"
)

// TestStrictActions: an action whose numbers only add up after they
// overflow, or whose fields say nothing in a way that reads as "not given",
// is refused, and the state it was offered to is unchanged.
func TestStrictActions(t *testing.T) {
	// Three soldiers in zone 1; the Mage casts Lightning (row 1) with X = 3
	// (row 2 of the default card).
	atMage := []tower.Action{place("L1", "M1", "S1"), end}
	const maxInt = "9223372036854775807"
	tests := []struct {
		rule string
		a    tower.Action
		raw  string // the record form, when the rule is about reading it
		want error
	}{
		{"Lightning shares add up to X only before overflow", lightning(2, 1, "L1:"+maxInt, "M1:"+maxInt, "S1:5"), "", tower.ErrIllegal},
		{"no Lightning share is above X", lightning(2, 1, "L1:4"), "", tower.ErrIllegal},
		{"a share above X is refused even when another is negative", lightning(2, 1, "L1:5", "M1:-2"), "", tower.ErrIllegal},
		{"a zone written out is a zone: 0 is none", tower.Action{}, `{"type":"cast","damageRow":2,"spellRow":1,"hits":[{"coin":"L1","damage":3}],"zone":0}`, tower.ErrBadAction},
		{"a side written out is left or right, not empty", tower.Action{}, `{"type":"cast","damageRow":2,"spellRow":1,"hits":[{"coin":"L1","damage":3}],"side":""}`, tower.ErrBadAction},
		{"a share given twice is two readings", tower.Action{}, `{"type":"cast","damageRow":2,"spellRow":1,"hits":[{"coin":"L1","damage":3,"damage":1}]}`, tower.ErrBadAction},
		{"a row given twice is two readings", tower.Action{}, `{"type":"cast","damageRow":2,"spellRow":1,"damageRow":1,"hits":[{"coin":"L1","damage":3}]}`, tower.ErrBadAction},
		{"a damage that does not fit a number", tower.Action{}, `{"type":"cast","damageRow":2,"spellRow":1,"hits":[{"coin":"L1","damage":9223372036854775808}]}`, tower.ErrBadAction},
	}
	for _, tc := range tests {
		t.Run(tc.rule, func(t *testing.T) {
			s := play(t, faces(), atMage...)
			snap := s.Snapshot()
			a, err := tc.a, error(nil)
			if tc.raw != "" {
				a, err = tower.ParseAction([]byte(tc.raw))
			}
			if err == nil {
				_, err = tower.Apply(s, a)
			}
			if !errors.Is(err, tc.want) {
				t.Fatalf("err = %v, want %v", err, tc.want)
			}
			if !reflect.DeepEqual(s.Snapshot(), snap) {
				t.Error("a rejected action changed the state")
			}
		})
	}
	t.Run("the same split without overflow is played", func(t *testing.T) {
		s := play(t, faces(), atMage...)
		if _, err := tower.Apply(s, lightning(2, 1, "L1:1", "M1:1", "S1:1")); err != nil {
			t.Fatal(err)
		}
	})
}

// TestSetupNames: every path that starts a game passes Validate (ParseSetup
// and New call it), so a name no screen should show is refused on all.
func TestSetupNames(t *testing.T) {
	tests := []struct {
		rule          string
		general, mage string
	}{
		{"the General needs a name", "", "Ben"},
		{"the Mage needs a name", "Ana", "  "},
		{"a name has 40 characters at most", strings.Repeat("g", record.MaxNameLen+1), "Ben"},
		{"a megabyte of name is refused", "Ana", strings.Repeat("m", 1<<20)},
		{"a name has no line breaks", "Ana\nBen", "Cy"},
		{"a name does not turn the text around it", "Ana", "\u202eneB"},
	}
	for _, tc := range tests {
		t.Run(tc.rule, func(t *testing.T) {
			setup := tower.Setup{General: tc.general, Mage: tc.mage}
			raw, err := setup.MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			_, perr := tower.ParseSetup(raw)
			_, nerr := tower.New(setup, 1)
			for path, err := range map[string]error{"Validate": setup.Validate(), "ParseSetup": perr, "New": nerr} {
				if !errors.Is(err, tower.ErrBadSetup) || !errors.Is(err, record.ErrBadName) {
					t.Errorf("%s: err = %v, want ErrBadSetup and ErrBadName", path, err)
				}
			}
		})
	}
}
