package scribes

import (
	"fmt"
	"strings"

	"github.com/grimoire-games/grimoire/rules/say"
)

// Describe is the log line of an action, e.g.
// "Mia scribed Telegate (Tide 8) paying 3 Tide + 2 Root". Elements are
// named as the game's data names them, like everywhere a person reads;
// only the records keep the codes (TIDE, ROOT). before is the
// state the action was applied to, after the result; automatic follow-ups and
// the end of the game are mentioned too. A reserved card is named because it
// was face up on its tile when taken. The line is a say.Text: its String is
// the English, and a screen says it in its reader's language.
func Describe(before State, a Action, after State) say.Text {
	return describe(before, a, after, false)
}

// DescribeHidden is Describe's line with a reserved card unnamed ("Mia
// reserved a card from slot 2"), for the seats that may not see it; the
// line of any other action is Describe's.
func DescribeHidden(before State, a Action, after State) say.Text {
	return describe(before, a, after, true)
}

func describe(before State, a Action, after State, hide bool) say.Text {
	if a.Seat < 0 || a.Seat >= len(before.players) {
		return say.Verbatim("?")
	}
	if a.Type == ActProposeEnd || a.Type == ActAgreeEnd {
		return before.describeEnd(a, after)
	}
	who := before.players[a.Seat].name
	el := before.d.ElementName
	list := func(o [NumElements]int) say.Text { return before.d.list(o) }
	gained := func(seat int) [NumElements]int {
		var d [NumElements]int
		for e := range d {
			d[e] = after.players[seat].oinks[e] - before.players[seat].oinks[e]
		}
		return d
	}
	var b say.Text
	switch a.Type {
	case ActTake:
		g := gained(a.Seat)
		b = say.F("%s took %s + %s", who, el(a.Elements[0]), el(a.Elements[1]))
		if g[a.Elements[0]] == 0 || g[a.Elements[1]] == 0 {
			b = b.Then(say.F(" (the supply was short: got %s)", list(g)))
		}
	case ActExchange:
		got := min(a.Count, before.supply[a.Take])
		b = say.F("%s exchanged 1 %s for %d %s", who, el(a.Give), a.Count, el(a.Take))
		if got < a.Count {
			b = b.Then(say.F(" (the supply had only %d)", got))
		}
	case ActReserve:
		c, _ := before.RowCard(a.Index)
		var card any = before.d.CardText(c)
		if hide {
			card = say.F("a card")
		}
		b = say.F("%s reserved %s from slot %d", who, card, a.Index+1)
	case ActScribe:
		var c Card
		if a.From == FromReserve {
			c = before.d.Cards[before.players[a.Seat].reserve[a.Index]]
		} else {
			c, _ = before.RowCard(a.Index)
		}
		if a.From == FromReserve {
			b = say.F("%s scribed %s paying %s from the reserve", who, before.d.CardText(c), list(a.Oinks))
		} else {
			b = say.F("%s scribed %s paying %s", who, before.d.CardText(c), list(a.Oinks))
		}
	case ActDiscard:
		b = say.F("%s discarded %s", who, list(a.Oinks))
	case ActFollow:
		switch {
		case a.Decline:
			b = say.F("%s declined the trade", who)
		case a.Oinks != [NumElements]int{}:
			b = say.F("%s traded 1 %s for %s", who, el(a.Give), list(gained(a.Seat)))
		default:
			b = say.F("%s took 1 %s from the tile", who, el(a.Element))
		}
	default:
		return say.F("%s did something unknown", who)
	}
	// Other seats whose oinks changed by themselves (automatic follow-ups
	// and discards).
	var auto []say.Text
	for i := range before.players {
		if i == a.Seat {
			continue
		}
		g := gained(i)
		if g != [NumElements]int{} {
			auto = append(auto, say.Verbatim(fmt.Sprintf("%s %s", before.players[i].name, before.d.signed(g))))
		}
	}
	if len(auto) > 0 {
		b = b.Then(say.F("; %s", say.Join(auto, ", ")))
	}
	if after.Over() && !before.Over() {
		b = b.Then(say.F(". Fewer cards are left than players: the game is over; won by %s", after.winnerNames()))
	}
	return b
}

// winnerNames are the winners' names, "Mia and Ben".
func (s State) winnerNames() say.Text { return s.names(Winners(s)) }

// names are the seats' names joined with "and".
func (s State) names(seats []int) say.Text {
	out := make([]say.Text, len(seats))
	for i, w := range seats {
		out[i] = say.Verbatim(s.players[w].name)
	}
	return say.Join(out, " and ")
}

// CardText names a card as the log does: "Telegate (Tide 8)".
func (d *Data) CardText(c Card) string {
	return fmt.Sprintf("%s (%s %d)", c.Name, d.ElementName(c.Element), c.Value)
}

// list is "3 Tide + 2 Root", or nothing.
func (d *Data) list(o [NumElements]int) say.Text {
	var parts []string
	for e, n := range o {
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, d.ElementName(Element(e))))
		}
	}
	if len(parts) == 0 {
		return say.F("nothing")
	}
	return say.Verbatim(strings.Join(parts, " + "))
}

// signed is "+1 Ash -2 Gale".
func (d *Data) signed(o [NumElements]int) string {
	var parts []string
	for e, n := range o {
		if n != 0 {
			parts = append(parts, fmt.Sprintf("%+d %s", n, d.ElementName(Element(e))))
		}
	}
	return strings.Join(parts, " ")
}
