package tower_test

import (
	"math/rand/v2"
	"testing"

	"github.com/grimoire-games/grimoire/rules/tower"
)

// midGame is a position a few turns in, the General to play, reached by
// greedy play on both sides.
func midGame(b *testing.B, side tower.Side) tower.State {
	b.Helper()
	s, err := tower.New(tower.Setup{General: "g", Mage: "m"}, 3)
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(3, 3))
	g, m := tower.GreedyGeneral{PlaceMax: 2}, tower.GreedyMage{}
	for turns := 0; turns < 2 || s.ToPlay() != side || tower.Legal(s).Phase == tower.PhaseAdvance; {
		var bot tower.Bot = g
		if s.ToPlay() == tower.Mage {
			bot = m
			turns++
		}
		a, err := bot.Choose(s, r)
		if err != nil {
			b.Fatal(err)
		}
		if s, err = tower.Apply(s, a); err != nil {
			b.Fatal(err)
		}
		if s.Over() {
			b.Fatal("the game ended before the benchmark position")
		}
	}
	return s
}

// BenchmarkDecision times one decision of each level for each side.
func BenchmarkDecision(b *testing.B) {
	for _, side := range []tower.Side{tower.General, tower.Mage} {
		s := midGame(b, side)
		for _, l := range tower.Levels() {
			bot := tower.Bots()[l.ID](side)
			b.Run(l.Name+"/"+side.Title(), func(b *testing.B) {
				r := rand.New(rand.NewPCG(1, 2))
				for b.Loop() {
					if _, err := bot.Choose(s, r); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
