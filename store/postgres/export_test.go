package postgres

import (
	"context"
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
