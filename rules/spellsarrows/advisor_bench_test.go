package spellsarrows_test

import (
	"testing"

	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
)

// BenchmarkAdvise measures the advisor's table as the new-game form asks
// for it: 7 Victory Numbers around a fair one, both role assignments,
// planner bots on both sides; games/s is simulated games per second.
func BenchmarkAdvise(b *testing.B) {
	req := sa.AdviceRequest{
		A: sa.Player{Name: "Ana", Rates: sa.DefaultRates()}, B: sa.Player{Name: "Ben", Rates: sa.DefaultRates().Plus(0.05)},
		From: 40, To: 58, Step: 3, Games: 100, Seed: 1,
	}
	games := 0
	for b.Loop() {
		adv, err := sa.Advise(req)
		if err != nil {
			b.Fatal(err)
		}
		games += adv.Games
	}
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkPlannerGame is one game of planner bots at a Victory Number
// near the fair one for equal default rates.
func BenchmarkPlannerGame(b *testing.B) {
	m := match(b, 50, sa.BotPlanner, sa.DefaultRates(), sa.BotPlanner, sa.DefaultRates())
	r := newRand(1)
	actions := 0
	for b.Loop() {
		o, err := m.Play(r)
		if err != nil {
			b.Fatal(err)
		}
		actions += o.Actions
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(actions)/float64(b.N), "actions/game")
}

// BenchmarkPlannerEstimate is the advisor's inner loop: one cell of 100
// planner games, which share the spy's route tables of the boards they
// meet (BenchmarkPlannerGame plays each game alone, building every table).
func BenchmarkPlannerEstimate(b *testing.B) {
	m := match(b, 50, sa.BotPlanner, sa.DefaultRates(), sa.BotPlanner, sa.DefaultRates())
	r := newRand(1)
	games := 0
	for b.Loop() {
		e, err := m.Estimate(100, r)
		if err != nil {
			b.Fatal(err)
		}
		games += e.Games
	}
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkFindFair is the advisor's search as the form runs it (40 games
// at each number tried, both assignments, equal default rates): the cost
// of a new-game form whose players' rates are not in the cache yet.
func BenchmarkFindFair(b *testing.B) {
	req := sa.FairRequest{
		A: sa.Player{Name: "Ana", Rates: sa.DefaultRates()}, B: sa.Player{Name: "Ben", Rates: sa.DefaultRates()},
		Games: 40,
	}
	games := 0
	for b.Loop() {
		f, err := sa.FindFair(req)
		if err != nil {
			b.Fatal(err)
		}
		games += f.Games
	}
	b.ReportMetric(float64(games)/float64(b.N), "games/op")
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
}
