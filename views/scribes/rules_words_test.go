package scribes

import (
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/lang"
	sc "github.com/grimoire-games/grimoire/rules/scribes"
)

// translated is every language the rules page has its own words in.
var translated = []lang.Lang{lang.Spanish, lang.French, lang.German, lang.Portuguese}

// TestRulesWordsComplete fails when a translated language misses a ruling
// of sc.Rulings, a follow-up kind of the tiles' table or the page's title,
// or keeps words for a ruling the rules no longer have.
func TestRulesWordsComplete(t *testing.T) {
	for _, l := range []lang.Lang{lang.English, lang.Pseudo} {
		if _, ok := followIn(l); ok || rulesTitleIn(l) != "" || rulingWordsIn(l) != nil {
			t.Errorf("%s has words of its own; it reads the English page", l)
		}
	}
	rulings := sc.Rulings()
	for _, l := range translated {
		words := rulingWordsIn(l)
		if words == nil {
			t.Errorf("%s: no rulings", l)
		}
		ids := map[string]bool{}
		for _, ru := range rulings {
			ids[ru.ID] = true
			w, ok := words[ru.ID]
			switch {
			case !ok:
				t.Errorf("%s: ruling %q is missing", l, ru.ID)
			case strings.TrimSpace(w.Title) == "" || strings.TrimSpace(w.Text) == "":
				t.Errorf("%s: ruling %q has no title or no text", l, ru.ID)
			case w.Text == ru.Text:
				t.Errorf("%s: ruling %q is still in English", l, ru.ID)
			}
		}
		for id := range words {
			if !ids[id] {
				t.Errorf("%s: words for ruling %q, which sc.Rulings does not have", l, id)
			}
		}
		for _, k := range []sc.FollowKind{sc.KindGain, sc.KindChoose, sc.KindTrade, sc.KindArena} {
			f, ok := followIn(l)
			w := f.of(k)
			want := 0
			if k == sc.KindGain {
				want = 1 // the element's name
			}
			switch {
			case !ok || strings.TrimSpace(w) == "":
				t.Errorf("%s: the follow-up %v is missing", l, k)
			case strings.Count(w, "%") != want || strings.Count(w, "%s") != want:
				t.Errorf("%s: the follow-up %v (%q) should take %d %%s", l, k, w, want)
			}
		}
		if rulesTitleIn(l) == "" {
			t.Errorf("%s: the page has no title", l)
		}
	}
}

// TestRulingsInKeepsOrderAndIDs: the localized rulings are the data's, in
// its order, with only the words changed; a language without words reads
// the data as it is.
func TestRulingsInKeepsOrderAndIDs(t *testing.T) {
	rs := sc.Rulings()
	for _, l := range append([]lang.Lang{lang.English, lang.Pseudo}, translated...) {
		got := rulingsIn(l, rs)
		if len(got) != len(rs) {
			t.Fatalf("%s: %d rulings, want %d", l, len(got), len(rs))
		}
		for i := range rs {
			if got[i].ID != rs[i].ID {
				t.Errorf("%s: ruling %d is %q, want %q", l, i, got[i].ID, rs[i].ID)
			}
			if english := l == lang.English || l == lang.Pseudo; english && got[i] != rs[i] {
				t.Errorf("%s: ruling %q changed", l, rs[i].ID)
			}
		}
	}
}
