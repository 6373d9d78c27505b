package spellsarrows

import (
	"fmt"
	"strings"
)

// Describe turns one applied action into a line of the game log, e.g.
// "Spy made the toll at W3 (2/2)" or "Elf arrow from W4 hits for 2
// (armour 1): health 4 → 2". before is the state the action was applied to,
// after the state Apply returned.
func Describe(before State, a Action, after State) string {
	if before.w == nil {
		return ""
	}
	var b strings.Builder
	w := before.w
	switch a.Type {
	case TypeSpyShot:
		if before.engaged != "" {
			if a.Made {
				left := before.giants[before.engaged] - 1
				if left > 0 {
					fmt.Fprintf(&b, "Spy made a free throw at giant %s: %s left", before.engaged, plural(left, "cone"))
				} else {
					fmt.Fprintf(&b, "Spy made a free throw: giant %s destroyed, spy moved %s → %s", before.engaged, before.at, after.at)
					b.WriteString(exitNote(before, after))
				}
			} else {
				fmt.Fprintf(&b, "Spy missed a free throw at giant %s", before.engaged)
				b.WriteString(missNote(before, after))
			}
			break
		}
		if a.Made {
			fmt.Fprintf(&b, "Spy made the toll at %s (%d/%d)", before.at, before.paid+1, before.Toll())
			if w.loc[before.at].Kind == KindGate {
				fmt.Fprintf(&b, " and escaped: +%s (%d of %d)", plural(after.points-before.points, "point"), after.points, before.setup.Victory)
			}
		} else {
			fmt.Fprintf(&b, "Spy missed the toll at %s (%d/%d)", before.at, before.paid, before.Toll())
			b.WriteString(missNote(before, after))
		}
	case TypeMove:
		switch {
		case w.loc[before.at].Kind == KindGoto:
			fmt.Fprintf(&b, "Spy took the portal %s → %s", before.at, a.To)
		case after.engaged != "":
			fmt.Fprintf(&b, "Spy heads %s → %s: a giant of %s blocks %s", before.at, a.To, plural(after.giants[after.engaged], "cone"), after.engaged)
		default:
			fmt.Fprintf(&b, "Spy moved %s → %s", before.at, a.To)
			b.WriteString(exitNote(before, after))
		}
	case TypeArrow:
		if a.Made {
			dmg := before.health - after.health
			fmt.Fprintf(&b, "Elf arrow from %s hits for %d", before.at, dmg)
			if before.armour > 0 {
				fmt.Fprintf(&b, " (armour %d)", before.armour)
			}
			fmt.Fprintf(&b, ": health %d → %d", before.health, after.health)
		} else {
			fmt.Fprintf(&b, "Elf arrow from %s misses", before.at)
		}
		fmt.Fprintf(&b, " (%s left)", plural(after.arrows, "arrow"))
	case TypeLeap:
		if a.Made {
			from, _ := before.spanArg(a.From)
			to, _ := before.spanArg(a.To)
			fmt.Fprintf(&b, "Giant leaps %s → %s", from, to)
		} else {
			b.WriteString("Mage missed the leap free throw")
		}
		fmt.Fprintf(&b, " (%s left)", plural(after.leaps, "leap"))
	case TypePass:
		b.WriteString("Mage passes")
	case TypeCast:
		fmt.Fprintf(&b, "Mage casts %s (spell clock %d → %d)", w.card(a.Card).Name, before.spellClock, after.spellClock)
	case TypeSpellShot:
		c := w.card(before.cast.card)
		spot := c.Pattern[before.cast.spot]
		switch {
		case a.Made && before.cast.spot+1 < len(c.Pattern):
			fmt.Fprintf(&b, "Mage made %s (%d of %d) for %s", spot, before.cast.spot+1, len(c.Pattern), c.Name)
		case a.Made:
			grace := c.Grace - before.cast.misses
			fmt.Fprintf(&b, "Mage made %s: %s succeeds with %s left", spot, c.Name, plural(grace, "grace"))
			b.WriteString(effectNote(c, c.Potency(before.cast.misses), before, after))
		case before.cast.misses+1 > c.Grace:
			fmt.Fprintf(&b, "Mage missed %s: %s fails (spell fails %d)", spot, c.Name, before.fails+1)
		default:
			fmt.Fprintf(&b, "Mage missed %s for %s: %s left", spot, c.Name, plural(c.Grace-before.cast.misses-1, "grace"))
		}
	case TypeAbandon:
		fmt.Fprintf(&b, "Mage abandons %s (spell fails %d)", w.card(before.cast.card).Name, before.fails+1)
	case TypeTarget:
		if before.pending.kind == EffectElf {
			fmt.Fprintf(&b, "Elf cone placed on %s (toll %d)", a.At, after.tollAt(a.At))
			if after.pending.kind == EffectElf {
				fmt.Fprintf(&b, ", %d more to place", after.pending.remaining)
			} else if before.pending.remaining > 1 {
				fmt.Fprintf(&b, ", %d more lost: nowhere left to guard", before.pending.remaining-1)
			}
		} else {
			k, _ := before.spanArg(a.Span)
			fmt.Fprintf(&b, "Giant of %s placed on %s", plural(before.pending.size, "cone"), k)
		}
	case TypeBench:
		fmt.Fprintf(&b, "%s joins the court", w.card(a.Card).Name)
		if a.Cut != 0 {
			fmt.Fprintf(&b, ", %s is cut to the bench", w.card(a.Cut).Name)
		}
	case TypeEndHalf:
		b.WriteString("Mage ends the half")
	default:
		return ""
	}
	b.WriteString(transitionNote(before, after))
	return b.String()
}

