package spellsarrows

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// The simulations' bots (the random bot and both planners, which the
// advisor and `grimoire simulate` play) read the state they choose on and
// never write it: a state reads the same after any of them chose, compared
// in full with a state replayed from the same actions. They never see a
// server's kept state (Spells & Arrows has no bots at the table), but a
// match shares its start and its states between games and both sides.
func TestSimulationBotsLeaveTheirStateAsItWas(t *testing.T) {
	played := 0
	for _, kind := range BotKinds() {
		for seed := int64(1); seed <= 6; seed++ {
			setup := Setup{Victory: 30, Spy: "Ana", Mage: "Ben"}
			m, err := NewMatch(setup, seed, Side{Bot: kind, Rates: DefaultRates()}, Side{Bot: kind, Rates: DefaultRates()})
			if err != nil {
				t.Fatal(err)
			}
			plans := &planCache{}
			spy, mage := m.bot(m.spy, RoleSpy, plans), m.bot(m.mage, RoleMage, plans)
			r := rand.New(rand.NewPCG(uint64(seed), 41))
			s := m.start
			var acts []Action
			for n := 0; !s.Over() && n < 400; n++ {
				ph := s.Phase()
				b := mage
				if ph == PhaseSpyShoot || ph == PhaseSpyMove {
					b = spy
				}
				a := b.choose(s, ph, r)
				if n%4 == 0 {
					want, err := New(setup, seed)
					if err != nil {
						t.Fatal(err)
					}
					for i, x := range acts {
						if want, err = Apply(want, x); err != nil {
							t.Fatalf("replay action %d: %v", i+1, err)
						}
					}
					if !reflect.DeepEqual(s, want) {
						t.Fatalf("%s bots, seed %d, action %d: choosing %+v changed the state it was given", kind, seed, n+1, a)
					}
				}
				switch a.Type {
				case TypeSpyShot, TypeArrow, TypeSpellShot:
					a.Made = r.IntN(2) == 0
				case TypeLeap:
					if r.IntN(2) == 0 {
						a = Leap(false, "", "")
					}
				}
				if s, err = Apply(s, a); err != nil {
					t.Fatalf("%s bots, seed %d, action %d %+v: %v", kind, seed, n+1, a, err)
				}
				acts = append(acts, a)
			}
			played += len(acts)
		}
	}
	if played < 100 {
		t.Fatalf("only %d actions played: too few to test", played)
	}
}
