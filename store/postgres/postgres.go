// Package postgres is the store for deployments that outgrow one machine:
// several app instances share one PostgreSQL database.
//
// Append locks the game row (SELECT ... FOR UPDATE), so writers to one game
// queue instead of failing, and a repeated ClientID is recognised even when
// both taps arrive at once. The same transaction calls pg_notify, so a
// notification is sent exactly when the entry commits. Each Store holds one
// LISTEN connection and fans notifications out to its in-process watchers;
// a notification only says "look", and watchers read the log to catch up.
//
// AppendBatch is Append for several entries under the same lock, in one
// transaction. Load reads the game row and its log in one REPEATABLE READ
// transaction, so the two always agree. Group commit is left to the server:
// writers to different games hold different row locks and commit side by
// side.
//
// Every statement is prepared once per connection and reused: pgx's default
// query mode (cache_statement) keeps a cache of prepared statements on each
// connection of the pool, so the hot queries (Game, Log, Append, Seats) are
// parsed and planned once. A URL that sets default_query_exec_mode gives that
// up; the store does not override it.
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
	"github.com/grimoire-games/grimoire/store/internal/entries"
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

const (
	gameCols  = `id, kind, title, owner, spectator_token, seed, setup, version, created, updated`
	entryCols = `seq, kind, action, seat, client_id, at`

	// visible is the WHERE clause of Games: created by $1 or a seat held by $1.
	// Each half is searched in its own index (games_owner_created,
	// seats_holder), where an OR with EXISTS scanned every game.
	visible  = `g.id IN (SELECT id FROM games WHERE owner = $1 UNION ALL SELECT game_id FROM seats WHERE holder = $1 AND holder <> '')`
	byRecent = ` ORDER BY g.updated DESC, g.created DESC, g.id`

	insertEntry = `INSERT INTO entries (game_id, ` + entryCols + `) VALUES ($1, $2, $3, $4, $5, $6, $7)`
)

// CreateGame stores g and its seats. A zero Created is set to now; Updated
// starts equal to Created; Version is ignored because a new log is empty.
func (s *Store) CreateGame(ctx context.Context, g store.Game, seats []store.Seat) error {
	if err := s.createGame(ctx, g, seats, nil, nil); err != nil {
		return fmt.Errorf("create game %s: %w", g.ID, err)
	}
	return nil
}

// CreateGameWithLog stores g, its seats and its whole log in one
// transaction: the game is there with every entry, or not at all.
func (s *Store) CreateGameWithLog(ctx context.Context, g store.Game, seats []store.Seat, log []store.Entry) error {
	if err := s.createGame(ctx, g, seats, log, nil); err != nil {
		return fmt.Errorf("create game %s with %d entries: %w", g.ID, len(log), err)
	}
	return nil
}

