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
				before := s.Snapshot()
				type succ struct {
					s    State
					snap Snapshot
				}
				var next []succ
				for _, a := range Legal(s).Actions {
					ns, err := Apply(s, a)
					if err != nil {
						t.Fatalf("legal action %+v refused: %v", a, err)
					}
					next = append(next, succ{ns, ns.Snapshot()})
				}
				if got := s.Snapshot(); !reflect.DeepEqual(got, before) {
					t.Fatalf("seed %d, step %d: applying to a state changed it", seed, n)
				}
				for i, x := range next {
					if got := x.s.Snapshot(); !reflect.DeepEqual(got, x.snap) {
						t.Fatalf("seed %d, step %d: successor %d changed when its siblings were made", seed, n, i)
					}
				}
				s = next[r.IntN(len(next))].s
			}
		}
	}
}
