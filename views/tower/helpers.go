package tower

import (
	"context"
	"io"
	"strings"

	"github.com/a-h/templ"

	"github.com/grimoire-games/grimoire/lang"
	tw "github.com/grimoire-games/grimoire/rules/tower"
)

func sideClass(s tw.Side) string {
	if s == tw.Mage {
		return "mage"
	}
	return "general"
}

func joinIDs(ctx context.Context, ids []string) string {
	if len(ids) == 0 {
		return lang.T(ctx, lang.TWNobody)
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
func (b Board) promptText(ctx context.Context) string {
	switch b.Choices.Phase {
	case tw.PhasePlace:
		return lang.T(ctx, lang.TWPromptPlace, b.Choices.PlaceMax)
	case tw.PhaseAdvance:
		if len(b.Choices.Advance) == 0 {
			return lang.T(ctx, lang.TWPromptNoAdvance)
		}
		return lang.T(ctx, lang.TWPromptAdvance)
	case tw.PhaseCast:
		if len(b.Choices.DamageRows) == 0 {
			return lang.T(ctx, lang.TWPromptNoCast)
		}
		if b.Preview != nil {
			return lang.T(ctx, lang.TWPromptCheck)
		}
		return lang.T(ctx, lang.TWPromptChoose)
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

func (b Board) coinLabel(ctx context.Context, id string) string {
	c := b.coin(id)
	l := id + ", " + sizeWord(ctx, c.Size) + ", " + lang.T(ctx, lang.TWCoinHealth, c.Health)
	switch c.Face {
	case "tails":
		l += ", " + lang.T(ctx, lang.TWCoinShield)
	case "heads":
		l += ", " + lang.T(ctx, lang.TWCoinHeads)
	default:
		l += ", " + lang.T(ctx, lang.TWCoinHidden)
	}
	if c.Damage > 0 {
		l += ", " + lang.T(ctx, lang.TWCoinDamage, c.Damage)
	}
	if b.selected(id) {
		l += ", " + lang.T(ctx, lang.TWCoinSelected)
	}
	return l
}

// sizeWord is a coin's size in words: large, medium, small.
func sizeWord(ctx context.Context, size string) string {
	switch size {
	case "large":
		return lang.T(ctx, lang.TWSizeLarge)
	case "medium":
		return lang.T(ctx, lang.TWSizeMedium)
	case "small":
		return lang.T(ctx, lang.TWSizeSmall)
	}
	return size
}

// coinState marks a selected coin link with aria-current: a link cannot be
// pressed (aria-pressed belongs to buttons), it is the current choice.
func (b Board) coinState(id string) templ.Attributes {
	if b.selected(id) {
		return templ.Attributes{"aria-current": "true"}
	}
	return templ.Attributes{}
}

func thumbText(ctx context.Context, n int) string {
	if n == 0 {
		return lang.T(ctx, lang.TWThumbAbove)
	}
	return lang.T(ctx, lang.TWThumbRow, n)
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

// previewEnd is what follows "L1 takes 3" in the preview: the broken
// shield, then that the soldier falls or stands.
func previewEnd(h tw.CoinResult) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		s := " "
		if h.ShieldBroken {
			s += templ.EscapeString(lang.T(ctx, lang.TWPreviewShield)) + " "
		}
		if h.Falls {
			s += `<span class="falls">` + templ.EscapeString(lang.T(ctx, lang.TWPreviewFalls)) + `</span>`
		} else {
			s += templ.EscapeString(lang.T(ctx, lang.TWPreviewStands))
		}
		_, err := io.WriteString(w, s)
		return err
	})
}
