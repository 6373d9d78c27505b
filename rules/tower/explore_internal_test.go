package tower

import (
	"math/rand/v2"
	"os"
	"testing"
)

// TestExploreTrickle (set TOWER_EXPLORE=1) searches at random for a Mage line
// that beats the trickling GreedyGeneral.
func TestExploreTrickle(t *testing.T) {
	if os.Getenv("TOWER_EXPLORE") == "" {
		t.Skip("set TOWER_EXPLORE=1")
	}
	r := rand.New(rand.NewPCG(1, 1))
	wins, games := 0, 0
	for seed := int64(0); seed < 20; seed++ {
		sw := 0
		for k := 0; k < 20000; k++ {
			s, _ := New(Setup{General: "g", Mage: "m"}, seed)
			for !s.Over() {
				var a Action
				if s.toPlay == General {
					a = GreedyGeneral{}.choose(&s, r)
				} else {
					c := Legal(s)
					var cands []Action
					if c.Skip {
						cands = append(cands, Action{Type: Skip})
					}
					for _, d := range c.DamageRows {
						if d.Row > int(s.left)+2 {
							continue
						}
						for _, sr := range c.SpellRows {
							if sr.Row > int(s.right)+3 {
								continue
							}
							cands = append(cands, s.aims(Action{Type: Cast, DamageRow: d.Row, SpellRow: sr.Row, Spell: sr.Spell}, sr, d.Damage)...)
						}
					}
					if len(cands) == 0 {
						a = randomAction(&s, r)
					} else {
						a = cands[r.IntN(len(cands))]
					}
				}
				var err error
				if s, err = Apply(s, a); err != nil {
					t.Fatal(err)
				}
			}
			games++
			if s.winner == Mage {
				wins++
				sw++
			}
		}
		t.Logf("seed %d: mage wins %d/20000", seed, sw)
	}
	t.Logf("mage beat the trickle in %d of %d random lines", wins, games)
}
