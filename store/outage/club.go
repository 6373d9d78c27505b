package outage

import (
	"context"
	"time"

	"github.com/grimoire-games/grimoire/store"
)

// The club methods, told apart like the others: a club page or a league
// table asked while the database is away answers "try again later".

func (s *Store) CreateClub(ctx context.Context, c store.Club) error {
	return s.seen(s.Store.CreateClub(ctx, c), true)
}

func (s *Store) Club(ctx context.Context, id string) (store.Club, error) {
	c, err := s.Store.Club(ctx, id)
	return c, s.seen(err, true)
}

func (s *Store) ClubOf(ctx context.Context, device string) (store.Club, error) {
	c, err := s.Store.ClubOf(ctx, device)
	return c, s.seen(err, true)
}

func (s *Store) Members(ctx context.Context, clubID string) ([]store.Member, error) {
	ms, err := s.Store.Members(ctx, clubID)
	return ms, s.seen(err, true)
}

func (s *Store) LeaveClub(ctx context.Context, clubID, device string, at time.Time, removed bool) error {
	return s.seen(s.Store.LeaveClub(ctx, clubID, device, at, removed), true)
}

func (s *Store) CountClubsSince(ctx context.Context, device string, since time.Time) (int, error) {
	n, err := s.Store.CountClubsSince(ctx, device, since)
	return n, s.seen(err, true)
}

func (s *Store) CreateInvite(ctx context.Context, inv store.Invite) error {
	return s.seen(s.Store.CreateInvite(ctx, inv), true)
}

func (s *Store) Invite(ctx context.Context, code string) (store.Invite, error) {
	inv, err := s.Store.Invite(ctx, code)
	return inv, s.seen(err, true)
}

func (s *Store) Invites(ctx context.Context, clubID string) ([]store.Invite, error) {
	invs, err := s.Store.Invites(ctx, clubID)
	return invs, s.seen(err, true)
}

func (s *Store) RevokeInvite(ctx context.Context, clubID, code string) error {
	return s.seen(s.Store.RevokeInvite(ctx, clubID, code), true)
}

func (s *Store) CountInvitesSince(ctx context.Context, clubID string, since time.Time) (int, error) {
	n, err := s.Store.CountInvitesSince(ctx, clubID, since)
	return n, s.seen(err, true)
}

func (s *Store) JoinClub(ctx context.Context, code, device string, at time.Time) (store.Club, error) {
	c, err := s.Store.JoinClub(ctx, code, device, at)
	return c, s.seen(err, true)
}

func (s *Store) ClubGames(ctx context.Context, clubID string) ([]store.Game, error) {
	gs, err := s.Store.ClubGames(ctx, clubID)
	return gs, s.seen(err, true)
}

func (s *Store) ClubGamesPage(ctx context.Context, clubID string, offset, limit int) ([]store.Game, int, error) {
	gs, n, err := s.Store.ClubGamesPage(ctx, clubID, offset, limit)
	return gs, n, s.seen(err, true)
}

func (s *Store) NameMerges(ctx context.Context, clubID string) ([]store.NameMerge, error) {
	ms, err := s.Store.NameMerges(ctx, clubID)
	return ms, s.seen(err, true)
}

func (s *Store) MergeName(ctx context.Context, clubID, name, into string) error {
	return s.seen(s.Store.MergeName(ctx, clubID, name, into), true)
}

func (s *Store) SplitName(ctx context.Context, clubID, name string) error {
	return s.seen(s.Store.SplitName(ctx, clubID, name), true)
}
