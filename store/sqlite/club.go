package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/grimoire-games/grimoire/store"
)

// clubVisible is the WHERE clause of ClubGames: a game created by a
// member, or with a seat a member holds, made before the member left.
const clubVisible = `g.id IN (
	SELECT g2.id FROM club_members m JOIN games g2 ON g2.owner = m.device
		WHERE m.club_id = ?1 AND (m.left_at IS NULL OR g2.created < m.left_at)
	UNION
	SELECT s.game_id FROM club_members m JOIN seats s ON s.holder = m.device JOIN games g3 ON g3.id = s.game_id
		WHERE m.club_id = ?1 AND s.holder <> '' AND (m.left_at IS NULL OR g3.created < m.left_at))`

// clubWrite runs fn in one write transaction (IMMEDIATE, on the writer).
func (s *Store) clubWrite(ctx context.Context, fn func(tx *sql.Tx) error) error {
	if s.closed.Load() {
		return errClosed
	}
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit()
}

// inClub says whether device is a member of some club now.
func inClub(ctx context.Context, tx *sql.Tx, device string) (bool, error) {
	var n int
	err := tx.QueryRowContext(ctx, `SELECT count(*) FROM club_members WHERE device = ? AND left_at IS NULL`, device).Scan(&n)
	return n > 0, err
}

// CreateClub stores the club and its owner's membership together.
func (s *Store) CreateClub(ctx context.Context, c store.Club) error {
	if c.Created.IsZero() {
		c.Created = time.Now()
	}
	err := s.clubWrite(ctx, func(tx *sql.Tx) error {
		in, err := inClub(ctx, tx, c.Owner)
		if err != nil {
			return err
		}
		if in {
			return store.ErrInClub
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO clubs (id, name, owner, starter, created) VALUES (?, ?, ?, ?, ?)`,
			c.ID, c.Name, c.Owner, c.Owner, c.Created.UnixMilli()); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO club_members (club_id, device, joined) VALUES (?, ?, ?)`, c.ID, c.Owner, c.Created.UnixMilli())
		return err
	})
	if err != nil {
		return fmt.Errorf("create club: %w", err)
	}
	return nil
}

const clubCols = `c.id, c.name, c.owner, c.created`

func scanClub(row scanner) (store.Club, error) {
	var c store.Club
	var created int64
	if err := row.Scan(&c.ID, &c.Name, &c.Owner, &created); err != nil {
		return store.Club{}, notFound(err)
	}
	c.Created = fromMillis(created)
	return c, nil
}

// Club reads a club by id.
func (s *Store) Club(ctx context.Context, id string) (store.Club, error) {
	c, err := scanClub(s.r.QueryRowContext(ctx, `SELECT `+clubCols+` FROM clubs c WHERE c.id = ?`, id))
	if err != nil {
		return store.Club{}, fmt.Errorf("club: %w", err)
	}
	return c, nil
}

// ClubOf is the club device belongs to now.
func (s *Store) ClubOf(ctx context.Context, device string) (store.Club, error) {
	c, err := scanClub(s.r.QueryRowContext(ctx, `SELECT `+clubCols+` FROM clubs c JOIN club_members m ON m.club_id = c.id
		WHERE m.device = ? AND m.left_at IS NULL`, device))
	if err != nil {
		return store.Club{}, fmt.Errorf("club of a device: %w", err)
	}
	return c, nil
}

// Members lists the club's members by joining time.
func (s *Store) Members(ctx context.Context, clubID string) ([]store.Member, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT club_id, device, joined, left_at, removed FROM club_members
		WHERE club_id = ? ORDER BY joined, device`, clubID)
	if err != nil {
		return nil, fmt.Errorf("club members: %w", err)
	}
	defer rows.Close()
	var out []store.Member
	for rows.Next() {
		var m store.Member
		var joined int64
		var left sql.NullInt64
		if err := rows.Scan(&m.ClubID, &m.Device, &joined, &left, &m.Removed); err != nil {
			return nil, fmt.Errorf("club members: %w", err)
		}
		m.Joined = fromMillis(joined)
		if left.Valid {
			m.Left = fromMillis(left.Int64)
		}
		out = append(out, m)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("club members: %w", err)
	}
	return out, nil
}

// LeaveClub ends a membership, passing the club on when its owner leaves.
func (s *Store) LeaveClub(ctx context.Context, clubID, device string, at time.Time, removed bool) error {
	err := s.clubWrite(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE club_members SET left_at = ?, removed = ? WHERE club_id = ? AND device = ? AND left_at IS NULL`,
			at.UnixMilli(), removed, clubID, device)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return store.ErrNotFound
		}
		_, err = tx.ExecContext(ctx, `UPDATE clubs SET owner = coalesce((SELECT device FROM club_members
			WHERE club_id = ?1 AND left_at IS NULL ORDER BY joined, device LIMIT 1), owner)
			WHERE id = ?1 AND owner = ?2`, clubID, device)
		return err
	})
	if err != nil {
		return fmt.Errorf("leave club: %w", err)
	}
	return nil
}

