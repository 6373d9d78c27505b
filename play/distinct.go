package play

import "github.com/grimoire-games/grimoire/rules/record"

// Distinct keeps one PlayerGame per game, so a player's figures never count a
// game twice: a device can hold copies of one game (a record imported back
// by an older build, or a record exported mid-game and imported once the
// game went on). Of records that are the same game (record.Compare) the one
// that goes furthest stands for it; of identical ones the earliest started
// (the original, not the copy). Order is kept. A record whose JSON cannot
// be read is kept as it is: the kind reports it, as it would alone.
//
// Only games with the same start are compared action by action, so a
// device's history costs one canonical setup per game.
func Distinct(games []PlayerGame) []PlayerGame {
	groups := map[string][]int{}
	var order []string
	for i, g := range games {
		start, err := record.Start(g.Table.Record())
		if err != nil {
			continue
		}
		key := string(start)
		if _, ok := groups[key]; !ok {
			order = append(order, key)
		}
		groups[key] = append(groups[key], i)
	}
	drop := make([]bool, len(games))
	for _, key := range order {
		idx := groups[key]
		for _, i := range idx {
			for _, j := range idx {
				if i == j || drop[i] || drop[j] {
					continue
				}
				k, err := record.CompareActions(games[i].Table.Actions, games[j].Table.Actions)
				switch {
				case err != nil:
				case k == record.Earlier:
					drop[i] = true
				case k == record.Same && games[j].Started.Before(games[i].Started):
					drop[i] = true
				case k == record.Same && games[j].Started.Equal(games[i].Started) && j < i:
					drop[i] = true
				}
			}
		}
	}
	out := make([]PlayerGame, 0, len(games))
	for i, g := range games {
		if !drop[i] {
			out = append(out, g)
		}
	}
	return out
}
