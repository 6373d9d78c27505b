package tower_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/rules/tower"
)

var update = flag.Bool("update", false, "rewrite golden records and snapshots in testdata/")

// botRecord plays a bot game and writes it as a record.
func botRecord(t testing.TB, seed int64, g, m tower.Bot) record.Record {
	s, err := tower.New(tower.Setup{General: "Ana", Mage: "Ben"}, seed)
	if err != nil {
		t.Fatal(err)
	}
	end, acts, err := tower.Play(s, g, m, rand.New(rand.NewPCG(uint64(seed), 7)), 2000)
	if err != nil {
		t.Fatal(err)
	}
	if !end.Over() {
		t.Fatal("bot game did not finish")
	}
	setup, _ := json.Marshal(s.Setup())
	rec := record.Record{Game: record.MagesTower, Version: record.FormatVersion, Seed: seed, Setup: setup}
	for _, a := range acts {
		b, err := json.Marshal(a)
		if err != nil {
			t.Fatal(err)
		}
		rec.Actions = append(rec.Actions, b)
	}
	return rec
}

func TestGolden(t *testing.T) {
	games := []struct {
		file   string
		winner tower.Side
		make   func() record.Record
	}{
		{"general-wins", tower.General, func() record.Record { return botRecord(t, 11, tower.GreedyGeneral{}, tower.GreedyMage{}) }},
		{"mage-wins", tower.Mage, func() record.Record { return botRecord(t, 12, tower.RandomBot{}, tower.GreedyMage{}) }},
	}
	for _, g := range games {
		t.Run(g.file, func(t *testing.T) {
			recPath := filepath.Join("testdata", g.file+".json")
			snapPath := filepath.Join("testdata", g.file+".snapshot.json")
			if *update {
				if _, err := os.Stat(recPath); errors.Is(err, os.ErrNotExist) {
					writeJSON(t, recPath, g.make())
				}
			}
			data, err := os.ReadFile(recPath)
			if err != nil {
				t.Fatal(err)
			}
			rec, err := record.Parse(data)
			if err != nil {
				t.Fatal(err)
			}
			s, err := tower.Replay(rec)
			if err != nil {
				t.Fatal(err)
			}
			if s.Winner() != g.winner {
				t.Errorf("winner %q, want %q", s.Winner(), g.winner)
			}
			got, _ := json.MarshalIndent(s.Snapshot(), "", "  ")
			got = append(got, '\n')
			if *update {
				if err := os.WriteFile(snapPath, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(snapPath)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("snapshot differs from %s (run with -update if the change is intended):\n%s", snapPath, got)
			}
		})
	}
}

func writeJSON(t *testing.T, path string, v any) {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestReplayBadAction(t *testing.T) {
	rec := record.Record{Game: record.MagesTower, Version: 1, Seed: 3,
		Setup:   json.RawMessage(`{"general":"a","mage":"b"}`),
		Actions: []json.RawMessage{json.RawMessage(`{"type":"place","coins":["L1"]}`), json.RawMessage(`{"type":"cast","damageRow":1,"spellRow":1,"hits":[]}`)}}
	_, err := tower.Replay(rec)
	var ae *record.ActionError
	if !errors.As(err, &ae) || ae.Index != 1 || !errors.Is(err, tower.ErrNotYourTurn) {
		t.Fatalf("err = %v, want action 1: not your turn", err)
	}
	rec.Setup = json.RawMessage(`{"general":"a","mage":"b","faces":[]}`)
	if _, err := tower.Replay(rec); !errors.Is(err, record.ErrMalformed) || !errors.Is(err, tower.ErrBadSetup) {
		t.Fatalf("err = %v, want a malformed record", err)
	}
}

// TestActionJSONRoundTrip: every action a bot plays survives its record form.
func TestActionJSONRoundTrip(t *testing.T) {
	rec := botRecord(t, 5, tower.RandomBot{}, tower.RandomBot{})
	for i, raw := range rec.Actions {
		a, err := tower.ParseAction(raw)
		if err != nil {
			t.Fatalf("action %d %s: %v", i, raw, err)
		}
		b, _ := json.Marshal(a)
		if !bytes.Equal(b, raw) {
			t.Errorf("action %d: %s became %s", i, raw, b)
		}
	}
}

func TestBotsPlayLegally(t *testing.T) {
	bots := []tower.Bot{tower.RandomBot{}, tower.GreedyGeneral{}, tower.GreedyMage{}}
	for seed := range int64(60) {
		g, m := bots[seed%3], bots[(seed/3)%3]
		s, _ := tower.New(tower.Setup{General: "g", Mage: "m", Options: tower.Options{ThumbsMayStay: seed%2 == 0}}, seed)
		s, _, err := tower.Play(s, g, m, rand.New(rand.NewPCG(uint64(seed), 1)), 3000)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if !s.Over() && !s.Options().ThumbsMayStay {
			t.Errorf("seed %d: game without the house rule did not end", seed)
		}
	}
}

func TestRulingsAndPreview(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range tower.Rulings() {
		if r.ID == "" || r.Text == "" || seen[r.ID] {
			t.Errorf("bad ruling %+v", r)
		}
		seen[r.ID] = true
	}
	if !seen["thumbs-stay"] || !seen["stuck"] {
		t.Error("missing rulings")
	}
	s := play(t, faces("L1"), place("L1", "M1", "S1"), end)
	out, err := tower.Preview(s, fireball(3, 3, tower.Rightmost))
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Hits) != 1 || out.Hits[0].Coin != "S1" || !out.Hits[0].Falls {
		t.Errorf("preview %+v", out)
	}
	after, _ := tower.Apply(s, lightning(2, 1, "L1:2", "M1:1"))
	line := tower.Describe(s, lightning(2, 1, "L1:2", "M1:1"), after).String()
	if want := "Mage cast Lightning for 3: L1's shield breaks, M1 takes 1 and survives"; line != want {
		t.Errorf("Describe = %q, want %q", line, want)
	}
	if !reflect.DeepEqual(tower.DefaultCard().Rows[7], tower.Row{Damage: 6, Spell: tower.Lightning}) {
		t.Error("default card bottom row")
	}
}
