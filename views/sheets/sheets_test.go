package sheets_test

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
)

func load(t *testing.T, path string) record.Record {
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

func doc(t *testing.T, c templ.Component) *goquery.Document {
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

func page(t *testing.T) views.Page {
	t.Helper()
	a, err := static.Load()
	if err != nil {
		t.Fatal(err)
	}
	return views.Page{Title: "Sheet", Assets: a}
}

func flat(s string) string { return strings.Join(strings.Fields(s), " ") }

// TestFinishedSheets draws each game's sheet from a finished golden record
// and reads it as a person would: the players, who won, one row per turn.
func TestFinishedSheets(t *testing.T) {
	cases := []struct {
		name    string
		record  string
		draw    func(record.Record, sheets.Head) (templ.Component, error)
		rows    string // selector of the sheet's per-turn rows
		names   []string
		result  string
		minRows int
	}{
		{"Spells & Arrows: the spy escapes to win", "../../rules/spellsarrows/testdata/spy-wins-by-escapes.json",
			func(r record.Record, h sheets.Head) (templ.Component, error) {
				s, err := sheets.SpellsArrows(r, h)
				return sheets.SpellsArrowsPage(page(t), s), err
			}, `[data-testid="sheet-halves"] tbody tr`, []string{"Ana", "Ben"}, "Ana", 2},
		{"Mage's Tower: the General wins", "../../rules/tower/testdata/general-wins.json",
			func(r record.Record, h sheets.Head) (templ.Component, error) {
				s, err := sheets.Tower(r, h)
				return sheets.TowerPage(page(t), s), err
			}, `[data-testid="sheet-turns"] tbody tr`, nil, "General", 1},
		{"The Arcane Scribes: three scribes to the end", "../../rules/scribes/testdata/three-mixed.record.json",
			func(r record.Record, h sheets.Head) (templ.Component, error) {
				s, err := sheets.Scribes(r, h)
				return sheets.ScribesPage(page(t), s), err
			}, `[data-testid="sheet-seats"] tbody tr`, nil, "won", 3},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			comp, err := tc.draw(load(t, tc.record), sheets.Head{Title: "T"})
			if err != nil {
				t.Fatal(err)
			}
			d := doc(t, comp)
			body := flat(d.Find(`[data-testid="sheet"]`).Text())
			for _, n := range tc.names {
				if !strings.Contains(body, n) {
					t.Errorf("the sheet does not name %s", n)
				}
			}
			if res := flat(d.Find(`[data-testid="sheet-result"]`).Text()); !strings.Contains(strings.ToLower(res), strings.ToLower(tc.result)) {
				t.Errorf("result %q, want it to mention %q", res, tc.result)
			}
			if n := d.Find(tc.rows).Length(); n < tc.minRows {
				t.Errorf("%d rows, want at least %d", n, tc.minRows)
			}
		})
	}
}

func TestBlankSheetsHaveNothingFilledIn(t *testing.T) {
	cases := []struct {
		name string
		page templ.Component
	}{
		{"Spells & Arrows", sheets.SpellsArrowsPage(page(t), sheets.SpellsArrowsBlank(sheets.Head{Title: "Blank scoresheet"}))},
		{"Mage's Tower", sheets.TowerPage(page(t), sheets.TowerBlank(sheets.Head{Title: "Blank scoresheet"}))},
		{"The Arcane Scribes", sheets.ScribesPage(page(t), sheets.ScribesBlank(sheets.Head{Title: "Blank scoresheet"}))},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d := doc(t, tc.page)
			if d.Find(`[data-testid="sheet"]`).Length() != 1 {
				t.Fatal("no sheet")
			}
			if res := flat(d.Find(`[data-testid="sheet-result"]`).Text()); strings.Contains(res, "won") {
				t.Errorf("a blank sheet has a result: %q", res)
			}
			if got := flat(d.Find(`[data-testid="sheet-title"]`).Text()); !strings.Contains(got, "Blank scoresheet") {
				t.Errorf("title %q", got)
			}
		})
	}
}

func TestSheetRefusesABrokenRecord(t *testing.T) {
	rec := load(t, "../../rules/spellsarrows/testdata/spy-wins-by-escapes.json")
	rec.Actions = append(rec.Actions[:1:1], []byte(`{"type":"cast","card":99}`))
	if _, err := sheets.SpellsArrows(rec, sheets.Head{}); err == nil {
		t.Error("a sheet was drawn from a record with an illegal action")
	}
}

