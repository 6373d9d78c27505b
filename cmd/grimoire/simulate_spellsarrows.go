package main

import (
	"flag"
	"fmt"
	"io"
	"math/rand/v2"

	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/rules/spellsarrows"
)

func init() {
	simulators[record.SpellsArrows] = simulateSpellsArrows
}

// simulateSpellsArrows plays random legal games: grimoire simulate
// spells-arrows -n 1000 -seed 1 -victory 12.
func simulateSpellsArrows(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("simulate spells-arrows", flag.ContinueOnError)
	fs.SetOutput(stderr)
	n := fs.Int("n", 100, "number of games")
	seed := fs.Uint64("seed", 1, "random seed")
	victory := fs.Int("victory", 12, "Victory Number")
	turns := fs.Int("turns", 0, "turns (0 = 5)")
	if err := fs.Parse(args); err != nil {
		return errSilent
	}
	setup := spellsarrows.Setup{Victory: *victory, Spy: "Spy bot", Mage: "Mage bot", Turns: *turns}
	start, err := spellsarrows.New(setup, int64(*seed))
	if err != nil {
		return err
	}
	r := rand.New(rand.NewPCG(*seed, *seed^0x5eed))
	wins := map[string]int{}
	actions := 0
	for range *n {
		s := start
		for i := 0; !s.Over() && i < 100000; i++ {
			if s, err = spellsarrows.Apply(s, spellsarrows.RandomLegal(s, r)); err != nil {
				return fmt.Errorf("simulate: %w", err)
			}
			actions++
		}
		wins[s.Winner()]++
	}
	fmt.Fprintf(stdout, "games %d  spy wins %d  mage wins %d  unfinished %d  actions/game %.1f\n",
		*n, wins["spy"], wins["mage"], wins[""], float64(actions)/float64(max(1, *n)))
	return nil
}
