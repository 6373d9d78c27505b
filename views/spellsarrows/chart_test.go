package spellsarrows_test

import (
	"bytes"
	"context"
	"encoding/xml"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/grimoire-games/grimoire/rules/record"
	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
	vsa "github.com/grimoire-games/grimoire/views/spellsarrows"
)

var update = flag.Bool("update", false, "rewrite the golden charts in testdata/")

func recordAttempts(t *testing.T, name string) []sa.Attempt {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "rules", "spellsarrows", "testdata", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	rec, err := record.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	at, err := sa.Attempts(rec)
	if err != nil {
		t.Fatal(err)
	}
	return at
}

func render(t *testing.T, c interface {
	Render(context.Context, io.Writer) error
}) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := c.Render(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s differs from what the chart draws now (go test -update rewrites it):\n%s", path, got)
	}
}

// The golden charts: a spy's and a mage's charts of one game, and a
// career chart over every golden game. Each court is also kept as an .svg
// file that opens on its own.
func TestShotChartGolden(t *testing.T) {
	var career []sa.Attempt
	for _, name := range []string{"giants-engaged-and-leaps", "mage-wins-by-capture", "mage-wins-on-turns", "random-1", "random-2", "random-3", "spells-bench-cut-bonus", "spy-wins-by-escapes"} {
		career = append(career, recordAttempts(t, name)...)
	}
	tests := []struct {
		name, player string
		attempts     []sa.Attempt
		kinds        []sa.ShotKind
	}{
		{"giants-ana", "Ana", recordAttempts(t, "giants-engaged-and-leaps"), []sa.ShotKind{sa.ShotToll, sa.ShotFree}},
		{"giants-ben", "Ben", recordAttempts(t, "giants-engaged-and-leaps"), []sa.ShotKind{sa.ShotSpell, sa.ShotLeap}},
		{"capture-ben", "Ben", recordAttempts(t, "mage-wins-by-capture"), []sa.ShotKind{sa.ShotSpell, sa.ShotArrow}},
		{"career-ana", "Ana", career, []sa.ShotKind{sa.ShotToll, sa.ShotFree}},
		{"career-ben", "Ben", career, []sa.ShotKind{sa.ShotSpell, sa.ShotArrow, sa.ShotLeap}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := vsa.NewShotChart("chart-"+tt.name, tt.player+": shots", sa.DefaultMap(), tt.player, tt.attempts)
			var kinds []sa.ShotKind
			for _, g := range c.Groups {
				kinds = append(kinds, g.Kind)
				svg := render(t, vsa.ShotCourtSVG(tt.name+"-"+string(g.Kind), g))
				checkSVG(t, svg, g)
				golden(t, tt.name+"-"+string(g.Kind)+".svg", append(svg, '\n'))
			}
			if fmt.Sprint(kinds) != fmt.Sprint(tt.kinds) {
				t.Fatalf("kinds %v, want %v", kinds, tt.kinds)
			}
			html := render(t, vsa.ShotChartView(c))
			checkHTML(t, html, c, tt.attempts, tt.player)
			golden(t, tt.name+".html", append(html, '\n'))
		})
	}
}

// checkSVG: the court is well-formed XML, names itself (title, desc), and
// writes every tried spot's id, made/tried and percentage as text.
func checkSVG(t *testing.T, svg []byte, g vsa.ShotGroup) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(svg))
	for {
		if _, err := d.Token(); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("%s court is not well-formed XML: %v\n%s", g.Kind, err, svg)
		}
	}
	doc, err := goquery.NewDocumentFromReader(bytes.NewReader(svg))
	if err != nil {
		t.Fatal(err)
	}
	if doc.Find("svg > title").Text() == "" || !strings.Contains(doc.Find("svg > desc").Text(), g.Label) {
		t.Fatalf("%s court without title or description", g.Kind)
	}
	for _, s := range g.Spots {
		if s.Tried == 0 {
			continue
		}
		text := doc.Find(fmt.Sprintf(`g[data-spot=%q]`, s.ID)).Text()
		for _, w := range []string{s.ID, fmt.Sprintf("%d/%d", s.Made, s.Tried), s.Pct()} {
			if !strings.Contains(text, w) {
				t.Fatalf("%s court, spot %s: no %q in %q", g.Kind, s.ID, w, text)
			}
		}
	}
}

