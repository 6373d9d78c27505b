package views

import (
	"strings"
	"testing"
)

func TestRatingPlot(t *testing.T) {
	tests := []struct {
		name   string
		points []PlotPoint
		dots   int
		label  string
	}{
		{"no days", nil, 0, ""},
		{"one day: a dot in the middle", []PlotPoint{{"1 Mar 2026", 1662, 290}}, 1, "Rating over 1 days of play, from 1662 on 1 Mar 2026 to 1662 on 1 Mar 2026."},
		{"three days", []PlotPoint{{"1 Mar 2026", 1662, 290}, {"2 Mar 2026", 1600, 250}, {"9 Mar 2026", 1700, 200}}, 3, "Rating over 3 days of play, from 1662 on 1 Mar 2026 to 1700 on 9 Mar 2026."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := RatingPlot(tc.points, 320, 120)
			if len(p.Dots) != tc.dots || p.Label != tc.label || len(strings.Fields(p.Line)) != tc.dots {
				t.Fatalf("plot %+v", p)
			}
			for _, d := range p.Dots {
				if d.X < "0" || strings.HasPrefix(d.Y, "-") {
					t.Fatalf("a dot outside the plot: %+v", d)
				}
			}
			if tc.dots == 1 && p.Dots[0].X != "160.0" {
				t.Fatalf("one day is drawn at x %s, want the middle", p.Dots[0].X)
			}
		})
	}
}