func exitNote(before, after State) string {
	var notes []string
	if d := after.health - before.health; d != 0 && after.health > 0 {
		notes = append(notes, fmt.Sprintf("health %d → %d", before.health, after.health))
	}
	if after.armour != before.armour {
		notes = append(notes, fmt.Sprintf("armour %d → %d", before.armour, after.armour))
	}
	if len(after.travel) > len(before.travel) {
		notes = append(notes, fmt.Sprintf("travel +%d", after.travel[len(after.travel)-1]))
	}
	if len(notes) == 0 {
		return ""
	}
	return ": " + strings.Join(notes, ", ")
}

func missNote(before, after State) string {
	switch {
	case after.half != before.half || after.over:
		return ""
	case after.misses > before.misses:
		return fmt.Sprintf(", miss %d of %d", after.misses, MissesToEnd)
	case after.shotClock < before.shotClock:
		return fmt.Sprintf(", shot clock %d", after.shotClock)
	}
	return ""
}

func effectNote(c Card, p int, before, after State) string {
	switch c.Effect.Kind {
	case EffectElf:
		return fmt.Sprintf(": %s to place", plural(p, "elf cone"))
	case EffectGiant:
		return fmt.Sprintf(": a giant of %s to place", plural(p, "cone"))
	case EffectArrows:
		return gainNote("arrows", p, before.arrows, after.arrows, MaxArrows)
	case EffectLeaps:
		return gainNote("leaps", p, before.leaps, after.leaps, MaxLeaps)
	case EffectClock:
		return fmt.Sprintf(": spell clock +%d", p)
	case EffectBench:
		if len(after.bonus) < len(before.bonus) {
			return fmt.Sprintf(": no miss, %s joins the bench", before.w.card(before.bonus[0]).Name)
		}
	}
	return ""
}

func transitionNote(before, after State) string {
	switch {
	case after.over && !before.over:
		return fmt.Sprintf(". %s wins: %s", strings.ToUpper(after.winner[:1])+after.winner[1:], after.reason)
	case before.half == HalfSpy && after.half == HalfMage:
		if after.points > before.points || (before.at != after.at && after.at == after.w.start && before.w.loc[before.at].Kind == KindGate) {
			return ". Spy half over"
		}
		return ". Spy half over: spy stays at " + after.at
	case before.half == HalfMage && after.half == HalfSpy:
		return fmt.Sprintf(". Mage half over, turn %d begins", after.turn)
	case !before.win.open && after.win.open:
		return ". Mage may answer"
	}
	return ""
}

// gainNote says what a spell gave, and what the cap took: "arrows +3 (3 →
// 5, 1 lost: at most 5)", so a capped gain does not read as a miscount.
func gainNote(what string, p, before, after, most int) string {
	if lost := before + p - after; lost > 0 {
		return fmt.Sprintf(": %s +%d (%d → %d, %d lost: at most %d)", what, p, before, after, lost, most)
	}
	return fmt.Sprintf(": %s +%d (%d → %d)", what, p, before, after)
}
