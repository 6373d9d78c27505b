package spellsarrows_test

import (
	"bytes"
	"encoding/xml"
	"io"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	vsa "github.com/grimoire-games/grimoire/views/spellsarrows"
)

// The trend line's golden files: points only for games with shots, placed
// by percentage (100% at the top), described in words.
func TestTrendGolden(t *testing.T) {
	tests := []struct {
		name   string
		points []vsa.TrendPoint
		dots   int
		desc   string
	}{
		{"trend-three", []vsa.TrendPoint{{Label: "1 Nov 2026", Made: 3, Tried: 10}, {Label: "2 Nov 2026", Made: 5, Tried: 10}, {Label: "3 Nov 2026", Made: 9, Tried: 10}}, 3, "game 1 30%, game 2 50%, game 3 90%"},
		{"trend-one", []vsa.TrendPoint{{Label: "1 Nov 2026", Made: 1, Tried: 2}}, 1, "game 1 50%"},
		{"trend-gap", []vsa.TrendPoint{{Label: "1 Nov 2026", Made: 0, Tried: 4}, {Label: "2 Nov 2026"}, {Label: "3 Nov 2026", Made: 4, Tried: 4}}, 2, "game 2 –, game 3 100%"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			svg := render(t, vsa.TrendSVG(vsa.Trend{ID: tt.name, Points: tt.points}))
			d := xml.NewDecoder(bytes.NewReader(svg))
			for {
				if _, err := d.Token(); err == io.EOF {
					break
				} else if err != nil {
					t.Fatalf("not well-formed XML: %v\n%s", err, svg)
				}
			}
			doc, err := goquery.NewDocumentFromReader(bytes.NewReader(svg))
			if err != nil {
				t.Fatal(err)
			}
			if n := doc.Find("circle").Length(); n != tt.dots {
				t.Errorf("%d points, want %d", n, tt.dots)
			}
			if desc := doc.Find("desc").Text(); !strings.Contains(desc, tt.desc) {
				t.Errorf("desc %q lacks %q", desc, tt.desc)
			}
			golden(t, tt.name+".svg", append(svg, '\n'))
		})
	}
}
