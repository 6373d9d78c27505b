package tower_test

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/grimoire-games/grimoire/rules/tower"
)

func TestLevels(t *testing.T) {
	want := []struct{ id, name string }{{"random", "Apprentice"}, {"greedy", "Adept"}, {"search", "Archmage"}}
	ls := tower.Levels()
	if len(ls) != len(want) {
		t.Fatalf("%d levels, want %d", len(ls), len(want))
	}
	for i, w := range want {
		t.Run(w.name+" is stored as "+w.id, func(t *testing.T) {
			l := ls[i]
			if l.ID != w.id || l.Name != w.name || l.Blurb == "" {
				t.Fatalf("level %d = %+v", i, l)
			}
			mk, ok := tower.Bots()[l.ID]
			if !ok {
				t.Fatalf("no bot for level %q", l.ID)
			}
			for _, side := range []tower.Side{tower.General, tower.Mage} {
				if got := mk(side).Name(); got != l.ID {
					t.Errorf("the %s bot of level %q is named %q", side, l.ID, got)
				}
			}
		})
	}
}

// randomPosition plays k random moves from the game of seed; ok is false
// when the game ended first.
func randomPosition(seed int64, stay bool, k int) (tower.State, bool) {
	s, err := tower.New(tower.Setup{General: "g", Mage: "m", Options: tower.Options{ThumbsMayStay: stay}}, seed)
	if err != nil {
		panic(err)
	}
	r := rand.New(rand.NewPCG(uint64(seed), uint64(k)))
	for range k {
		a, err := tower.RandomBot{}.Choose(s, r)
		if err != nil {
			return s, false
		}
		if s, err = tower.Apply(s, a); err != nil {
			panic(err)
		}
	}
	return s, !s.Over()
}

func TestBotsRefuseAFinishedGame(t *testing.T) {
	s, _ := tower.New(tower.Setup{General: "g", Mage: "m"}, 1)
	s, _, err := tower.Play(s, tower.GreedyGeneral{}, tower.GreedyMage{}, rand.New(rand.NewPCG(1, 1)), 2000)
	if err != nil || !s.Over() {
		t.Fatalf("greedy game: over %v, err %v", s.Over(), err)
	}
	for _, l := range tower.Levels() {
		t.Run(l.Name, func(t *testing.T) {
			_, err := tower.Bots()[l.ID](tower.Mage).Choose(s, rand.New(rand.NewPCG(1, 1)))
			if !errors.Is(err, tower.ErrGameOver) {
				t.Fatalf("err = %v, want ErrGameOver", err)
			}
		})
	}
}

// TestSearchIsDeterministic: the same position and random stream give the
// same move, so two phones asking at once agree.
func TestSearchIsDeterministic(t *testing.T) {
	bot := tower.SearchBot{Iterations: 60}
	for seed := range int64(12) {
		s, ok := randomPosition(seed, seed%2 == 0, int(seed*3%17))
		if !ok {
			continue
		}
		a1, err1 := bot.Choose(s, rand.New(rand.NewPCG(uint64(seed), 9)))
		a2, err2 := bot.Choose(s, rand.New(rand.NewPCG(uint64(seed), 9)))
		if err1 != nil || err2 != nil {
			t.Fatalf("seed %d: %v, %v", seed, err1, err2)
		}
		if !sameAction(a1, a2) {
			t.Errorf("seed %d: %+v then %+v", seed, a1, a2)
		}
	}
}

func sameAction(a, b tower.Action) bool {
	x, _ := a.MarshalJSON()
	y, _ := b.MarshalJSON()
	return string(x) == string(y)
}

// FuzzSearchLegal: whatever the position, the search bot's move is legal.
func FuzzSearchLegal(f *testing.F) {
	for seed := range int64(16) {
		f.Add(seed, seed%3 == 0, uint8(seed*5))
	}
	f.Fuzz(func(t *testing.T, seed int64, stay bool, k uint8) {
		s, ok := randomPosition(seed, stay, int(k%60))
		if !ok {
			return
		}
		a, err := tower.SearchBot{Iterations: 40}.Choose(s, rand.New(rand.NewPCG(uint64(seed), 1)))
		if err != nil {
			t.Fatalf("Choose: %v", err)
		}
		if _, err := tower.Apply(s, a); err != nil {
			t.Fatalf("the search bot chose %+v: %v", a, err)
		}
	})
}
