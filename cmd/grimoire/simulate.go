package main

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/grimoire-games/grimoire/rules/record"
)

// simulators maps a game id to its bot-versus-bot runner (a plain table, no
// registration side effects); args are the flags after the game id.
var simulators = map[string]func(args []string, stdout, stderr io.Writer) error{
	record.SpellsArrows:  simulateSpellsArrows,
	record.ArcaneScribes: simulateScribes,
	record.MagesTower:    simulateTower,
}

func simulate(args []string, stdout, stderr io.Writer) error {
	names := make([]string, 0, len(simulators))
	for k := range simulators {
		names = append(names, k)
	}
	sort.Strings(names)
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		fmt.Fprintf(stderr, "usage: grimoire simulate GAME [flags]  (games: %s)\n", strings.Join(names, ", "))
		return errSilent
	}
	fn, ok := simulators[args[0]]
	if !ok {
		return fmt.Errorf("simulate: unknown game %q (games: %s)", args[0], strings.Join(names, ", "))
	}
	return fn(args[1:], stdout, stderr)
}
