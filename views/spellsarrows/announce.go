package spellsarrows

import (
	"strings"

	"github.com/grimoire-games/grimoire/rules/say"
	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
	"github.com/grimoire-games/grimoire/views"
)

// Announcement is what the announcement strip says after one action: the
// big moments that otherwise only change a colour (an escape, a half that
// ends, a spell that succeeds or fails, a health loss, the game's end), in
// the players' names. Ordinary taps (a toll shot, a move) say nothing: the
// prompt and the next control already tell what comes next. It is computed
// from the states before and after the action and its log line, here in
// views, so the server's answer and the phone's offline answer carry the
// same words.
//
// With them come the calls a phone may speak after the tap (views.Said):
// the same moment in a few words and in full, made here once so the
// screen, the live region and the voice never disagree (static/court.js
// only speaks what it finds on the page).
func Announcement(before, after sa.Snapshot, a sa.Action, line say.Text, spy, mage string) views.Said {
	text := bigMoments(before, after, a, line, spy, mage)
	short, full := calls(before, after, a, line)
	return views.Said{Text: text, Short: short, Full: full}
}

// bigMoments is the strip's words: nothing for an ordinary tap.
func bigMoments(before, after sa.Snapshot, a sa.Action, line say.Text, spy, mage string) say.Text {
	var parts []say.Text
	switch {
	case after.Spy.Points > before.Spy.Points:
		parts = append(parts, say.F("%s escaped through %s: +%d (%d/%d).", spy, before.Spy.At, after.Spy.Points-before.Spy.Points, after.Spy.Points, after.Victory))
	case a.Type == sa.TypeArrow && a.Made && after.Spy.Health < before.Spy.Health:
		parts = append(parts, say.F("Arrow hit %s for %d: health %d.", spy, before.Spy.Health-after.Spy.Health, max(after.Spy.Health, 0)))
	case a.Type == sa.TypeSpellShot && before.Cast != nil && after.Cast == nil,
		a.Type == sa.TypeAbandon:
		// The cast's end: the log line names the spell and what it did.
		parts = append(parts, sentence(cutTransition(line)))
	case a.Type == sa.TypeSpyShot && !a.Made && before.Misses == sa.MissesToEnd-1 && after.Half != before.Half:
		parts = append(parts, say.F("%s: third miss counter.", spy))
	case after.Misses > before.Misses && after.Half == before.Half:
		parts = append(parts, say.F("%s: miss counter %d of %d.", spy, after.Misses, sa.MissesToEnd))
	}
	switch {
	case after.Over:
		parts = append(parts, sentence(say.F("%s: %s", winnerOf(after, spy, mage), after.Reason)))
	case before.Half != after.Half && after.Half == "mage":
		parts = append(parts, say.F("%s's mage half: %s.", mage, say.N(after.Mage.SpellClock, "%d cast", "%d casts")))
	case before.Half != after.Half:
		parts = append(parts, say.F("%s's mage half is over.", mage))
		parts = append(parts, say.F("%s's spy half, turn %d of %d.", spy, after.Turn, after.Turns))
	}
	return say.Join(parts, " ")
}

func winnerOf(s sa.Snapshot, spy, mage string) say.Text {
	switch s.Winner {
	case "spy":
		return say.F("%s (spy) wins", spy)
	case "mage":
		return say.F("%s (mage) wins", mage)
	}
	return say.F("Game over")
}

// cutTransition drops the log line's note on the half or the game (". Spy
// half over", ". Mage wins: ..."), which the announcement says in names.
func cutTransition(line say.Text) say.Text {
	return line.Until(sa.NoteSpyHalfOver, sa.NoteSpyStays, sa.NoteMageHalfOver, sa.NoteSpyWins, sa.NoteMageWins, sa.NoteMageMay)
}

// sentence ends t with a full stop unless it has one.
func sentence(t say.Text) say.Text {
	s := strings.TrimSpace(t.String())
	if s == "" || strings.HasSuffix(s, ".") {
		return t
	}
	return t.Then(say.F("."))
}

// calls are the words said after a tap, short ("Make. 1 of 2.") and full
// ("Make. Spy at W4, toll 2 of 3, shot clock 4."). A shot says its result
// first, the one word a shooter waits for; the other actions say their log
// line, which already names what was done. A log line's arrows ("W3 →
// W4") are read out as words where the call is put on the page
// (views.Spoken).
func calls(before, after sa.Snapshot, a sa.Action, line say.Text) (short, full say.Text) {
	result := say.F("Miss.")
	if a.Made {
		result = say.F("Make.")
	}
	said := sentence(cutTransition(line))
	switch {
	case a.Type == sa.TypeSpyShot && before.Spy.Engaged != "":
		left := after.Giants[before.Spy.Engaged]
		short = say.F("%s Giant %d left.", result, left)
		if a.Made && left == 0 {
			short = say.F("%s Giant destroyed.", result)
		}
		return short, say.F("%s %s", result, said).Then(spyState(after))
	case a.Type == sa.TypeSpyShot:
		paid := before.Spy.Paid
		if a.Made {
			paid++
		}
		short = say.F("%s %d of %d.", result, paid, before.Spy.Toll)
		if a.Made && after.Phase == sa.PhaseSpyMove && after.Half == before.Half {
			short = say.F("%s Toll paid: move.", result)
			full = say.F("%s Toll paid at %s: choose where to go. Shot clock %d.", result, before.Spy.At, after.ShotClock)
		} else if after.Half == before.Half && !after.Over {
			full = say.F("%s Spy at %s, toll %d of %d, shot clock %d.", result, after.Spy.At, after.Spy.Paid, after.Spy.Toll, after.ShotClock)
		} else {
			// The half or the game ended: the strip's words say the rest.
			full = short
		}
		return short, full
	case a.Type == sa.TypeSpellShot && before.Cast != nil:
		if after.Cast == nil {
			// The cast's end: its result is the big moment, said in full.
			return result, result
		}
		spots := say.N(after.Cast.Made, "%d spot", "%d spots")
		short = say.F("%s %s made.", result, spots)
		return short, say.F("%s %s made, %s left, spell clock %d.", result, spots, say.N(after.Cast.Grace, "%d grace", "%d grace"), after.Mage.SpellClock)
	case a.Type == sa.TypeArrow:
		if a.Made {
			return say.F("Arrow hit."), say.F("Arrow hit. %s", said)
		}
		return say.F("Arrow missed."), say.F("Arrow missed. %s", said)
	case a.Type == sa.TypeLeap:
		if a.Made {
			return say.F("Leap made."), said
		}
		return say.F("Leap missed."), said
	}
	if a.Type == sa.TypeMove {
		return say.F("To %s.", a.To), said.Then(spyState(after))
	}
	return said, said
}

// spyState is the full call's note on where the spy stands now.
func spyState(s sa.Snapshot) say.Text {
	if s.Over || s.Half != "spy" {
		return say.Text{}
	}
	return say.F(" Spy at %s, toll %d of %d, shot clock %d.", s.Spy.At, s.Spy.Paid, s.Spy.Toll, s.ShotClock)
}
