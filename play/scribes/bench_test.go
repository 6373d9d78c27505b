package scribes_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/rules/record"
	sc "github.com/grimoire-games/grimoire/rules/scribes"
)

// dawdle is a long legal game: its players mostly trade oinks with the
// supply instead of scribing, the way a game drags past thousands of
// actions.
func dawdle(b *testing.B, n int) play.Table {
	setup := sc.Setup{Players: []string{"Mia", "Ben", "Cy"}}
	st, err := sc.New(setup, 7)
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(7, 7))
	raw, _ := json.Marshal(setup)
	tb := play.Table{Kind: record.ArcaneScribes, GameID: "g1", Setup: raw, Seed: 7, Viewer: play.Scorekeeper}
	for len(tb.Actions) < n {
		c := sc.Legal(st)
		pick := c.Actions
		switch {
		case len(c.Exchanges) > 0 && r.IntN(20) != 0:
			pick = c.Exchanges
		case len(c.Takes) > 0 && r.IntN(3) != 0:
			pick = c.Takes
		}
		a := pick[r.IntN(len(pick))]
		if st, err = sc.Apply(st, a); err != nil {
			b.Fatal(err)
		}
		raw, _ := json.Marshal(a)
		tb.Actions = append(tb.Actions, raw)
		tb.ActionSeats = append(tb.ActionSeats, play.Scorekeeper)
	}
	tb.Version = n
	return tb
}

// BenchmarkFragmentsReplayed is the screen drawn from the record alone, as
// the phone draws it (the whole game replayed each time).
func BenchmarkFragmentsReplayed(b *testing.B) {
	for _, n := range []int{10, 3000} {
		b.Run(fmt.Sprintf("at-action-%d", n), func(b *testing.B) {
			tb := dawdle(b, n)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := kind.Fragments(tb, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkStep is one more action on a kept state: what a server's tap
// costs the Kind, however long the game.
func BenchmarkStep(b *testing.B) {
	for _, n := range []int{10, 3000} {
		b.Run(fmt.Sprintf("at-action-%d", n), func(b *testing.B) {
			long := dawdle(b, n+1)
			tb := long
			tb.Actions, tb.ActionSeats, tb.Version = long.Actions[:n], long.ActionSeats[:n], n
			s, err := kind.Start(tb)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := kind.Step(tb, s, long.Actions[n], play.Scorekeeper); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
