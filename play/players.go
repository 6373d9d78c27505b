package play

import (
	"net/url"
	"time"

	"github.com/a-h/templ"

	"github.com/grimoire-games/grimoire/views"
)

// PlayerGame is one game of a device's history as the player pages read it:
// the table (as the device's own seat sees it, so nothing hidden from that
// seat reaches a player page) and when the game was started.
type PlayerGame struct {
	Table   Table
	Started time.Time
	URL     string // the game's page for this device ("/g/ID")
}

// Records is the optional part of a Kind whose records make a player's
// record across games (Spells & Arrows: every basket attempt). The server
// hands it the games of one device, newest first, in which the name plays,
// each game once (Distinct); which games a device may see is the server's
// decision, never the kind's.
type Records interface {
	// PlayerRecord is the kind's section of a player's page. q is the
	// page's query (the kind reads its own options, e.g. "last").
	PlayerRecord(name string, games []PlayerGame, q url.Values) (templ.Component, error)
	// PlayerRows is the player's record as a table for CSV export: a
	// header row, then one row per entry (a Spells & Arrows attempt).
	PlayerRows(name string, games []PlayerGame) ([][]string, error)
}

// Advisor is the optional part of a Kind whose new-game form has an
// advisor fragment computed on the server (Spells & Arrows: the Victory
// Number advisor).
type Advisor interface {
	// AdviceNames are the player names the fragment for q needs records of.
	AdviceNames(q url.Values) []string
	// Advice is the fragment for the form's fields q, over the device's
	// games of those names. more is asked between rounds of work and says
	// whether time is left; at least one round is always done, so the
	// answer depends only on q, the games and how many rounds ran.
	Advice(p views.Page, q url.Values, games []PlayerGame, more func() bool, partial bool) (templ.Component, error)
	// AdviceOffline is the same fragment drawn on a phone without network
	// (the WebAssembly module), over the games saved on the phone: it says
	// it was simulated there.
	AdviceOffline(q url.Values, games []PlayerGame, more func() bool) (templ.Component, error)
}

// Proposer is the optional part of a Kind whose new-game form proposes
// values from the players' records (Spells & Arrows: a Victory Number fair
// for the two players).
type Proposer interface {
	// ProposalNames are the player names whose records the form for q and
	// prev needs (none: the form proposes for players without games).
	ProposalNames(q url.Values, prev *Table) []string
	// NewGamePageFrom is NewGamePage over the device's games of those
	// names, newest first.
	NewGamePageFrom(p views.Page, q url.Values, prev *Table, games []PlayerGame) templ.Component
}
