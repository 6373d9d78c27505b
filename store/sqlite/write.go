package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/store/internal/entries"
)

// appendReq is one Append or AppendBatch on its way through the writer.
type appendReq struct {
	ctx      context.Context
	id       string
	expected int
	entries  []store.Entry // defaults filled in, checked by entries.Prepare
	done     chan struct{} // closed once version and err are final

	version int
	err     error

	// wrote says entries were written (not a repeat, not empty), from the
	// version before them, with latest the newest entry time (unix ms): what
	// the memo needs to move the row once the group commits.
	wrote  bool
	from   int
	latest int64
}

// Append adds e as entry expected+1. Order matters: a ClientID already in the
// log is a repeat of a write that succeeded (a double tap, or a retry after a
// lost response), so it wins over the version check and returns the current
// version. An empty ClientID carries no idempotency key; an empty Kind is
// stored as store.KindAction; a zero At is set to now.
func (s *Store) Append(ctx context.Context, id string, expected int, e store.Entry) (int, error) {
	v, err := s.submit(ctx, id, expected, []store.Entry{e})
	if err != nil {
		return 0, fmt.Errorf("append to game %s: %w", id, err)
	}
	return v, nil
}

// AppendBatch adds entries as versions expected+1 ... expected+n, all in one
// transaction (the group's), under one savepoint: all of them or none. A
// batch whose first ClientID is already stored is a repeat and answers the
// current version, as Append does.
func (s *Store) AppendBatch(ctx context.Context, id string, expected int, es []store.Entry) (int, error) {
	v, err := s.submit(ctx, id, expected, es)
	if err != nil {
		return 0, fmt.Errorf("append %d entries to game %s: %w", len(es), id, err)
	}
	return v, nil
}

// submit hands the write to the writer and waits for its commit. A caller
// whose ctx ends while waiting gets ctx's error; the write may still commit
// then (it was not acknowledged, and a retry with the same ClientID is a
// repeat).
func (s *Store) submit(ctx context.Context, id string, expected int, es []store.Entry) (int, error) {
	es, err := entries.Prepare(es, time.Now())
	if err != nil {
		return 0, err
	}
	r := &appendReq{ctx: ctx, id: id, expected: expected, entries: es, done: make(chan struct{})}
	select {
	case s.queue <- r:
	case <-s.closing:
		return 0, errClosed
	case <-ctx.Done():
		return 0, ctx.Err()
	}
	select {
	case <-r.done:
		return r.version, r.err
	case <-ctx.Done():
		return 0, ctx.Err()
	}
}

// writer owns the appends: it takes one, then every other already waiting
// (up to maxGroup), and commits them together. While it commits, new appends
// queue up and form the next group, so the busier the store, the more
// appends share each fsync.
func (s *Store) writer() {
	defer close(s.writerDone)
	group := make([]*appendReq, 0, s.maxGroup)
	for {
		select {
		case r := <-s.queue:
			group = append(group[:0], r)
		case <-s.closing:
			return
		}
	gather:
		for len(group) < s.maxGroup {
			select {
			case r := <-s.queue:
				group = append(group, r)
			default:
				break gather
			}
		}
		s.commitGroup(group)
		for _, r := range group {
			if r.err == nil {
				s.broker.Publish(r.id, r.version)
			}
			close(r.done)
		}
		clear(group) // let the answered requests go
	}
}

// commitGroup applies every request of the group in one IMMEDIATE
// transaction and commits it, leaving each request's answer in it. The
// transaction does not use any caller's context: one caller giving up must
// not undo the others' writes.
func (s *Store) commitGroup(group []*appendReq) {
	ctx := context.Background()
	pending := 0
	for _, r := range group {
		if err := r.ctx.Err(); err != nil {
			r.err = err // gave up before its turn: never written
			continue
		}
		pending++
	}
	if pending == 0 {
		return
	}
	fail := func(err error) {
		for _, r := range group {
			if r.err == nil {
				r.version, r.err = 0, err
			}
		}
	}
	tx, err := s.w.BeginTx(ctx, nil) // BEGIN IMMEDIATE via _txlock
	if err != nil {
		fail(fmt.Errorf("begin: %w", err))
		return
	}
	defer tx.Rollback()
	q := s.txStmts(ctx, tx)
	// A request alone in its transaction needs no savepoint: should its
	// write fail, the transaction is rolled back whole instead, which
	// undoes exactly the same. Taps arriving one at a time (most of them
	// on a quiet server) save two statements each.
	q.alone = pending == 1
	wrote := false
	for _, r := range group {
		if r.err != nil {
			continue
		}
		if err := q.apply(ctx, r); err != nil {
			// The transaction itself is broken: nothing of it may commit.
			fail(err)
			return
		}
		wrote = wrote || r.wrote
	}
	if !wrote {
		// Repeats, conflicts and refusals only: nothing to commit, and a
		// lone failed write must not be (the deferred Rollback undoes it).
		return
	}
	for _, r := range group {
		if r.err == nil && r.wrote {
			s.memo.begin(r.id)
		}
	}
	err = tx.Commit()
	// Settled before any caller is answered (the writer closes done after
	// this), so a read after an acknowledged append never sees the older
	// row. A failed COMMIT may still have reached the file: the memo then
	// forgets the game and asks the file again.
	for _, r := range group {
		switch {
		case r.err != nil || !r.wrote:
		case err != nil:
			s.memo.wrote(r.id)
		default:
			s.memo.appended(r.id, r.from, r.version, fromMillis(r.latest))
		}
	}
	if err != nil {
		fail(fmt.Errorf("commit: %w", err))
		return
	}
	s.commits.Add(1)
	s.committed.Add(int64(pending))
}

