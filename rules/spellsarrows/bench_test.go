package spellsarrows_test

import (
	"math/rand/v2"
	"os"
	"testing"

	"github.com/grimoire-games/grimoire/rules/record"
	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
)

func BenchmarkApply(b *testing.B) {
	s, _ := sa.New(defaultSetup(), 1)
	for b.Loop() {
		if _, err := sa.Apply(s, sa.SpyShot(false)); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkReplay(b *testing.B) {
	data, err := os.ReadFile("testdata/mage-wins-on-turns.json")
	if err != nil {
		b.Fatal(err)
	}
	rec, err := record.Parse(data)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(len(rec.Actions)), "actions/game")
	for b.Loop() {
		if _, err := sa.Replay(rec); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRandomGame(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	start, _ := sa.New(defaultSetup(), 1)
	actions := 0
	for b.Loop() {
		s := start
		for n := 0; !s.Over() && n < 10000; n++ {
			var err error
			if s, err = sa.Apply(s, sa.RandomLegal(s, r)); err != nil {
				b.Fatal(err)
			}
			actions++
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(actions)/float64(b.N), "actions/game")
}