// checkHTML: the totals table adds up to the player's attempts.
func checkHTML(t *testing.T, html []byte, c vsa.ShotChart, attempts []sa.Attempt, player string) {
	t.Helper()
	doc, err := goquery.NewDocumentFromReader(bytes.NewReader(html))
	if err != nil {
		t.Fatal(err)
	}
	made, tried := 0, 0
	for _, a := range attempts {
		if a.Player == player {
			tried++
			if a.Made {
				made++
			}
		}
	}
	foot := strings.Join(doc.Find("tfoot tr").Children().Map(func(_ int, c *goquery.Selection) string { return c.Text() }), " ")
	if want := fmt.Sprintf("All shots %d %d %s", made, tried, vsa.Percent(made, tried)); foot != want {
		t.Fatalf("totals %q, want %q", foot, want)
	}
	if n := doc.Find("figure.shot-court").Length(); n != len(c.Groups) {
		t.Fatalf("%d courts for %d kinds", n, len(c.Groups))
	}
}

// NewShotChart counts by kind and spot, only the player's attempts, and
// keeps untried spots of a kind for context.
func TestNewShotChart(t *testing.T) {
	at := func(player string, k sa.ShotKind, spot string, made bool) sa.Attempt {
		return sa.Attempt{Player: player, Kind: k, Spot: spot, Made: made}
	}
	attempts := []sa.Attempt{
		at("Ana", sa.ShotToll, "B", false), at("Ana", sa.ShotToll, "B", true), at("Ana", sa.ShotToll, "W3", true),
		at("Ana", sa.ShotFree, sa.FreeThrowSpot, false),
		at("Ben", sa.ShotSpell, "LE", true),
		at("Ana", sa.ShotToll, "Z9", true), // a spot of another map
	}
	c := vsa.NewShotChart("c", "Ana", sa.DefaultMap(), "Ana", attempts)
	spot := func(k sa.ShotKind, id string) vsa.ShotSpot {
		for _, g := range c.Groups {
			for _, s := range g.Spots {
				if g.Kind == k && s.ID == id {
					return s
				}
			}
		}
		return vsa.ShotSpot{ID: "missing"}
	}
	tests := []struct {
		name        string
		got         vsa.ShotSpot
		made, tried int
		pct         string
	}{
		{"two tolls at the start, one made", spot(sa.ShotToll, "B"), 1, 2, "50%"},
		{"one toll at the west wing, made", spot(sa.ShotToll, "W3"), 1, 1, "100%"},
		{"an untried location is on the court, empty", spot(sa.ShotToll, "EG"), 0, 0, "–"},
		{"a spot the map does not know is still counted", spot(sa.ShotToll, "Z9"), 1, 1, "100%"},
		{"a missed free throw at a giant", spot(sa.ShotFree, sa.FreeThrowSpot), 0, 1, "0%"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.got.Made != tt.made || tt.got.Tried != tt.tried || tt.got.Pct() != tt.pct {
				t.Fatalf("%+v (%s), want %d/%d %s", tt.got, tt.got.Pct(), tt.made, tt.tried, tt.pct)
			}
		})
	}
	if c.Made != 3 || c.Tried != 5 || len(c.Groups) != 2 {
		t.Fatalf("chart %d/%d in %d groups, want Ana's 3/5 in tolls and free throws", c.Made, c.Tried, len(c.Groups))
	}
	if len(spot(sa.ShotSpell, "LE").ID) != len("missing") {
		t.Fatal("Ben's spell shot is on Ana's chart")
	}
	empty := render(t, vsa.ShotChartView(vsa.NewShotChart("e", "Cy", sa.DefaultMap(), "Cy", attempts)))
	if !bytes.Contains(empty, []byte("No shots yet.")) || bytes.Contains(empty, []byte("<svg")) {
		t.Fatalf("a player without shots: %s", empty)
	}
}

func TestPercent(t *testing.T) {
	tests := []struct {
		made, tried int
		want        string
	}{
		{0, 0, "–"}, {0, 3, "0%"}, {1, 3, "33%"}, {2, 3, "67%"}, {1, 8, "13%"}, {1, 200, "1%"}, {1, 201, "0%"}, {5, 5, "100%"},
	}
	for _, tt := range tests {
		if got := vsa.Percent(tt.made, tt.tried); got != tt.want {
			t.Errorf("Percent(%d, %d) = %q, want %q", tt.made, tt.tried, got, tt.want)
		}
	}
}
