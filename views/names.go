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

// SheetTitle is the English title of a game's scoresheet page:
// "Scoresheet: Ana (spy) vs Ben (mage)". The sheets' frame words it in the
// page's language (lang.SheetPageTitle); this one is for a game kind made
// without the frame.
func SheetTitle(title string) string { return "Scoresheet: " + title }

// BlankSheetTitle is the English title of a game's blank scoresheet page
// (the frame says lang.SheetBlankPageTitle).
func BlankSheetTitle(game string) string { return game + " blank scoresheet" }
