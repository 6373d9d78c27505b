package spellsarrows

import (
	"fmt"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/rules/record"
	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
)

var _ play.Marker = Kind{}

// Marks are the moments a replay jumps to: each escape with its points,
// each half's end, each spell's result, and the end. Spells & Arrows hides
// nothing, so every viewer gets the same marks.
func (Kind) Marks(t play.Table) ([]play.Mark, error) {
	var out []play.Mark
	n := 0
	_, err := record.Play(sa.Rules(), t.Setup, t.Seed, t.Actions, func(before sa.State, _ sa.Action, after sa.State) {
		n++
		b, a := before.Snapshot(), after.Snapshot()
		if a.Spy.Points > b.Spy.Points {
			out = append(out, play.Mark{At: n, Kind: "point", Label: fmt.Sprintf("Escape: +%d (%d points)", a.Spy.Points-b.Spy.Points, a.Spy.Points)})
		}
		switch {
		case a.Mage.Fails > b.Mage.Fails:
			out = append(out, play.Mark{At: n, Kind: "spell", Label: fmt.Sprintf("Turn %d: a spell failed", b.Turn)})
		case b.Cast != nil && (a.Cast == nil || a.Cast.Card != b.Cast.Card):
			out = append(out, play.Mark{At: n, Kind: "spell", Label: fmt.Sprintf("Turn %d: spell %d cast", b.Turn, b.Cast.Card)})
		}
		switch {
		case a.Over:
			out = append(out, play.Mark{At: n, Kind: "end", Label: "Game over"})
		case a.Half != b.Half:
			out = append(out, play.Mark{At: n, Kind: "half", Label: fmt.Sprintf("Turn %d: %s half ends", b.Turn, b.Half)})
		}
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
