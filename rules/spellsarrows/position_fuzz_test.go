package spellsarrows_test

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
)

// FuzzPositionOfRandomGame: the position after any number of actions of
// any random game passes the check, starts as that very state, and a record
// from it plays on to the same end as the whole game.
func FuzzPositionOfRandomGame(f *testing.F) {
	for _, seed := range []uint64{1, 2, 3, 17, 99} {
		f.Add(seed, uint16(seed*13))
	}
	f.Fuzz(func(t *testing.T, seed uint64, at uint16) {
		r := rand.New(rand.NewPCG(seed, 1))
		setup := defaultSetup()
		setup.Options.SameSpellOnly = seed%2 == 1
		s, err := sa.New(setup, 1)
		if err != nil {
			t.Fatal(err)
		}
		var actions []sa.Action
		var mid sa.State
		cut := -1
		for !s.Over() && len(actions) < 3000 {
			if len(actions) == int(at)%600 {
				mid, cut = s, len(actions)
			}
			a := sa.RandomLegal(s, r)
			if s, err = sa.Apply(s, a); err != nil {
				t.Fatal(err)
			}
			actions = append(actions, a)
		}
		if cut < 0 {
			return // the game ended before that moment
		}
		p := sa.PositionOf(mid)
		if why := sa.CheckPosition(setup, p); len(why) > 0 {
			t.Fatalf("a real position is refused: %v", why)
		}
		end, err := sa.Replay(positionRecord(t, setup, p, actions[cut:]))
		if err != nil {
			t.Fatal(err)
		}
		if snapJSON(t, end) != snapJSON(t, s) {
			t.Fatal("the record from the position ends elsewhere than the game")
		}
	})
}

// FuzzPositionJSON: whatever a position says, reading and checking it never
// panics, and one the check accepts can be explained and played on.
func FuzzPositionJSON(f *testing.F) {
	for _, row := range explainPositions() {
		b, _ := json.Marshal(row.p)
		f.Add(b, uint64(1))
	}
	f.Add([]byte(`{"turn":1,"half":"spy","spy":{"at":"G1","health":4,"armour":0,"points":0},"shotClock":5,"misses":0,"mage":{"arrows":0,"leaps":0,"spellClock":5,"fails":0,"court":[1,2,3,4,5],"bench":[6,7,8],"bonus":[10,11,12,13,14,15,16,17,18]}}`), uint64(2))
	f.Fuzz(func(t *testing.T, data []byte, seed uint64) {
		raw := append([]byte(`{"victory":12,"spy":"Ana","mage":"Ben","position":`), data...)
		raw = append(raw, '}')
		setup, err := sa.ParseSetup(raw)
		if err != nil {
			return
		}
		s, err := sa.New(setup, 1)
		if err != nil {
			t.Fatalf("ParseSetup accepts what New refuses: %v", err)
		}
		sa.Explain(s)
		r := rand.New(rand.NewPCG(seed, 2))
		for i := 0; i < 200 && !s.Over(); i++ {
			if s, err = sa.Apply(s, sa.RandomLegal(s, r)); err != nil {
				t.Fatalf("a legal action from an accepted position is refused: %v", err)
			}
		}
	})
}
