package spellsarrows

import (
	"fmt"
	"strconv"
	"strings"

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
func Announcement(before, after sa.Snapshot, a sa.Action, line string, spy, mage string) views.Said {
	text := bigMoments(before, after, a, line, spy, mage)
	short, full := calls(before, after, a, line)
	return views.Said{Text: text, Short: short, Full: full}
}

// bigMoments is the strip's words: "" for an ordinary tap.
func bigMoments(before, after sa.Snapshot, a sa.Action, line string, spy, mage string) string {
	var parts []string
	switch {
	case after.Spy.Points > before.Spy.Points:
		parts = append(parts, fmt.Sprintf("%s escaped through %s: +%d (%d/%d).", spy, before.Spy.At, after.Spy.Points-before.Spy.Points, after.Spy.Points, after.Victory))
	case a.Type == sa.TypeArrow && a.Made && after.Spy.Health < before.Spy.Health:
		parts = append(parts, fmt.Sprintf("Arrow hit %s for %d: health %d.", spy, before.Spy.Health-after.Spy.Health, max(after.Spy.Health, 0)))
	case a.Type == sa.TypeSpellShot && before.Cast != nil && after.Cast == nil,
		a.Type == sa.TypeAbandon:
		// The cast's end: the log line names the spell and what it did.
		parts = append(parts, sentence(cutTransition(line)))
	case a.Type == sa.TypeSpyShot && !a.Made && before.Misses == sa.MissesToEnd-1 && after.Half != before.Half:
		parts = append(parts, fmt.Sprintf("%s: third miss counter.", spy))
	case after.Misses > before.Misses && after.Half == before.Half:
		parts = append(parts, fmt.Sprintf("%s: miss counter %d of %d.", spy, after.Misses, sa.MissesToEnd))
	}
	switch {
	case after.Over:
		parts = append(parts, sentence(winnerOf(after, spy, mage)+": "+after.Reason))
	case before.Half != after.Half && after.Half == "mage":
		parts = append(parts, fmt.Sprintf("%s's mage half: %s.", mage, plural(after.Mage.SpellClock, "cast", "casts")))
	case before.Half != after.Half:
		parts = append(parts, fmt.Sprintf("%s's mage half is over.", mage))
		parts = append(parts, fmt.Sprintf("%s's spy half, turn %d of %d.", spy, after.Turn, after.Turns))
	}
	return strings.Join(parts, " ")
}

func winnerOf(s sa.Snapshot, spy, mage string) string {
	switch s.Winner {
	case "spy":
		return spy + " (spy) wins"
	case "mage":
		return mage + " (mage) wins"
	}
	return "Game over"
}

// cutTransition drops the log line's note on the half or the game (". Spy
// half over", ". Mage wins: ..."), which the announcement says in names.
func cutTransition(line string) string {
	for _, mark := range []string{". Spy half over", ". Mage half over", ". Spy wins", ". Mage wins", ". Mage may answer"} {
		if i := strings.Index(line, mark); i >= 0 {
			line = line[:i]
		}
	}
	return line
}

func sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" || strings.HasSuffix(s, ".") {
		return s
	}
	return s + "."
}

// calls are the words said after a tap, short ("Make. 1 of 2.") and full
// ("Make. Spy at W4, toll 2 of 3, shot clock 4."). A shot says its result
// first, the one word a shooter waits for; the other actions say their log
// line, which already names what was done.
func calls(before, after sa.Snapshot, a sa.Action, line string) (short, full string) {
	result := "Miss."
	if a.Made {
		result = "Make."
	}
	switch {
	case a.Type == sa.TypeSpyShot && before.Spy.Engaged != "":
		left := after.Giants[before.Spy.Engaged]
		short = result + " Giant " + strconv.Itoa(left) + " left."
		if a.Made && left == 0 {
			short = result + " Giant destroyed."
		}
		return short, result + " " + spoken(sentence(cutTransition(line))) + spyState(after)
	case a.Type == sa.TypeSpyShot:
		paid := before.Spy.Paid
		if a.Made {
			paid++
		}
		short = fmt.Sprintf("%s %d of %d.", result, paid, before.Spy.Toll)
		full = fmt.Sprintf("%s Spy at %s, toll %d of %d, shot clock %d.", result, before.Spy.At, paid, before.Spy.Toll, before.ShotClock)
		if a.Made && after.Phase == sa.PhaseSpyMove && after.Half == before.Half {
			short = result + " Toll paid: move."
			full = fmt.Sprintf("%s Toll paid at %s: choose where to go. Shot clock %d.", result, before.Spy.At, after.ShotClock)
		} else if after.Half == before.Half && !after.Over {
			full = fmt.Sprintf("%s Spy at %s, toll %d of %d, shot clock %d.", result, after.Spy.At, after.Spy.Paid, after.Spy.Toll, after.ShotClock)
		} else {
			// The half or the game ended: the strip's words say the rest.
			full = short
		}
		return short, full
	case a.Type == sa.TypeSpellShot && before.Cast != nil:
		if after.Cast == nil {
			// The cast ended: its result is the big moment, said in full.
			return result, result
		}
		short = fmt.Sprintf("%s %s made.", result, plural(after.Cast.Made, "spot", "spots"))
		return short, fmt.Sprintf("%s %s made, %s left, spell clock %d.", result, plural(after.Cast.Made, "spot", "spots"), plural(after.Cast.Grace, "grace", "grace"), after.Mage.SpellClock)
	case a.Type == sa.TypeArrow:
		if a.Made {
			return "Arrow hit.", "Arrow hit. " + spoken(sentence(cutTransition(line)))
		}
		return "Arrow missed.", "Arrow missed. " + spoken(sentence(cutTransition(line)))
	case a.Type == sa.TypeLeap:
		if a.Made {
			return "Leap made.", spoken(sentence(cutTransition(line)))
		}
		return "Leap missed.", spoken(sentence(cutTransition(line)))
	}
	said := spoken(sentence(cutTransition(line)))
	if a.Type == sa.TypeMove {
		return fmt.Sprintf("To %s.", a.To), said + spyState(after)
	}
	return said, said
}

// spyState is the full call's note on where the spy stands now.
func spyState(s sa.Snapshot) string {
	if s.Over || s.Half != "spy" {
		return ""
	}
	return fmt.Sprintf(" Spy at %s, toll %d of %d, shot clock %d.", s.Spy.At, s.Spy.Paid, s.Spy.Toll, s.ShotClock)
}

// spoken reads a log line's arrow as a voice would say it.
func spoken(s string) string { return strings.ReplaceAll(s, " → ", " to ") }
