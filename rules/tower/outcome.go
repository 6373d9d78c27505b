package tower

import (
	"strings"

	"github.com/grimoire-games/grimoire/rules/say"
)

// CoinResult is what one spell did to one soldier.
type CoinResult struct {
	Coin         string `json:"coin"`
	Damage       int    `json:"damage"`       // damage dealt, shield point included
	ShieldBroken bool   `json:"shieldBroken"` // it was tails: the first point flipped it
	Falls        bool   `json:"falls"`        // removed from the game
}

// Outcome is what an action would do (Preview) or did (Describe).
type Outcome struct {
	Type ActionType `json:"type"`
	// Casts.
	Spell       Spell        `json:"spell,omitempty"`
	Damage      int          `json:"damage,omitempty"` // X
	DamageRow   int          `json:"damageRow,omitempty"`
	SpellRow    int          `json:"spellRow,omitempty"`
	Side        string       `json:"side,omitempty"` // Fireball
	Zone        int          `json:"zone,omitempty"` // Wave
	Hits        []CoinResult `json:"hits,omitempty"`
	Falls       []string     `json:"falls,omitempty"`
	MovedBack   []string     `json:"movedBack,omitempty"` // Wave survivors
	ThumbsReset bool         `json:"thumbsReset,omitempty"`
	// Advances.
	Tower []string `json:"tower,omitempty"` // soldiers reaching the Tower
	// Both.
	Winner Side   `json:"winner,omitempty"`
	Reason string `json:"reason,omitempty"`
}

// Preview tells what a would do from s without playing it: for a cast, the
// damage each soldier takes, whose shield breaks and who falls; the winner if
// the action ends the game. An illegal action gives the same error Apply would.
func Preview(s State, a Action) (Outcome, error) {
	var out Outcome
	t := s
	if err := t.apply(a, &out); err != nil {
		return Outcome{}, err
	}
	return out, nil
}

// Describe is the log line for a, played from before and giving after, e.g.
// "Mage cast Fireball for 3 (rightmost): M2 falls, L1's shield breaks". It
// never reveals a camp coin's face. The side that acted is its first
// argument, SideWord's words: a reader swaps them for the player's name.
func Describe(before State, a Action, after State) say.Text {
	by := SideWord(a.Type.Side())
	out, err := Preview(before, a)
	if err != nil {
		return say.F("%s tried %s: %s", by, a.Type, err)
	}
	var b say.Text
	switch a.Type {
	case Place:
		b = say.F("%s placed %s on the Field", by, list(a.Coins))
	case Advance:
		if a.Zone == NumZones {
			b = say.F("%s advanced %s from zone 4 into the Tower", by, list(a.Coins))
		} else {
			b = say.F("%s advanced %s from zone %d to zone %d", by, list(a.Coins), a.Zone, a.Zone+1)
		}
	case Flip:
		if i, ok := coinIndex(a.Coin); ok && before.coins[i].where == inCamp {
			b = say.F("%s flipped a coin in the camp and ended the turn", by)
		} else {
			b = say.F("%s flipped %s to tails (a shield) and ended the turn", by, a.Coin)
		}
	case End:
		b = say.F("%s ended the turn", by)
	case Skip:
		b = say.F("%s skipped the turn (the one skip of the game)", by)
	case Cast:
		b = say.F("%s cast %s for %d", by, out.Spell.Title(), out.Damage)
		switch out.Spell {
		case Fireball:
			if out.Side == Leftmost {
				b = b.Then(say.F(" (leftmost)"))
			} else {
				b = b.Then(say.F(" (rightmost)"))
			}
		case Wave:
			b = b.Then(say.F(" on zone %d", out.Zone))
		}
		var parts []say.Text
		for _, h := range out.Hits {
			switch {
			case h.Falls && h.ShieldBroken:
				parts = append(parts, say.F("%s loses its shield and falls", h.Coin))
			case h.Falls:
				parts = append(parts, say.F("%s falls", h.Coin))
			case h.ShieldBroken:
				parts = append(parts, say.F("%s's shield breaks", h.Coin))
			default:
				parts = append(parts, say.F("%s takes %d and survives", h.Coin, h.Damage))
			}
		}
		if len(out.MovedBack) > 0 {
			if out.Zone == 1 {
				parts = append(parts, say.F("%s back to the camp", list(out.MovedBack)))
			} else {
				parts = append(parts, say.F("%s back to zone %d", list(out.MovedBack), out.Zone-1))
			}
		}
		if out.ThumbsReset {
			parts = append(parts, say.F("both thumbs back to the top"))
		}
		if len(parts) > 0 {
			b = b.Then(say.F(": %s", say.Join(parts, ", ")))
		}
	}
	if after.Over() {
		if after.winner == Mage {
			b = b.Then(say.F("; the Mage wins (%s)", reasonText(after.reason)))
		} else {
			b = b.Then(say.F("; the General wins (%s)", reasonText(after.reason)))
		}
	} else if a.Type != Cast && a.Type != Skip && after.Over() == false && after.toPlay == Mage && after.phase == PhaseCast && !after.canCast() {
		b = b.Then(say.F("; the Mage cannot cast and must skip"))
	}
	return b
}

// SideWord is a side's name as the log's sentences say who acted:
// "General", "Mage".
func SideWord(s Side) say.Text {
	switch s {
	case General:
		return say.F("General")
	case Mage:
		return say.F("Mage")
	}
	return say.F("nobody")
}

// list is coin ids as a sentence lists them: "L1, M2 and S3".
func list(ids []string) say.Text {
	switch len(ids) {
	case 0:
		return say.F("nobody")
	case 1:
		return say.Verbatim(ids[0])
	}
	return say.F("%s and %s", strings.Join(ids[:len(ids)-1], ", "), ids[len(ids)-1])
}
