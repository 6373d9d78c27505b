// Package sqlite is the embedded store: one database file, pure Go
// (modernc.org/sqlite, no cgo).
//
// Writes go through a single connection whose transactions begin IMMEDIATE,
// so two writers never deadlock upgrading a read lock and the version checks
// cannot race; reads use a separate pool that WAL lets run beside the writer.
// synchronous=FULL because NORMAL can lose an acknowledged move on power
// loss.
//
// Appends are group committed: one writer goroutine takes every append that
// is waiting and applies them in one transaction, so concurrent taps on
// different games share one fsync. Each append is checked for its own game,
// version and ClientID inside that transaction and written under its own
// savepoint, so one that fails leaves the others alone; every caller is
// answered only after the COMMIT. The group is whatever queued up during the
// previous commit: a lone append waits for nobody.
//
// The hot statements are prepared once at Open.
//
// One process owns the file: Open takes an exclusive lock beside it
// (<db>.lock) and a second grimoire on the same file is refused. That is
// what lets Game and Seats answer from memory (memo.go), and Watch be served
// in-process: this Store's own writes are all there is.
package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" driver

	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/store/durable"
	"github.com/grimoire-games/grimoire/store/internal/broker"
	"github.com/grimoire-games/grimoire/store/internal/entries"
)

// maxGroup bounds how many appends share one transaction, so one COMMIT
// (and the callers waiting on it) stays short.
const maxGroup = 256

// Store implements store.Store on one SQLite file.
type Store struct {
	w      *sql.DB // exactly one connection: the only writer
	r      *sql.DB // read-only pool
	broker *broker.Broker
	owner  *owner
	memo   *memo

	rq readStmts
	wq writeStmts

	// queue is unbuffered: an append is either taken by the writer (and
	// then surely answered) or still with its caller when the Store closes.
	queue      chan *appendReq
	closing    chan struct{}
	writerDone chan struct{}
	maxGroup   int

	// commits and committed count the writer's transactions and the
	// appends they carried, so a test can see that groups form.
	commits, committed atomic.Int64

	closeOnce sync.Once
	closeErr  error
	// closed stops the memo answering once the database is gone, as the
	// queries would.
	closed atomic.Bool
}

var _ store.Store = (*Store)(nil)

// errClosed answers an append that arrives after Close.
var errClosed = errors.New("sqlite store closed")

// Open opens (creating if needed) the database at path, creating its parent
// directory too, and brings the schema up to date. The Store owns the file
// until Close: another Open of it, in this process or another, fails with
// an *InUseError.
func Open(path string) (*Store, error) { return open(path, maxGroup, memoMaxGames, memoMaxBytes) }

func open(path string, group, memoGames, memoBytes int) (*Store, error) {
	// The directory is made durably, and synced into its parent even when
	// it exists: SQLite syncs the database and its journal, not the
	// directory entries above them, and a cut could take the whole directory.
	if dir := filepath.Dir(path); dir != "" {
		if err := durable.MkdirAll(dir, 0o750); err != nil {
			return nil, fmt.Errorf("open sqlite store: %w", err)
		}
	}
	o, err := own(path)
	if err != nil {
		return nil, fmt.Errorf("open sqlite store: %w", err)
	}
	s, err := openOwned(path, group, memoGames, memoBytes)
	if err != nil {
		o.release()
		return nil, err
	}
	s.owner = o
	// A database made just now has a directory entry SQLite does not sync
	// (it syncs the file's bytes and a new journal's entry): sync it here,
	// before the first write is acknowledged.
	if err := durable.SyncDir(filepath.Dir(path)); err != nil {
		s.Close()
		return nil, fmt.Errorf("open sqlite store: %w", err)
	}
	return s, nil
}

