// Package sqlite is the embedded store: one database file, pure Go
// (modernc.org/sqlite, no cgo).
//
// Writes go through a single connection whose transactions begin IMMEDIATE,
// so two writers never deadlock upgrading a read lock and the version check
// in Append cannot race; reads use a separate pool that WAL lets run beside
// the writer. synchronous=FULL because NORMAL can lose an acknowledged move
// on power loss.
//
// Watch is served in-process: only this Store's own writes are seen, which is
// all there is when one process owns the file.
package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" driver

	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/store/internal/broker"
)

// Store implements store.Store on one SQLite file.
type Store struct {
	w      *sql.DB // exactly one connection: the only writer
	r      *sql.DB // read-only pool
	broker *broker.Broker

	closeOnce sync.Once
	closeErr  error
}

var _ store.Store = (*Store)(nil)

// Open opens (creating if needed) the database at path, creating its parent
// directory too, and brings the schema up to date.
func Open(path string) (*Store, error) {
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return nil, fmt.Errorf("open sqlite store: %w", err)
		}
	}
	w, err := sql.Open("sqlite", dsn(path, true))
	if err != nil {
		return nil, fmt.Errorf("open sqlite store %s: %w", path, err)
	}
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxLifetime(0)
	w.SetConnMaxIdleTime(0)
	if err := migrate(context.Background(), w); err != nil {
		w.Close()
		return nil, fmt.Errorf("open sqlite store %s: %w", path, err)
	}
	// Opened after migrate so WAL mode is already set on the file.
	r, err := sql.Open("sqlite", dsn(path, false))
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("open sqlite store %s: %w", path, err)
	}
	n := max(4, runtime.GOMAXPROCS(0))
	r.SetMaxOpenConns(n)
	r.SetMaxIdleConns(n)
	return &Store{w: w, r: r, broker: broker.New()}, nil
}

// dsn builds the connection string. The path is escaped because the driver
// treats it as a URI (file:...) where ?, # and % are special.
func dsn(path string, write bool) string {
	esc := strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(path)
	q := "_pragma=busy_timeout(5000)&_pragma=foreign_keys(1)&_pragma=synchronous(FULL)"
	if write {
		q += "&_pragma=journal_mode(WAL)&_txlock=immediate"
	} else {
		q += "&_pragma=query_only(1)"
	}
	return "file:" + esc + "?" + q
}

func migrate(ctx context.Context, db *sql.DB) error {
	tx, err := db.BeginTx(ctx, nil) // IMMEDIATE: two processes opening at once queue here
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	defer tx.Rollback()
	var have int
	if err := tx.QueryRowContext(ctx, "PRAGMA user_version").Scan(&have); err != nil {
		return fmt.Errorf("migrate: read user_version: %w", err)
	}
	if have > len(migrations) {
		return fmt.Errorf("migrate: database schema version %d is newer than this program (%d)", have, len(migrations))
	}
	for i := have; i < len(migrations); i++ {
		if _, err := tx.ExecContext(ctx, migrations[i]); err != nil {
			return fmt.Errorf("migrate to version %d: %w", i+1, err)
		}
	}
	if have == len(migrations) {
		return nil
	}
	// PRAGMA takes no bound parameters; the value is our own integer.
	if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", len(migrations))); err != nil {
		return fmt.Errorf("migrate: set user_version: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("migrate: commit: %w", err)
	}
	return nil
}

// Close closes the database and every Watch channel. It is safe to call more
// than once.
func (s *Store) Close() error {
	s.closeOnce.Do(func() {
		s.broker.Close()
		s.closeErr = errors.Join(s.r.Close(), s.w.Close())
	})
	return s.closeErr
}

const gameCols = `id, kind, title, owner, spectator_token, seed, setup, version, created, updated`

