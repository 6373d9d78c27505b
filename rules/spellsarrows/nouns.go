package spellsarrows

import "github.com/grimoire-games/grimoire/rules/say"

// The counted nouns of the game's sentences, each with both English forms
// written out where lang's catalog test can find them ("2 cones"; each
// language picks its own form for the number).

func cones(n int) say.Text      { return say.N(n, "%d cone", "%d cones") }
func elfCones(n int) say.Text   { return say.N(n, "%d elf cone", "%d elf cones") }
func arrowsLeft(n int) say.Text { return say.N(n, "%d arrow", "%d arrows") }
func leapsLeft(n int) say.Text  { return say.N(n, "%d leap", "%d leaps") }
func points(n int) say.Text     { return say.N(n, "%d point", "%d points") }
func baskets(n int) say.Text    { return say.N(n, "%d basket", "%d baskets") }
func graces(n int) say.Text     { return say.N(n, "%d grace", "%d grace") }
func misses(n int) say.Text     { return say.N(n, "%d miss", "%d misses") }
func attempts(n int) say.Text   { return say.N(n, "%d attempt", "%d attempts") }
func fails(n int) say.Text      { return say.N(n, "%d fail", "%d fails") }

// zoneWords is a zone as a town's kind is qualified by it ("inside town").
func zoneWords(z string) say.Text {
	if z == ZoneArc {
		return say.F("on-the-arc")
	}
	return say.F("inside")
}

// kindWords is a guarded location's kind in words: a town or a gate.
func kindWords(k string) say.Text {
	if k == KindGate {
		return say.F("gate")
	}
	return say.F("town")
}
