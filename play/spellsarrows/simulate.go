//go:build !js

package spellsarrows

import (
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/grimoire-games/grimoire/play"
	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
)

// Simulate plays bot games: grimoire simulate spells-arrows
// -n 1000 -seed 1 -victory 12 --spy-bot planner --mage-bot random
// --spy-rates toll=0.6,free=0.8 --mage-rates all=0.5; with --victory-table
// 8..20 it prints the Victory Number advisor's table instead (planner bots,
// the spy-rates player as A, the mage-rates player as B, -n games per cell).
func (Kind) Simulate(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("simulate spells-arrows", flag.ContinueOnError)
	fs.SetOutput(stderr)
	n := fs.Int("n", 100, "number of games (with --victory-table: per Victory Number and role assignment)")
	seed := fs.Uint64("seed", 1, "random seed")
	victory := fs.Int("victory", 12, "Victory Number")
	turns := fs.Int("turns", 0, "turns (0 = 5)")
	rateHelp := "make rates per kind of shot: toll=0.5,free=0.7,spell=0.45,arrow=0.45,leap=0.7 (kinds left out keep these defaults; all=0.6 sets every kind; 60% also reads)"
	spyRates := fs.String("spy-rates", "", "the spy's "+rateHelp)
	mageRates := fs.String("mage-rates", "", "the mage's "+rateHelp)
	spyBot := fs.String("spy-bot", sa.BotRandom, "the spy's bot: random or planner")
	mageBot := fs.String("mage-bot", sa.BotRandom, "the mage's bot: random or planner")
	table := fs.String("victory-table", "", "FROM..TO[/STEP]: the advisor's table of spy win chances for these Victory Numbers, both role assignments")
	fair := fs.Bool("fair", false, "search 1..999 for the Victory Number nearest an even game, both role assignments, as the advisor does (-n games at each number tried; the advisor uses 40 and seed 0)")
	if err := fs.Parse(args); err != nil {
		return play.ErrReported
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("simulate spells-arrows: unexpected argument %q", fs.Arg(0))
	}
	spyR, err := sa.ParseRates(*spyRates, sa.DefaultRates())
	if err != nil {
		return fmt.Errorf("simulate spells-arrows: --spy-rates: %w", err)
	}
	mageR, err := sa.ParseRates(*mageRates, sa.DefaultRates())
	if err != nil {
		return fmt.Errorf("simulate spells-arrows: --mage-rates: %w", err)
	}
	if *n < 1 {
		return fmt.Errorf("simulate spells-arrows: -n must be at least 1, not %d", *n)
	}
	if *fair {
		return printFair(stdout, sa.FairRequest{
			A: sa.Player{Name: "A", Rates: spyR}, B: sa.Player{Name: "B", Rates: mageR},
			Games: *n, Seed: *seed, Turns: *turns,
		})
	}
	if *table != "" {
		from, to, step, err := parseVictoryRange(*table)
		if err != nil {
			return fmt.Errorf("simulate spells-arrows: --victory-table: %w", err)
		}
		return printVictoryTable(stdout, sa.AdviceRequest{
			A: sa.Player{Name: "A", Rates: spyR}, B: sa.Player{Name: "B", Rates: mageR},
			From: from, To: to, Step: step, Games: *n, Seed: *seed, Turns: *turns,
		})
	}
	setup := sa.Setup{Victory: *victory, Spy: "Spy bot", Mage: "Mage bot", Turns: *turns}
	m, err := sa.NewMatch(setup, int64(*seed), sa.Side{Bot: *spyBot, Rates: spyR}, sa.Side{Bot: *mageBot, Rates: mageR})
	if err != nil {
		return fmt.Errorf("simulate spells-arrows: %w", err)
	}
	r := rand.New(rand.NewPCG(*seed, *seed^0x5eed))
	wins := map[string]int{}
	actions, points := 0, 0
	began := time.Now()
	for range *n {
		o, err := m.Play(r)
		if err != nil {
			return fmt.Errorf("simulate spells-arrows: %w", err)
		}
		wins[o.Winner]++
		actions += o.Actions
		points += o.Points
	}
	elapsed := time.Since(began)
	fmt.Fprintf(stdout, "spy %s (%s) vs mage %s (%s), victory %d\n", *spyBot, spyR, *mageBot, mageR, *victory)
	lo, hi := sa.Wilson(wins[sa.WinnerSpy], *n)
	fmt.Fprintf(stdout, "games %d  spy wins %d  mage wins %d  unfinished %d  actions/game %.1f\n",
		*n, wins[sa.WinnerSpy], wins[sa.WinnerMage], wins[""], float64(actions)/float64(*n))
	fmt.Fprintf(stdout, "spy win%% %.1f (95%%: %.1f-%.1f)  avg spy points %.2f  games/s %.0f\n",
		100*float64(wins[sa.WinnerSpy])/float64(*n), 100*lo, 100*hi, float64(points)/float64(*n), float64(*n)/elapsed.Seconds())
	return nil
}

