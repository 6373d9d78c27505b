package sheets_test

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/a-h/templ"

	"github.com/grimoire-games/grimoire/static"
	"github.com/grimoire-games/grimoire/views"
	"github.com/grimoire-games/grimoire/views/sheets"
)

// TestFrameAroundAnySheet draws the frame around a body that belongs to no
// game: what every sheet gets from the frame (its title, the tools that
// never print, a result line or a blank one to sign) does not depend on
// which game fills it.
func TestFrameAroundAnySheet(t *testing.T) {
	a, err := static.Load()
	if err != nil {
		t.Fatal(err)
	}
	p := views.Page{Title: "Sheet", Assets: a}
	body := templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
		_, err := io.WriteString(w, `<table data-testid="sheet-rows"><tr><td>row</td></tr></table>`)
		return err
	})
	cases := []struct {
		name   string
		head   sheets.Head
		result string // text of the result line, or of its labels on a blank form
		links  int    // links among the tools
	}{
		{"a finished game says who won", sheets.Head{Game: "Take", Title: "Ana vs Ben", Result: "Ana won", BackURL: "/g/1", ExportURL: "/g/1/record.json"}, "Result: Ana won", 2},
		{"a blank form ends with lines to write the result and sign", sheets.Head{Game: "Take", Title: "Blank scoresheet", Blank: true, BlankURL: "/take/sheet"}, "Result, Signed", 1},
		{"a game still running has no result yet", sheets.Head{Game: "Take", Title: "Ana vs Ben", Live: true}, "", 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := sheets.Frame(p, tc.head).Render(templ.WithChildren(context.Background(), body), &buf); err != nil {
				t.Fatal(err)
			}
			d, err := goquery.NewDocumentFromReader(&buf)
			if err != nil {
				t.Fatal(err)
			}
			if d.Find(`[data-testid="sheet"] [data-testid="sheet-rows"]`).Length() != 1 {
				t.Error("the body is not inside the sheet")
			}
			if got := d.Find(`[data-testid="sheet-title"]`).Text(); got != tc.head.Title {
				t.Errorf("title %q, want %q", got, tc.head.Title)
			}
			res := d.Find(`[data-testid="sheet-result"]`)
			got := strings.Join(strings.Fields(res.Text()), " ")
			if tc.head.Blank {
				// Each label has its own ruled line to write on.
				got = strings.Join(res.Find(".field-label").Map(func(_ int, s *goquery.Selection) string { return s.Text() }), ", ")
				if lines := res.Find(".field-line").Length(); lines != res.Find(".field-label").Length() {
					t.Errorf("%d ruled lines for %q", lines, got)
				}
			}
			if got != tc.result {
				t.Errorf("result %q, want %q", got, tc.result)
			}
			if got := d.Find(`[data-testid="sheet-tools"] a`).Length(); got != tc.links {
				t.Errorf("%d links among the tools, want %d", got, tc.links)
			}
		})
	}
}
