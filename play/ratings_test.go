package play_test

import (
	"math/rand/v2"
	"os"
	"reflect"
	"testing"
	"time"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/play/scribes"
	"github.com/grimoire-games/grimoire/play/spellsarrows"
	"github.com/grimoire-games/grimoire/play/tower"
	"github.com/grimoire-games/grimoire/rules/record"
)

func playedFrom(t *testing.T, path string, bots map[int]string) play.PlayerGame {
	t.Helper()
	b, err := os.ReadFile("../" + path)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := record.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	tb := play.Table{Kind: rec.Game, Setup: rec.Setup, Seed: rec.Seed, Actions: rec.Actions, Viewer: play.Scorekeeper}
	for i, level := range bots {
		tb.Seats = append(tb.Seats, play.Seat{Index: i, Bot: level})
	}
	return play.PlayerGame{Table: tb, Started: time.Date(2026, 2, 3, 18, 0, 0, 0, time.UTC)}
}

// TestPlacings: each game ranks its finished records as its end screen
// does, bots by their level with the level's fixed rating.
func TestPlacings(t *testing.T) {
	tests := []struct {
		name   string
		kind   play.Ranked
		played play.PlayerGame
		want   []play.Placing
	}{
		{"Spells & Arrows: the spy escapes", spellsarrows.Kind{}, playedFrom(t, "rules/spellsarrows/testdata/spy-wins-by-escapes.json", nil),
			[]play.Placing{{Name: "Ana", Role: "spy", Place: 1}, {Name: "Ben", Role: "mage", Place: 2}}},
		{"Spells & Arrows: the mage captures", spellsarrows.Kind{}, playedFrom(t, "rules/spellsarrows/testdata/mage-wins-by-capture.json", nil),
			[]play.Placing{{Name: "Ana", Role: "spy", Place: 2}, {Name: "Ben", Role: "mage", Place: 1}}},
		{"Mage's Tower: the General wins", tower.Kind{}, playedFrom(t, "rules/tower/testdata/general-wins.json", nil),
			[]play.Placing{{Name: "Ana", Place: 1}, {Name: "Ben", Place: 2}}},
		{"Mage's Tower against an Archmage Mage", tower.Kind{}, playedFrom(t, "rules/tower/testdata/mage-wins.json", map[int]string{1: "search"}),
			[]play.Placing{{Name: "Ana", Place: 2}, {Name: "Archmage bot", Place: 1, Bot: play.BotRating(2040)}}},
		{"The Arcane Scribes, bots named in the record", scribes.Kind{}, playedFrom(t, "rules/scribes/testdata/three-mixed.record.json", nil),
			[]play.Placing{{Name: "Adept bot", Place: 2, Bot: play.BotRating(2010), Points: 98, Scored: true}, {Name: "Apprentice bot", Place: 3, Bot: play.BotRating(1000), Points: 13, Scored: true}, {Name: "Adept bot", Place: 1, Bot: play.BotRating(2010), Points: 110, Scored: true}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, over, err := tc.kind.Placings(tc.played.Table)
			if err != nil || !over || !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("Placings = %+v, %v, %v; want %+v", got, over, err, tc.want)
			}
		})
	}
	running := playedFrom(t, "rules/spellsarrows/testdata/spy-wins-by-escapes.json", nil)
	running.Table.Actions = running.Table.Actions[:3]
	if got, over, err := (spellsarrows.Kind{}).Placings(running.Table); err != nil || over || got != nil {
		t.Fatalf("a running game: %+v, %v, %v", got, over, err)
	}
}

// TestRatingsOfImportsInAnyOrder: the table of a set of records is the same
// whatever order they were imported in, and a record imported twice counts
// once.
func TestRatingsOfImportsInAnyOrder(t *testing.T) {
	var games []play.PlayerGame
	for i, name := range []string{"random-1", "random-2", "random-3", "mage-wins-by-capture", "mage-wins-on-turns", "spy-wins-by-escapes", "giants-engaged-and-leaps"} {
		p := playedFrom(t, "rules/spellsarrows/testdata/"+name+".json", nil)
		p.Started = p.Started.Add(time.Duration(i%3) * 24 * time.Hour)
		games = append(games, p)
	}
	k := spellsarrows.Kind{}
	for _, role := range []string{"", "spy", "mage"} {
		want, err := play.Ratings(k, games, role, nil)
		if err != nil || len(want) == 0 {
			t.Fatalf("ratings: %v, %v", want, err)
		}
		r := rand.New(rand.NewPCG(7, 8))
		for range 5 {
			shuffled := append([]play.PlayerGame(nil), games...)
			shuffled = append(shuffled, games[r.IntN(len(games))])
			r.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
			got, err := play.Ratings(k, shuffled, role, nil)
			if err != nil || !reflect.DeepEqual(got, want) {
				t.Fatalf("role %q: shuffled imports rate %+v, want %+v", role, got, want)
			}
		}
	}
	merged, err := play.Ratings(k, games, "", func(n string) string {
		if n == "Ben" {
			return "Ana"
		}
		return n
	})
	// Every game was Ana against Ben: one person cannot play themselves,
	// so nothing is left to rate.
	if err != nil || len(merged) != 0 {
		t.Fatalf("Ben counted as Ana: %+v, %v; want no games rated", merged, err)
	}
}

// TestShootingAgainst: Ana's shots by kind in her games against Ben, and
// none against a stranger.
func TestShootingAgainst(t *testing.T) {
	games := []play.PlayerGame{playedFrom(t, "rules/spellsarrows/testdata/random-1.json", nil), playedFrom(t, "rules/spellsarrows/testdata/random-2.json", nil)}
	k := spellsarrows.Kind{}
	rates, ok, err := play.ShootingAgainst(k, "Ana", "Ben", games)
	if err != nil || !ok || len(rates) == 0 {
		t.Fatalf("Ana against Ben: %+v, %v, %v", rates, ok, err)
	}
	rows, err := k.PlayerRows("Ana", games)
	if err != nil {
		t.Fatal(err)
	}
	tried := 0
	for _, r := range rates {
		if r.Made > r.Tried || r.Kind == "" {
			t.Fatalf("rate %+v", r)
		}
		tried += r.Tried
	}
	if tried != len(rows)-1 {
		t.Fatalf("%d shots by kind, %d in Ana's rows", tried, len(rows)-1)
	}
	if rates, ok, err := play.ShootingAgainst(k, "Ana", "Zed", games); err != nil || !ok || rates != nil {
		t.Fatalf("Ana against nobody she played: %+v, %v, %v", rates, ok, err)
	}
	if _, ok, _ := play.ShootingAgainst(tower.Kind{}, "Ana", "Ben", nil); ok {
		t.Fatal("Mage's Tower keeps no shooting records")
	}
}