// parseVictoryRange reads "8..20", "20..60/5" (every fifth number) or a
// single number.
func parseVictoryRange(s string) (from, to, step int, err error) {
	bad := fmt.Errorf("%q is not FROM..TO or FROM..TO/STEP (whole numbers)", s)
	rng, st, hasStep := strings.Cut(s, "/")
	a, b, ok := strings.Cut(rng, "..")
	if !ok {
		b = a
	}
	step = 1
	if from, err = strconv.Atoi(strings.TrimSpace(a)); err != nil {
		return 0, 0, 0, bad
	}
	if to, err = strconv.Atoi(strings.TrimSpace(b)); err != nil {
		return 0, 0, 0, bad
	}
	if hasStep {
		if step, err = strconv.Atoi(strings.TrimSpace(st)); err != nil {
			return 0, 0, 0, bad
		}
	}
	return from, to, step, nil
}

// printVictoryTable prints the advisor's table: one row per Victory Number,
// the spy's chance with its 95% margin for A as spy and for B as spy.
func printVictoryTable(w io.Writer, req sa.AdviceRequest) error {
	began := time.Now()
	adv, err := sa.Advise(req)
	if err != nil {
		return fmt.Errorf("simulate spells-arrows: %w", err)
	}
	elapsed := time.Since(began)
	fmt.Fprintf(w, "A = %s\nB = %s\n%d games per cell, planner bots, seed %d\n\n", req.A.Rates, req.B.Rates, req.Games, req.Seed)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "VN\tA spy, B mage\t±\tspy pts\tB spy, A mage\t±\tspy pts\t")
	for _, r := range adv.Rows {
		fmt.Fprintf(tw, "%d\t%.1f%%\t%.1f\t%.1f\t%.1f%%\t%.1f\t%.1f\t\n", r.Victory,
			100*r.ASpy.SpyWin, 100*r.ASpy.Margin, r.ASpy.AvgPoints, 100*r.BSpy.SpyWin, 100*r.BSpy.Margin, r.BSpy.AvgPoints)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "\nfairest Victory Number: %d with A as spy, %d with B as spy\n", adv.FairASpy, adv.FairBSpy)
	fmt.Fprintf(w, "%d games in %.2f s (%.0f games/s)\n", adv.Games, elapsed.Seconds(), float64(adv.Games)/elapsed.Seconds())
	return nil
}

// printFair prints the advisor's search: every Victory Number tried, in
// order, and the fairest, for A as spy and for B as spy.
func printFair(w io.Writer, req sa.FairRequest) error {
	began := time.Now()
	f, err := sa.FindFair(req)
	if err != nil {
		return fmt.Errorf("simulate spells-arrows: %w", err)
	}
	elapsed := time.Since(began)
	fmt.Fprintf(w, "A = %s\nB = %s\n%d games per number tried, planner bots, seed %d\n", req.A.Rates, req.B.Rates, req.Games, req.Seed)
	where := map[sa.Fairness]string{
		sa.FairInside:     "",
		sa.FairAboveRange: " (the spy wins half its games even at the highest number)",
		sa.FairBelowRange: " (the spy wins fewer than half even at 1)",
	}
	for _, ans := range []sa.FairAnswer{f.ASpy, f.BSpy} {
		fmt.Fprintf(w, "\n%s spy, %s mage: tried", ans.Spy, ans.Mage)
		for _, p := range ans.Probes {
			fmt.Fprintf(w, " %d:%.0f%%", p.Victory, 100*p.SpyWin)
		}
		fmt.Fprintf(w, "\nfairest %d: spy wins %.1f%% ±%.1f%s\n", ans.Victory, 100*ans.At.SpyWin, 100*ans.At.Margin, where[ans.Where])
	}
	fmt.Fprintf(w, "\n%d games in %.2f s (%.0f games/s)\n", f.Games, elapsed.Seconds(), float64(f.Games)/elapsed.Seconds())
	return nil
}
