package scribes

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestApplyLeavesEveryStateAsItWas: Apply shares what it does not write, so
// a state must read the same after any of its legal actions was applied to
// it, and every successor must read the same after its siblings were made.
func TestApplyLeavesEveryStateAsItWas(t *testing.T) {
	for _, players := range [][]string{{"a", "b"}, {"a", "b", "c", "d"}} {
		for seed := int64(1); seed <= 6; seed++ {
			s, err := New(Setup{Players: players}, seed)
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(uint64(seed), 7))
			for n := 0; !s.Over() && n < 400; n++ {
				// Compared in full (the pile and stack orders too, which a
				// snapshot leaves out) with deep copies taken before.
				before := s.deepCopy()
				type succ struct {
					s, was State
				}
				var next []succ
				for _, a := range Legal(s).Actions {
					ns, err := Apply(s, a)
					if err != nil {
						t.Fatalf("legal action %+v refused: %v", a, err)
					}
					next = append(next, succ{ns, ns.deepCopy()})
				}
				if !reflect.DeepEqual(s, before) {
					t.Fatalf("seed %d, step %d: applying to a state changed it", seed, n)
				}
				for i, x := range next {
					if !reflect.DeepEqual(x.s, x.was) {
						t.Fatalf("seed %d, step %d: successor %d changed when its siblings were made", seed, n, i)
					}
				}
				s = next[r.IntN(len(next))].s
			}
		}
	}
}

// TestDeepCopySharesNothing: whatever is written into a deep copy, in
// place, the state it was copied from reads the same (bots rely on it).
func TestDeepCopySharesNothing(t *testing.T) {
	setup := Setup{Players: []string{"a", "b", "c"}}
	for seed := int64(1); seed <= 4; seed++ {
		s, err := New(setup, seed)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(seed), 9))
		var acts []Action
		for n := 0; !s.Over() && n < 200; n++ {
			c := s.deepCopy()
			for i := range c.players {
				c.players[i].oinks[0] += 9
				for _, xs := range [][]int{c.players[i].reserve, c.players[i].scribed} {
					for k := range xs {
						xs[k] = -7
					}
				}
			}
			for _, xs := range [][]int{c.pile, c.stack, c.spent} {
				for k := range xs {
					xs[k] = -7
				}
			}
			for _, round := range c.draw {
				for k := range round {
					round[k].Seat = -7
				}
			}
			if c.fol != nil {
				c.fol.slot = -7
				for k := range c.fol.queue {
					c.fol.queue[k] = -7
				}
			}
			want, err := New(setup, seed)
			if err != nil {
				t.Fatal(err)
			}
			for _, a := range acts {
				if want, err = Apply(want, a); err != nil {
					t.Fatal(err)
				}
			}
			if !reflect.DeepEqual(s, want) {
				t.Fatalf("seed %d, step %d: writing into a deep copy changed the original", seed, n)
			}
			legal := Legal(s).Actions
			a := legal[r.IntN(len(legal))]
			if s, err = Apply(s, a); err != nil {
				t.Fatal(err)
			}
			acts = append(acts, a)
		}
	}
}
