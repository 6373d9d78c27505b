package spellsarrows

import (
	"github.com/grimoire-games/grimoire/rules/say"
)

// Describe turns one applied action into a line of the game log, e.g.
// "Spy made the toll at W3 (2/2)" or "Elf arrow from W4 hits for 2
// (armour 1): health 4 → 2". before is the state the action was applied to,
// after the state Apply returned. The line is a say.Text: its String is
// the English, and a screen says it in its reader's language.
func Describe(before State, a Action, after State) say.Text {
	if before.w == nil {
		return say.Text{}
	}
	var b say.Text
	w := before.w
	switch a.Type {
	case TypeSpyShot:
		if before.engaged != "" {
			if a.Made {
				left := before.giants[before.engaged] - 1
				if left > 0 {
					b = b.Then(say.F("Spy made a free throw at giant %s: %s left", before.engaged, cones(left)))
				} else {
					b = b.Then(say.F("Spy made a free throw: giant %s destroyed, spy moved %s → %s", before.engaged, before.at, after.at))
					b = b.Then(exitNote(before, after))
				}
			} else {
				b = b.Then(say.F("Spy missed a free throw at giant %s", before.engaged))
				b = b.Then(missNote(before, after))
			}
			break
		}
		if a.Made {
			b = b.Then(say.F("Spy made the toll at %s (%d/%d)", before.at, before.paid+1, before.Toll()))
			if w.loc[before.at].Kind == KindGate {
				b = b.Then(say.F(" and escaped: +%s (%d of %d)", points(after.points-before.points), after.points, before.setup.Victory))
			}
		} else {
			b = b.Then(say.F("Spy missed the toll at %s (%d/%d)", before.at, before.paid, before.Toll()))
			b = b.Then(missNote(before, after))
		}
	case TypeMove:
		switch {
		case w.loc[before.at].Kind == KindGoto:
			b = b.Then(say.F("Spy took the portal %s → %s", before.at, a.To))
		case after.engaged != "":
			b = b.Then(say.F("Spy heads %s → %s: a giant of %s blocks %s", before.at, a.To, cones(after.giants[after.engaged]), after.engaged))
		default:
			b = b.Then(say.F("Spy moved %s → %s", before.at, a.To))
			b = b.Then(exitNote(before, after))
		}
	case TypeArrow:
		if a.Made {
			dmg := before.health - after.health
			b = b.Then(say.F("Elf arrow from %s hits for %d", before.at, dmg))
			if before.armour > 0 {
				b = b.Then(say.F(" (armour %d)", before.armour))
			}
			b = b.Then(say.F(": health %d → %d", before.health, after.health))
		} else {
			b = b.Then(say.F("Elf arrow from %s misses", before.at))
		}
		b = b.Then(say.F(" (%s left)", arrowsLeft(after.arrows)))
	case TypeLeap:
		if a.Made {
			from, _ := before.spanArg(a.From)
			to, _ := before.spanArg(a.To)
			b = b.Then(say.F("Giant leaps %s → %s", from, to))
		} else {
			b = b.Then(say.F("Mage missed the leap free throw"))
		}
		b = b.Then(say.F(" (%s left)", leapsLeft(after.leaps)))
	case TypePass:
		b = b.Then(say.F("Mage passes"))
	case TypeCast:
		b = b.Then(say.F("Mage casts %s (spell clock %d → %d)", w.card(a.Card).Name, before.spellClock, after.spellClock))
	case TypeSpellShot:
		c := w.card(before.cast.card)
		spot := c.Pattern[before.cast.spot]
		switch {
		case a.Made && before.cast.spot+1 < len(c.Pattern):
			b = b.Then(say.F("Mage made %s (%d of %d) for %s", spot, before.cast.spot+1, len(c.Pattern), c.Name))
		case a.Made:
			grace := c.Grace - before.cast.misses
			b = b.Then(say.F("Mage made %s: %s succeeds with %s left", spot, c.Name, graces(grace)))
			b = b.Then(effectNote(c, c.Potency(before.cast.misses), before, after))
		case before.cast.misses+1 > c.Grace:
			b = b.Then(say.F("Mage missed %s: %s fails (spell fails %d)", spot, c.Name, before.fails+1))
		default:
			b = b.Then(say.F("Mage missed %s for %s: %s left", spot, c.Name, graces(c.Grace-before.cast.misses-1)))
		}
	case TypeAbandon:
		b = b.Then(say.F("Mage abandons %s (spell fails %d)", w.card(before.cast.card).Name, before.fails+1))
	case TypeTarget:
		if before.pending.kind == EffectElf {
			b = b.Then(say.F("Elf cone placed on %s (toll %d)", a.At, after.tollAt(a.At)))
			if after.pending.kind == EffectElf {
				b = b.Then(say.F(", %d more to place", after.pending.remaining))
			} else if before.pending.remaining > 1 {
				b = b.Then(say.F(", %d more lost: nowhere left to guard", before.pending.remaining-1))
			}
		} else {
			k, _ := before.spanArg(a.Span)
			b = b.Then(say.F("Giant of %s placed on %s", cones(before.pending.size), k))
		}
	case TypeBench:
		b = b.Then(say.F("%s joins the court", w.card(a.Card).Name))
		if a.Cut != 0 {
			b = b.Then(say.F(", %s is cut to the bench", w.card(a.Cut).Name))
		}
	case TypeEndHalf:
		b = b.Then(say.F("Mage ends the half"))
	default:
		return say.Text{}
	}
	return b.Then(transitionNote(before, after))
}

