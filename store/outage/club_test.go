package outage

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"testing"

	"github.com/grimoire-games/grimoire/store"
)

type clubFake struct {
	store.Store
	err error
}

func (f *clubFake) ClubOf(context.Context, string) (store.Club, error) { return store.Club{}, f.err }

// TestClubOutage: a club read while the database is away is an outage,
// and "in no club" is an answer, not one.
func TestClubOutage(t *testing.T) {
	f := &clubFake{err: errDown}
	s := Wrap(f, func(err error) bool { return errors.Is(err, errDown) }, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if _, err := s.ClubOf(context.Background(), "dev"); !errors.Is(err, store.ErrUnavailable) {
		t.Fatalf("ClubOf while down: %v, want ErrUnavailable", err)
	}
	f.err = store.ErrNotFound
	if _, err := s.ClubOf(context.Background(), "dev"); !errors.Is(err, store.ErrNotFound) || errors.Is(err, store.ErrUnavailable) {
		t.Fatalf("ClubOf of a phone in no club: %v", err)
	}
	if down, _ := s.Down(); down {
		t.Fatal("an answer did not end the outage")
	}
}
