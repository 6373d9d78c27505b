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

// Forks is what continuing a game from a moment and the "since you last
// looked" recap need from the store.
type Forks interface {
	// CreateFork is CreateGameWithLog and f's row in one transaction: the
	// fork exists with its whole log and where it came from, or not at
	// all. f.GameID is g.ID.
	CreateFork(ctx context.Context, g Game, seats []Seat, entries []Entry, f Fork) error
	// Lineage reads game id's forks, both ways, in one snapshot. A game
	// with none (or no game) is an empty Lineage.
	Lineage(ctx context.Context, id string) (Lineage, error)

	// LastLook is the version of game id this device last looked at, ok
	// false when it never looked (or the game is gone).
	LastLook(ctx context.Context, id, device string) (version int, ok bool, err error)
	// Look records that device has seen game id at version: one write,
	// which never moves a device's mark back (a stale or repeated look
	// changes nothing). Deleting the game deletes its marks. An unknown
	// game is ErrNotFound.
	Look(ctx context.Context, id, device string, version int) error
}
