package spellsarrows_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
)

func match(t testing.TB, victory int, spyBot string, spy sa.Rates, mageBot string, mage sa.Rates) *sa.Match {
	t.Helper()
	m, err := sa.NewMatch(sa.Setup{Victory: victory, Spy: "Ana", Mage: "Ben"}, 1, sa.Side{Bot: spyBot, Rates: spy}, sa.Side{Bot: mageBot, Rates: mage})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func estimate(t testing.TB, m *sa.Match, games int, seed uint64) sa.Estimate {
	t.Helper()
	e, err := m.Estimate(games, rand.New(rand.NewPCG(seed, 7)))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// The rates decide every make and miss, whoever plays.
func TestMatchRatesDecideTheShots(t *testing.T) {
	sure, never := sa.Rates{Toll: 1, Free: 1, Spell: 1, Arrow: 1, Leap: 1}, sa.Rates{}
	tests := []struct {
		name       string
		bot        string
		spy, mage  sa.Rates
		spyWinRate float64
		maxPoints  float64
	}{
		{"a spy who never misses against a mage who never makes reaches any Victory Number (planners)", sa.BotPlanner, sure, never, 1, 999},
		{"a spy who never misses against a mage who never makes reaches any Victory Number (random)", sa.BotRandom, sure, never, 1, 999},
		{"a spy who never makes a toll never leaves the start and scores nothing (planners)", sa.BotPlanner, never, sure, 0, 0},
		{"a spy who never makes a toll never leaves the start and scores nothing (random)", sa.BotRandom, never, sure, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := estimate(t, match(t, 40, tt.bot, tt.spy, tt.bot, tt.mage), 40, 1)
			if e.SpyWin != tt.spyWinRate || e.AvgPoints > tt.maxPoints || e.Unfinished != 0 {
				t.Fatalf("spy won %.2f of games (want %.2f), %.1f points on average (at most %.0f), %d unfinished", e.SpyWin, tt.spyWinRate, e.AvgPoints, tt.maxPoints, e.Unfinished)
			}
		})
	}
}

// With the same rates, a planner beats a random bot from either side:
// the planner spy wins more often than a random spy does against the same
// mage, and the planner mage lets a spy win less often than a random mage.
func TestPlannersBeatRandomBots(t *testing.T) {
	const games, victory = 300, 20
	r := sa.DefaultRates()
	rr := estimate(t, match(t, victory, sa.BotRandom, r, sa.BotRandom, r), games, 3)
	pr := estimate(t, match(t, victory, sa.BotPlanner, r, sa.BotRandom, r), games, 3)
	rp := estimate(t, match(t, victory, sa.BotRandom, r, sa.BotPlanner, r), games, 3)
	t.Logf("spy win: random/random %.3f, planner spy %.3f, planner mage %.3f", rr.SpyWin, pr.SpyWin, rp.SpyWin)
	if pr.Low <= rr.High {
		t.Errorf("planner spy %.3f (95%% from %.3f) is not clearly above a random spy %.3f (to %.3f)", pr.SpyWin, pr.Low, rr.SpyWin, rr.High)
	}
	if rp.High >= rr.Low {
		t.Errorf("planner mage lets the spy win %.3f (95%% to %.3f), not clearly below a random mage's %.3f (from %.3f)", rp.SpyWin, rp.High, rr.SpyWin, rr.Low)
	}
}

// A better shooter does better in either role.
func TestBetterRatesWinMore(t *testing.T) {
	const games, victory = 300, 30
	base := sa.DefaultRates()
	tests := []struct {
		name      string
		spy, mage sa.Rates
		more      bool // the spy wins more often than with equal rates
	}{
		{"a spy shooting 15 points better wins more often", base.Plus(0.15), base, true},
		{"a mage shooting 15 points better lets the spy win less often", base, base.Plus(0.15), false},
	}
	even := estimate(t, match(t, victory, sa.BotPlanner, base, sa.BotPlanner, base), games, 5)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := estimate(t, match(t, victory, sa.BotPlanner, tt.spy, sa.BotPlanner, tt.mage), games, 5)
			if tt.more && e.Low <= even.High || !tt.more && e.High >= even.Low {
				t.Fatalf("spy win %.3f [%.3f, %.3f] against %.3f [%.3f, %.3f] with equal rates", e.SpyWin, e.Low, e.High, even.SpyWin, even.Low, even.High)
			}
		})
	}
}

