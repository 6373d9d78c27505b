// Package outage notices when the database goes away and comes back. It
// wraps a Store: an error the backend counts as "cannot be reached" (its
// Unavailable function) comes out as store.ErrUnavailable, so the handlers
// answer "try again later" rather than "something broke", and the change of
// state is logged once each way, not once per request.
package outage

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/grimoire-games/grimoire/store"
)

// Store is a store.Store that tells outages apart.
type Store struct {
	store.Store
	unavailable func(error) bool
	log         *slog.Logger
	now         func() time.Time

	mu    sync.Mutex
	since time.Time // zero while the store answers
}

// Wrap returns s with outages told apart by unavailable and logged to log.
func Wrap(s store.Store, unavailable func(error) bool, log *slog.Logger) *Store {
	return &Store{Store: s, unavailable: unavailable, log: log, now: time.Now}
}

// Down reports whether the latest word from the database was an outage, and
// since when.
func (s *Store) Down() (bool, time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return !s.since.IsZero(), s.since
}

// seen classifies a result. answered says whether a success proves the
// database answered: Game and Seats may answer from memory (SQLite's memo),
// so their successes do not end an outage, though their errors may start
// one.
func (s *Store) seen(err error, answered bool) error {
	if err != nil && (errors.Is(err, store.ErrUnavailable) || s.unavailable(err)) {
		s.mu.Lock()
		first := s.since.IsZero()
		if first {
			s.since = s.now()
		}
		s.mu.Unlock()
		if first {
			s.log.Error("store unreachable: writes are answered 503 until it is back", "err", err)
		}
		if errors.Is(err, store.ErrUnavailable) {
			return err
		}
		return fmt.Errorf("%w: %w", store.ErrUnavailable, err)
	}
	if err == nil && !answered {
		return nil
	}
	if errors.Is(err, context.Canceled) {
		return err // the caller left; says nothing about the database
	}
	s.mu.Lock()
	since := s.since
	s.since = time.Time{}
	s.mu.Unlock()
	if !since.IsZero() {
		s.log.Info("store back", "after", s.now().Sub(since).Round(time.Second).String())
	}
	return err
}

func (s *Store) CreateGame(ctx context.Context, g store.Game, seats []store.Seat) error {
	return s.seen(s.Store.CreateGame(ctx, g, seats), true)
}

func (s *Store) Game(ctx context.Context, id string) (store.Game, error) {
	g, err := s.Store.Game(ctx, id)
	return g, s.seen(err, false)
}

func (s *Store) GameBySpectatorToken(ctx context.Context, token string) (store.Game, error) {
	g, err := s.Store.GameBySpectatorToken(ctx, token)
	return g, s.seen(err, false)
}

func (s *Store) Games(ctx context.Context, owner string) ([]store.Game, error) {
	gs, err := s.Store.Games(ctx, owner)
	return gs, s.seen(err, true)
}

func (s *Store) GamesPage(ctx context.Context, owner string, offset, limit int) ([]store.Game, int, error) {
	gs, n, err := s.Store.GamesPage(ctx, owner, offset, limit)
	return gs, n, s.seen(err, true)
}

func (s *Store) CountGamesSince(ctx context.Context, owner string, since time.Time) (int, error) {
	n, err := s.Store.CountGamesSince(ctx, owner, since)
	return n, s.seen(err, true)
}

func (s *Store) DeleteGame(ctx context.Context, id string) error {
	return s.seen(s.Store.DeleteGame(ctx, id), true)
}

func (s *Store) CreateGameWithLog(ctx context.Context, g store.Game, seats []store.Seat, entries []store.Entry) error {
	return s.seen(s.Store.CreateGameWithLog(ctx, g, seats, entries), true)
}

func (s *Store) Load(ctx context.Context, id string) (store.Game, []store.Entry, error) {
	g, log, err := s.Store.Load(ctx, id)
	return g, log, s.seen(err, true)
}

func (s *Store) Log(ctx context.Context, id string) ([]store.Entry, error) {
	log, err := s.Store.Log(ctx, id)
	return log, s.seen(err, true)
}

func (s *Store) Append(ctx context.Context, id string, expected int, e store.Entry) (int, error) {
	v, err := s.Store.Append(ctx, id, expected, e)
	return v, s.seen(err, true)
}

func (s *Store) AppendBatch(ctx context.Context, id string, expected int, entries []store.Entry) (int, error) {
	v, err := s.Store.AppendBatch(ctx, id, expected, entries)
	return v, s.seen(err, true)
}

func (s *Store) Seats(ctx context.Context, gameID string) ([]store.Seat, error) {
	seats, err := s.Store.Seats(ctx, gameID)
	return seats, s.seen(err, false)
}

func (s *Store) SeatByToken(ctx context.Context, token string) (store.Seat, error) {
	st, err := s.Store.SeatByToken(ctx, token)
	return st, s.seen(err, true)
}

func (s *Store) ClaimSeat(ctx context.Context, token, holder string) (store.Seat, error) {
	st, err := s.Store.ClaimSeat(ctx, token, holder)
	return st, s.seen(err, true)
}

func (s *Store) Watch(ctx context.Context, id string) (<-chan int, error) {
	ch, err := s.Store.Watch(ctx, id)
	return ch, s.seen(err, false)
}

func (s *Store) SessionKeys(ctx context.Context, initial []string) ([]string, error) {
	keys, err := s.Store.SessionKeys(ctx, initial)
	return keys, s.seen(err, true)
}

func (s *Store) AddSessionKeys(ctx context.Context, add []string, front bool, keep int) ([]string, error) {
	keys, err := s.Store.AddSessionKeys(ctx, add, front, keep)
	return keys, s.seen(err, true)
}
