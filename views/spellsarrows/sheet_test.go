package spellsarrows_test

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/a-h/templ"

	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/static"
	"github.com/grimoire-games/grimoire/views"
	"github.com/grimoire-games/grimoire/views/sheets"
	saview "github.com/grimoire-games/grimoire/views/spellsarrows"
)

func loadRecord(t *testing.T, path string) record.Record {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := record.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

func sheetDoc(t *testing.T, c templ.Component) *goquery.Document {
	t.Helper()
	var buf bytes.Buffer
	if err := c.Render(context.Background(), &buf); err != nil {
		t.Fatal(err)
	}
	d, err := goquery.NewDocumentFromReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func sheetLayout(t *testing.T) views.Page {
	t.Helper()
	a, err := static.Load()
	if err != nil {
		t.Fatal(err)
	}
	return views.Page{Title: "Sheet", Assets: a}
}

func flat(s string) string { return strings.Join(strings.Fields(s), " ") }

// TestFinishedSheet draws the sheet from a finished golden record (the spy escapes to win)
// and reads it as a person would: the players, who won, one row per turn.
func TestFinishedSheet(t *testing.T) {
	s, err := saview.NewSheet(loadRecord(t, "../../rules/spellsarrows/testdata/spy-wins-by-escapes.json"), sheets.Head{Title: "T"})
	if err != nil {
		t.Fatal(err)
	}
	d := sheetDoc(t, saview.SheetPage(sheetLayout(t), s))
	body := flat(d.Find(`[data-testid="sheet"]`).Text())
	for _, n := range []string{"Ana", "Ben"} {
		if !strings.Contains(body, n) {
			t.Errorf("the sheet does not name %s", n)
		}
	}
	if res := flat(d.Find(`[data-testid="sheet-result"]`).Text()); !strings.Contains(strings.ToLower(res), strings.ToLower("Ana")) {
		t.Errorf("result %q, want it to mention %q", res, "Ana")
	}
	if n := d.Find(`[data-testid="sheet-halves"] tbody tr`).Length(); n < 2 {
		t.Errorf("%d rows, want at least 2", n)
	}
}

func TestBlankSheetHasNothingFilledIn(t *testing.T) {
	d := sheetDoc(t, saview.SheetPage(sheetLayout(t), saview.BlankSheet(sheets.Head{Title: "Blank scoresheet"})))
	if d.Find(`[data-testid="sheet"]`).Length() != 1 {
		t.Fatal("no sheet")
	}
	if res := flat(d.Find(`[data-testid="sheet-result"]`).Text()); strings.Contains(res, "won") {
		t.Errorf("a blank sheet has a result: %q", res)
	}
	if got := flat(d.Find(`[data-testid="sheet-title"]`).Text()); !strings.Contains(got, "Blank scoresheet") {
		t.Errorf("title %q", got)
	}
}

func TestSheetRefusesABrokenRecord(t *testing.T) {
	rec := loadRecord(t, "../../rules/spellsarrows/testdata/spy-wins-by-escapes.json")
	rec.Actions = append(rec.Actions[:1:1], []byte(`{"type":"cast","card":99}`))
	if _, err := saview.NewSheet(rec, sheets.Head{}); err == nil {
		t.Error("a sheet was drawn from a record with an illegal action")
	}
}

// TestBlankFormTalliesWhatPlayersCount reads the blank form as the person
// holding the pen: a ruled line after every label, and a box for each thing
// counted during play, as many as the rules allow.
func TestBlankFormTalliesWhatPlayersCount(t *testing.T) {
	d := sheetDoc(t, saview.SheetPage(sheetLayout(t), saview.BlankSheet(sheets.Head{Title: "Blank scoresheet"})))
	cases := []struct {
		name, css string
		want      int
	}{
		{"a block per turn of the default five", `[data-testid="sheet-turn"]`, 5},
		{"the shot clock counts down from 6 each spy half", `[data-testid="sheet-turn"]:first-child .tally:has(.tally-label:contains("Shot clock")) .tb`, 6},
		{"the third miss counter ends the half", `[data-testid="sheet-turn"]:first-child .tally:has(.tally-label:contains("Miss counters")) .tb`, 3},
		{"health goes up to 6", `[data-testid="sheet-turn"]:first-child .tally:has(.tally-label:contains("Health")) .tb`, 6},
		{"at most 2 armour counters", `[data-testid="sheet-turn"]:first-child .tally:has(.tally-label:contains("Armour")) .tb`, 2},
		{"the mage holds at most 5 arrows", `[data-testid="sheet-turn"]:first-child .tally:has(.tally-label:contains("Arrows shot")) .tb`, 5},
		{"the spell clock counts 5 casts", `[data-testid="sheet-turn"]:first-child .tally:has(.tally-label:contains("Spell clock")) .tb`, 5},
		{"two spell fails end the mage half", `[data-testid="sheet-turn"]:first-child .tally:has(.tally-label:contains("Spell fails")) .tb`, 2},
		{"spy, mage, Victory Number and date are written on lines", `[data-testid="sheet-setup"] .field .field-line`, 4},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := d.Find(tc.css).Length(); got != tc.want {
				t.Errorf("%s: %d, want %d", tc.css, got, tc.want)
			}
		})
	}
}
