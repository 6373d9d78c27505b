package tower

import (
	"fmt"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/rules/record"
	tw "github.com/grimoire-games/grimoire/rules/tower"
)

var _ play.Marker = Kind{}

// Marks are the moments a replay jumps to: each soldier the Mage removes,
// each one that reaches the Tower, and the end. They count coins and never
// name a face, so the Mage's seat and spectators may read them too.
func (Kind) Marks(t play.Table) ([]play.Mark, error) {
	var out []play.Mark
	n := 0
	_, err := record.Play(tw.Rules(), t.Setup, t.Seed, t.Actions, func(before tw.State, _ tw.Action, after tw.State) {
		n++
		b, a := before.Snapshot().Score, after.Snapshot()
		if k := a.Score.Removed - b.Removed; k > 0 {
			out = append(out, play.Mark{At: n, Kind: "kill", Label: fmt.Sprintf("Turn %d: %s fallen (%d in all)", a.Turn, soldiers(k), a.Score.Removed)})
		}
		if k := a.Score.Tower - b.Tower; k > 0 {
			out = append(out, play.Mark{At: n, Kind: "tower", Label: fmt.Sprintf("Turn %d: %s in the Tower (%d in all)", a.Turn, soldiers(k), a.Score.Tower)})
		}
		if a.Over {
			out = append(out, play.Mark{At: n, Kind: "end", Label: "Game over"})
		}
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

func soldiers(n int) string {
	if n == 1 {
		return "1 soldier"
	}
	return fmt.Sprintf("%d soldiers", n)
}
