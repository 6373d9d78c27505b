package sqlite

import (
	"context"
	"database/sql"
	"fmt"

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

// marksQuery reads a game's fork rows both ways and one device's mark in
// one statement: 0 the game it came from, 1 the games continued from it
// (oldest first), 2 the mark.
const marksQuery = `SELECT 0, f.from_id, f.at, g.title, g.spectator_token, 0
	FROM forks f LEFT JOIN games g ON g.id = f.from_id WHERE f.game_id = ?1
UNION ALL
SELECT 1, f.game_id, f.at, g.title, g.spectator_token, g.created
	FROM forks f JOIN games g ON g.id = f.game_id WHERE f.from_id = ?1
UNION ALL
SELECT 2, '', version, NULL, NULL, 0 FROM looks WHERE game_id = ?1 AND device = ?2
ORDER BY 1, 6, 2`

// Marks reads game id's lineage and device's mark in one statement.
func (s *Store) Marks(ctx context.Context, id, device string) (store.Marks, error) {
	var m store.Marks
	rows, err := s.rq.marks.QueryContext(ctx, id, device)
	if err != nil {
		return m, fmt.Errorf("marks of %s: %w", id, err)
	}
	defer rows.Close()
	for rows.Next() {
		var (
			which, at    int
			other        string
			title, token sql.NullString
			created      int64
		)
		if err := rows.Scan(&which, &other, &at, &title, &token, &created); err != nil {
			return store.Marks{}, fmt.Errorf("marks of %s: %w", id, err)
		}
		link := store.ForkLink{ID: other, Title: title.String, SpectatorToken: token.String, At: at, Gone: !title.Valid}
		switch which {
		case 0:
			m.From = &link
		case 1:
			m.To = append(m.To, link)
		case 2:
			m.Look, m.Looked = at, true
		}
	}
	if err := rows.Err(); err != nil {
		return store.Marks{}, fmt.Errorf("marks of %s: %w", id, err)
	}
	return m, nil
}

// Look moves device's mark on game id up to version in one statement;
// the game's existence is read in it, so an unknown game stores nothing.
func (s *Store) Look(ctx context.Context, id, device string, version int) error {
	if s.closed.Load() {
		return fmt.Errorf("look at %s: %w", id, errClosed)
	}
	res, err := s.w.ExecContext(ctx, `INSERT INTO looks (game_id, device, version)
		SELECT ?1, ?2, ?3 WHERE EXISTS (SELECT 1 FROM games WHERE id = ?1)
		ON CONFLICT (game_id, device) DO UPDATE SET version = max(version, excluded.version)`, id, device, version)
	if err != nil {
		return fmt.Errorf("look at %s: %w", id, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("look at %s: %w", id, err)
	} else if n == 0 {
		return fmt.Errorf("look at %s: %w", id, store.ErrNotFound)
	}
	return nil
}
