package tower

import (
	"strconv"
	"strings"

	"github.com/a-h/templ"

	tw "github.com/grimoire-games/grimoire/rules/tower"
)

func sideClass(s tw.Side) string {
	if s == tw.Mage {
		return "mage"
	}
	return "general"
}

func joinIDs(ids []string) string {
	if len(ids) == 0 {
		return "nobody"
	}
	return strings.Join(ids, ", ")
}

func aimClass(on bool) string {
	if on {
		return "btn primary"
	}
	return "btn"
}

// promptText says what the player to move does now.
func (b Board) promptText() string {
	switch b.Choices.Phase {
	case tw.PhasePlace:
		return "Place 1 to " + strconv.Itoa(b.Choices.PlaceMax) + " coins from the camp on the Field"
	case tw.PhaseAdvance:
		if len(b.Choices.Advance) == 0 {
			return "Nobody can advance: flip a coin or end the turn"
		}
		return "Advance soldiers, then flip a coin or end the turn"
	case tw.PhaseCast:
		if len(b.Choices.DamageRows) == 0 {
			return "No cast is possible: skip the turn"
		}
		if b.Preview != nil {
			return "Check the preview, then cast"
		}
		return "Choose a damage row and a spell row on the card"
	}
	return ""
}

func (b Board) coinClass(id string) string {
	c := b.coin(id)
	cls := "coin " + c.Size + " " + c.Face
	if b.selected(id) {
		cls += " sel"
	}
	if b.tappable(id) {
		cls += " tap"
	}
	if h, ok := b.previewOf(id); ok && h.Falls {
		cls += " doomed"
	}
	return cls
}

func (b Board) coinLabel(id string) string {
	c := b.coin(id)
	l := id + ", " + c.Size + ", health " + strconv.Itoa(c.Health)
	switch c.Face {
	case "tails":
		l += ", shield (tails)"
	case "heads":
		l += ", heads"
	default:
		l += ", face hidden"
	}
	if c.Damage > 0 {
		l += ", damage " + strconv.Itoa(c.Damage)
	}
	if b.selected(id) {
		l += ", selected"
	}
	return l
}

// coinState marks a selected coin link with aria-current: a link cannot be
// pressed (aria-pressed belongs to buttons), it is the current choice.
func (b Board) coinState(id string) templ.Attributes {
	if b.selected(id) {
		return templ.Attributes{"aria-current": "true"}
	}
	return templ.Attributes{}
}

func thumbText(n int) string {
	if n == 0 {
		return "above the card"
	}
	return "row " + strconv.Itoa(n)
}

// rowClass marks the rows of the card the thumbs have already uncovered.
func rowClass(b Board, row int) string {
	return "r"
}

func cellClass(thumb, row, chosen int) string {
	cls := "cell"
	if row < thumb {
		cls += " passed"
	}
	if row == thumb {
		cls += " thumbed"
	}
	if row == chosen {
		cls += " chosen"
	}
	return cls
}

// focusAdvance says the advance button of a zone takes the focus after a
// tap: the first zone whose selection may advance, so the next tap is the
// move the player just prepared.
func (b Board) focusAdvance(zone int) bool {
	for _, zm := range b.Choices.Advance {
		if n := len(b.selectedIn(zm.Zone)); n > 0 && n <= zm.Max {
			return zm.Zone == zone
		}
	}
	return false
}
