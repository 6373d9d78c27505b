package store

import "context"

// Fork says that game GameID was continued from game From: it was made
// from From's setup and its first At actions in force (docs/forks.md).
// It is kept beside the games, not in either record: a record stays the
// game as played, and a fork's record is a good record on its own.
type Fork struct {
	GameID string
	From   string
	At     int
}

// ForkLink is one end of a fork as a game's page names it: the other
// game, its title and spectator token (empty when it was deleted since),
// and the action it was continued at.
type ForkLink struct {
	ID             string
	Title          string
	SpectatorToken string
	At             int
	Gone           bool // the game was deleted since
}

// Lineage is where a game came from (From, nil for a game started
// afresh) and the games continued from it (To, oldest first).
type Lineage struct {
	From *ForkLink
	To   []ForkLink
}

// Marks is what a game's whole page shows of its own beside the game, for
// one device: the game's lineage and the version of the game this device
// last looked at (Looked false when it never did).
type Marks struct {
	Lineage
	Look   int
	Looked bool
}

// Forks is what continuing a game from a moment and the "since you last
// looked" recap need from the store.
type Forks interface {
	// CreateFork is CreateGameWithLog and f's row in one transaction: the
	// fork exists with its whole log and where it came from, or not at
	// all. f.GameID is g.ID.
	CreateFork(ctx context.Context, g Game, seats []Seat, entries []Entry, f Fork) error
	// Marks reads game id's forks, both ways, and device's mark on it,
	// in one statement (one snapshot, one round trip: every whole game
	// page reads it). A game with none (or no game) is empty Marks.
	Marks(ctx context.Context, id, device string) (Marks, error)

	// Look records that device has seen game id at version: one write,
	// which never moves a device's mark back (a stale or repeated look
	// changes nothing). Deleting the game deletes its marks. An unknown
	// game is ErrNotFound.
	Look(ctx context.Context, id, device string, version int) error
}
