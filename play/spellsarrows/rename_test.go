package spellsarrows_test

import (
	"encoding/json"
	"testing"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/play/spellsarrows"
)

// TestRenamed: a setup read under other names changes the two names and
// nothing else; a game whose two players would become one keeps its
// names.
func TestRenamed(t *testing.T) {
	setup := json.RawMessage(`{"victory":12,"spy":"Ana","mage":"Benny","turns":3,"options":{"sameSpellOnly":true}}`)
	game := func() []play.PlayerGame {
		return []play.PlayerGame{{Table: play.Table{Kind: "spells-arrows", GameID: "g", Setup: setup}}}
	}
	for _, tc := range []struct {
		name string
		to   map[string]string
		want string
	}{
		{"merged", map[string]string{"Benny": "Ben"}, `{"mage":"Ben","options":{"sameSpellOnly":true},"spy":"Ana","turns":3,"victory":12}`},
		{"nothing to change", map[string]string{"Cid": "Ben"}, string(setup)},
		{"both one person", map[string]string{"Benny": "Ana"}, string(setup)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := play.Renamed(spellsarrows.Kind{}, game(), func(n string) string {
				if to, ok := tc.to[n]; ok {
					return to
				}
				return n
			})
			if string(got[0].Table.Setup) != tc.want {
				t.Errorf("setup %s\nwant %s", got[0].Table.Setup, tc.want)
			}
		})
	}
}
