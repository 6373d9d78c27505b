package spellsarrows

import (
	"fmt"
	"strings"

	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
)

// Announcement is what the announcement strip says after one action: the
// big moments that otherwise only change a colour (an escape, a half that
// ends, a spell that succeeds or fails, a health loss, the game's end), in
// the players' names. Ordinary taps (a toll shot, a move) say nothing: the
// prompt and the next control already tell what comes next. It is computed
// from the states before and after the action and its log line, here in
// views, so the server's answer and the phone's offline answer carry the
// same words.
func Announcement(before, after sa.Snapshot, a sa.Action, line string, spy, mage string) string {
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
