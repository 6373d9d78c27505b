package spellsarrows

import (
	"testing"

	"github.com/grimoire-games/grimoire/lang"
	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
)

// TestRulesWordsComplete holds the translated rules page's words to the
// data they translate: every language has every ruling and no ruling that
// is gone, the default map's spots, and each label.
func TestRulesWordsComplete(t *testing.T) {
	ids := map[string]bool{}
	for _, ru := range sa.Rulings() {
		ids[ru.ID] = true
	}
	for _, l := range lang.Offered() {
		if l == lang.English {
			continue
		}
		words := rulingsIn(l)
		if words == nil {
			t.Errorf("%s: no rulings", l)
		}
		for id := range ids {
			if w := words[id]; w.Title == "" || w.Text == "" {
				t.Errorf("%s: ruling %s not translated", l, id)
			}
		}
		for id := range words {
			if !ids[id] {
				t.Errorf("%s: ruling %s is no ruling of the rules core", l, id)
			}
		}
		for _, sp := range sa.DefaultMap().Spots {
			if spotsIn(l)[sp.Name] == "" {
				t.Errorf("%s: spot %q has no name", l, sp.Name)
			}
		}
		if len(rulesWords(l)) != len(rulesWords(lang.English)) {
			t.Errorf("%s: %d labels, English has %d", l, len(rulesWords(l)), len(rulesWords(lang.English)))
		}
		if rulesTitle(l, "Spells & Arrows rules") == "Spells & Arrows rules" {
			t.Errorf("%s: the page's title is the English one", l)
		}
	}
}
