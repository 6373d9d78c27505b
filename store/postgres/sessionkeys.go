package postgres

import (
	"context"
	"fmt"
	"slices"

	"github.com/jackc/pgx/v5"

	"github.com/grimoire-games/grimoire/store/internal/sessionkeys"
)

// SessionKeys returns the kept keys, keeping initial when there are none.
// The table is locked against other writers first, so of several instances
// starting at once only the first finds it empty.
func (s *Store) SessionKeys(ctx context.Context, initial []string) ([]string, error) {
	keys, err := s.changeKeys(ctx, func(kept []string) ([]string, error) {
		if len(kept) > 0 {
			return kept, nil
		}
		return sessionkeys.Add(nil, initial, true, 0)
	})
	if err != nil {
		return nil, fmt.Errorf("session keys: %w", err)
	}
	return keys, nil
}

// AddSessionKeys adds keys in front or behind and trims to keep.
func (s *Store) AddSessionKeys(ctx context.Context, add []string, front bool, keep int) ([]string, error) {
	keys, err := s.changeKeys(ctx, func(kept []string) ([]string, error) {
		return sessionkeys.Add(kept, add, front, keep)
	})
	if err != nil {
		return nil, fmt.Errorf("add session keys: %w", err)
	}
	return keys, nil
}

func (s *Store) changeKeys(ctx context.Context, change func([]string) ([]string, error)) ([]string, error) {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback(ctx)
	// SHARE ROW EXCLUSIVE conflicts with itself: callers take turns, and
	// plain readers are not blocked.
	if _, err := tx.Exec(ctx, `LOCK TABLE session_keys IN SHARE ROW EXCLUSIVE MODE`); err != nil {
		return nil, err
	}
	rows, err := tx.Query(ctx, `SELECT key FROM session_keys ORDER BY pos`)
	if err != nil {
		return nil, err
	}
	kept, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, err
	}
	keys, err := change(kept)
	if err != nil {
		return nil, err
	}
	if slices.Equal(kept, keys) {
		return keys, nil
	}
	if _, err := tx.Exec(ctx, `DELETE FROM session_keys`); err != nil {
		return nil, err
	}
	for i, k := range keys {
		if _, err := tx.Exec(ctx, `INSERT INTO session_keys (pos, key) VALUES ($1, $2)`, i, k); err != nil {
			return nil, err
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return nil, err
	}
	return keys, nil
}