// A match is a pure function of its generator: the same seed plays the
// same games.
func TestMatchIsDeterministic(t *testing.T) {
	m := match(t, 20, sa.BotPlanner, sa.DefaultRates(), sa.BotPlanner, sa.DefaultRates())
	play := func(seed uint64) string {
		r := rand.New(rand.NewPCG(seed, 1))
		out := ""
		for range 20 {
			o, err := m.Play(r)
			if err != nil {
				t.Fatal(err)
			}
			out += fmt.Sprintf("%s/%d/%d ", o.Winner, o.Points, o.Actions)
		}
		return out
	}
	if a, b := play(9), play(9); a != b {
		t.Fatalf("seed 9 played twice differs:\n%s\n%s", a, b)
	}
	if a, b := play(9), play(10); a == b {
		t.Fatalf("seeds 9 and 10 played the same games: %s", a)
	}
}

func TestNewMatchErrors(t *testing.T) {
	ok, setup := sa.DefaultRates(), sa.Setup{Victory: 12, Spy: "Ana", Mage: "Ben"}
	tests := []struct {
		name      string
		setup     sa.Setup
		spy, mage sa.Side
		want      error
	}{
		{"an unknown bot", setup, sa.Side{Bot: "genius", Rates: ok}, sa.Side{Bot: sa.BotPlanner, Rates: ok}, sa.ErrBadSetup},
		{"a rate above 1", setup, sa.Side{Bot: sa.BotPlanner, Rates: ok}, sa.Side{Bot: sa.BotPlanner, Rates: ok.With(sa.ShotSpell, 1.5)}, sa.ErrBadRates},
		{"a bad setup", sa.Setup{Victory: 0, Spy: "Ana", Mage: "Ben"}, sa.Side{Bot: sa.BotRandom, Rates: ok}, sa.Side{Bot: sa.BotRandom, Rates: ok}, sa.ErrBadSetup},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := sa.NewMatch(tt.setup, 1, tt.spy, tt.mage); !errors.Is(err, tt.want) {
				t.Fatalf("error %v, want %v", err, tt.want)
			}
		})
	}
}

// Whatever the rates, house options and turns, the bots only ever choose
// what the rules allow, and every game ends.
func FuzzMatch(f *testing.F) {
	f.Add(uint64(1), 0.5, 0.7, 0.45, 0.45, 0.7, 12, 5, false)
	f.Add(uint64(2), 1.0, 1.0, 1.0, 1.0, 1.0, 999, 20, true)
	f.Add(uint64(3), 0.0, 0.0, 0.0, 0.0, 0.0, 1, 1, false)
	f.Add(uint64(4), 0.9, 0.2, 0.95, 0.99, 0.1, 60, 8, true)
	f.Fuzz(func(t *testing.T, seed uint64, toll, free, spell, arrow, leap float64, victory, turns int, same bool) {
		r := sa.Rates{Toll: toll, Free: free, Spell: spell, Arrow: arrow, Leap: leap}
		if r.Validate() != nil || victory < 1 || victory > sa.MaxVictory || turns < 1 || turns > sa.MaxTurns {
			t.Skip()
		}
		setup := sa.Setup{Victory: victory, Spy: "Ana", Mage: "Ben", Turns: turns, Options: sa.Options{SameSpellOnly: same}}
		for _, bots := range [][2]string{{sa.BotPlanner, sa.BotPlanner}, {sa.BotPlanner, sa.BotRandom}, {sa.BotRandom, sa.BotPlanner}} {
			m, err := sa.NewMatch(setup, 1, sa.Side{Bot: bots[0], Rates: r}, sa.Side{Bot: bots[1], Rates: r.Plus(-0.1)})
			if err != nil {
				t.Fatal(err)
			}
			o, err := m.Play(rand.New(rand.NewPCG(seed, 0)))
			if err != nil {
				t.Fatalf("%v: %v", bots, err)
			}
			if o.Winner == sa.WinnerSpy && o.Points < victory || o.Winner == sa.WinnerMage && o.Points >= victory {
				t.Fatalf("%v: winner %q with %d points of %d", bots, o.Winner, o.Points, victory)
			}
		}
	})
}

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 7)) }
