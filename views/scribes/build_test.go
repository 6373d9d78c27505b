package scribes_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	sc "github.com/grimoire-games/grimoire/rules/scribes"
	"github.com/grimoire-games/grimoire/views/offline"
	scview "github.com/grimoire-games/grimoire/views/scribes"
)

// The view embeds the record play hands it, as it is, and nothing when it
// hands none (a spectator's screen).
func TestBoardEmbedsTheRecordItIsGiven(t *testing.T) {
	first := 0
	raw, err := json.Marshal(sc.Setup{Players: []string{"Mia", "Ben"}, First: &first})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		record string
	}{
		{"a player's screen carries the record", `{"kind":"arcane-scribes","id":"g1"}`},
		{"a spectator's screen carries none", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := scview.Build(scview.Source{GameID: "g1", Setup: raw, Seed: 5, Seat: -1, Record: offline.Fixed(tt.record)}, 0)
			if err != nil {
				t.Fatal(err)
			}
			var html strings.Builder
			for _, f := range scview.Fragments(b) {
				html.WriteString(`<div id="` + f.ID + `">`)
				if err := f.Component.Render(t.Context(), &html); err != nil {
					t.Fatal(err)
				}
				html.WriteString(`</div>`)
			}
			doc, err := goquery.NewDocumentFromReader(strings.NewReader(html.String()))
			if err != nil {
				t.Fatal(err)
			}
			rec := doc.Find("#" + offline.ElementID)
			if got := rec.Length() == 1; got != (tt.record != "") {
				t.Fatalf("record fragment present %v, want %v", got, tt.record != "")
			}
			if tt.record != "" && rec.Text() != tt.record {
				t.Fatalf("embedded %q, want %q", rec.Text(), tt.record)
			}
			if doc.Find(`[data-testid="status"]`).Length() != 1 {
				t.Fatal("no status strip")
			}
		})
	}
}

// A setup that cannot be read is an error, not an empty board.
func TestBuildRefusesAnUnreadableSetup(t *testing.T) {
	if _, err := scview.Build(scview.Source{Setup: json.RawMessage(`{"players":["Mia","Mia"]}`)}, 0); err == nil {
		t.Fatal("a board was built from a setup the rules refuse")
	}
}
