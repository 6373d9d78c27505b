// Package quota counts the games each device creates, in front of the
// store: a store.Store that refuses a device's creation past its hourly
// allowance with an Exceeded error, which the app answers with a 429.
package quota

import (
	"context"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/grimoire-games/grimoire/store"
)

// creationWindow is the sliding window of the allowance.
const creationWindow = time.Hour

// Exceeded is a creation refused: the device has made Max games in the last
// hour, and the next may be made in Wait. Its Error is the sentence a
// player reads.
type Exceeded struct {
	Max  int
	Wait time.Duration
}

func (e *Exceeded) Error() string {
	mins := int((e.Wait + time.Minute - 1) / time.Minute)
	return fmt.Sprintf(
		"This device has started %d games in the last hour, the most Grimoire allows. The next one can start in %s; until then, carry on with a game you have.",
		e.Max, plural(mins, "minute"))
}

// Store counts the games each device creates. It sits in front of
// the store, so every way of creating a game (the new-game forms, import,
// a game started offline) is counted where the game is made, and a
// creation that fails is not counted.
type Store struct {
	store.Store
	max int
	now func() time.Time

	mu    sync.Mutex
	made  map[string][]time.Time // per owner, oldest first, within the window
	swept time.Time
}

// New lets each device (a game's Owner) create max games in any hour of
// now's clock, on st. It counts in this process's memory.
func New(st store.Store, max int, now func() time.Time) *Store {
	return &Store{Store: st, max: max, now: now, made: map[string][]time.Time{}}
}

// CreateGame creates the game if its owner has created fewer than max games
// in the last hour; otherwise it is an Exceeded that says when the next one
// may be made.
func (s *Store) CreateGame(ctx context.Context, g store.Game, seats []store.Seat) error {
	at, err := s.take(g.Owner)
	if err != nil {
		return err
	}
	if err := s.Store.CreateGame(ctx, g, seats); err != nil {
		s.giveBack(g.Owner, at)
		return err
	}
	return nil
}

// CreateGameWithLog (an import, whole in one transaction) counts like
// CreateGame: every way of making a game is one of the device's games.
func (s *Store) CreateGameWithLog(ctx context.Context, g store.Game, seats []store.Seat, entries []store.Entry) error {
	at, err := s.take(g.Owner)
	if err != nil {
		return err
	}
	if err := s.Store.CreateGameWithLog(ctx, g, seats, entries); err != nil {
		s.giveBack(g.Owner, at)
		return err
	}
	return nil
}

// CreateFork (a game continued from a moment of another) counts like
// CreateGame too.
func (s *Store) CreateFork(ctx context.Context, g store.Game, seats []store.Seat, entries []store.Entry, f store.Fork) error {
	at, err := s.take(g.Owner)
	if err != nil {
		return err
	}
	if err := s.Store.CreateFork(ctx, g, seats, entries, f); err != nil {
		s.giveBack(g.Owner, at)
		return err
	}
	return nil
}

// Check refuses early (before a form is read and a confirmation shown) a
// device that could not create a game now.
func (s *Store) Check(owner string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.fullLocked(owner, s.now())
}

func (s *Store) take(owner string) (time.Time, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	if err := s.fullLocked(owner, now); err != nil {
		return now, err
	}
	s.made[owner] = append(s.made[owner], now)
	return now, nil
}

func (s *Store) giveBack(owner string, at time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ts := s.made[owner]
	for i := len(ts) - 1; i >= 0; i-- {
		if ts[i].Equal(at) {
			s.made[owner] = append(ts[:i:i], ts[i+1:]...)
			return
		}
	}
}

// fullLocked forgets what left the window and says whether owner is at the
// limit. Once per window it forgets the devices that made nothing in it,
// so the map holds only the last hour's creators.
func (s *Store) fullLocked(owner string, now time.Time) error {
	since := now.Add(-creationWindow)
	if now.Sub(s.swept) > creationWindow {
		for k, ts := range s.made {
			if len(ts) == 0 || !ts[len(ts)-1].After(since) {
				delete(s.made, k)
			}
		}
		s.swept = now
	}
	ts := s.made[owner]
	i := 0
	for i < len(ts) && !ts[i].After(since) {
		i++
	}
	ts = ts[i:]
	s.made[owner] = ts
	if len(ts) < s.max {
		return nil
	}
	return &Exceeded{Max: s.max, Wait: ts[len(ts)-s.max].Add(creationWindow).Sub(now)}
}

func plural(n int, unit string) string {
	if n == 1 {
		return "1 " + unit
	}
	return strconv.Itoa(n) + " " + unit + "s"
}
