package spellsarrows_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/rules/record"
	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
)

// TestSetupNames: the new-game form, a game started on a phone and an
// import all pass Validate (ParseSetup and New call it), so a name no
// screen should show is refused on every path, in the same words.
func TestSetupNames(t *testing.T) {
	tests := []struct {
		rule      string
		spy, mage string
	}{
		{"a name has 40 characters at most", strings.Repeat("s", record.MaxNameLen+1), "Ben"},
		{"a megabyte of name is refused", "Ana", strings.Repeat("m", 1<<20)},
		{"spaces are no way around the limit", "Ana", "Ben" + strings.Repeat(" ", record.MaxNameLen)},
		{"a name has no control characters", "Ana\x00", "Ben"},
		{"a name has no line breaks", "Ana", "Ben\r\nEve"},
		{"a name does not turn the text around it", "\u202eanA", "Ben"},
	}
	for _, tc := range tests {
		t.Run(tc.rule, func(t *testing.T) {
			setup := sa.Setup{Victory: 12, Spy: tc.spy, Mage: tc.mage}
			raw, err := json.Marshal(setup)
			if err != nil {
				t.Fatal(err)
			}
			_, perr := sa.ParseSetup(raw)
			_, nerr := sa.New(setup, 1)
			for path, err := range map[string]error{"Validate": setup.Validate(), "ParseSetup": perr, "New": nerr} {
				if !errors.Is(err, sa.ErrBadSetup) || !errors.Is(err, record.ErrBadName) {
					t.Errorf("%s: err = %v, want ErrBadSetup and ErrBadName", path, err)
				}
			}
		})
	}
	t.Run("40 characters of any script are a name", func(t *testing.T) {
		if err := (sa.Setup{Victory: 12, Spy: strings.Repeat("ß", 40), Mage: "Ben"}).Validate(); err != nil {
			t.Fatal(err)
		}
	})
}
