package spellsarrows_test

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"testing"

	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
)

func advise(t *testing.T, req sa.AdviceRequest) sa.Advice {
	t.Helper()
	adv, err := sa.Advise(req)
	if err != nil {
		t.Fatal(err)
	}
	return adv
}

func players(a, b sa.Rates) (sa.Player, sa.Player) {
	return sa.Player{Name: "Ana", Rates: a}, sa.Player{Name: "Ben", Rates: b}
}

// The table has one row per Victory Number asked for, every cell counts its
// games, and the same request gives the same table.
func TestAdviseTable(t *testing.T) {
	a, b := players(sa.DefaultRates(), sa.DefaultRates().Plus(0.1))
	req := sa.AdviceRequest{A: a, B: b, From: 10, To: 22, Step: 4, Games: 40, Seed: 3}
	adv := advise(t, req)
	var vns []int
	for _, r := range adv.Rows {
		vns = append(vns, r.Victory)
		for _, e := range []sa.Estimate{r.ASpy, r.BSpy} {
			if e.Games != 40 || e.SpyWin != float64(e.SpyWins)/40 || !(e.Low <= e.SpyWin && e.SpyWin <= e.High) || math.Abs(e.Margin-(e.High-e.Low)/2) > 1e-12 {
				t.Fatalf("VN %d: inconsistent estimate %+v", r.Victory, e)
			}
		}
	}
	if fmt.Sprint(vns) != "[10 14 18 22]" || adv.Games != 4*2*40 {
		t.Fatalf("rows %v, %d games", vns, adv.Games)
	}
	if again := advise(t, req); fmt.Sprint(again) != fmt.Sprint(adv) {
		t.Fatalf("the same request gave two tables:\n%v\n%v", adv, again)
	}
	req.Seed = 4
	if other := advise(t, req); fmt.Sprint(other) == fmt.Sprint(adv) {
		t.Fatal("another seed gave the very same table")
	}
}

// The sanity table: with equal rates the two role assignments agree, and
// when one player's rates go up the fair Victory Number moves their way:
// up with them as the spy, down with them as the mage.
func TestAdviseFairVictoryNumberMoves(t *testing.T) {
	base := sa.DefaultRates()
	req := sa.AdviceRequest{From: 25, To: 75, Step: 10, Games: 100, Seed: 1}
	req.A, req.B = players(base, base)
	even := advise(t, req)
	for _, r := range even.Rows {
		if d := math.Abs(r.ASpy.SpyWin - r.BSpy.SpyWin); d > r.ASpy.Margin+r.BSpy.Margin {
			t.Errorf("equal rates, VN %d: %.2f with Ana as spy, %.2f with Ben as spy", r.Victory, r.ASpy.SpyWin, r.BSpy.SpyWin)
		}
	}
	req.A, req.B = players(base.Plus(0.15), base)
	better := advise(t, req)
	t.Logf("fair VN with equal rates: %d / %d; Ana 15 points better: %d as spy, %d as mage", even.FairASpy, even.FairBSpy, better.FairASpy, better.FairBSpy)
	if better.FairASpy <= even.FairASpy {
		t.Errorf("Ana shoots better, yet the fair VN with her as spy is %d, not above %d", better.FairASpy, even.FairASpy)
	}
	if better.FairBSpy >= even.FairBSpy {
		t.Errorf("Ana shoots better, yet the fair VN with her as mage is %d, not below %d", better.FairBSpy, even.FairBSpy)
	}
}

func TestAdviseErrors(t *testing.T) {
	a, b := players(sa.DefaultRates(), sa.DefaultRates())
	ok := sa.AdviceRequest{A: a, B: b, From: 10, To: 12, Games: 10}
	with := func(f func(*sa.AdviceRequest)) sa.AdviceRequest { r := ok; f(&r); return r }
	tests := []struct {
		name string
		req  sa.AdviceRequest
		want error
	}{
		{"Victory Numbers start at 1", with(func(r *sa.AdviceRequest) { r.From = 0 }), sa.ErrBadAdvice},
		{"Victory Numbers run low to high", with(func(r *sa.AdviceRequest) { r.From, r.To = 14, 12 }), sa.ErrBadAdvice},
		{"no Victory Number above the setup's limit", with(func(r *sa.AdviceRequest) { r.To = sa.MaxVictory + 1 }), sa.ErrBadAdvice},
		{"a table has a bounded number of rows", with(func(r *sa.AdviceRequest) { r.From, r.To = 1, sa.MaxAdviceRows+1 }), sa.ErrBadAdvice},
		{"the step is positive", with(func(r *sa.AdviceRequest) { r.Step = -1 }), sa.ErrBadAdvice},
		{"at least one game per cell", with(func(r *sa.AdviceRequest) { r.Games = 0 }), sa.ErrBadAdvice},
		{"a bounded number of games per cell", with(func(r *sa.AdviceRequest) { r.Games = sa.MaxAdviceGames + 1 }), sa.ErrBadAdvice},
		{"a bounded number of games in all", with(func(r *sa.AdviceRequest) { r.From, r.To, r.Games = 1, 20, sa.MaxAdviceTotal/40+1 }), sa.ErrBadAdvice},
		{"rates are probabilities", with(func(r *sa.AdviceRequest) { r.B.Rates.Toll = 2 }), sa.ErrBadRates},
		{"the bots are known", with(func(r *sa.AdviceRequest) { r.Bot = "oracle" }), sa.ErrBadSetup},
		{"the turns are within the setup's limits", with(func(r *sa.AdviceRequest) { r.Turns = sa.MaxTurns + 1 }), sa.ErrBadSetup},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := sa.Advise(tt.req); !errors.Is(err, tt.want) {
				t.Fatalf("error %v, want %v", err, tt.want)
			}
		})
	}
}

// Two players may share a name (or have none): the table still plays them
// as two people.
func TestAdviseNames(t *testing.T) {
	for _, names := range [][2]string{{"Ana", "ana"}, {"", ""}} {
		req := sa.AdviceRequest{A: sa.Player{Name: names[0], Rates: sa.DefaultRates()}, B: sa.Player{Name: names[1], Rates: sa.DefaultRates()}, From: 12, To: 12, Games: 5}
		if _, err := sa.Advise(req); err != nil {
			t.Fatalf("names %q: %v", names, err)
		}
	}
}

// Rounds that keep their route tables for the next round give the tables
// they give alone.
func TestAdviseTablesKeptBetweenRounds(t *testing.T) {
	req := sa.AdviceRequest{
		A: sa.Player{Name: "Ana", Rates: sa.DefaultRates()}, B: sa.Player{Name: "Ben", Rates: sa.DefaultRates().Plus(0.1)},
		From: 10, To: 30, Step: 10, Games: 30,
	}
	kept := &sa.AdviceTables{}
	for _, round := range []struct {
		seed uint64
		a, b sa.Rates
	}{{1, req.A.Rates, req.B.Rates}, {2, req.A.Rates, req.B.Rates}, {3, req.B.Rates, req.A.Rates}} {
		req.Seed, req.A.Rates, req.B.Rates = round.seed, round.a, round.b
		req.Tables = nil
		alone, err := sa.Advise(req)
		if err != nil {
			t.Fatal(err)
		}
		req.Tables = kept
		shared, err := sa.Advise(req)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(alone, shared) {
			t.Fatalf("round %d with kept tables:\n%+v\nalone:\n%+v", round.seed, shared, alone)
		}
	}
}
