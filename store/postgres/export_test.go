package postgres

import (
	"context"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// ListenerPID is the backend pid of the Store's LISTEN connection, so a test
// can kill it and watch the Store reconnect.
func (s *Store) ListenerPID() uint32 { return s.listenerPID.Load() }

// SetMinBackoff sets how long a dropped listener waits before reconnecting,
// for Stores opened afterwards; it returns a func that restores the default.
// Only for tests that run alone: listeners read it without a lock.
func SetMinBackoff(d time.Duration) (restore func()) {
	old := minBackoff
	minBackoff = d
	return func() { minBackoff = old }
}

// PreparedStatements lists the statements prepared on one connection of the
// Store's pool (all of them when the pool holds one connection).
func (s *Store) PreparedStatements(ctx context.Context) ([]string, error) {
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return nil, err
	}
	defer conn.Release()
	rows, err := conn.Query(ctx, `SELECT statement FROM pg_prepared_statements`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// HomeListPlan is PostgreSQL's plan for one page of Games(owner), made with
// sequential scans priced out of reach: a plan that still scans a table
// has no index to use.
func (s *Store) HomeListPlan(ctx context.Context, owner string) (string, error) {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return "", err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `SET LOCAL enable_seqscan = off`); err != nil {
		return "", err
	}
	rows, err := tx.Query(ctx, `EXPLAIN SELECT `+gameCols+` FROM games g WHERE `+visible+byRecent+` LIMIT $2 OFFSET $3`, owner, 10, 0)
	if err != nil {
		return "", err
	}
	lines, err := pgx.CollectRows(rows, pgx.RowTo[string])
	return strings.Join(lines, "\n"), err
}
