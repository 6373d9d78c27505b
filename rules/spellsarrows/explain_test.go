package spellsarrows_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
)

// explainPositions are real moments a referee might be asked about; each
// explanation is kept as a golden file with its position.
func explainPositions() []struct {
	name string
	p    sa.Position
} {
	mage := func(p sa.Position) sa.Position { return mageHalf(p) }
	type row = struct {
		name string
		p    sa.Position
	}
	out := []row{
		// The dispute: the spy at E3 with health 2 and one armour
		// missed with the clock out; the mage holds 2 arrows and a leap.
		{"arrows-after-a-miss", func() sa.Position { p := base(); p.Spy.Health = 2; return p }()},
		{"toll-paid-at-the-armoury", func() sa.Position {
			p := base()
			p.Spy.At, p.Spy.Paid, p.ShotClock, p.Misses, p.Window = "A", 1, 4, 0, nil
			return p
		}()},
		{"fighting-a-giant", func() sa.Position {
			p := base()
			p.Giants["E3-E4"] = 2
			p.Spy.Paid, p.Spy.Engaged, p.ShotClock, p.Misses, p.Window = 2, "E3-E4", 2, 0, nil
			return p
		}()},
		{"mage-after-a-court-spell", func() sa.Position {
			p := mage(base())
			p.Mage.SpellClock, p.Mage.Fails, p.Mage.LastCourtSpell = 3, 1, 3
			return p
		}()},
		{"casting-with-grace-left", func() sa.Position {
			p := mage(base())
			p.Mage.SpellClock, p.Mage.LastCourtSpell = 4, 2
			p.Cast = &sa.CastPosition{Card: 2, Spot: 2, Misses: 1}
			return p
		}()},
		{"elf-cones-to-place", func() sa.Position {
			p := mage(base())
			p.Elves["W3"], p.Elves["W4"] = 1, 2
			p.Mage.SpellClock, p.Mage.LastCourtSpell = 2, 1
			p.Pending = &sa.PendingSnapshot{Kind: sa.EffectElf, Remaining: 2, Card: 1}
			return p
		}()},
		{"bench-choice-full-court", func() sa.Position {
			p := mage(base())
			p.Mage.SpellClock = 1
			p.Mage.Bench = []int{6, 7, 8, 10}
			p.Mage.Bonus = []int{11, 12, 13, 14, 15, 16, 17, 18}
			p.Pending = &sa.PendingSnapshot{Kind: sa.EffectBench, Remaining: 1, Card: 9}
			return p
		}()},
	}
	return out
}

func TestExplainGolden(t *testing.T) {
	for _, row := range explainPositions() {
		t.Run(row.name, func(t *testing.T) {
			setup, err := sa.FromPosition(defaultSetup(), row.p)
			if err != nil {
				t.Fatal(err)
			}
			s, err := sa.New(setup, 1)
			if err != nil {
				t.Fatal(err)
			}
			e := sa.Explain(s)
			if len(e.Legal) == 0 || len(e.Refused) == 0 {
				t.Fatalf("nothing legal or nothing refused: %+v", e)
			}
			for _, o := range e.Legal {
				if _, err := sa.Apply(s, o.Action); err != nil {
					t.Errorf("%v is listed legal but Apply refuses it: %v", o.Action, err)
				}
			}
			rulings := map[string]bool{}
			for _, r := range sa.Rulings() {
				rulings[r.ID] = true
			}
			for _, r := range e.Refused {
				if r.Ruling != "" && !rulings[r.Ruling] {
					t.Errorf("%+v names the ruling %q, which the rules page does not have", r.Action, r.Ruling)
				}
				if err := sa.Check(s, r.Action); err == nil || err.Error() != r.Reason {
					t.Errorf("%v is listed refused for %q but Check says %v", r.Action, r.Reason, err)
				}
			}
			got := marshalIndent(struct {
				Position    sa.Position    `json:"position"`
				Explanation sa.Explanation `json:"explanation"`
			}{row.p, e})
			path := filepath.Join("testdata", "explain", row.name+".json")
			if *update {
				os.MkdirAll(filepath.Dir(path), 0o755)
				os.WriteFile(path, got, 0o644)
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("the explanation differs from %s:\n%s", path, got)
			}
		})
	}
}

// BenchmarkExplain: the sandbox explains a position on every change of the
// form, on a phone too.
func BenchmarkExplain(b *testing.B) {
	setup, err := sa.FromPosition(defaultSetup(), explainPositions()[0].p)
	if err != nil {
		b.Fatal(err)
	}
	s, err := sa.New(setup, 1)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		sa.Explain(s)
	}
}
