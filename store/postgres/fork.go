package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/grimoire-games/grimoire/store"
)

// CreateFork stores the fork g, its seats, its log and where it came
// from in one transaction.
func (s *Store) CreateFork(ctx context.Context, g store.Game, seats []store.Seat, log []store.Entry, f store.Fork) error {
	if err := s.createGame(ctx, g, seats, log, &f); err != nil {
		return fmt.Errorf("create fork %s of %s at %d: %w", g.ID, f.From, f.At, err)
	}
	return nil
}

// Lineage reads both ends of game id's forks in one snapshot.
func (s *Store) Lineage(ctx context.Context, id string) (store.Lineage, error) {
	var l store.Lineage
	err := pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		var from string
		var title, token *string
		var at int
		err := tx.QueryRow(ctx, `SELECT f.from_id, f.at, g.title, g.spectator_token
			FROM forks f LEFT JOIN games g ON g.id = f.from_id WHERE f.game_id = $1`, id).Scan(&from, &at, &title, &token)
		switch {
		case err == nil:
			k := store.ForkLink{ID: from, At: at, Gone: title == nil}
			if title != nil {
				k.Title, k.SpectatorToken = *title, *token
			}
			l.From = &k
		case !errors.Is(err, pgx.ErrNoRows):
			return err
		}
		rows, err := tx.Query(ctx, `SELECT f.game_id, f.at, g.title, g.spectator_token
			FROM forks f JOIN games g ON g.id = f.game_id WHERE f.from_id = $1 ORDER BY g.created, f.game_id`, id)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var k store.ForkLink
			if err := rows.Scan(&k.ID, &k.At, &k.Title, &k.SpectatorToken); err != nil {
				return err
			}
			l.To = append(l.To, k)
		}
		return rows.Err()
	})
	if err != nil {
		return store.Lineage{}, fmt.Errorf("lineage of %s: %w", id, err)
	}
	return l, nil
}

// LastLook reads device's mark on game id.
func (s *Store) LastLook(ctx context.Context, id, device string) (int, bool, error) {
	var v int
	err := s.pool.QueryRow(ctx, `SELECT version FROM looks WHERE game_id = $1 AND device = $2`, id, device).Scan(&v)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, fmt.Errorf("last look at %s: %w", id, err)
	}
	return v, true, nil
}

// Look moves device's mark on game id up to version in one statement;
// the game's existence is read in it, so an unknown game stores nothing.
func (s *Store) Look(ctx context.Context, id, device string, version int) error {
	tag, err := s.pool.Exec(ctx, `INSERT INTO looks (game_id, device, version)
		SELECT $1, $2, $3 WHERE EXISTS (SELECT 1 FROM games WHERE id = $1)
		ON CONFLICT (game_id, device) DO UPDATE SET version = GREATEST(looks.version, excluded.version)`, id, device, version)
	if err != nil {
		return fmt.Errorf("look at %s: %w", id, err)
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("look at %s: %w", id, store.ErrNotFound)
	}
	return nil
}
