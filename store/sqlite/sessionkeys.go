package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"slices"

	"github.com/grimoire-games/grimoire/store/internal/sessionkeys"
)

// SessionKeys returns the kept keys, keeping initial when there are none.
// The writer connection's transactions begin IMMEDIATE, so two callers
// cannot both find the table empty.
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

// changeKeys reads the kept keys and, when change returns others, writes
// them in the same transaction.
func (s *Store) changeKeys(ctx context.Context, change func([]string) ([]string, error)) ([]string, error) {
	if s.closed.Load() {
		return nil, errClosed
	}
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	kept, err := readKeys(ctx, tx)
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
	if _, err := tx.ExecContext(ctx, `DELETE FROM session_keys`); err != nil {
		return nil, err
	}
	for i, k := range keys {
		if _, err := tx.ExecContext(ctx, `INSERT INTO session_keys (pos, key) VALUES (?, ?)`, i, k); err != nil {
			return nil, err
		}
	}
	if err := tx.Commit(); err != nil {
		return nil, err
	}
	return keys, nil
}

func readKeys(ctx context.Context, tx *sql.Tx) ([]string, error) {
	rows, err := tx.QueryContext(ctx, `SELECT key FROM session_keys ORDER BY pos`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var keys []string
	for rows.Next() {
		var k string
		if err := rows.Scan(&k); err != nil {
			return nil, err
		}
		keys = append(keys, k)
	}
	return keys, rows.Err()
}