// CountClubsSince counts the clubs device started since.
func (s *Store) CountClubsSince(ctx context.Context, device string, since time.Time) (int, error) {
	var n int
	if err := s.r.QueryRowContext(ctx, `SELECT count(*) FROM clubs WHERE starter = ? AND created >= ?`, device, since.UnixMilli()).Scan(&n); err != nil {
		return 0, fmt.Errorf("count clubs: %w", err)
	}
	return n, nil
}

// CreateInvite stores an invite.
func (s *Store) CreateInvite(ctx context.Context, inv store.Invite) error {
	if inv.Created.IsZero() {
		inv.Created = time.Now()
	}
	err := s.clubWrite(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO club_invites (code, club_id, by_device, created, expires) VALUES (?, ?, ?, ?, ?)`,
			inv.Code, inv.ClubID, inv.By, inv.Created.UnixMilli(), inv.Expires.UnixMilli())
		return err
	})
	if err != nil {
		return fmt.Errorf("create invite: %w", err)
	}
	return nil
}

const inviteCols = `code, club_id, by_device, created, expires, revoked, used_by, used_at`

func scanInvite(row scanner) (store.Invite, error) {
	var inv store.Invite
	var created, expires int64
	var used sql.NullInt64
	if err := row.Scan(&inv.Code, &inv.ClubID, &inv.By, &created, &expires, &inv.Revoked, &inv.UsedBy, &used); err != nil {
		return store.Invite{}, notFound(err)
	}
	inv.Created, inv.Expires = fromMillis(created), fromMillis(expires)
	if used.Valid {
		inv.UsedAt = fromMillis(used.Int64)
	}
	return inv, nil
}

// Invite reads an invite by code.
func (s *Store) Invite(ctx context.Context, code string) (store.Invite, error) {
	inv, err := scanInvite(s.r.QueryRowContext(ctx, `SELECT `+inviteCols+` FROM club_invites WHERE code = ?`, code))
	if err != nil {
		return store.Invite{}, fmt.Errorf("invite: %w", err)
	}
	return inv, nil
}

// Invites lists the club's invites, newest first.
func (s *Store) Invites(ctx context.Context, clubID string) ([]store.Invite, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT `+inviteCols+` FROM club_invites WHERE club_id = ? ORDER BY created DESC, code`, clubID)
	if err != nil {
		return nil, fmt.Errorf("invites: %w", err)
	}
	defer rows.Close()
	var out []store.Invite
	for rows.Next() {
		inv, err := scanInvite(rows)
		if err != nil {
			return nil, fmt.Errorf("invites: %w", err)
		}
		out = append(out, inv)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("invites: %w", err)
	}
	return out, nil
}