// txStmts are the writer's prepared statements bound to one transaction.
type txStmts struct {
	check, clientSeq, insert, bump *sql.Stmt
	savepoint, release, rollbackTo *sql.Stmt
	// alone says the transaction holds one request: apply then writes it
	// without a savepoint (see commitGroup).
	alone bool
}

func (s *Store) txStmts(ctx context.Context, tx *sql.Tx) txStmts {
	return txStmts{
		check:      tx.StmtContext(ctx, s.wq.check),
		clientSeq:  tx.StmtContext(ctx, s.wq.clientSeq),
		insert:     tx.StmtContext(ctx, s.wq.insert),
		bump:       tx.StmtContext(ctx, s.wq.bump),
		savepoint:  tx.StmtContext(ctx, s.wq.savepoint),
		release:    tx.StmtContext(ctx, s.wq.release),
		rollbackTo: tx.StmtContext(ctx, s.wq.rollbackTo),
	}
}

// apply checks and writes one request inside the group's transaction,
// setting r.version or r.err. Its own failures (unknown game, conflict, a
// refused entry, even a failing INSERT) stay in r.err and are rolled back to
// its savepoint; only an error that leaves the transaction unusable is
// returned, and then the whole group fails.
func (q txStmts) apply(ctx context.Context, r *appendReq) error {
	var (
		version int
		repeat  bool
		first   any // NULL matches no entry: a write without a key is no repeat
	)
	if len(r.entries) > 0 && r.entries[0].ClientID != "" {
		first = r.entries[0].ClientID
	}
	if err := q.check.QueryRowContext(ctx, r.id, first).Scan(&version, &repeat); err != nil {
		r.err = notFound(err)
		return nil
	}
	if repeat {
		r.version = version // nothing to write
		return nil
	}
	if version != r.expected {
		r.err = fmt.Errorf("at version %d, write made against %d: %w", version, r.expected, store.ErrConflict)
		return nil
	}
	for _, id := range entries.ClientIDs(r.entries) {
		stored, err := q.stored(ctx, r.id, id)
		if err != nil {
			r.err = err
			return nil
		}
		if stored {
			r.err = fmt.Errorf("client id %q is already in the log but the batch does not start with it: %w", id, store.ErrInvalidEntry)
			return nil
		}
	}
	if len(r.entries) == 0 {
		r.version = version
		return nil
	}
	if q.alone {
		if err := q.write(ctx, r, version); err != nil {
			r.err = err // r.wrote stays false: commitGroup rolls back
			return nil
		}
		r.version = version + len(r.entries)
		r.wrote, r.from = true, version
		return nil
	}
	if _, err := q.savepoint.ExecContext(ctx); err != nil {
		return fmt.Errorf("savepoint: %w", err)
	}
	if err := q.write(ctx, r, version); err != nil {
		r.err = err
		if _, rerr := q.rollbackTo.ExecContext(ctx); rerr != nil {
			return fmt.Errorf("roll back a failed append (%v): %w", err, rerr)
		}
	} else {
		r.version = version + len(r.entries)
		r.wrote, r.from = true, version
	}
	if _, err := q.release.ExecContext(ctx); err != nil {
		return fmt.Errorf("release savepoint: %w", err)
	}
	return nil
}

func (q txStmts) stored(ctx context.Context, gameID, clientID string) (bool, error) {
	var seq int
	err := q.clientSeq.QueryRowContext(ctx, gameID, clientID).Scan(&seq)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, sql.ErrNoRows):
		return false, nil
	default:
		return false, err
	}
}

func (q txStmts) write(ctx context.Context, r *appendReq, version int) error {
	var latest int64
	for i, e := range r.entries {
		at := e.At.UnixMilli()
		latest = max(latest, at)
		if _, err := q.insert.ExecContext(ctx, r.id, version+i+1, e.Kind, rawText(e.Action), e.Seat, nullString(e.ClientID), at); err != nil {
			return fmt.Errorf("entry %d: %w", version+i+1, err)
		}
	}
	if _, err := q.bump.ExecContext(ctx, version+len(r.entries), latest, r.id); err != nil {
		return fmt.Errorf("bump version: %w", err)
	}
	r.latest = latest
	return nil
}
