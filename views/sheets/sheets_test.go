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
