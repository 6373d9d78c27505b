// Package postgres is the store for deployments that outgrow one machine:
// several app instances share one PostgreSQL database.
//
// Append locks the game row (SELECT ... FOR UPDATE), so writers to one game
// queue instead of failing, and a repeated ClientID is recognised even when
// both taps arrive at once. The same transaction calls pg_notify, so a
// notification is sent exactly when the entry commits. Each Store holds one
// LISTEN connection and fans notifications out to its in-process watchers;
// a notification only says "look", and watchers read the log to catch up.
package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/store/internal/broker"
)

// channel is the one NOTIFY channel; payloads are "<game id>:<version>".
const channel = "grimoire_game"

// Store implements store.Store on a PostgreSQL database.
type Store struct {
	pool   *pgxpool.Pool
	broker *broker.Broker

	listenCfg   *pgx.ConnConfig
	stopListen  context.CancelFunc
	listenDone  chan struct{}
	listenerPID atomic.Uint32 // backend pid of the LISTEN connection, for tests

	closeOnce sync.Once
}

var _ store.Store = (*Store)(nil)

// Open connects to the database at url (a postgres:// URL or key=value
// string; pool_* parameters tune the pool, search_path picks the schema),
// brings the schema up to date and starts listening for notifications. ctx
// bounds only the connecting and migrating.
func Open(ctx context.Context, url string) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("open postgres store: %w", err)
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("open postgres store: %w", err)
	}
	if err := migrate(ctx, pool); err != nil {
		pool.Close()
		return nil, fmt.Errorf("open postgres store: %w", err)
	}
	lctx, stop := context.WithCancel(context.Background())
	s := &Store{
		pool:       pool,
		broker:     broker.New(),
		listenCfg:  cfg.ConnConfig.Copy(),
		stopListen: stop,
		listenDone: make(chan struct{}),
	}
	// Wait for the first LISTEN so that a Watch returned after Open never
	// misses a commit, and so a database that refuses LISTEN fails Open.
	ready := make(chan error, 1)
	go s.listen(lctx, ready)
	select {
	case err = <-ready:
	case <-ctx.Done():
		err = ctx.Err()
	}
	if err != nil {
		s.Close()
		return nil, fmt.Errorf("open postgres store: listen: %w", err)
	}
	return s, nil
}

func migrate(ctx context.Context, pool *pgxpool.Pool) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	defer tx.Rollback(ctx)
	// Instances starting together take turns; the lock is per schema so
	// deployments sharing a database do not wait for each other.
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext('grimoire migrate'), hashtext(current_schema()))`); err != nil {
		return fmt.Errorf("migrate: lock: %w", err)
	}
	if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version integer NOT NULL)`); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	var have int
	if err := tx.QueryRow(ctx, `SELECT coalesce(max(version), 0) FROM schema_version`).Scan(&have); err != nil {
		return fmt.Errorf("migrate: read version: %w", err)
	}
	if have > len(migrations) {
		return fmt.Errorf("migrate: database schema version %d is newer than this program (%d)", have, len(migrations))
	}
	if have == len(migrations) {
		return nil
	}
	for i := have; i < len(migrations); i++ {
		if _, err := tx.Exec(ctx, migrations[i]); err != nil {
			return fmt.Errorf("migrate to version %d: %w", i+1, err)
		}
	}
	if _, err := tx.Exec(ctx, `DELETE FROM schema_version`); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	if _, err := tx.Exec(ctx, `INSERT INTO schema_version (version) VALUES ($1)`, len(migrations)); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("migrate: commit: %w", err)
	}
	return nil
}

// Close stops the listener, closes every Watch channel and the pool. It is
// safe to call more than once.
func (s *Store) Close() error {
	s.closeOnce.Do(func() {
		s.stopListen()
		<-s.listenDone
		s.broker.Close()
		s.pool.Close()
	})
	return nil
}

const gameCols = `id, kind, title, owner, spectator_token, seed, setup, version, created, updated`

