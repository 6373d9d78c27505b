// Package store keeps games as append-only action logs. A game's state is
// never stored: the app rebuilds it by replaying the log through the game's
// rules package. SQLite (package store/sqlite) is the embedded default and
// PostgreSQL (package store/postgres) serves when a URL is given; both pass
// the one suite in store/storetest.
package store

import (
	"context"
	"encoding/json"
	"errors"
	"time"
)

var (
	// ErrNotFound: no game (or seat) with that id or token. Every method
	// that names a game returns it for an unknown one, except Seats (an
	// empty list) and Games (which names an owner).
	ErrNotFound = errors.New("not found")
	// ErrConflict: the write was made against an older version of the game;
	// somebody else (or an earlier tap) changed it first.
	ErrConflict = errors.New("the game changed since this screen was drawn")
	// ErrSeatTaken: the seat is already bound to another device.
	ErrSeatTaken = errors.New("that seat is already taken on another device")
)

// Entry kinds. The log only ever grows: an undo is an entry of its own that
// takes back the latest action still in force, so a version number never
// repeats and a stale tap can always be recognised.
const (
	KindAction = "action"
	KindUndo   = "undo"
)

// Game is the row that names a game; its moves live in the log.
type Game struct {
	ID             string          // random, URL-safe
	Kind           string          // record game id: "spells-arrows", ...
	Title          string          // shown in lists, e.g. "Ana vs Ben"
	Owner          string          // session id of the scorekeeper who created it
	SpectatorToken string          // random, distinct from ID; read-only view
	Seed           int64           // record seed
	Setup          json.RawMessage // record setup, as the rules package reads it
	Version        int             // number of log entries (0 for a new game)
	Created        time.Time
	Updated        time.Time
}

// Entry is one line of a game's log.
type Entry struct {
	Seq      int             // 1-based position in the log; equals the version it created
	Kind     string          // KindAction or KindUndo
	Action   json.RawMessage // record action (nil for an undo)
	Seat     int             // seat that made it, -1 for the scorekeeper
	ClientID string          // idempotency key chosen by the client
	At       time.Time
}

// Seat is a place at the table that one device may claim with its join token.
type Seat struct {
	GameID string
	Index  int
	Name   string
	Token  string // join token (random)
	Holder string // session id of the device holding it, "" while free
}

// Store is what the handlers need from persistence.
type Store interface {
	// CreateGame stores a new game with its seats (may be none). g.Version
	// is ignored (a new log is empty); a zero g.Created is set to now and
	// Updated starts equal to it. Seat tokens and the spectator token must be
	// unique across all games.
	CreateGame(ctx context.Context, g Game, seats []Seat) error
	// Game returns the game row; ErrNotFound when there is none.
	Game(ctx context.Context, id string) (Game, error)
	// GameBySpectatorToken finds the game a spectator link points to.
	GameBySpectatorToken(ctx context.Context, token string) (Game, error)
	// Games lists the games created by owner or with a seat held by owner,
	// most recently updated first.
	Games(ctx context.Context, owner string) ([]Game, error)
	// DeleteGame removes the game, its log and its seats; ErrNotFound when
	// there is none.
	DeleteGame(ctx context.Context, id string) error

	// Log returns every entry of the game in order.
	Log(ctx context.Context, id string) ([]Entry, error)
	// Append adds e to the log in one transaction, only if the game is still
	// at version expected. A ClientID already in this game's log is a repeat
	// of a write that succeeded: Append returns the current version and no
	// error, and adds nothing. Otherwise a version mismatch is ErrConflict.
	//
	// An empty ClientID carries no idempotency key (never treated as a
	// repeat); an empty Kind is stored as KindAction; a zero At is set to now.
	Append(ctx context.Context, id string, expected int, e Entry) (version int, err error)

	// Seats lists the game's seats by index.
	Seats(ctx context.Context, gameID string) ([]Seat, error)
	// ClaimSeat binds the seat with that join token to holder. Claiming a
	// seat the same holder already has is fine; another holder's is
	// ErrSeatTaken.
	ClaimSeat(ctx context.Context, token, holder string) (Seat, error)

	// Watch sends the game's new version after every append (and closes the
	// channel when ctx ends). It only says "look": a reader that misses a
	// value still catches up by reading the log. A reader sees versions only
	// increase, possibly skipping some; subscribe first, then read the log,
	// so nothing falls between the two. The channel also closes when the
	// Store closes; an unknown game is ErrNotFound.
	Watch(ctx context.Context, id string) (<-chan int, error)

	Close() error
}

// InForce folds a log into the action entries still in force: every undo
// entry takes back the latest action before it.
func InForce(log []Entry) []Entry {
	out := make([]Entry, 0, len(log))
	for _, e := range log {
		switch e.Kind {
		case KindUndo:
			if len(out) > 0 {
				out = out[:len(out)-1]
			}
		default:
			out = append(out, e)
		}
	}
	return out
}

// Actions is InForce as the record's action list.
func Actions(log []Entry) []json.RawMessage {
	in := InForce(log)
	out := make([]json.RawMessage, len(in))
	for i, e := range in {
		out[i] = e.Action
	}
	return out
}