func exitNote(before, after State) say.Text {
	var notes []say.Text
	if d := after.health - before.health; d != 0 && after.health > 0 {
		notes = append(notes, say.F("health %d → %d", before.health, after.health))
	}
	if after.armour != before.armour {
		notes = append(notes, say.F("armour %d → %d", before.armour, after.armour))
	}
	if len(after.travel) > len(before.travel) {
		notes = append(notes, say.F("travel +%d", after.travel[len(after.travel)-1]))
	}
	if len(notes) == 0 {
		return say.Text{}
	}
	return say.F(": ").Then(say.Join(notes, ", "))
}

func missNote(before, after State) say.Text {
	switch {
	case after.half != before.half || after.over:
		return say.Text{}
	case after.misses > before.misses:
		return say.F(", miss %d of %d", after.misses, MissesToEnd)
	case after.shotClock < before.shotClock:
		return say.F(", shot clock %d", after.shotClock)
	}
	return say.Text{}
}

func effectNote(c Card, p int, before, after State) say.Text {
	switch c.Effect.Kind {
	case EffectElf:
		return say.F(": %s to place", elfCones(p))
	case EffectGiant:
		return say.F(": a giant of %s to place", cones(p))
	case EffectArrows:
		return gainNote(say.F("arrows"), p, before.arrows, after.arrows, MaxArrows)
	case EffectLeaps:
		return gainNote(say.F("leaps"), p, before.leaps, after.leaps, MaxLeaps)
	case EffectClock:
		return say.F(": spell clock +%d", p)
	case EffectBench:
		if len(after.bonus) < len(before.bonus) {
			return say.F(": no miss, %s joins the bench", before.w.card(before.bonus[0]).Name)
		}
	}
	return say.Text{}
}

// The half's and the game's end as the log line's last part; the
// announcement (views) cuts a line at these patterns and says the same
// in the players' names.
const (
	NoteSpyWins      = ". Spy wins: %s"
	NoteMageWins     = ". Mage wins: %s"
	NoteSpyHalfOver  = ". Spy half over"
	NoteSpyStays     = ". Spy half over: spy stays at %s"
	NoteMageHalfOver = ". Mage half over, turn %d begins"
	NoteMageMay      = ". Mage may answer"
)

func transitionNote(before, after State) say.Text {
	switch {
	case after.over && !before.over:
		if after.winner == WinnerSpy {
			return say.F(NoteSpyWins, after.reason)
		}
		return say.F(NoteMageWins, after.reason)
	case before.half == HalfSpy && after.half == HalfMage:
		if after.points > before.points || (before.at != after.at && after.at == after.w.start && before.w.loc[before.at].Kind == KindGate) {
			return say.F(NoteSpyHalfOver)
		}
		return say.F(NoteSpyStays, after.at)
	case before.half == HalfMage && after.half == HalfSpy:
		return say.F(NoteMageHalfOver, after.turn)
	case !before.win.open && after.win.open:
		return say.F(NoteMageMay)
	}
	return say.Text{}
}

// gainNote says what a spell gave, and what the cap took: "arrows +3 (3 →
// 5, 1 lost: at most 5)", so a capped gain does not read as a miscount.
func gainNote(what say.Text, p, before, after, most int) say.Text {
	if lost := before + p - after; lost > 0 {
		return say.F(": %s +%d (%d → %d, %d lost: at most %d)", what, p, before, after, lost, most)
	}
	return say.F(": %s +%d (%d → %d)", what, p, before, after)
}
