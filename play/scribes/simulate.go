//go:build !js

package scribes

import (
	"flag"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/grimoire-games/grimoire/play"
	sc "github.com/grimoire-games/grimoire/rules/scribes"
)

// Simulate implements
// `grimoire simulate arcane-scribes -n N --players K [--bots greedy,random] [--seed S]`.
// Bot kinds (levels random, greedy, search) rotate through the seats game by
// game, so no kind keeps the first-player advantage of a fixed seat. Win
// rates carry their 95% margin.
func (Kind) Simulate(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("simulate arcane-scribes", flag.ContinueOnError)
	fs.SetOutput(stderr)
	n := fs.Int("n", 100, "number of games")
	players := fs.Int("players", 2, "players per game (2-8)")
	botList := fs.String("bots", "greedy,random", "comma-separated bot levels (random, greedy, search), repeated to fill the seats")
	seed := fs.Int64("seed", 1, "seed of the first game; game i uses seed+i")
	maxActions := fs.Int("max-actions", 20000, "abandon a game after this many actions")
	jobs := fs.Int("jobs", 1, "games played at once (results do not depend on it)")
	if err := fs.Parse(args); err != nil {
		return play.ErrReported
	}
	if *players < sc.MinPlayers || *players > sc.MaxPlayers {
		return fmt.Errorf("simulate: --players must be 2 to 8, not %d", *players)
	}
	if *n < 1 || *jobs < 1 {
		return fmt.Errorf("simulate: -n and --jobs must be at least 1")
	}
	var kinds []string
	for _, k := range strings.Split(*botList, ",") {
		k = strings.TrimSpace(k)
		if sc.BotByName(k) == nil {
			return fmt.Errorf("simulate: unknown bot %q (random, greedy, search)", k)
		}
		kinds = append(kinds, k)
	}
	type tally struct {
		seats, wins, shared int
		points              int
	}
	byKind := map[string]*tally{}
	bySeat := make([]tally, *players)
	var order []string
	unfinished, actions := 0, 0
	start := time.Now()
	type game struct {
		seatKind []string
		s        sc.State
		played   int
		err      error
	}
	results := make([]game, *n)
	work := make(chan int)
	var wg sync.WaitGroup
	for range min(*jobs, *n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for g := range work {
				names := make([]string, *players)
				bots := make([]sc.Bot, *players)
				seatKind := make([]string, *players)
				for i := range names {
					k := kinds[(i+g)%len(kinds)]
					names[i] = fmt.Sprintf("%s-%d", k, i)
					bots[i] = sc.BotByName(k)
					seatKind[i] = k
				}
				s, played, err := sc.PlayGame(sc.Setup{Players: names, Bots: seatKind}, *seed+int64(g), bots, *maxActions)
				if err != nil {
					err = fmt.Errorf("simulate: game %d (seed %d): %w", g, *seed+int64(g), err)
				}
				results[g] = game{seatKind: seatKind, s: s, played: len(played), err: err}
			}
		}()
	}
	for g := range *n {
		work <- g
	}
	close(work)
	wg.Wait()
	for _, k := range kinds {
		if byKind[k] == nil {
			byKind[k] = &tally{}
			order = append(order, k)
		}
	}
	for _, res := range results {
		if res.err != nil {
			return res.err
		}
		s, seatKind := res.s, res.seatKind
		actions += res.played
		if !s.Over() {
			unfinished++
			continue
		}
		winners := sc.Winners(s)
		for _, ps := range sc.Score(s) {
			k := byKind[seatKind[ps.Seat]]
			k.seats++
			k.points += ps.Points
			bySeat[ps.Seat].seats++
			bySeat[ps.Seat].points += ps.Points
		}
		for _, w := range winners {
			k := byKind[seatKind[w]]
			if len(winners) > 1 {
				k.shared++
				bySeat[w].shared++
			} else {
				k.wins++
				bySeat[w].wins++
			}
		}
	}
	el := time.Since(start)
	finished := *n - unfinished
	fmt.Fprintf(stdout, "arcane-scribes: %d games, %d players, bots %s, seeds %d..%d\n", *n, *players, strings.Join(kinds, ","), *seed, *seed+int64(*n)-1)
	fmt.Fprintf(stdout, "%-20s %7s %15s %9s %11s\n", "bot", "seats", "win% ±95%", "shared%", "avg score")
	for _, k := range order {
		t := byKind[k]
		fmt.Fprintf(stdout, "%-20s %7d %8.1f%% ±%4.1f %8.1f%% %11.1f\n", scribesLevelName(k), t.seats, pct(t.wins, t.seats), play.Margin95(t.wins, t.seats), pct(t.shared, t.seats), avg(t.points, t.seats))
	}
	fmt.Fprintf(stdout, "%-8s %7s %9s %9s %11s\n", "seat", "games", "win%", "shared%", "avg score")
	for i, t := range bySeat {
		fmt.Fprintf(stdout, "%-8d %7d %8.1f%% %8.1f%% %11.1f\n", i, t.seats, pct(t.wins, t.seats), pct(t.shared, t.seats), avg(t.points, t.seats))
	}
	if unfinished > 0 {
		fmt.Fprintf(stdout, "unfinished (over %d actions): %d\n", *maxActions, unfinished)
	}
	fmt.Fprintf(stdout, "finished %d games, %.1f actions/game, %.1f games/s\n", finished, float64(actions)/float64(*n), float64(*n)/el.Seconds())
	return nil
}

// scribesLevelName is "Archmage (search)" for a level id.
func scribesLevelName(id string) string {
	for _, l := range sc.Levels() {
		if l.ID == id {
			return l.Name + " (" + id + ")"
		}
	}
	return id
}

func pct(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}

func avg(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}