func blankDocs(t *testing.T) map[string]*goquery.Document {
	t.Helper()
	h := sheets.Head{Title: "Blank scoresheet"}
	return map[string]*goquery.Document{
		"spells-arrows":  doc(t, sheets.SpellsArrowsPage(page(t), sheets.SpellsArrowsBlank(h))),
		"mages-tower":    doc(t, sheets.TowerPage(page(t), sheets.TowerBlank(h))),
		"arcane-scribes": doc(t, sheets.ScribesPage(page(t), sheets.ScribesBlank(h))),
	}
}

// TestBlankFormsTallyWhatPlayersCount reads each blank form as the person
// holding the pen: a ruled line after every label, and a box for each thing
// counted during play, as many as the rules allow.
func TestBlankFormsTallyWhatPlayersCount(t *testing.T) {
	docs := blankDocs(t)
	cases := []struct {
		name, game, css string
		want            int
	}{
		{"Spells & Arrows: a block per turn of the default five", "spells-arrows", `[data-testid="sheet-turn"]`, 5},
		{"Spells & Arrows: the shot clock counts down from 6 each spy half", "spells-arrows", `[data-testid="sheet-turn"]:first-child .tally:has(.tally-label:contains("Shot clock")) .tb`, 6},
		{"Spells & Arrows: the third miss counter ends the half", "spells-arrows", `[data-testid="sheet-turn"]:first-child .tally:has(.tally-label:contains("Miss counters")) .tb`, 3},
		{"Spells & Arrows: health goes up to 6", "spells-arrows", `[data-testid="sheet-turn"]:first-child .tally:has(.tally-label:contains("Health")) .tb`, 6},
		{"Spells & Arrows: at most 2 armour counters", "spells-arrows", `[data-testid="sheet-turn"]:first-child .tally:has(.tally-label:contains("Armour")) .tb`, 2},
		{"Spells & Arrows: the mage holds at most 5 arrows", "spells-arrows", `[data-testid="sheet-turn"]:first-child .tally:has(.tally-label:contains("Arrows shot")) .tb`, 5},
		{"Spells & Arrows: the spell clock counts 5 casts", "spells-arrows", `[data-testid="sheet-turn"]:first-child .tally:has(.tally-label:contains("Spell clock")) .tb`, 5},
		{"Spells & Arrows: two spell fails end the mage half", "spells-arrows", `[data-testid="sheet-turn"]:first-child .tally:has(.tally-label:contains("Spell fails")) .tb`, 2},
		{"Spells & Arrows: spy, mage, Victory Number and date are written on lines", "spells-arrows", `[data-testid="sheet-setup"] .field .field-line`, 4},
		{"Mage's Tower: a column for each of the nine soldiers", "mages-tower", `[data-testid="sheet-soldiers"] thead th:not(.row-head)`, 9},
		{"Mage's Tower: up to three coins placed a turn", "mages-tower", `[data-testid="sheet-turns"] tbody tr:first-child td:nth-child(2) .tb`, 3},
		{"Mage's Tower: four spells to circle", "mages-tower", `[data-testid="sheet-turns"] tbody tr:first-child .spell-pick .tb`, 4},
		{"Mage's Tower: two rows per card row of turns", "mages-tower", `[data-testid="sheet-turns"] tbody tr`, 16},
		{"The Arcane Scribes: a block for each of up to 8 seats", "arcane-scribes", `[data-testid="sheet-seat"]`, 8},
		{"The Arcane Scribes: a row per element in a seat's block", "arcane-scribes", `[data-testid="sheet-seat"]:first-child .seat-elements tbody tr`, 4},
		{"The Arcane Scribes: seven spell boxes per element", "arcane-scribes", `[data-testid="sheet-seat"]:first-child .seat-elements tbody tr:first-child td:nth-child(2) .tb`, 7},
		{"The Arcane Scribes: at most 2 spells reserved", "arcane-scribes", `[data-testid="sheet-seat"]:first-child .tally:has(.tally-label:contains("Reserved")) .tb`, 2},
		{"every form ends with a result line", "arcane-scribes", `[data-testid="sheet-result"] .field-line`, 2},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := docs[tc.game].Find(tc.css).Length(); got != tc.want {
				t.Errorf("%s: %d, want %d", tc.css, got, tc.want)
			}
		})
	}
}
