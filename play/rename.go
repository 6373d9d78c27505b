package play

import (
	"encoding/json"
	"slices"
	"strings"
)

// Renamer is the optional part of a Kind whose player figures read the
// names in a setup (Records: a shooting record goes by the shooter's
// name): it writes a setup again with every player's name as to gives it,
// so figures over a club's games can count two names of one person as one.
type Renamer interface {
	// Rename is setup with each player's name n replaced by to(n),
	// everything else as it was.
	Rename(setup json.RawMessage, to func(string) string) (json.RawMessage, error)
}

// Renamed is games with each player's name read as to counts it (a
// club's merged names), for a kind that is a Renamer; other kinds' games,
// and games none of whose names change, come back as they were. A game
// two of whose players would end under one name (both names merged into
// one person, who cannot be their own opponent) keeps its names as typed.
// The kept state of a renamed table is dropped: it was made from the
// setup as typed.
func Renamed(k Kind, games []PlayerGame, to func(string) string) []PlayerGame {
	r, ok := k.(Renamer)
	if !ok || to == nil {
		return games
	}
	out := make([]PlayerGame, len(games))
	for i, g := range games {
		out[i] = g
		players, err := k.Players(g.Table.Setup)
		if err != nil {
			continue
		}
		changed := false
		as := make([]string, len(players))
		for j, p := range players {
			p = strings.TrimSpace(p)
			as[j] = to(p)
			changed = changed || as[j] != p
		}
		slices.Sort(as)
		if !changed || len(slices.Compact(as)) < len(players) {
			continue
		}
		setup, err := r.Rename(g.Table.Setup, func(n string) string { return to(strings.TrimSpace(n)) })
		if err != nil {
			continue
		}
		if _, err := k.Players(setup); err != nil {
			continue
		}
		out[i].Table.Setup, out[i].Table.State = setup, nil
	}
	return out
}
