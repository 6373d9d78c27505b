package views

import "github.com/grimoire-games/grimoire/rules/say"

// Recap is "since you last looked" on a running game's page: the actions
// in force since the version this device last saw, as this viewer may
// read them (play/session.Recap).
type Recap struct {
	Lines []RecapLine
	// Earlier counts the actions since the last look left out above Lines
	// (a long absence shows the latest only).
	Earlier int
	// TakenBack counts the actions in force at the last look that were
	// undone since.
	TakenBack int
	// Page is the game's page: without JavaScript the dismiss is a link
	// back to it (the device's mark moved when the recap was drawn, so it
	// comes back without it). Dismiss is what htmx asks instead (a GET
	// that moves the mark up to Version, the version the recap runs to,
	// and answers nothing, which swaps the panel away). Neither is a form,
	// so a spectator's page still offers no write.
	Page, Dismiss string
	Version       int
}

// RecapLine is one action in words, numbered as the log numbers it.
type RecapLine struct {
	N    int
	Text say.Text
}

// ForkLine is one line on a game's page naming a game it was continued
// from (From) or one continued from it: "Continued from Ana vs Ben at
// action 12". URL is "" when that game was deleted.
type ForkLine struct {
	From  bool
	Title string
	URL   string
	At    int
}