// CreateGame stores g and its seats. A zero Created is set to now; Updated
// starts equal to Created; Version is ignored because a new log is empty.
func (s *Store) CreateGame(ctx context.Context, g store.Game, seats []store.Seat) error {
	if g.Created.IsZero() {
		g.Created = time.Now()
	}
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO games (`+gameCols+`) VALUES ($1, $2, $3, $4, $5, $6, $7, 0, $8, $8)`,
			g.ID, g.Kind, g.Title, g.Owner, g.SpectatorToken, g.Seed, rawJSON(g.Setup), g.Created)
		if err != nil {
			return err
		}
		for _, seat := range seats {
			_, err := tx.Exec(ctx, `INSERT INTO seats (game_id, idx, name, token, holder) VALUES ($1, $2, $3, $4, $5)`,
				g.ID, seat.Index, seat.Name, seat.Token, seat.Holder)
			if err != nil {
				return fmt.Errorf("seat %d: %w", seat.Index, err)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("create game %s: %w", g.ID, err)
	}
	return nil
}

// Game returns the game row; store.ErrNotFound when there is none.
func (s *Store) Game(ctx context.Context, id string) (store.Game, error) {
	g, err := scanGame(s.pool.QueryRow(ctx, `SELECT `+gameCols+` FROM games WHERE id = $1`, id))
	if err != nil {
		return store.Game{}, fmt.Errorf("game %s: %w", id, err)
	}
	return g, nil
}

// GameBySpectatorToken finds the game a spectator link points to.
func (s *Store) GameBySpectatorToken(ctx context.Context, token string) (store.Game, error) {
	g, err := scanGame(s.pool.QueryRow(ctx, `SELECT `+gameCols+` FROM games WHERE spectator_token = $1`, token))
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
	rows, err := s.pool.Query(ctx, `SELECT `+gameCols+` FROM games g
		WHERE g.owner = $1 OR EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.holder = $1)
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
	tag, err := s.pool.Exec(ctx, `DELETE FROM games WHERE id = $1`, id)
	if err != nil {
		return fmt.Errorf("delete game %s: %w", id, err)
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("delete game %s: %w", id, store.ErrNotFound)
	}
	return nil
}