// CreateGame stores g and its seats. A zero Created is set to now; Updated
// starts equal to Created; Version is ignored because a new log is empty.
func (s *Store) CreateGame(ctx context.Context, g store.Game, seats []store.Seat) error {
	if g.Created.IsZero() {
		g.Created = time.Now()
	}
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("create game %s: %w", g.ID, err)
	}
	defer tx.Rollback()
	ms := g.Created.UnixMilli()
	_, err = tx.ExecContext(ctx, `INSERT INTO games (`+gameCols+`) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?)`,
		g.ID, g.Kind, g.Title, g.Owner, g.SpectatorToken, g.Seed, rawText(g.Setup), ms, ms)
	if err != nil {
		return fmt.Errorf("create game %s: %w", g.ID, err)
	}
	for _, seat := range seats {
		_, err = tx.ExecContext(ctx, `INSERT INTO seats (game_id, idx, name, token, holder) VALUES (?, ?, ?, ?, ?)`,
			g.ID, seat.Index, seat.Name, seat.Token, seat.Holder)
		if err != nil {
			return fmt.Errorf("create game %s: seat %d: %w", g.ID, seat.Index, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("create game %s: %w", g.ID, err)
	}
	return nil
}

// Game returns the game row; store.ErrNotFound when there is none.
func (s *Store) Game(ctx context.Context, id string) (store.Game, error) {
	g, err := scanGame(s.r.QueryRowContext(ctx, `SELECT `+gameCols+` FROM games WHERE id = ?`, id))
	if err != nil {
		return store.Game{}, fmt.Errorf("game %s: %w", id, err)
	}
	return g, nil
}

// GameBySpectatorToken finds the game a spectator link points to.
func (s *Store) GameBySpectatorToken(ctx context.Context, token string) (store.Game, error) {
	g, err := scanGame(s.r.QueryRowContext(ctx, `SELECT `+gameCols+` FROM games WHERE spectator_token = ?`, token))
	if err != nil {
		return store.Game{}, fmt.Errorf("game by spectator token: %w", err)
	}
	return g, nil
}

// Games lists the games owner created or holds a seat in, most recently
// updated first. An empty owner owns nothing (and must not match free seats).
func (s *Store) Games(ctx context.Context, owner string) ([]store.Game, error) {
	if owner == "" {
		return nil, nil
	}
	rows, err := s.r.QueryContext(ctx, `SELECT `+gameCols+` FROM games g
		WHERE g.owner = ?1 OR EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.holder = ?1)
		ORDER BY g.updated DESC, g.created DESC, g.id`, owner)
	if err != nil {
		return nil, fmt.Errorf("games of %s: %w", owner, err)
	}
	defer rows.Close()
	var out []store.Game
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			return nil, fmt.Errorf("games of %s: %w", owner, err)
		}
		out = append(out, g)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("games of %s: %w", owner, err)
	}
	return out, nil
}

// DeleteGame removes the game; its log and seats go with it by ON DELETE
// CASCADE. Deleting a game that is not there is store.ErrNotFound.
func (s *Store) DeleteGame(ctx context.Context, id string) error {
	res, err := s.w.ExecContext(ctx, `DELETE FROM games WHERE id = ?`, id)
	if err != nil {
		return fmt.Errorf("delete game %s: %w", id, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("delete game %s: %w", id, err)
	} else if n == 0 {
		return fmt.Errorf("delete game %s: %w", id, store.ErrNotFound)
	}
	return nil
}

// Log returns every entry of the game in order. An unknown game is
// store.ErrNotFound rather than an empty log, so a deleted game is not
// mistaken for a new one.
func (s *Store) Log(ctx context.Context, id string) ([]store.Entry, error) {
	// One read transaction so the existence check and the entries agree.
	tx, err := s.r.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, fmt.Errorf("log of game %s: %w", id, err)
	}
	defer tx.Rollback()
	var version int
	if err := tx.QueryRowContext(ctx, `SELECT version FROM games WHERE id = ?`, id).Scan(&version); err != nil {
		return nil, fmt.Errorf("log of game %s: %w", id, notFound(err))
	}
	rows, err := tx.QueryContext(ctx, `SELECT seq, kind, action, seat, client_id, at FROM entries WHERE game_id = ? ORDER BY seq`, id)
	if err != nil {
		return nil, fmt.Errorf("log of game %s: %w", id, err)
	}
	defer rows.Close()
	out := make([]store.Entry, 0, version)
	for rows.Next() {
		var (
			e        store.Entry
			action   []byte
			clientID sql.NullString
			at       int64
		)
		if err := rows.Scan(&e.Seq, &e.Kind, &action, &e.Seat, &clientID, &at); err != nil {
			return nil, fmt.Errorf("log of game %s: %w", id, err)
		}
		if action != nil {
			e.Action = json.RawMessage(action)
		}
		e.ClientID = clientID.String
		e.At = fromMillis(at)
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("log of game %s: %w", id, err)
	}
	return out, nil
}

// Append adds e as entry expected+1. Order matters: a ClientID already in the
// log is a repeat of a write that succeeded (a double tap, or a retry after a
// lost response), so it wins over the version check and returns the current
// version. An empty ClientID carries no idempotency key; an empty Kind is
// stored as store.KindAction; a zero At is set to now.
func (s *Store) Append(ctx context.Context, id string, expected int, e store.Entry) (int, error) {
	version, err := s.append(ctx, id, expected, e)
	if err != nil {
		return 0, fmt.Errorf("append to game %s: %w", id, err)
	}
	s.broker.Publish(id, version)
	return version, nil
}

