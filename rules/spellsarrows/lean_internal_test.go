package spellsarrows

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// candidates are actions worth asking about in s: the ones a screen offers
// plus near misses (wrong location, span written backwards, unknown card...).
func candidates(s State) []Action {
	out := []Action{SpyShot(true), SpyShot(false), Arrow(true), Arrow(false), Leap(false, "", ""), Pass(), Abandon(), EndHalf(), SpellShot(true), SpellShot(false), {Type: "dance"}}
	for _, id := range []string{"B", "A", "P", "W3", "E3", "W4", "E4", "EG", "G1", "ZZ", ""} {
		out = append(out, Move(id), TargetAt(id), Action{Type: TypeTarget, At: id, Span: "A-B"})
	}
	for _, id := range s.w.adj[s.at] {
		out = append(out, Move(id))
	}
	spans := append(slices.Clone(s.w.spans), "x", "", "A-A", "B-A-W3")
	for _, k := range spans {
		a, b, _ := ParseSpan(k)
		out = append(out, TargetSpan(k), TargetSpan(b+"-"+a))
		for _, k2 := range []string{s.w.spans[0], k, b + "-" + a} {
			out = append(out, Leap(true, k, k2), Leap(true, k2, k))
		}
	}
	for n := -1; n <= 20; n++ {
		out = append(out, Cast(n), Bench(n, 0))
		for _, cut := range []int{1, 2, 3, 4, 5, 6, 7, 8, 10, 13} {
			out = append(out, Bench(n, cut))
		}
	}
	return out
}

// TestLeanChecksAgreeWithLegal: Apply's lean checks (allows, fine) and the
// type list RandomLegal draws from say exactly what Legal and check say, in
// every state random games reach; and an action leaves the state it was
// applied to, and every other successor of it, untouched.
func TestLeanChecksAgreeWithLegal(t *testing.T) {
	for i, opt := range []Options{{}, {SameSpellOnly: true}} {
		r := rand.New(rand.NewPCG(3, uint64(i)))
		for g := 0; g < 60; g++ {
			s, err := New(Setup{Victory: 12 + g%20, Spy: "Ana", Mage: "Ben", Options: opt}, 1)
			if err != nil {
				t.Fatal(err)
			}
			for n := 0; !s.Over() && n < 2000; n++ {
				c := Legal(s)
				if got := s.typesInto(nil); !slices.Equal(got, c.Types) {
					t.Fatalf("phase %s: typesInto %v, Legal %v", c.Phase, got, c.Types)
				}
				before := s.Snapshot()
				type succ struct {
					a    Action
					s    State
					snap Snapshot
				}
				var next []succ
				for _, a := range candidates(s) {
					allowed := s.allows(a.Type)
					if allowed != c.Allows(a.Type) {
						t.Fatalf("phase %s, %+v: allows %v, Legal %v", c.Phase, a, allowed, !allowed)
					}
					if !allowed {
						continue
					}
					if fine, err := s.fine(a), s.check(c, a); fine != (err == nil) {
						t.Fatalf("phase %s, %+v: fine %v, check %v", c.Phase, a, fine, err)
					}
					if n, err := Apply(s, a); err == nil {
						next = append(next, succ{a, n, n.Snapshot()})
					}
				}
				if after := s.Snapshot(); !reflect.DeepEqual(before, after) {
					t.Fatalf("applying to a state changed it:\n%+v\n%+v", before, after)
				}
				for _, x := range next {
					if got := x.s.Snapshot(); !reflect.DeepEqual(got, x.snap) {
						t.Fatalf("%+v: its state changed when a sibling was applied:\n%+v\n%+v", x.a, x.snap, got)
					}
				}
				if s, err = Apply(s, RandomLegal(s, r)); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}
