package scribes

import (
	"fmt"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/rules/record"
	sc "github.com/grimoire-games/grimoire/rules/scribes"
)

var _ play.Marker = Kind{}

// Marks are the moments a replay jumps to: each card scribed, each exchange
// with the supply and each trade, and the end. They name the player and never the card (a
// card scribed from a reserve was hidden until then), so every viewer may
// read them.
func (Kind) Marks(t play.Table) ([]play.Mark, error) {
	var out []play.Mark
	n := 0
	_, err := record.Play(sc.Rules(), t.Setup, t.Seed, t.Actions, func(before sc.State, a sc.Action, after sc.State) {
		n++
		switch a.Type {
		case sc.ActScribe:
			out = append(out, play.Mark{At: n, Kind: "scribe", Label: fmt.Sprintf("Turn %d: %s scribes a card", before.Turn(), before.Name(a.Seat))})
		case sc.ActExchange:
			out = append(out, play.Mark{At: n, Kind: "trade", Label: fmt.Sprintf("Turn %d: %s exchanges", before.Turn(), before.Name(a.Seat))})
		case sc.ActFollow:
			if a.Decline || a.Oinks == ([sc.NumElements]int{}) {
				break
			}
			out = append(out, play.Mark{At: n, Kind: "trade", Label: fmt.Sprintf("Turn %d: %s trades", before.Turn(), before.Name(a.Seat))})
		}
		if after.Over() && !before.Over() {
			out = append(out, play.Mark{At: n, Kind: "end", Label: "Game over"})
		}
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