func (s *Store) append(ctx context.Context, id string, expected int, e store.Entry) (int, error) {
	if e.Kind == "" {
		e.Kind = store.KindAction
	}
	if e.At.IsZero() {
		e.At = time.Now()
	}
	tx, err := s.w.BeginTx(ctx, nil) // BEGIN IMMEDIATE via _txlock
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	var version int
	if err := tx.QueryRowContext(ctx, `SELECT version FROM games WHERE id = ?`, id).Scan(&version); err != nil {
		return 0, notFound(err)
	}
	if e.ClientID != "" {
		var seq int
		err := tx.QueryRowContext(ctx, `SELECT seq FROM entries WHERE game_id = ? AND client_id = ?`, id, e.ClientID).Scan(&seq)
		switch {
		case err == nil:
			return version, nil
		case !errors.Is(err, sql.ErrNoRows):
			return 0, err
		}
	}
	if version != expected {
		return 0, fmt.Errorf("at version %d, write made against %d: %w", version, expected, store.ErrConflict)
	}
	version++
	at := e.At.UnixMilli()
	_, err = tx.ExecContext(ctx, `INSERT INTO entries (game_id, seq, kind, action, seat, client_id, at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		id, version, e.Kind, rawText(e.Action), e.Seat, nullString(e.ClientID), at)
	if err != nil {
		return 0, err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE games SET version = ?, updated = max(updated, ?) WHERE id = ?`, version, at, id); err != nil {
		return 0, err
	}
	if err := tx.Commit(); err != nil {
		return 0, err
	}
	return version, nil
}

// Seats lists the game's seats by index.
func (s *Store) Seats(ctx context.Context, gameID string) ([]store.Seat, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT game_id, idx, name, token, holder FROM seats WHERE game_id = ? ORDER BY idx`, gameID)
	if err != nil {
		return nil, fmt.Errorf("seats of game %s: %w", gameID, err)
	}
	defer rows.Close()
	var out []store.Seat
	for rows.Next() {
		var st store.Seat
		if err := rows.Scan(&st.GameID, &st.Index, &st.Name, &st.Token, &st.Holder); err != nil {
			return nil, fmt.Errorf("seats of game %s: %w", gameID, err)
		}
		out = append(out, st)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("seats of game %s: %w", gameID, err)
	}
	return out, nil
}

// ClaimSeat binds the seat with that join token to holder, in one statement
// so two devices racing for a seat cannot both win.
func (s *Store) ClaimSeat(ctx context.Context, token, holder string) (store.Seat, error) {
	if holder == "" {
		return store.Seat{}, errors.New("claim seat: empty holder")
	}
	var st store.Seat
	err := s.w.QueryRowContext(ctx, `UPDATE seats SET holder = ?2 WHERE token = ?1 AND holder IN ('', ?2)
		RETURNING game_id, idx, name, token, holder`, token, holder).
		Scan(&st.GameID, &st.Index, &st.Name, &st.Token, &st.Holder)
	if err == nil {
		return st, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return store.Seat{}, fmt.Errorf("claim seat: %w", err)
	}
	// Nothing updated: the token is unknown or somebody else holds the seat.
	var gameID string
	var idx int
	err = s.r.QueryRowContext(ctx, `SELECT game_id, idx FROM seats WHERE token = ?`, token).Scan(&gameID, &idx)
	if err != nil {
		return store.Seat{}, fmt.Errorf("claim seat: %w", notFound(err))
	}
	return store.Seat{}, fmt.Errorf("claim seat %d of game %s: %w", idx, gameID, store.ErrSeatTaken)
}

// Watch sends the game's version after every Append through this Store. The
// channel also closes when the Store is closed. An unknown game is
// store.ErrNotFound.
func (s *Store) Watch(ctx context.Context, id string) (<-chan int, error) {
	var one int
	if err := s.r.QueryRowContext(ctx, `SELECT 1 FROM games WHERE id = ?`, id).Scan(&one); err != nil {
		return nil, fmt.Errorf("watch game %s: %w", id, notFound(err))
	}
	return s.broker.Subscribe(ctx, id), nil
}

type scanner interface{ Scan(dest ...any) error }

func scanGame(row scanner) (store.Game, error) {
	var (
		g                store.Game
		setup            []byte
		created, updated int64
	)
	err := row.Scan(&g.ID, &g.Kind, &g.Title, &g.Owner, &g.SpectatorToken, &g.Seed, &setup, &g.Version, &created, &updated)
	if err != nil {
		return store.Game{}, notFound(err)
	}
	if setup != nil {
		g.Setup = json.RawMessage(setup)
	}
	g.Created, g.Updated = fromMillis(created), fromMillis(updated)
	return g, nil
}

// notFound turns "no rows" into the sentinel the handlers test for.
func notFound(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return store.ErrNotFound
	}
	return err
}

// rawText stores JSON as TEXT (so the sqlite3 shell shows it and json_valid
// applies) and nil as NULL.
func rawText(m json.RawMessage) any {
	if m == nil {
		return nil
	}
	return string(m)
}

func nullString(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func fromMillis(ms int64) time.Time { return time.UnixMilli(ms).UTC() }