func openOwned(path string, group, memoGames, memoBytes int) (*Store, error) {
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
	s := &Store{
		w: w, r: r, broker: broker.New(), memo: newMemo(memoGames, memoBytes),
		queue:      make(chan *appendReq),
		closing:    make(chan struct{}),
		writerDone: make(chan struct{}),
		maxGroup:   max(1, group),
	}
	if err := s.prepare(context.Background()); err != nil {
		s.closeStmts()
		r.Close()
		w.Close()
		return nil, fmt.Errorf("open sqlite store %s: %w", path, err)
	}
	go s.writer()
	return s, nil
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

// Close stops the writer (an append already taken is committed and answered
// first), then closes the database and every Watch channel, and last gives
// up the file for the next Open. It is safe to call more than once.
func (s *Store) Close() error {
	s.closeOnce.Do(func() {
		s.closed.Store(true)
		close(s.closing)
		<-s.writerDone
		s.broker.Close()
		s.closeStmts()
		s.closeErr = errors.Join(s.r.Close(), s.w.Close(), s.owner.release())
	})
	return s.closeErr
}

const (
	gameCols  = `id, kind, title, owner, spectator_token, seed, setup, version, created, updated`
	entryCols = `seq, kind, action, seat, client_id, at`

	// visible is the WHERE clause of Games: created by ?1 or a seat held by ?1.
	// Written as a list of ids, each half searched in its own index
	// (games_owner_created, seats_holder): an OR with EXISTS made SQLite
	// scan every game on the server for one device's home page.
	visible = `g.id IN (SELECT id FROM games WHERE owner = ?1 UNION ALL SELECT game_id FROM seats WHERE holder = ?1 AND holder <> '')`
	// Times are kept in milliseconds, so games made in the same one tie;
	// the rowid, which grows with each insert, puts the later one first
	// (the id, random, did not: the home list's order could change).
	byRecent = ` ORDER BY g.updated DESC, g.created DESC, g.rowid DESC`

	// checkQuery and bumpQuery are the two statements of every tap besides
	// its INSERT: the game's version and whether the write's first ClientID
	// is stored already, then the version moved on.
	checkQuery = `SELECT g.version, e.seq IS NOT NULL FROM games g
		LEFT JOIN entries e ON e.game_id = g.id AND e.client_id = ?2 WHERE g.id = ?1`
	bumpQuery = `UPDATE games SET version = ?, updated = max(updated, ?) WHERE id = ?`

	countSinceQuery  = `SELECT count(*) FROM games WHERE owner = ? AND created >= ?`
	seatByTokenQuery = `SELECT game_id, idx, name, token, holder FROM seats WHERE token = ?`
)

// readStmts are prepared on the read pool; database/sql prepares each on a
// connection the first time that connection runs it and keeps it there.
type readStmts struct {
	game, bySpectator, version, log, seats *sql.Stmt
	marks                                  *sql.Stmt // fork.go
}

// writeStmts are prepared on the one write connection.
type writeStmts struct {
	check, clientSeq, insert, bump *sql.Stmt
	savepoint, release, rollbackTo *sql.Stmt
	insertGame, insertSeat         *sql.Stmt
}

func (s *Store) prepare(ctx context.Context) error {
	var err error
	p := func(db *sql.DB, dst **sql.Stmt, query string) {
		if err == nil {
			*dst, err = db.PrepareContext(ctx, query)
			if err != nil {
				err = fmt.Errorf("prepare %q: %w", query, err)
			}
		}
	}
	p(s.r, &s.rq.game, `SELECT `+gameCols+` FROM games WHERE id = ?`)
	p(s.r, &s.rq.bySpectator, `SELECT `+gameCols+` FROM games WHERE spectator_token = ?`)
	p(s.r, &s.rq.version, `SELECT version FROM games WHERE id = ?`)
	p(s.r, &s.rq.log, `SELECT `+entryCols+` FROM entries WHERE game_id = ? ORDER BY seq`)
	p(s.r, &s.rq.seats, `SELECT game_id, idx, name, token, holder FROM seats WHERE game_id = ? ORDER BY idx`)
	p(s.r, &s.rq.marks, marksQuery)

	p(s.w, &s.wq.check, checkQuery)
	p(s.w, &s.wq.clientSeq, `SELECT seq FROM entries WHERE game_id = ? AND client_id = ?`)
	p(s.w, &s.wq.insert, `INSERT INTO entries (game_id, `+entryCols+`) VALUES (?, ?, ?, ?, ?, ?, ?)`)
	p(s.w, &s.wq.bump, bumpQuery)
	p(s.w, &s.wq.savepoint, `SAVEPOINT one_append`)
	p(s.w, &s.wq.release, `RELEASE one_append`)
	p(s.w, &s.wq.rollbackTo, `ROLLBACK TO one_append`)
	p(s.w, &s.wq.insertGame, `INSERT INTO games (`+gameCols+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
	p(s.w, &s.wq.insertSeat, `INSERT INTO seats (game_id, idx, name, token, holder) VALUES (?, ?, ?, ?, ?)`)
	return err
}

func (s *Store) closeStmts() {
	for _, st := range []*sql.Stmt{
		s.rq.game, s.rq.bySpectator, s.rq.version, s.rq.log, s.rq.seats, s.rq.marks,
		s.wq.check, s.wq.clientSeq, s.wq.insert, s.wq.bump,
		s.wq.savepoint, s.wq.release, s.wq.rollbackTo, s.wq.insertGame, s.wq.insertSeat,
	} {
		if st != nil {
			st.Close()
		}
	}
}

// CreateGame stores g and its seats. A zero Created is set to now; Updated
// starts equal to Created; Version is ignored because a new log is empty.
func (s *Store) CreateGame(ctx context.Context, g store.Game, seats []store.Seat) error {
	if err := s.createGame(ctx, g, seats, nil, nil); err != nil {
		return fmt.Errorf("create game %s: %w", g.ID, err)
	}
	return nil
}

// CreateGameWithLog stores g, its seats and its whole log in one
// transaction: after a crash the game is there with every entry, or not at
// all.
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
	created := g.Created.UnixMilli()
	updated := created
	for _, e := range log {
		updated = max(updated, e.At.UnixMilli())
	}
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	_, err = tx.StmtContext(ctx, s.wq.insertGame).ExecContext(ctx,
		g.ID, g.Kind, g.Title, g.Owner, g.SpectatorToken, g.Seed, rawText(g.Setup), len(log), created, updated)
	if err != nil {
		return err
	}
	insertSeat := tx.StmtContext(ctx, s.wq.insertSeat)
	for _, seat := range seats {
		if _, err := insertSeat.ExecContext(ctx, g.ID, seat.Index, seat.Name, seat.Token, seat.Holder); err != nil {
			return fmt.Errorf("seat %d: %w", seat.Index, err)
		}
	}
	insert := tx.StmtContext(ctx, s.wq.insert)
	for i, e := range log {
		if _, err := insert.ExecContext(ctx, g.ID, i+1, e.Kind, rawText(e.Action), e.Seat, nullString(e.ClientID), e.At.UnixMilli()); err != nil {
			return fmt.Errorf("entry %d: %w", i+1, err)
		}
	}
	if fork != nil {
		if _, err := tx.ExecContext(ctx, `INSERT INTO forks (game_id, from_id, at) VALUES (?, ?, ?)`, g.ID, fork.From, fork.At); err != nil {
			return fmt.Errorf("fork row: %w", err)
		}
	}
	// Nothing of an id that did not exist is kept, but a read of it may be
	// on its way: the ticket it holds must no longer fill. The first read
	// fills the row as stored rather than as built here.
	s.memo.begin(g.ID)
	defer s.memo.wrote(g.ID)
	return tx.Commit()
}

// Game returns the game row; store.ErrNotFound when there is none. Once
// read, a row is answered from the memo.
func (s *Store) Game(ctx context.Context, id string) (store.Game, error) {
	if s.closed.Load() {
		return store.Game{}, fmt.Errorf("game %s: %w", id, errClosed)
	}
	g, ok, t := s.memo.game(id)
	if ok {
		return g, nil
	}
	g, err := scanGame(s.rq.game.QueryRowContext(ctx, id))
	if err != nil {
		return store.Game{}, fmt.Errorf("game %s: %w", id, err)
	}
	s.memo.fillGame(g, t)
	return g, nil
}

// GameBySpectatorToken finds the game a spectator link points to.
func (s *Store) GameBySpectatorToken(ctx context.Context, token string) (store.Game, error) {
	g, err := scanGame(s.rq.bySpectator.QueryRowContext(ctx, token))
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
	rows, err := s.r.QueryContext(ctx, `SELECT `+gameCols+` FROM games g WHERE `+visible+byRecent, owner)
	if err != nil {
		return nil, fmt.Errorf("games of %s: %w", owner, err)
	}
	out, err := scanGames(rows)
	if err != nil {
		return nil, fmt.Errorf("games of %s: %w", owner, err)
	}
	return out, nil
}

// GamesPage is one page of Games(owner) and their total, in one read
// transaction so the page and the count agree.
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
	err := s.read(ctx, func(tx *sql.Tx) error {
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM games g WHERE `+visible, owner).Scan(&total); err != nil {
			return err
		}
		rows, err := tx.QueryContext(ctx, `SELECT `+gameCols+` FROM games g WHERE `+visible+byRecent+` LIMIT ?2 OFFSET ?3`, owner, limit, offset)
		if err != nil {
			return err
		}
		page, err = scanGames(rows)
		return err
	})
	if err != nil {
		return nil, 0, fmt.Errorf("games of %s from %d: %w", owner, offset, err)
	}
	return page, total, nil
}

// CountGamesSince counts the games owner created at or after since, to the
// millisecond the store keeps.
func (s *Store) CountGamesSince(ctx context.Context, owner string, since time.Time) (int, error) {
	var n int
	err := s.r.QueryRowContext(ctx, countSinceQuery, owner, since.UnixMilli()).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("count games of %s since %v: %w", owner, since, err)
	}
	return n, nil
}

// DeleteGame removes the game; its log and seats go with it by ON DELETE
// CASCADE. Deleting a game that is not there is store.ErrNotFound.
func (s *Store) DeleteGame(ctx context.Context, id string) error {
	s.memo.begin(id)
	res, err := s.w.ExecContext(ctx, `DELETE FROM games WHERE id = ?`, id)
	s.memo.wrote(id) // whatever the outcome: a re-read is always right
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

// read runs fn in one read transaction on the read pool. WAL gives it one
// snapshot from its first SELECT to the end, whatever the writer commits
// meanwhile.
func (s *Store) read(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := s.r.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit()
}

// Load reads the game row and its log in one read transaction, and keeps
// the row in the memo.
func (s *Store) Load(ctx context.Context, id string) (store.Game, []store.Entry, error) {
	var (
		g   store.Game
		log []store.Entry
	)
	t := s.memo.ticket(id)
	err := s.read(ctx, func(tx *sql.Tx) error {
		var err error
		if g, err = scanGame(tx.StmtContext(ctx, s.rq.game).QueryRowContext(ctx, id)); err != nil {
			return err
		}
		log, err = s.entries(ctx, tx, id, g.Version)
		return err
	})
	if err != nil {
		return store.Game{}, nil, fmt.Errorf("load game %s: %w", id, err)
	}
	s.memo.fillGame(g, t)
	return g, log, nil
}

// Log returns every entry of the game in order. An unknown game is
// store.ErrNotFound rather than an empty log, so a deleted game is not
// mistaken for a new one.
func (s *Store) Log(ctx context.Context, id string) ([]store.Entry, error) {
	var log []store.Entry
	err := s.read(ctx, func(tx *sql.Tx) error {
		var version int
		if err := tx.StmtContext(ctx, s.rq.version).QueryRowContext(ctx, id).Scan(&version); err != nil {
			return notFound(err)
		}
		var err error
		log, err = s.entries(ctx, tx, id, version)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("log of game %s: %w", id, err)
	}
	return log, nil
}

// entries reads the log of a game at version inside tx. A count that differs
// from the version is a broken database, not something to render.
func (s *Store) entries(ctx context.Context, tx *sql.Tx, id string, version int) ([]store.Entry, error) {
	rows, err := tx.StmtContext(ctx, s.rq.log).QueryContext(ctx, id)
	if err != nil {
		return nil, err
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
			return nil, err
		}
		if action != nil {
			e.Action = json.RawMessage(action)
		}
		e.ClientID = clientID.String
		e.At = fromMillis(at)
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

// Seats lists the game's seats by index; from the memo once read, for a
// game whose row is kept.
func (s *Store) Seats(ctx context.Context, gameID string) ([]store.Seat, error) {
	if s.closed.Load() {
		return nil, fmt.Errorf("seats of game %s: %w", gameID, errClosed)
	}
	seats, ok, t := s.memo.seats(gameID)
	if ok {
		return seats, nil
	}
	rows, err := s.rq.seats.QueryContext(ctx, gameID)
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
	s.memo.fillSeats(gameID, out, t)
	return out, nil
}

// ClaimSeat binds the seat with that join token to holder, in one statement
// so two devices racing for a seat cannot both win.
func (s *Store) ClaimSeat(ctx context.Context, token, holder string) (store.Seat, error) {
	if holder == "" {
		return store.Seat{}, errors.New("claim seat: empty holder")
	}
	var st store.Seat
	s.memo.claiming()
	err := s.w.QueryRowContext(ctx, `UPDATE seats SET holder = ?2 WHERE token = ?1 AND holder IN ('', ?2)
		RETURNING game_id, idx, name, token, holder`, token, holder).
		Scan(&st.GameID, &st.Index, &st.Name, &st.Token, &st.Holder)
	if err == nil {
		// Scan ends the statement, and with it the implicit transaction.
		s.memo.claimed(st)
		return st, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		// The claim may or may not have landed, on a game we cannot name.
		s.memo.forget()
		return store.Seat{}, fmt.Errorf("claim seat: %w", err)
	}
	s.memo.claimEnd()
	// Nothing updated: the token is unknown or somebody else holds the seat.
	var gameID string
	var idx int
	err = s.r.QueryRowContext(ctx, `SELECT game_id, idx FROM seats WHERE token = ?`, token).Scan(&gameID, &idx)
	if err != nil {
		return store.Seat{}, fmt.Errorf("claim seat: %w", notFound(err))
	}
	return store.Seat{}, fmt.Errorf("claim seat %d of game %s: %w", idx, gameID, store.ErrSeatTaken)
}

// SeatByToken reads the seat a join link names, without claiming it.
func (s *Store) SeatByToken(ctx context.Context, token string) (store.Seat, error) {
	var st store.Seat
	err := s.r.QueryRowContext(ctx, seatByTokenQuery, token).
		Scan(&st.GameID, &st.Index, &st.Name, &st.Token, &st.Holder)
	if err != nil {
		return store.Seat{}, fmt.Errorf("seat by token: %w", notFound(err))
	}
	return st, nil
}

// Watch sends the game's version after every Append through this Store. The
// channel also closes when the Store is closed. An unknown game is
// store.ErrNotFound.
func (s *Store) Watch(ctx context.Context, id string) (<-chan int, error) {
	if _, err := s.Game(ctx, id); err != nil {
		return nil, fmt.Errorf("watch: %w", err)
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

func scanGames(rows *sql.Rows) ([]store.Game, error) {
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
