package play

import (
	"fmt"
	"slices"
	"strings"
)

// KindRate is a player's shooting of one kind of shot: made of tried.
type KindRate struct {
	Kind        string
	Made, Tried int
}

// ShootingAgainst is name's shooting by kind of shot in the games of
// games where opponent played too, from the kind's player rows (the
// columns "kind" and "made" of Records.PlayerRows), in the order the
// kinds first appear. ok is false for a game that keeps no such records.
func ShootingAgainst(k Kind, name, opponent string, games []PlayerGame) (rates []KindRate, ok bool, err error) {
	r, isRecords := k.(Records)
	if !isRecords {
		return nil, false, nil
	}
	var against []PlayerGame
	for _, g := range games {
		players, err := k.Players(g.Table.Setup)
		if err != nil {
			continue
		}
		trimmed := make([]string, len(players))
		for i, p := range players {
			trimmed[i] = strings.TrimSpace(p)
		}
		if slices.Contains(trimmed, name) && slices.Contains(trimmed, opponent) {
			against = append(against, g)
		}
	}
	if len(against) == 0 {
		return nil, true, nil
	}
	rows, err := r.PlayerRows(name, against)
	if err != nil {
		return nil, true, fmt.Errorf("shooting of %s against %s: %w", name, opponent, err)
	}
	if len(rows) == 0 {
		return nil, true, nil
	}
	kindCol, madeCol := slices.Index(rows[0], "kind"), slices.Index(rows[0], "made")
	if kindCol < 0 || madeCol < 0 {
		return nil, false, nil
	}
	for _, row := range rows[1:] {
		if kindCol >= len(row) || madeCol >= len(row) {
			continue
		}
		i := slices.IndexFunc(rates, func(kr KindRate) bool { return kr.Kind == row[kindCol] })
		if i < 0 {
			rates = append(rates, KindRate{Kind: row[kindCol]})
			i = len(rates) - 1
		}
		rates[i].Tried++
		if row[madeCol] == "1" {
			rates[i].Made++
		}
	}
	return rates, true, nil
}
