package scribes_test

import (
	"errors"
	"math/rand/v2"
	"testing"

	S "github.com/grimoire-games/grimoire/rules/scribes"
)

func TestLevels(t *testing.T) {
	want := []struct{ id, name string }{{"random", "Apprentice"}, {"greedy", "Adept"}, {"search", "Archmage"}}
	ls := S.Levels()
	if len(ls) != len(want) {
		t.Fatalf("%d levels, want %d", len(ls), len(want))
	}
	for i, w := range want {
		t.Run(w.name+" is stored as "+w.id, func(t *testing.T) {
			l := ls[i]
			if l.ID != w.id || l.Name != w.name || l.Blurb == "" {
				t.Fatalf("level %d = %+v", i, l)
			}
			b := S.BotByName(l.ID)
			if b == nil || b.Name() != l.ID {
				t.Fatalf("BotByName(%q) = %v", l.ID, b)
			}
		})
	}
}

// position plays k random actions in a game of the given players; ok is
// false when the game ended first.
func position(players int, seed int64, k int) (S.State, bool) {
	names := []string{"Mia", "Ben", "Cy", "Dee", "Eve", "Fox", "Gil", "Hal"}[:players]
	s, err := S.New(S.Setup{Players: names}, seed)
	if err != nil {
		panic(err)
	}
	r := rand.New(rand.NewPCG(uint64(seed), uint64(k)))
	for range k {
		if s.Over() {
			return s, false
		}
		a, err := S.RandomBot{}.Choose(s, s.Decider(), r)
		if err != nil {
			panic(err)
		}
		if s, err = S.Apply(s, a); err != nil {
			panic(err)
		}
	}
	return s, !s.Over()
}

func TestBotsRefuseWhenTheyMayNotMove(t *testing.T) {
	over, _, err := S.PlayGame(S.Setup{Players: []string{"a", "b"}}, 3, []S.Bot{S.GreedyBot{}, S.GreedyBot{}}, 20000)
	if err != nil || !over.Over() {
		t.Fatalf("greedy game: over %v, err %v", over.Over(), err)
	}
	start, _ := position(2, 3, 0)
	for _, l := range S.Levels() {
		bot := S.BotByName(l.ID)
		t.Run(l.Name+" in a finished game", func(t *testing.T) {
			if _, err := bot.Choose(over, 0, rand.New(rand.NewPCG(1, 1))); !errors.Is(err, S.ErrGameOver) {
				t.Fatalf("err = %v, want ErrGameOver", err)
			}
		})
		t.Run(l.Name+" for a seat that does not decide", func(t *testing.T) {
			if _, err := bot.Choose(start, 1-start.Decider(), rand.New(rand.NewPCG(1, 1))); !errors.Is(err, S.ErrNotYourTurn) {
				t.Fatalf("err = %v, want ErrNotYourTurn", err)
			}
		})
	}
}

// TestSearchIsDeterministic: the same position and random stream give the
// same action, so two phones asking at once agree.
func TestSearchIsDeterministic(t *testing.T) {
	bot := S.SearchBot{Iterations: 16}
	for seed := range int64(10) {
		s, ok := position(2+int(seed%3), seed, int(seed*7%40))
		if !ok {
			continue
		}
		a1, err1 := bot.Choose(s, s.Decider(), rand.New(rand.NewPCG(uint64(seed), 9)))
		a2, err2 := bot.Choose(s, s.Decider(), rand.New(rand.NewPCG(uint64(seed), 9)))
		if err1 != nil || err2 != nil {
			t.Fatalf("seed %d: %v, %v", seed, err1, err2)
		}
		if a1 != a2 {
			t.Errorf("seed %d: %+v then %+v", seed, a1, a2)
		}
	}
}

// FuzzSearchLegal: whatever the position and table size, the search bot's
// action is legal.
func FuzzSearchLegal(f *testing.F) {
	for seed := range int64(12) {
		f.Add(seed, uint8(2+seed%7), uint16(seed*13))
	}
	f.Fuzz(func(t *testing.T, seed int64, players uint8, k uint16) {
		s, ok := position(S.MinPlayers+int(players)%(S.MaxPlayers-S.MinPlayers+1), seed, int(k%300))
		if !ok {
			return
		}
		seat := s.Decider()
		a, err := S.SearchBot{Iterations: 8}.Choose(s, seat, rand.New(rand.NewPCG(uint64(seed), 1)))
		if err != nil {
			t.Fatalf("Choose: %v", err)
		}
		if _, err := S.Apply(s, a); err != nil {
			t.Fatalf("the search bot chose %+v: %v", a, err)
		}
	})
}

// BenchmarkDecision times one main decision of each level, two players, a
// few turns in.
func BenchmarkDecision(b *testing.B) {
	s, ok := position(2, 5, 12)
	for k := 13; !ok || s.Phase() != S.PhaseMain; k++ {
		s, ok = position(2, 5, k)
	}
	for _, l := range S.Levels() {
		bot := S.BotByName(l.ID)
		b.Run(l.Name, func(b *testing.B) {
			r := rand.New(rand.NewPCG(1, 2))
			for b.Loop() {
				if _, err := bot.Choose(s, s.Decider(), r); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
