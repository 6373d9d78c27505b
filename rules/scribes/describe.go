package scribes

import (
	"fmt"
	"strings"
)

// Describe is the log line of an action, e.g.
// "Mia scribed Telegate (Tide 8) paying 3 Tide + 2 Root". Elements are
// named as the game's data names them, like everywhere a person reads;
// only the records keep the codes (TIDE, ROOT). before is the
// state the action was applied to, after the result; automatic follow-ups and
// the end of the game are mentioned too. A reserved card is named because it
// was face up on its tile when taken.
func Describe(before State, a Action, after State) string {
	if a.Seat < 0 || a.Seat >= len(before.players) {
		return "?"
	}
	if a.Type == ActProposeEnd || a.Type == ActAgreeEnd {
		return before.describeEnd(a, after)
	}
	who := before.players[a.Seat].name
	el := before.d.ElementName
	list := func(o [NumElements]int, none string) string { return before.d.list(o, none) }
	gained := func(seat int) [NumElements]int {
		var d [NumElements]int
		for e := range d {
			d[e] = after.players[seat].oinks[e] - before.players[seat].oinks[e]
		}
		return d
	}
	var b strings.Builder
	switch a.Type {
	case ActTake:
		g := gained(a.Seat)
		fmt.Fprintf(&b, "%s took %s + %s", who, el(a.Elements[0]), el(a.Elements[1]))
		if g[a.Elements[0]] == 0 || g[a.Elements[1]] == 0 {
			fmt.Fprintf(&b, " (the supply was short: got %s)", list(g, "nothing"))
		}
	case ActExchange:
		got := min(a.Count, before.supply[a.Take])
		fmt.Fprintf(&b, "%s exchanged 1 %s for %d %s", who, el(a.Give), a.Count, el(a.Take))
		if got < a.Count {
			fmt.Fprintf(&b, " (the supply had only %d)", got)
		}
	case ActReserve:
		c, _ := before.RowCard(a.Index)
		fmt.Fprintf(&b, "%s reserved %s from slot %d", who, before.d.CardText(c), a.Index+1)
	case ActScribe:
		var c Card
		if a.From == FromReserve {
			c = before.d.Cards[before.players[a.Seat].reserve[a.Index]]
		} else {
			c, _ = before.RowCard(a.Index)
		}
		fmt.Fprintf(&b, "%s scribed %s paying %s", who, before.d.CardText(c), list(a.Oinks, "nothing"))
		if a.From == FromReserve {
			b.WriteString(" from the reserve")
		}
	case ActDiscard:
		fmt.Fprintf(&b, "%s discarded %s", who, list(a.Oinks, "nothing"))
	case ActFollow:
		switch {
		case a.Decline:
			fmt.Fprintf(&b, "%s declined the trade", who)
		case a.Oinks != [NumElements]int{}:
			fmt.Fprintf(&b, "%s traded 1 %s for %s", who, el(a.Give), list(gained(a.Seat), "nothing"))
		default:
			fmt.Fprintf(&b, "%s took 1 %s from the tile", who, el(a.Element))
		}
	default:
		return who + " did something unknown"
	}
	// Other seats whose oinks changed by themselves (automatic follow-ups
	// and discards).
	var auto []string
	for i := range before.players {
		if i == a.Seat {
			continue
		}
		g := gained(i)
		if g != [NumElements]int{} {
			auto = append(auto, fmt.Sprintf("%s %s", before.players[i].name, before.d.signed(g)))
		}
	}
	if len(auto) > 0 {
		fmt.Fprintf(&b, "; %s", strings.Join(auto, ", "))
	}
	if after.Over() && !before.Over() {
		var names []string
		for _, w := range Winners(after) {
			names = append(names, after.players[w].name)
		}
		fmt.Fprintf(&b, ". Fewer cards are left than players: the game is over; won by %s", strings.Join(names, " and "))
	}
	return b.String()
}

// CardText names a card as the log does: "Telegate (Tide 8)". The screens
// that hide a reserved card look for these words to replace them.
func (d *Data) CardText(c Card) string {
	return fmt.Sprintf("%s (%s %d)", c.Name, d.ElementName(c.Element), c.Value)
}

// list is "3 Tide + 2 Root", or none.
func (d *Data) list(o [NumElements]int, none string) string {
	var parts []string
	for e, n := range o {
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, d.ElementName(Element(e))))
		}
	}
	if len(parts) == 0 {
		return none
	}
	return strings.Join(parts, " + ")
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
