package outage

import (
	"context"

	"github.com/grimoire-games/grimoire/store"
)

// The fork and look methods, told apart like the others.

func (s *Store) CreateFork(ctx context.Context, g store.Game, seats []store.Seat, entries []store.Entry, f store.Fork) error {
	return s.seen(s.Store.CreateFork(ctx, g, seats, entries, f), true)
}

func (s *Store) Lineage(ctx context.Context, id string) (store.Lineage, error) {
	l, err := s.Store.Lineage(ctx, id)
	return l, s.seen(err, true)
}

func (s *Store) LastLook(ctx context.Context, id, device string) (int, bool, error) {
	v, ok, err := s.Store.LastLook(ctx, id, device)
	return v, ok, s.seen(err, true)
}

func (s *Store) Look(ctx context.Context, id, device string, version int) error {
	return s.seen(s.Store.Look(ctx, id, device, version), true)
}
