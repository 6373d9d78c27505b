package views

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
	// Dismiss is the URL the dismiss button posts to; Version the game's
	// version the recap runs to (posted with it).
	Dismiss string
	Version int
	CSRF    string
}

// RecapLine is one action in words, numbered as the log numbers it.
type RecapLine struct {
	N    int
	Text string
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
