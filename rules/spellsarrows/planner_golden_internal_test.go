package spellsarrows

import (
	"crypto/sha256"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
)

// TestPlannerGamesGolden keeps what the bots decide: whole simulated games
// of fixed seeds, every action with its drawn make or miss, hashed per game
// in testdata/planner-games.golden. Making the planners faster must leave
// this file as it is; only a change of strategy may rewrite it (-update).
func TestPlannerGamesGolden(t *testing.T) {
	base := DefaultRates()
	sharp := Rates{Toll: 0.9, Free: 0.2, Spell: 0.95, Arrow: 0.99, Leap: 0.1}
	configs := []struct {
		name      string
		setup     Setup
		spy, mage Side
		games     int
		seed, seq uint64
	}{
		{"equal rates at the fair number", Setup{Victory: 50}, Side{BotPlanner, base}, Side{BotPlanner, base}, 40, 1, 7},
		{"a low number the spy shuttles to", Setup{Victory: 12}, Side{BotPlanner, base}, Side{BotPlanner, base}, 40, 2, 7},
		{"a better spy over eight turns", Setup{Victory: 30, Turns: 8}, Side{BotPlanner, base.Plus(0.15)}, Side{BotPlanner, base}, 30, 3, 1},
		{"same-spell-only against a better mage", Setup{Victory: 20, Options: Options{SameSpellOnly: true}}, Side{BotPlanner, base}, Side{BotPlanner, base.Plus(0.1)}, 30, 4, 2},
		{"lopsided rates at a high number", Setup{Victory: 80, Turns: 20}, Side{BotPlanner, sharp}, Side{BotPlanner, sharp.Plus(-0.1)}, 20, 5, 3},
		{"a planner spy against a random mage", Setup{Victory: 30}, Side{BotPlanner, base}, Side{BotRandom, base}, 20, 6, 4},
		{"a random spy against a planner mage", Setup{Victory: 30}, Side{BotRandom, base}, Side{BotPlanner, base}, 20, 7, 5},
	}
	var out strings.Builder
	for _, cf := range configs {
		cf.setup.Spy, cf.setup.Mage = "Ana", "Ben"
		m, err := NewMatch(cf.setup, 1, cf.spy, cf.mage)
		if err != nil {
			t.Fatal(err)
		}
		// Games alone and games sharing route tables (as an estimate plays
		// them) must be the same games.
		var alone, shared strings.Builder
		for pass, memo := range []*planMemo{nil, newPlanMemo()} {
			r := rand.New(rand.NewPCG(cf.seed, cf.seq))
			w := []*strings.Builder{&alone, &shared}[pass]
			for g := range cf.games {
				var actions []Action
				o, err := m.play(r, func(a Action) { actions = append(actions, a) }, memo)
				if err != nil {
					t.Fatalf("%s, game %d: %v", cf.name, g, err)
				}
				raw, err := json.Marshal(actions)
				if err != nil {
					t.Fatal(err)
				}
				winner := o.Winner
				if winner == "" {
					winner = "unfinished"
				}
				fmt.Fprintf(w, "%2d %-10s %3d points %5d actions %x\n", g, winner, o.Points, o.Actions, sha256.Sum256(raw))
			}
		}
		if alone.String() != shared.String() {
			t.Errorf("%s: games sharing route tables differ from games alone:\n%s", cf.name, firstDiff(alone.String(), shared.String()))
		}
		fmt.Fprintf(&out, "# %s\n%s", cf.name, alone.String())
	}
	adv, err := Advise(AdviceRequest{
		A: Player{Name: "Ana", Rates: base}, B: Player{Name: "Ben", Rates: base.Plus(0.05)},
		From: 40, To: 58, Step: 6, Games: 25, Seed: 1,
	})
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(&out, "# advise 40..58 step 6, 25 games a cell\n")
	for _, row := range adv.Rows {
		fmt.Fprintf(&out, "VN %d: Ana spy %d/%d %.2f points, Ben spy %d/%d %.2f points\n", row.Victory, row.ASpy.SpyWins, row.ASpy.Games, row.ASpy.AvgPoints, row.BSpy.SpyWins, row.BSpy.Games, row.BSpy.AvgPoints)
	}
	fmt.Fprintf(&out, "fair: Ana spy at %d, Ben spy at %d\n", adv.FairASpy, adv.FairBSpy)

	const path = "testdata/planner-games.golden"
	if f := flag.Lookup("update"); f != nil && f.Value.String() == "true" {
		if err := os.WriteFile(path, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to write it)", err)
	}
	if got := out.String(); got != string(want) {
		t.Fatalf("the planners decide differently than %s:\n%s", path, firstDiff(string(want), got))
	}
}

// firstDiff shows the first line where two texts part.
func firstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := range max(len(w), len(g)) {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return fmt.Sprintf("line %d\nwant %s\ngot  %s", i+1, a, b)
		}
	}
	return "(equal)"
}
