package tower

import (
	"fmt"
	"strings"
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
// never reveals a camp coin's face.
func Describe(before State, a Action, after State) string {
	out, err := Preview(before, a)
	if err != nil {
		return fmt.Sprintf("%s tried %s: %v", a.Type.Side().Title(), a.Type, err)
	}
	var b strings.Builder
	switch a.Type {
	case Place:
		fmt.Fprintf(&b, "General placed %s on the Field", list(a.Coins))
	case Advance:
		if a.Zone == NumZones {
			fmt.Fprintf(&b, "General advanced %s from zone 4 into the Tower", list(a.Coins))
		} else {
			fmt.Fprintf(&b, "General advanced %s from zone %d to zone %d", list(a.Coins), a.Zone, a.Zone+1)
		}
	case Flip:
		if i, ok := coinIndex(a.Coin); ok && before.coins[i].where == inCamp {
			b.WriteString("General flipped a coin in the camp and ended the turn")
		} else {
			fmt.Fprintf(&b, "General flipped %s to tails (a shield) and ended the turn", a.Coin)
		}
	case End:
		b.WriteString("General ended the turn")
	case Skip:
		b.WriteString("Mage skipped the turn (the one skip of the game)")
	case Cast:
		fmt.Fprintf(&b, "Mage cast %s for %d", out.Spell.Title(), out.Damage)
		switch out.Spell {
		case Fireball:
			fmt.Fprintf(&b, " (%smost)", out.Side)
		case Wave:
			fmt.Fprintf(&b, " on zone %d", out.Zone)
		}
		var parts []string
		for _, h := range out.Hits {
			switch {
			case h.Falls && h.ShieldBroken:
				parts = append(parts, h.Coin+" loses its shield and falls")
			case h.Falls:
				parts = append(parts, h.Coin+" falls")
			case h.ShieldBroken:
				parts = append(parts, h.Coin+"'s shield breaks")
			default:
				parts = append(parts, fmt.Sprintf("%s takes %d and survives", h.Coin, h.Damage))
			}
		}
		if len(out.MovedBack) > 0 {
			if out.Zone == 1 {
				parts = append(parts, list(out.MovedBack)+" back to the camp")
			} else {
				parts = append(parts, fmt.Sprintf("%s back to zone %d", list(out.MovedBack), out.Zone-1))
			}
		}
		if out.ThumbsReset {
			parts = append(parts, "both thumbs back to the top")
		}
		if len(parts) > 0 {
			b.WriteString(": " + strings.Join(parts, ", "))
		}
	}
	if after.Over() {
		fmt.Fprintf(&b, "; the %s wins (%s)", after.winner.Title(), reasonText(after.reason))
	} else if a.Type != Cast && a.Type != Skip && after.Over() == false && after.toPlay == Mage && after.phase == PhaseCast && !after.canCast() {
		b.WriteString("; the Mage cannot cast and must skip")
	}
	return b.String()
}

func list(ids []string) string {
	switch len(ids) {
	case 0:
		return "nobody"
	case 1:
		return ids[0]
	}
	return strings.Join(ids[:len(ids)-1], ", ") + " and " + ids[len(ids)-1]
}