// Log returns every entry of the game in order. An unknown game is
// store.ErrNotFound rather than an empty log, so a deleted game is not
// mistaken for a new one.
func (s *Store) Log(ctx context.Context, id string) ([]store.Entry, error) {
	// REPEATABLE READ so the existence check and the entries see one snapshot.
	var out []store.Entry
	err := pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		var version int
		if err := tx.QueryRow(ctx, `SELECT version FROM games WHERE id = $1`, id).Scan(&version); err != nil {
			return notFound(err)
		}
		rows, err := tx.Query(ctx, `SELECT seq, kind, action, seat, client_id, at FROM entries WHERE game_id = $1 ORDER BY seq`, id)
		if err != nil {
			return err
		}
		defer rows.Close()
		out = make([]store.Entry, 0, version)
		for rows.Next() {
			var (
				e        store.Entry
				action   []byte
				clientID *string
			)
			if err := rows.Scan(&e.Seq, &e.Kind, &action, &e.Seat, &clientID, &e.At); err != nil {
				return err
			}
			if action != nil {
				e.Action = json.RawMessage(action)
			}
			if clientID != nil {
				e.ClientID = *clientID
			}
			e.At = e.At.UTC()
			out = append(out, e)
		}
		return rows.Err()
	})
	if err != nil {
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
	if e.Kind == "" {
		e.Kind = store.KindAction
	}
	if e.At.IsZero() {
		e.At = time.Now()
	}
	var version int
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		// The row lock queues writers to this game. Under READ COMMITTED every
		// statement after it sees what the previous holder committed,
		// including its entry, so the ClientID check below is race-free.
		if err := tx.QueryRow(ctx, `SELECT version FROM games WHERE id = $1 FOR UPDATE`, id).Scan(&version); err != nil {
			return notFound(err)
		}
		if e.ClientID != "" {
			var seq int
			err := tx.QueryRow(ctx, `SELECT seq FROM entries WHERE game_id = $1 AND client_id = $2`, id, e.ClientID).Scan(&seq)
			switch {
			case err == nil:
				return nil // a repeat: nothing to write, nothing to notify
			case !errors.Is(err, pgx.ErrNoRows):
				return err
			}
		}
		if version != expected {
			return fmt.Errorf("at version %d, write made against %d: %w", version, expected, store.ErrConflict)
		}
		version++
		// One round trip for the three writes.
		b := &pgx.Batch{}
		b.Queue(`INSERT INTO entries (game_id, seq, kind, action, seat, client_id, at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
			id, version, e.Kind, rawJSON(e.Action), e.Seat, nullString(e.ClientID), e.At)
		b.Queue(`UPDATE games SET version = $2, updated = greatest(updated, $3) WHERE id = $1`, id, version, e.At)
		b.Queue(`SELECT pg_notify('`+channel+`', id || ':' || version) FROM games WHERE id = $1`, id)
		return tx.SendBatch(ctx, b).Close()
	})
	if err != nil {
		return 0, fmt.Errorf("append to game %s: %w", id, err)
	}
	return version, nil
}

// Seats lists the game's seats by index.
func (s *Store) Seats(ctx context.Context, gameID string) ([]store.Seat, error) {
	rows, err := s.pool.Query(ctx, `SELECT game_id, idx, name, token, holder FROM seats WHERE game_id = $1 ORDER BY idx`, gameID)
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
// so two devices racing for a seat cannot both win: the loser's UPDATE waits
// for the winner's row lock, then no longer matches.
func (s *Store) ClaimSeat(ctx context.Context, token, holder string) (store.Seat, error) {
	if holder == "" {
		return store.Seat{}, errors.New("claim seat: empty holder")
	}
	var st store.Seat
	err := s.pool.QueryRow(ctx, `UPDATE seats SET holder = $2 WHERE token = $1 AND holder IN ('', $2)
		RETURNING game_id, idx, name, token, holder`, token, holder).
		Scan(&st.GameID, &st.Index, &st.Name, &st.Token, &st.Holder)
	if err == nil {
		return st, nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return store.Seat{}, fmt.Errorf("claim seat: %w", err)
	}
	// Nothing updated: the token is unknown or somebody else holds the seat.
	var gameID string
	var idx int
	err = s.pool.QueryRow(ctx, `SELECT game_id, idx FROM seats WHERE token = $1`, token).Scan(&gameID, &idx)
	if err != nil {
		return store.Seat{}, fmt.Errorf("claim seat: %w", notFound(err))
	}
	return store.Seat{}, fmt.Errorf("claim seat %d of game %s: %w", idx, gameID, store.ErrSeatTaken)
}

// Watch sends the game's version after every Append by any instance sharing
// the database. The channel also closes when the Store is closed. An unknown
// game is store.ErrNotFound.
func (s *Store) Watch(ctx context.Context, id string) (<-chan int, error) {
	var one int
	if err := s.pool.QueryRow(ctx, `SELECT 1 FROM games WHERE id = $1`, id).Scan(&one); err != nil {
		return nil, fmt.Errorf("watch game %s: %w", id, notFound(err))
	}
	return s.broker.Subscribe(ctx, id), nil
}

// Listener tuning. A silent network can leave a connection dead without an
// error, so an idle listener pings now and then to find out.
const (
	idlePing   = 30 * time.Second
	maxBackoff = 5 * time.Second
)

// minBackoff is a variable so a test can hold the listener down long enough
// to append while nobody listens.
var minBackoff = 100 * time.Millisecond

// listen keeps one LISTEN connection up until ctx ends, reconnecting with
// backoff. It reports the first attempt's outcome on ready.
func (s *Store) listen(ctx context.Context, ready chan<- error) {
	defer close(s.listenDone)
	first := true
	backoff := minBackoff
	for {
		err := s.listenOnce(ctx, func() {
			if first {
				first = false
				ready <- nil
			}
			backoff = minBackoff
		})
		if ctx.Err() != nil {
			return
		}
		if first {
			ready <- err
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, maxBackoff)
	}
}

func (s *Store) listenOnce(ctx context.Context, listening func()) error {
	conn, err := pgx.ConnectConfig(ctx, s.listenCfg)
	if err != nil {
		return err
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, `LISTEN `+channel); err != nil {
		return err
	}
	s.listenerPID.Store(conn.PgConn().PID())
	listening()
	// Commits made while no connection was listening sent notifications
	// nobody heard: tell every current watcher to look.
	if err := s.catchUp(ctx); err != nil {
		return err
	}
	for {
		wctx, cancel := context.WithTimeout(ctx, idlePing)
		n, err := conn.WaitForNotification(wctx)
		cancel()
		switch {
		case err == nil:
			if id, v, ok := parsePayload(n.Payload); ok {
				s.broker.Publish(id, v)
			}
		case ctx.Err() != nil:
			return ctx.Err()
		case pgconn.Timeout(err):
			// A timeout leaves the connection usable; check it is still alive.
			if err := conn.Ping(ctx); err != nil {
				return err
			}
		default:
			return err
		}
	}
}

func (s *Store) catchUp(ctx context.Context) error {
	ids := s.broker.Watched()
	if len(ids) == 0 {
		return nil
	}
	rows, err := s.pool.Query(ctx, `SELECT id, version FROM games WHERE id = ANY($1)`, ids)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var v int
		if err := rows.Scan(&id, &v); err != nil {
			return err
		}
		s.broker.Publish(id, v)
	}
	return rows.Err()
}

// parsePayload splits "<id>:<version>" at the last colon, so an id that
// contains one still parses.
func parsePayload(p string) (id string, version int, ok bool) {
	i := strings.LastIndexByte(p, ':')
	if i < 0 {
		return "", 0, false
	}
	v, err := strconv.Atoi(p[i+1:])
	if err != nil {
		return "", 0, false
	}
	return p[:i], v, true
}

func scanGame(row pgx.Row) (store.Game, error) {
	var (
		g     store.Game
		setup []byte
	)
	err := row.Scan(&g.ID, &g.Kind, &g.Title, &g.Owner, &g.SpectatorToken, &g.Seed, &setup, &g.Version, &g.Created, &g.Updated)
	if err != nil {
		return store.Game{}, notFound(err)
	}
	if setup != nil {
		g.Setup = json.RawMessage(setup)
	}
	g.Created, g.Updated = g.Created.UTC(), g.Updated.UTC()
	return g, nil
}

// notFound turns "no rows" into the sentinel the handlers test for.
func notFound(err error) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return store.ErrNotFound
	}
	return err
}

// rawJSON passes JSON as text: pgx would otherwise run a json.RawMessage
// through json.Marshal, which compacts it, and the log would no longer read
// back byte for byte.
func rawJSON(m json.RawMessage) any {
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
