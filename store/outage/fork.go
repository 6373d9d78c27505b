package outage

import (
	"context"

	"github.com/grimoire-games/grimoire/store"
)

// The fork and look methods, told apart like the others.

func (s *Store) CreateFork(ctx context.Context, g store.Game, seats []store.Seat, entries []store.Entry, f store.Fork) error {
	return s.seen(s.Store.CreateFork(ctx, g, seats, entries, f), true)
}

func (s *Store) Marks(ctx context.Context, id, device string) (store.Marks, error) {
	m, err := s.Store.Marks(ctx, id, device)
	return m, s.seen(err, true)
}

func (s *Store) Look(ctx context.Context, id, device string, version int) error {
	return s.seen(s.Store.Look(ctx, id, device, version), true)
}
