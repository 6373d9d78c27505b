package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"text/tabwriter"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/rules/record"
)

const ratingsUsage = "usage: grimoire ratings [--game GAME] [--role ROLE] FILE..."

// ratings implements `grimoire ratings [--game G] FILE...`: the rating
// table of the finished games among the record files, by the code the
// server's league table runs (play.Ratings). A record file carries no date:
// a file's day of play is its modification day (UTC), so records kept
// elsewhere are rated day by day as they were saved. A file that is not a
// record is named on standard error and left out (exit status 1).
func ratings(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("ratings", flag.ContinueOnError)
	fs.SetOutput(stderr)
	game := fs.String("game", "", "rate only this game (spells-arrows, arcane-scribes, mages-tower); default: every game with records among the files")
	role := fs.String("role", "", "rate one role apart (Spells & Arrows: spy or mage)")
	if err := fs.Parse(args); err != nil {
		return errSilent
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, ratingsUsage)
		return errSilent
	}
	kinds := games()
	if *game != "" {
		if _, ok := play.Find(kinds, *game); !ok {
			return fmt.Errorf("ratings: no game %q", *game)
		}
	}
	byGame := map[string][]play.PlayerGame{}
	skipped := 0
	for _, name := range fs.Args() {
		data, err := os.ReadFile(name)
		if err != nil {
			return fmt.Errorf("ratings: %w", err)
		}
		rec, err := record.Parse(data)
		if err != nil {
			// The other files are still rated; the exit status says
			// something was left out.
			fmt.Fprintf(stderr, "grimoire: ratings: %s left out: %v\n", name, err)
			skipped++
			continue
		}
		if *game != "" && rec.Game != *game {
			continue
		}
		info, err := os.Stat(name)
		if err != nil {
			return fmt.Errorf("ratings: %w", err)
		}
		t := play.Table{Kind: rec.Game, GameID: name, Setup: rec.Setup, Seed: rec.Seed, Actions: rec.Actions, Viewer: play.Scorekeeper}
		byGame[rec.Game] = append(byGame[rec.Game], play.PlayerGame{Table: t, Started: info.ModTime()})
	}
	printed := false
	for _, k := range kinds {
		played := byGame[k.Info().ID]
		if len(played) == 0 {
			continue
		}
		table, err := play.Ratings(k, played, *role, nil)
		if err != nil {
			return fmt.Errorf("ratings: %w", err)
		}
		if printed {
			fmt.Fprintln(stdout)
		}
		printed = true
		title := k.Info().Name
		if *role != "" {
			title += ", as " + *role
		}
		fmt.Fprintln(stdout, title)
		w := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(w, "#\tplayer\trating\tdeviation\tgames\twins\tstreak\t\t")
		for i, s := range table {
			mark := ""
			switch {
			case s.Bot:
				mark = "bot, fixed"
			case s.Provisional():
				mark = "provisional"
			}
			fmt.Fprintf(w, "%d\t%s\t%.0f\t%.0f\t%d\t%d\t%+d\t%s\t\n", i+1, s.Player, s.Rating.Rating, s.Deviation, s.Games, s.Wins, s.Streak, mark)
		}
		if err := w.Flush(); err != nil {
			return err
		}
	}
	if !printed {
		fmt.Fprintln(stdout, "No finished games among these records.")
	}
	if skipped > 0 {
		return errSilent
	}
	return nil
}
