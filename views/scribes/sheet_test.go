package scribes_test

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
	scview "github.com/grimoire-games/grimoire/views/scribes"
	"github.com/grimoire-games/grimoire/views/sheets"
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

// TestFinishedSheet draws the sheet from a finished golden record (three scribes to the end)
// and reads it as a person would: the players, who won, one row per turn.
func TestFinishedSheet(t *testing.T) {
	s, err := scview.NewSheet(loadRecord(t, "../../rules/scribes/testdata/three-mixed.record.json"), sheets.Head{Title: "T"})
	if err != nil {
		t.Fatal(err)
	}
	d := sheetDoc(t, scview.SheetPage(sheetLayout(t), s))
	body := flat(d.Find(`[data-testid="sheet"]`).Text())
	for _, n := range []string(nil) {
		if !strings.Contains(body, n) {
			t.Errorf("the sheet does not name %s", n)
		}
	}
	if res := flat(d.Find(`[data-testid="sheet-result"]`).Text()); !strings.Contains(strings.ToLower(res), strings.ToLower("won")) {
		t.Errorf("result %q, want it to mention %q", res, "won")
	}
	if n := d.Find(`[data-testid="sheet-seats"] tbody tr`).Length(); n < 3 {
		t.Errorf("%d rows, want at least 3", n)
	}
}

func TestBlankSheetHasNothingFilledIn(t *testing.T) {
	d := sheetDoc(t, scview.SheetPage(sheetLayout(t), scview.BlankSheet(sheets.Head{Title: "Blank scoresheet"})))
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

// TestBlankFormTalliesWhatPlayersCount reads the blank form as the person
// holding the pen: a ruled line after every label, and a box for each thing
// counted during play, as many as the rules allow.
func TestBlankFormTalliesWhatPlayersCount(t *testing.T) {
	d := sheetDoc(t, scview.SheetPage(sheetLayout(t), scview.BlankSheet(sheets.Head{Title: "Blank scoresheet"})))
	cases := []struct {
		name, css string
		want      int
	}{
		{"a block for each of up to 8 seats", `[data-testid="sheet-seat"]`, 8},
		{"a row per element in a seat's block", `[data-testid="sheet-seat"]:first-child .seat-elements tbody tr`, 4},
		{"seven spell boxes per element", `[data-testid="sheet-seat"]:first-child .seat-elements tbody tr:first-child td:nth-child(2) .tb`, 7},
		{"at most 2 spells reserved", `[data-testid="sheet-seat"]:first-child .tally:has(.tally-label:contains("Reserved")) .tb`, 2},
		{"every form ends with a result line", `[data-testid="sheet-result"] .field-line`, 2},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := d.Find(tc.css).Length(); got != tc.want {
				t.Errorf("%s: %d, want %d", tc.css, got, tc.want)
			}
		})
	}
}