// RevokeInvite revokes an unused invite.
func (s *Store) RevokeInvite(ctx context.Context, clubID, code string) error {
	err := s.clubWrite(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE club_invites SET revoked = 1 WHERE club_id = ? AND code = ? AND used_by = ''`, clubID, code)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return store.ErrNotFound
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("revoke invite: %w", err)
	}
	return nil
}

// CountInvitesSince counts the club's invites made since.
func (s *Store) CountInvitesSince(ctx context.Context, clubID string, since time.Time) (int, error) {
	var n int
	if err := s.r.QueryRowContext(ctx, `SELECT count(*) FROM club_invites WHERE club_id = ? AND created >= ?`, clubID, since.UnixMilli()).Scan(&n); err != nil {
		return 0, fmt.Errorf("count invites: %w", err)
	}
	return n, nil
}

// JoinClub uses the invite and makes the member in one transaction.
func (s *Store) JoinClub(ctx context.Context, code, device string, at time.Time) (store.Club, error) {
	var c store.Club
	err := s.clubWrite(ctx, func(tx *sql.Tx) error {
		inv, err := scanInvite(tx.QueryRowContext(ctx, `SELECT `+inviteCols+` FROM club_invites WHERE code = ?`, code))
		if err != nil {
			return err
		}
		if inv.Revoked || inv.UsedBy != "" || !at.Before(inv.Expires) {
			return store.ErrInviteGone
		}
		in, err := inClub(ctx, tx, device)
		if err != nil {
			return err
		}
		if in {
			return store.ErrInClub
		}
		if _, err := tx.ExecContext(ctx, `UPDATE club_invites SET used_by = ?, used_at = ? WHERE code = ?`, device, at.UnixMilli(), code); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO club_members (club_id, device, joined) VALUES (?1, ?2, ?3)
			ON CONFLICT (club_id, device) DO UPDATE SET joined = ?3, left_at = NULL, removed = 0`, inv.ClubID, device, at.UnixMilli()); err != nil {
			return err
		}
		c, err = scanClub(tx.QueryRowContext(ctx, `SELECT `+clubCols+` FROM clubs c WHERE c.id = ?`, inv.ClubID))
		return err
	})
	if err != nil {
		return store.Club{}, fmt.Errorf("join club: %w", err)
	}
	return c, nil
}

// ClubGames lists the club's games, most recently updated first.
func (s *Store) ClubGames(ctx context.Context, clubID string) ([]store.Game, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT `+gameCols+` FROM games g WHERE `+clubVisible+byRecent, clubID)
	if err != nil {
		return nil, fmt.Errorf("club games: %w", err)
	}
	out, err := scanGames(rows)
	if err != nil {
		return nil, fmt.Errorf("club games: %w", err)
	}
	return out, nil
}

// ClubGamesPage is one page of ClubGames and their total, read together.
func (s *Store) ClubGamesPage(ctx context.Context, clubID string, offset, limit int) ([]store.Game, int, error) {
	if offset < 0 || limit < 1 {
		return nil, 0, fmt.Errorf("club games: page at %d of %d: offset must be 0 or more and limit 1 or more", offset, limit)
	}
	var (
		page  []store.Game
		total int
	)
	err := s.read(ctx, func(tx *sql.Tx) error {
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM games g WHERE `+clubVisible, clubID).Scan(&total); err != nil {
			return err
		}
		rows, err := tx.QueryContext(ctx, `SELECT `+gameCols+` FROM games g WHERE `+clubVisible+byRecent+` LIMIT ?2 OFFSET ?3`, clubID, limit, offset)
		if err != nil {
			return err
		}
		page, err = scanGames(rows)
		return err
	})
	if err != nil {
		return nil, 0, fmt.Errorf("club games from %d: %w", offset, err)
	}
	return page, total, nil
}

// NameMerges lists the club's merged names.
func (s *Store) NameMerges(ctx context.Context, clubID string) ([]store.NameMerge, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT club_id, name, into_name FROM club_names WHERE club_id = ? ORDER BY name`, clubID)
	if err != nil {
		return nil, fmt.Errorf("merged names: %w", err)
	}
	defer rows.Close()
	var out []store.NameMerge
	for rows.Next() {
		var m store.NameMerge
		if err := rows.Scan(&m.ClubID, &m.Name, &m.Into); err != nil {
			return nil, fmt.Errorf("merged names: %w", err)
		}
		out = append(out, m)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("merged names: %w", err)
	}
	return out, nil
}

// MergeName counts name as into.
func (s *Store) MergeName(ctx context.Context, clubID, name, into string) error {
	err := s.clubWrite(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO club_names (club_id, name, into_name) VALUES (?1, ?2, ?3)
			ON CONFLICT (club_id, name) DO UPDATE SET into_name = ?3`, clubID, name, into)
		return err
	})
	if err != nil {
		return fmt.Errorf("merge name: %w", err)
	}
	return nil
}

// SplitName undoes a merge.
func (s *Store) SplitName(ctx context.Context, clubID, name string) error {
	err := s.clubWrite(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM club_names WHERE club_id = ? AND name = ?`, clubID, name)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return store.ErrNotFound
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("split name: %w", err)
	}
	return nil
}
