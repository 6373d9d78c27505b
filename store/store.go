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
	// ErrInvalidEntry: an entry the log cannot hold (an unknown kind, an
	// action that is not JSON, a ClientID used twice). Nothing of the write
	// was stored.
	ErrInvalidEntry = errors.New("invalid log entry")
	// ErrUnavailable: the database cannot be reached or used at the moment
	// (no connection, a failed or full disk). Nothing of a write that
	// failed this way is to be counted on; the same write may be sent again
	// once the store is back (ClientIDs make it safe).
	ErrUnavailable = errors.New("the database cannot be reached")
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
	// GamesPage is one page of Games(owner): at most limit games after the
	// first offset, in the same order, read in one snapshot with total, the
	// number of games Games would list. An offset past the end is an empty
	// page with the true total. A negative offset or a limit below 1 is an
	// error; an empty owner owns nothing.
	GamesPage(ctx context.Context, owner string, offset, limit int) (games []Game, total int, err error)
	// CountGamesSince counts the games owner created at or after since (by
	// Game.Created; seats held do not count), for a per-device rate limit.
	CountGamesSince(ctx context.Context, owner string, since time.Time) (int, error)
	// DeleteGame removes the game, its log and its seats; ErrNotFound when
	// there is none.
	DeleteGame(ctx context.Context, id string) error

	// CreateGameWithLog is CreateGame and AppendBatch(g.ID, 0, entries) in
	// one transaction: the game exists with its whole log or not at all,
	// even if the process dies halfway (an import is never half stored).
	// The game starts at version len(entries) and its Updated is the latest
	// of Created and the entries' times. Entries follow AppendBatch's rules;
	// an invalid one is ErrInvalidEntry and nothing is created.
	CreateGameWithLog(ctx context.Context, g Game, seats []Seat, entries []Entry) error

	// Load returns the game row and its whole log read in one snapshot, so
	// g.Version == len(log) always holds (Game then Log can see an append
	// land between the two). ErrNotFound when there is no game.
	Load(ctx context.Context, id string) (Game, []Entry, error)
	// Log returns every entry of the game in order.
	Log(ctx context.Context, id string) ([]Entry, error)
	// Append adds e to the log in one transaction, only if the game is still
	// at version expected. A ClientID already in this game's log is a repeat
	// of a write that succeeded: Append returns the current version and no
	// error, and adds nothing. Otherwise a version mismatch is ErrConflict.
	//
	// An empty ClientID carries no idempotency key (never treated as a
	// repeat); an empty Kind is stored as KindAction; a zero At is set to now.
	// An unknown Kind or an Action that is not valid JSON is ErrInvalidEntry.
	// Append (like every write) returns only once the entry is committed.
	Append(ctx context.Context, id string, expected int, e Entry) (version int, err error)
	// AppendBatch adds entries as versions expected+1 ... expected+n in one
	// transaction: all of them or none. The version is checked once, before
	// the first entry.
	//
	// A batch is recognised as a repeat by its first entry: when that
	// ClientID is already in the game's log, the batch succeeded before (a
	// double tap on a multi-step undo, a retry after a lost answer) and AppendBatch
	// returns the current version and no error, adds nothing and checks no
	// version, exactly as a repeated Append does. Otherwise a version
	// mismatch is ErrConflict, and any other entry whose ClientID is already
	// in the log, or two entries of the batch sharing a ClientID, is
	// ErrInvalidEntry (a repeat must repeat from its first entry). An
	// empty batch adds nothing and answers like a version check: the
	// version when it is expected, ErrConflict otherwise.
	//
	// Each entry follows Append's defaults (empty Kind is an action, zero At
	// is now); Seq is ignored. A Kind other than KindAction or KindUndo, or
	// an Action that is not valid JSON, is ErrInvalidEntry. Watchers hear
	// the final version.
	AppendBatch(ctx context.Context, id string, expected int, entries []Entry) (version int, err error)

	// Seats lists the game's seats by index.
	Seats(ctx context.Context, gameID string) ([]Seat, error)
	// SeatByToken reads the seat with that join token without claiming it;
	// ErrNotFound for an unknown token.
	SeatByToken(ctx context.Context, token string) (Seat, error)
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

	// SessionKeys returns the session keys kept in the store, newest first.
	// When none are kept it keeps initial and returns them, in one
	// transaction: of several instances starting at once on one database
	// the first one's keys win and every one gets them. The store keeps
	// keys as opaque text; the caller checks their form.
	SessionKeys(ctx context.Context, initial []string) ([]string, error)
	// AddSessionKeys keeps the keys of add not kept yet, in front of the
	// kept ones (as the newest) when front, otherwise behind them (as the
	// oldest), then drops the oldest beyond keep (keep < 1 drops none). It
	// returns the keys now kept, newest first.
	AddSessionKeys(ctx context.Context, add []string, front bool, keep int) ([]string, error)

	// Clubs: phones that share their games (club.go).
	Clubs
	// Forks: games continued from a moment of another, and what each
	// device last looked at (fork.go).
	Forks

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
