package tower_test

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/rules/tower"
)

// FuzzApply drives games from the fuzz input: each byte either lets a random
// bot pick a legal action or corrupts it into a likely illegal one, and
// checks the invariants after every step.
func FuzzApply(f *testing.F) {
	f.Add(int64(1), false, []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add(int64(7), true, []byte("the mage casts fireball at the general"))
	f.Add(int64(42), false, []byte{255, 128, 64, 32, 16, 8, 4, 2, 1, 0, 200, 13, 77})
	f.Fuzz(func(t *testing.T, seed int64, stay bool, prog []byte) {
		s, err := tower.New(tower.Setup{General: "g", Mage: "m", Options: tower.Options{ThumbsMayStay: stay}}, seed)
		if err != nil {
			t.Fatal(err)
		}
		setup, _ := json.Marshal(s.Setup())
		rec := record.Record{Game: record.MagesTower, Version: 1, Seed: seed, Setup: setup}
		r := rand.New(rand.NewPCG(uint64(seed), 3))
		bots := []tower.Bot{tower.RandomBot{}, tower.GreedyGeneral{}, tower.GreedyMage{}}
		for _, b := range prog {
			if s.Over() {
				break
			}
			a, err := bots[int(b)%3].Choose(s, r)
			if err != nil {
				t.Fatalf("bot %s: %v", bots[int(b)%3].Name(), err)
			}
			if b >= 128 {
				a = corrupt(a, b, r)
			}
			before := s.Snapshot()
			next, err := tower.Apply(s, a)
			if err != nil {
				if !reflect.DeepEqual(next.Snapshot(), before) || !reflect.DeepEqual(s.Snapshot(), before) {
					t.Fatalf("rejected %+v changed the state", a)
				}
				if b < 128 {
					t.Fatalf("bot action %+v rejected: %v", a, err)
				}
				continue
			}
			raw, _ := json.Marshal(a)
			rec.Actions = append(rec.Actions, raw)
			check(t, before, a, next.Snapshot())
			s = next
		}
		data, _ := json.Marshal(rec)
		parsed, err := record.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		re, err := tower.Replay(parsed)
		if err != nil {
			t.Fatalf("replay: %v", err)
		}
		if !reflect.DeepEqual(re.Snapshot(), s.Snapshot()) {
			t.Fatalf("replay differs from the played state")
		}
	})
}

func corrupt(a tower.Action, b byte, r *rand.Rand) tower.Action {
	ids := tower.CoinIDs()
	switch b % 8 {
	case 0:
		a.Coins = append(a.Coins, ids[r.IntN(9)])
	case 1:
		a.Zone = int(b%7) - 1
	case 2:
		a.DamageRow, a.SpellRow = a.SpellRow-1, a.DamageRow+1
	case 3:
		if len(a.Hits) > 0 {
			a.Hits[0].Damage += int(b%3) - 1
		}
	case 4:
		a.Type = []tower.ActionType{tower.Place, tower.Advance, tower.Flip, tower.End, tower.Cast, tower.Skip}[b%6]
	case 5:
		a.Coin = ids[r.IntN(9)]
	case 6:
		a.Side = "right"
	case 7:
		a.Hits = append(a.Hits, tower.Hit{Coin: ids[r.IntN(9)], Damage: 1})
	}
	return a
}

// check tests the invariants between two snapshots around one action.
func check(t *testing.T, before tower.Snapshot, a tower.Action, after tower.Snapshot) {
	t.Helper()
	var all []string
	all = append(all, after.Camp...)
	for _, z := range after.Zones {
		all = append(all, z...)
	}
	all = append(all, after.Removed...)
	all = append(all, after.Tower...)
	slices.Sort(all)
	if !slices.Equal(all, tower.CoinIDs()) {
		t.Fatalf("coins lost or doubled: %v", all)
	}
	tome := a.Type == tower.Cast && after.TomeUsed && !before.TomeUsed
	if !tome && (after.Thumbs.Left < before.Thumbs.Left || after.Thumbs.Right < before.Thumbs.Right) {
		t.Fatalf("a thumb moved up without the Tome: %+v -> %+v", before.Thumbs, after.Thumbs)
	}
	if tome && (after.Thumbs.Left != 0 || after.Thumbs.Right != 0) {
		t.Fatalf("the Tome left the thumbs at %+v", after.Thumbs)
	}
	for _, c := range after.Coins {
		if c.Damage != 0 {
			t.Fatalf("%s keeps %d damage after %s", c.ID, c.Damage, a.Type)
		}
	}
	if after.Over != (after.Winner != "") {
		t.Fatalf("over %v winner %q", after.Over, after.Winner)
	}
	if after.Score.Removed == 9 && after.Winner != tower.Mage {
		t.Fatalf("all fell but winner %q", after.Winner)
	}
	if len(after.Tower) > 0 && after.Winner != tower.General {
		t.Fatalf("a soldier in the Tower but winner %q", after.Winner)
	}
}

func BenchmarkApply(b *testing.B) {
	s, _ := tower.New(tower.Setup{General: "g", Mage: "m"}, 1)
	s, _ = tower.Apply(s, place("L1", "M1", "S1"))
	s, _ = tower.Apply(s, end)
	a := fireball(3, 3, tower.Leftmost)
	for b.Loop() {
		if _, err := tower.Apply(s, a); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkReplay(b *testing.B) {
	rec := botRecord(b, 12, tower.RandomBot{}, tower.GreedyMage{})
	b.ReportMetric(float64(len(rec.Actions)), "actions")
	for b.Loop() {
		if _, err := tower.Replay(rec); err != nil {
			b.Fatal(err)
		}
	}
}

func benchGame(b *testing.B, g, m tower.Bot) {
	n := 0
	for b.Loop() {
		s, _ := tower.New(tower.Setup{General: "g", Mage: "m"}, int64(n))
		if _, _, err := tower.Play(s, g, m, rand.New(rand.NewPCG(uint64(n), 1)), 2000); err != nil {
			b.Fatal(err)
		}
		n++
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "games/s")
}

func BenchmarkGameRandom(b *testing.B) { benchGame(b, tower.RandomBot{}, tower.RandomBot{}) }
func BenchmarkGameGreedy(b *testing.B) { benchGame(b, tower.GreedyGeneral{}, tower.GreedyMage{}) }
