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

// ConfirmNewGameTitle is the title of every game's confirmation step.
const ConfirmNewGameTitle = "Confirm the new game"

// SheetTitle is the title of a game's scoresheet page: "Scoresheet: Ana
// (spy) vs Ben (mage)".
func SheetTitle(title string) string { return "Scoresheet: " + title }

// BlankSheetTitle is the title of a game's blank scoresheet page.
func BlankSheetTitle(game string) string { return game + " blank scoresheet" }
