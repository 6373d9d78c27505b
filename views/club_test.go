package views

import (
	"strconv"
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
		{"one day: a dot in the middle", []PlotPoint{{"1 Mar 2026", 1662, 290, true}}, 1, "Rating over 1 day of play, from 1662 on 1 Mar 2026 to 1662 on 1 Mar 2026."},
		{"three days", []PlotPoint{{"1 Mar 2026", 1662, 290, true}, {"2 Mar 2026", 1600, 250, true}, {"9 Mar 2026", 1700, 100, false}}, 3, "Rating over 3 days of play, from 1662 on 1 Mar 2026 to 1700 on 9 Mar 2026."},
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
			if tc.dots == 1 && p.Dots[0].X != "177.0" {
				t.Fatalf("one day is drawn at x %s, want the middle right of the rating axis", p.Dots[0].X)
			}
			if tc.dots == 0 {
				return
			}
			// Provisional days are marked (hollow dots), the scale is
			// labelled at three heights, the table has every day.
			for i, d := range p.Dots {
				if d.Provisional != tc.points[i].Provisional {
					t.Errorf("dot %d provisional %v", i, d.Provisional)
				}
			}
			if len(p.Ticks) != 3 || p.Ticks[0].Text != p.Top || p.Ticks[2].Text != p.Bottom || len(p.Rows) != tc.dots {
				t.Errorf("ticks %+v (top %s, bottom %s), rows %d", p.Ticks, p.Top, p.Bottom, len(p.Rows))
			}
			for _, d := range p.Dots {
				if x, _ := strconv.ParseFloat(d.X, 64); x <= plotLeft {
					t.Errorf("a dot on or left of the rating axis: %+v", d)
				}
				if y, _ := strconv.ParseFloat(d.Y, 64); y >= 120-plotBottom {
					t.Errorf("a dot on or under the day axis: %+v", d)
				}
			}
		})
	}
}
