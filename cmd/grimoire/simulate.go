package main

import (
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/grimoire-games/grimoire/play"
)

// simulate implements `grimoire simulate GAME [flags]`: the game's own
// Simulator (play/<game>) reads the flags after its id and prints its
// table; the games offered are those of the list that have bots to pit
// against each other.
func simulate(games []play.Kind, args []string, stdout, stderr io.Writer) error {
	sims, names := simulators(games)
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		fmt.Fprintf(stderr, "usage: grimoire simulate GAME [flags]  (games: %s)\n", strings.Join(names, ", "))
		return errSilent
	}
	s, ok := sims[args[0]]
	if !ok {
		return fmt.Errorf("simulate: unknown game %q (games: %s)", args[0], strings.Join(names, ", "))
	}
	if err := s.Simulate(args[1:], stdout, stderr); err != nil {
		if errors.Is(err, play.ErrReported) {
			return errSilent
		}
		return err
	}
	return nil
}

// simulators are the games of the list that simulate, by id, and their ids
// in order.
func simulators(games []play.Kind) (map[string]play.Simulator, []string) {
	sims := map[string]play.Simulator{}
	var names []string
	for _, k := range games {
		if s, ok := k.(play.Simulator); ok {
			id := k.Info().ID
			sims[id] = s
			names = append(names, id)
		}
	}
	sort.Strings(names)
	return sims, names
}