func (s *Store) createGame(ctx context.Context, g store.Game, seats []store.Seat, log []store.Entry, fork *store.Fork) error {
	now := time.Now()
	if g.Created.IsZero() {
		g.Created = now
	}
	log, err := entries.Prepare(log, now)
	if err != nil {
		return err
	}
	updated := g.Created
	for _, e := range log {
		if e.At.After(updated) {
			updated = e.At
		}
	}
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		// One round trip for every row; the first error stops the batch and
		// BeginFunc rolls everything back.
		b := &pgx.Batch{}
		b.Queue(`INSERT INTO games (`+gameCols+`) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
			g.ID, g.Kind, g.Title, g.Owner, g.SpectatorToken, g.Seed, rawJSON(g.Setup), len(log), g.Created, updated)
		for _, seat := range seats {
			b.Queue(`INSERT INTO seats (game_id, idx, name, token, holder) VALUES ($1, $2, $3, $4, $5)`,
				g.ID, seat.Index, seat.Name, seat.Token, seat.Holder)
		}
		queueEntries(b, g.ID, 0, log)
		if fork != nil {
			b.Queue(`INSERT INTO forks (game_id, from_id, at) VALUES ($1, $2, $3)`, g.ID, fork.From, fork.At)
		}
		return tx.SendBatch(ctx, b).Close()
	})
}

// queueEntries adds the INSERTs for es as versions after+1 ... after+n.
func queueEntries(b *pgx.Batch, id string, after int, es []store.Entry) {
	for i, e := range es {
		b.Queue(insertEntry, id, after+i+1, e.Kind, rawJSON(e.Action), e.Seat, nullString(e.ClientID), e.At)
	}
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
	rows, err := s.pool.Query(ctx, `SELECT `+gameCols+` FROM games g WHERE `+visible+byRecent, owner)
	if err != nil {
		return nil, fmt.Errorf("games of %s: %w", owner, err)
	}
	out, err := scanGames(rows)
	if err != nil {
		return nil, fmt.Errorf("games of %s: %w", owner, err)
	}
	return out, nil
}

// GamesPage is one page of Games(owner) and their total, read in one
// REPEATABLE READ snapshot so the page and the count agree.
func (s *Store) GamesPage(ctx context.Context, owner string, offset, limit int) ([]store.Game, int, error) {
	if offset < 0 || limit < 1 {
		return nil, 0, fmt.Errorf("games of %s: page at %d of %d: offset must be 0 or more and limit 1 or more", owner, offset, limit)
	}
	if owner == "" {
		return nil, 0, nil
	}
	var (
		page  []store.Game
		total int
	)
	err := s.snapshot(ctx, func(tx pgx.Tx) error {
		b := &pgx.Batch{}
		b.Queue(`SELECT count(*) FROM games g WHERE `+visible, owner)
		b.Queue(`SELECT `+gameCols+` FROM games g WHERE `+visible+byRecent+` LIMIT $2 OFFSET $3`, owner, limit, offset)
		br := tx.SendBatch(ctx, b)
		defer br.Close()
		if err := br.QueryRow().Scan(&total); err != nil {
			return err
		}
		rows, err := br.Query()
		if err != nil {
			return err
		}
		if page, err = scanGames(rows); err != nil {
			return err
		}
		return br.Close()
	})
	if err != nil {
		return nil, 0, fmt.Errorf("games of %s from %d: %w", owner, offset, err)
	}
	return page, total, nil
}

// CountGamesSince counts the games owner created at or after since.
func (s *Store) CountGamesSince(ctx context.Context, owner string, since time.Time) (int, error) {
	var n int
	err := s.pool.QueryRow(ctx, `SELECT count(*) FROM games WHERE owner = $1 AND created >= $2`, owner, since).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("count games of %s since %v: %w", owner, since, err)
	}
	return n, nil
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

// snapshot runs fn in one read-only REPEATABLE READ transaction: every
// statement in it sees the database as of its first one.
func (s *Store) snapshot(ctx context.Context, fn func(tx pgx.Tx) error) error {
	return pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, fn)
}

// Load reads the game row and its log in one snapshot and one round trip
// inside it.
func (s *Store) Load(ctx context.Context, id string) (store.Game, []store.Entry, error) {
	var (
		g   store.Game
		log []store.Entry
	)
	err := s.snapshot(ctx, func(tx pgx.Tx) error {
		b := &pgx.Batch{}
		b.Queue(`SELECT `+gameCols+` FROM games WHERE id = $1`, id)
		b.Queue(`SELECT `+entryCols+` FROM entries WHERE game_id = $1 ORDER BY seq`, id)
		br := tx.SendBatch(ctx, b)
		defer br.Close()
		var err error
		if g, err = scanGame(br.QueryRow()); err != nil {
			return err
		}
		rows, err := br.Query()
		if err != nil {
			return err
		}
		if log, err = scanEntries(rows, g.Version); err != nil {
			return err
		}
		return br.Close()
	})
	if err != nil {
		return store.Game{}, nil, fmt.Errorf("load game %s: %w", id, err)
	}
	return g, log, nil
}

// Log returns every entry of the game in order. An unknown game is
// store.ErrNotFound rather than an empty log, so a deleted game is not
// mistaken for a new one.
func (s *Store) Log(ctx context.Context, id string) ([]store.Entry, error) {
	// One snapshot so the existence check and the entries agree.
	var log []store.Entry
	err := s.snapshot(ctx, func(tx pgx.Tx) error {
		b := &pgx.Batch{}
		b.Queue(`SELECT version FROM games WHERE id = $1`, id)
		b.Queue(`SELECT `+entryCols+` FROM entries WHERE game_id = $1 ORDER BY seq`, id)
		br := tx.SendBatch(ctx, b)
		defer br.Close()
		var version int
		if err := br.QueryRow().Scan(&version); err != nil {
			return notFound(err)
		}
		rows, err := br.Query()
		if err != nil {
			return err
		}
		if log, err = scanEntries(rows, version); err != nil {
			return err
		}
		return br.Close()
	})
	if err != nil {
		return nil, fmt.Errorf("log of game %s: %w", id, err)
	}
	return log, nil
}

// scanEntries reads a game's log at version. A count that differs from the
// version is a broken database, not something to render.
func scanEntries(rows pgx.Rows, version int) ([]store.Entry, error) {
	defer rows.Close()
	out := make([]store.Entry, 0, version)
	for rows.Next() {
		var (
			e        store.Entry
			action   []byte
			clientID *string
		)
		if err := rows.Scan(&e.Seq, &e.Kind, &action, &e.Seat, &clientID, &e.At); err != nil {
			return nil, err
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
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(out) != version {
		return nil, fmt.Errorf("version %d but %d log entries", version, len(out))
	}
	return out, nil
}

// Append adds e as entry expected+1. Order matters: a ClientID already in the
// log is a repeat of a write that succeeded (a double tap, or a retry after a
// lost response), so it wins over the version check and returns the current
// version. An empty ClientID carries no idempotency key; an empty Kind is
// stored as store.KindAction; a zero At is set to now.
func (s *Store) Append(ctx context.Context, id string, expected int, e store.Entry) (int, error) {
	v, err := s.appendBatch(ctx, id, expected, []store.Entry{e})
	if err != nil {
		return 0, fmt.Errorf("append to game %s: %w", id, err)
	}
	return v, nil
}

// AppendBatch adds entries as versions expected+1 ... expected+n in one
// transaction under the game's row lock. A batch whose first ClientID is
// already stored is a repeat and answers the current version, as Append
// does.
func (s *Store) AppendBatch(ctx context.Context, id string, expected int, es []store.Entry) (int, error) {
	v, err := s.appendBatch(ctx, id, expected, es)
	if err != nil {
		return 0, fmt.Errorf("append %d entries to game %s: %w", len(es), id, err)
	}
	return v, nil
}

func (s *Store) appendBatch(ctx context.Context, id string, expected int, es []store.Entry) (int, error) {
	es, err := entries.Prepare(es, time.Now())
	if err != nil {
		return 0, err
	}
	var version int
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		// The row lock queues writers to this game. Under READ COMMITTED every
		// statement after it sees what the previous holder committed,
		// including its entries, so the ClientID checks below are race-free.
		if err := tx.QueryRow(ctx, `SELECT version FROM games WHERE id = $1 FOR UPDATE`, id).Scan(&version); err != nil {
			return notFound(err)
		}
		if len(es) > 0 && es[0].ClientID != "" {
			var seq int
			err := tx.QueryRow(ctx, `SELECT seq FROM entries WHERE game_id = $1 AND client_id = $2`, id, es[0].ClientID).Scan(&seq)
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
		if others := entries.ClientIDs(es); len(others) > 0 {
			var stored string
			err := tx.QueryRow(ctx, `SELECT client_id FROM entries WHERE game_id = $1 AND client_id = ANY($2) LIMIT 1`, id, others).Scan(&stored)
			switch {
			case err == nil:
				return fmt.Errorf("client id %q is already in the log but the batch does not start with it: %w", stored, store.ErrInvalidEntry)
			case !errors.Is(err, pgx.ErrNoRows):
				return err
			}
		}
		if len(es) == 0 {
			return nil
		}
		latest := es[0].At
		for _, e := range es[1:] {
			if e.At.After(latest) {
				latest = e.At
			}
		}
		// One round trip for every write.
		b := &pgx.Batch{}
		queueEntries(b, id, version, es)
		version += len(es)
		b.Queue(`UPDATE games SET version = $2, updated = greatest(updated, $3) WHERE id = $1`, id, version, latest)
		b.Queue(`SELECT pg_notify('`+channel+`', id || ':' || version) FROM games WHERE id = $1`, id)
		return tx.SendBatch(ctx, b).Close()
	})
	if err != nil {
		return 0, err
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

// SeatByToken reads the seat a join link names, without claiming it.
func (s *Store) SeatByToken(ctx context.Context, token string) (store.Seat, error) {
	var st store.Seat
	err := s.pool.QueryRow(ctx, `SELECT game_id, idx, name, token, holder FROM seats WHERE token = $1`, token).
		Scan(&st.GameID, &st.Index, &st.Name, &st.Token, &st.Holder)
	if err != nil {
		return store.Seat{}, fmt.Errorf("seat by token: %w", notFound(err))
	}
	return st, nil
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

func scanGames(rows pgx.Rows) ([]store.Game, error) {
	defer rows.Close()
	var out []store.Game
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, rows.Err()
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
