package tower

import (
	"crypto/sha256"
	"fmt"
	"testing"

	"github.com/grimoire-games/grimoire/lang"
	tw "github.com/grimoire-games/grimoire/rules/tower"
)

// translatedLanguages are the languages with their own rules page.
var translatedLanguages = []lang.Lang{lang.Spanish, lang.French, lang.German, lang.Portuguese}

// TestEveryRulingIsTranslated: each language has words for every ruling the
// rules core lists, and none for a ruling it no longer has.
func TestEveryRulingIsTranslated(t *testing.T) {
	ids := map[string]bool{}
	for _, rl := range tw.Rulings() {
		ids[rl.ID] = true
	}
	for _, l := range translatedLanguages {
		words := rulingsIn(l)
		if words == nil {
			t.Errorf("%s: no rulings map", l)
			continue
		}
		for _, rl := range tw.Rulings() {
			w, ok := words[rl.ID]
			switch {
			case !ok:
				t.Errorf("%s: ruling %q has no translation (add it to rules_words.go)", l, rl.ID)
			case w.Title == "" || w.Text == "":
				t.Errorf("%s: ruling %q has an empty title or text", l, rl.ID)
			case w.Text == rl.Text:
				t.Errorf("%s: ruling %q is the English text", l, rl.ID)
			}
		}
		for id := range words {
			if !ids[id] {
				t.Errorf("%s: rules_words.go translates ruling %q, which the rules core no longer has", l, id)
			}
		}
	}
	if rulingsIn(lang.English) != nil || rulingsIn(lang.Pseudo) != nil {
		t.Error("English and the pseudo-language should read the core's own words")
	}
}

// TestRulingsTranslatedFromTheCurrentEnglish: the translations were made
// from the core's English as it is; when a ruling's words change there,
// this fails until the translations are checked and rulingsSource updated.
func TestRulingsTranslatedFromTheCurrentEnglish(t *testing.T) {
	h := sha256.New()
	for _, rl := range tw.Rulings() {
		fmt.Fprintf(h, "%s\x00%s\x00%s\x00%s\x00", rl.ID, rl.Title, rl.Text, rl.Option)
	}
	if got := fmt.Sprintf("%x", h.Sum(nil))[:16]; got != rulingsSource {
		t.Errorf("the rulings' English changed (fingerprint %s, translations made from %s): update the rulings in every language in rules_words.go, then rulingsSource", got, rulingsSource)
	}
}
