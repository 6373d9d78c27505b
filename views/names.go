package views

import "strings"

// The games' names, written once: the play kinds' Info, the scoresheets and
// the new-game screens all read them from here.
const (
	SpellsArrowsName  = "Spells & Arrows"
	MagesTowerName    = "Mage's Tower"
	ArcaneScribesName = "The Arcane Scribes"
)

// NewGameText is the words of a new-game button and heading for a game
// named name: "New Mage's Tower game". A name's leading article goes, so
// The Arcane Scribes gives "New Arcane Scribes game", not "New The Arcane
// Scribes game".
func NewGameText(name string) string {
	return "New " + strings.TrimPrefix(name, "The ") + " game"
}
