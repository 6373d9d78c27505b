package spellsarrows_test

import (
	"errors"
	"math"
	"reflect"
	"testing"

	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
)

func findFair(t *testing.T, req sa.FairRequest) sa.Fair {
	t.Helper()
	f, err := sa.FindFair(req)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// checkAt plays games apart from the search (another seed) at the number
// found and says the spy's chance there.
func checkAt(t *testing.T, spy, mage sa.Player, vn int) sa.Estimate {
	t.Helper()
	adv := advise(t, sa.AdviceRequest{A: spy, B: mage, Victories: []int{vn}, Games: 400, Seed: 99})
	return adv.Rows[0].ASpy
}

// The search finds the even game over the whole range of Victory Numbers,
// not among a few numbers near the one typed: with even shooters the spy
// wins about 95% at 12, and the fair number is far above it.
func TestFindFair(t *testing.T) {
	base := sa.DefaultRates()
	even := func() sa.Fair {
		a, b := players(base, base)
		return findFair(t, sa.FairRequest{A: a, B: b, Games: 100, Seed: 1})
	}()
	tests := []struct {
		name  string
		a, b  sa.Rates
		check func(t *testing.T, f sa.Fair, a, b sa.Player)
	}{
		{"even rates: a fair number near 50%, far from 11 or 12", base, base, func(t *testing.T, f sa.Fair, a, b sa.Player) {
			for _, ans := range []sa.FairAnswer{f.ASpy, f.BSpy} {
				spy, mage := a, b
				if ans.Spy == b.Name {
					spy, mage = b, a
				}
				if ans.Where != sa.FairInside || ans.Victory < 30 || ans.Victory > 90 {
					t.Errorf("%s as spy: fair at %d (%v), want between 30 and 90", ans.Spy, ans.Victory, ans.Where)
				}
				if got := checkAt(t, spy, mage, ans.Victory); math.Abs(got.SpyWin-0.5) > 0.08 {
					t.Errorf("%s as spy at %d: the spy wins %.1f%% of 400 other games, want 50%% ± 8", ans.Spy, ans.Victory, 100*got.SpyWin)
				}
			}
		}},
		{"Ana 15 points better: higher with her as spy, lower with her as mage", base.Plus(0.15), base, func(t *testing.T, f sa.Fair, _, _ sa.Player) {
			t.Logf("even %d / %d; Ana better: %d as spy, %d as mage", even.ASpy.Victory, even.BSpy.Victory, f.ASpy.Victory, f.BSpy.Victory)
			if f.ASpy.Victory <= even.ASpy.Victory+5 {
				t.Errorf("Ana shoots better, yet the fair number with her as spy is %d, not well above %d", f.ASpy.Victory, even.ASpy.Victory)
			}
			if f.BSpy.Victory >= even.BSpy.Victory-5 {
				t.Errorf("Ana shoots better, yet the fair number with her as mage is %d, not well below %d", f.BSpy.Victory, even.BSpy.Victory)
			}
		}},
		{"a spy who never misses a toll wins even at the highest number; one who never makes one loses even at 1", base.With(sa.ShotToll, 1).With(sa.ShotFree, 1), base.With(sa.ShotToll, 0), func(t *testing.T, f sa.Fair, _, _ sa.Player) {
			if f.ASpy.Where != sa.FairAboveRange || f.ASpy.Victory != sa.MaxVictory || f.ASpy.At.SpyWin < 0.5 {
				t.Errorf("perfect spy: %v at %d (%.0f%%), want above the range at %d", f.ASpy.Where, f.ASpy.Victory, 100*f.ASpy.At.SpyWin, sa.MaxVictory)
			}
			if f.BSpy.Where != sa.FairBelowRange || f.BSpy.Victory != 1 || f.BSpy.At.SpyWin >= 0.5 {
				t.Errorf("spy without a toll: %v at %d (%.0f%%), want below the range at 1", f.BSpy.Where, f.BSpy.Victory, 100*f.BSpy.At.SpyWin)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, b := players(tt.a, tt.b)
			f := findFair(t, sa.FairRequest{A: a, B: b, Games: 100, Seed: 1})
			tt.check(t, f, a, b)
			games := 0
			for _, ans := range []sa.FairAnswer{f.ASpy, f.BSpy} {
				if len(ans.Probes) > 16 {
					t.Errorf("%s as spy: %d numbers tried, want a bounded search", ans.Spy, len(ans.Probes))
				}
				for _, p := range ans.Probes {
					games += p.Games
				}
			}
			if games != f.Games {
				t.Errorf("%d games counted, %d played", f.Games, games)
			}
		})
	}
}

// The same request gives the same answer (every number tried replays the
// same stream), with or without kept route tables; another seed may not.
func TestFindFairIsDeterministic(t *testing.T) {
	a, b := players(sa.DefaultRates(), sa.DefaultRates().Plus(0.05))
	req := sa.FairRequest{A: a, B: b, Games: 30, Seed: 5}
	first := findFair(t, req)
	req.Tables = &sa.AdviceTables{}
	if again := findFair(t, req); !reflect.DeepEqual(first, again) {
		t.Fatalf("the same request gave two answers:\n%+v\n%+v", first, again)
	}
	// The names are labels: the play's cache keeps answers by rates alone.
	renamed := req
	renamed.A.Name, renamed.B.Name = "Spy", "Mage"
	other := findFair(t, renamed)
	for i, pair := range [][2]sa.FairAnswer{{first.ASpy, other.ASpy}, {first.BSpy, other.BSpy}} {
		if !reflect.DeepEqual(pair[0].Probes, pair[1].Probes) || pair[0].Victory != pair[1].Victory {
			t.Errorf("assignment %d: other names gave other games:\n%+v\n%+v", i, pair[0], pair[1])
		}
	}
	for _, bad := range []int{0, sa.MaxFairGames + 1} {
		req.Games = bad
		if _, err := sa.FindFair(req); !errors.Is(err, sa.ErrBadAdvice) {
			t.Errorf("%d games a probe: error %v, want ErrBadAdvice", bad, err)
		}
	}
}
