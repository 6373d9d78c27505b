package spellsarrows

import (
	"strings"
	"testing"
)

// TestBenchWithoutAChoiceIsRefusedInWords: nothing is chosen for the mage
// at the Librarian's Bench (issue 31), so a Confirm sent without a choice
// (a page without its script) is refused with a sentence, never taken as
// the first spell.
func TestBenchWithoutAChoiceIsRefusedInWords(t *testing.T) {
	for _, c := range []struct {
		name   string
		fields map[string]string
		want   string // "" for taken
	}{
		{"no spell chosen", map[string]string{"type": "bench"}, "choose the bench spell that joins the court first"},
		{"a spell chosen", map[string]string{"type": "bench", "card": "7"}, ""},
		{"a spell and a cut", map[string]string{"type": "bench", "card": "7", "cut": "2"}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			a, err := ActionFromForm(func(k string) string { return c.fields[k] })
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
				t.Fatalf("got %+v, %v; want refused with %q", a, err, c.want)
			}
		})
	}
}
