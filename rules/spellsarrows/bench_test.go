package spellsarrows_test

import (
	"math/rand/v2"
	"os"
	"strconv"
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

// walk is a legal game of n actions in force: every toll made, never a gate,
// so it grows as long as asked (the shape of a long game the server
// replays).
func walk(b *testing.B, n int) record.Record {
	b.Helper()
	s, err := sa.New(sa.Setup{Victory: sa.MaxVictory, Spy: "Ana", Mage: "Ben", Turns: sa.MaxTurns}, 1)
	if err != nil {
		b.Fatal(err)
	}
	m := s.Map()
	var actions []sa.Action
	for len(actions) < n {
		a := sa.SpyShot(true)
		if c := sa.Legal(s); c.Phase == sa.PhaseSpyMove {
			a = sa.Move(c.Moves[0])
			for i := range c.Moves {
				if l, _ := m.Location(c.Moves[(i+len(actions))%len(c.Moves)]); l.Kind != sa.KindGate {
					a = sa.Move(l.ID)
					break
				}
			}
		}
		if s, err = sa.Apply(s, a); err != nil {
			b.Fatal(err)
		}
		actions = append(actions, a)
	}
	rec, err := sa.NewRecord(s.Setup(), 1, actions)
	if err != nil {
		b.Fatal(err)
	}
	return rec
}

// BenchmarkReplayLength: replay cost by game length, parsing every stored
// action as the server does on each request.
func BenchmarkReplayLength(b *testing.B) {
	for _, n := range []int{10, 300, 1000, 5000} {
		rec := walk(b, n)
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := sa.Replay(rec); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/action")
		})
	}
}

func BenchmarkParseAction(b *testing.B) {
	for _, raw := range []string{`{"type":"spy-shot","made":true}`, `{"type":"move","to":"W3"}`, `{ "type": "move", "to": "W3" }`} {
		b.Run(raw, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := sa.ParseAction([]byte(raw)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkLegal is what a screen asks for: every choice with its prompt
// and reasons, in a mid-game mage phase.
func BenchmarkLegal(b *testing.B) {
	s, err := sa.New(defaultSetup(), 1)
	if err != nil {
		b.Fatal(err)
	}
	for range 9 {
		if s, err = sa.Apply(s, sa.SpyShot(false)); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		if c := sa.Legal(s); c.Phase != sa.PhaseMage {
			b.Fatalf("phase %s", c.Phase)
		}
	}
}
