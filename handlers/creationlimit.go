package handlers

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/store"
)

// creationWindow is the sliding window of GamesPerHour.
const creationWindow = time.Hour

// creationLimit counts the games each device creates. It sits in front of
// the store, so every way of creating a game (the new-game forms, import,
// a game started offline) is counted where the game is made, and a
// creation that fails is not counted.
type creationLimit struct {
	store.Store
	max int
	now func() time.Time

	mu    sync.Mutex
	made  map[string][]time.Time // per owner, oldest first, within the window
	swept time.Time
}

func newCreationLimit(st store.Store, max int, now func() time.Time) *creationLimit {
	return &creationLimit{Store: st, max: max, now: now, made: map[string][]time.Time{}}
}

// CreateGame creates the game if its owner has created fewer than max games
// in the last hour; otherwise it is a 429 that says when the next one may
// be made.
func (s *creationLimit) CreateGame(ctx context.Context, g store.Game, seats []store.Seat) error {
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
func (s *creationLimit) CreateGameWithLog(ctx context.Context, g store.Game, seats []store.Seat, entries []store.Entry) error {
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

// check refuses early (before a form is read and a confirmation shown) a
// device that could not create a game now.
func (s *creationLimit) check(owner string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.fullLocked(owner, s.now())
}

func (s *creationLimit) take(owner string) (time.Time, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	if err := s.fullLocked(owner, now); err != nil {
		return now, err
	}
	s.made[owner] = append(s.made[owner], now)
	return now, nil
}

func (s *creationLimit) giveBack(owner string, at time.Time) {
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
func (s *creationLimit) fullLocked(owner string, now time.Time) error {
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
	wait := ts[len(ts)-s.max].Add(creationWindow).Sub(now)
	mins := int((wait + time.Minute - 1) / time.Minute)
	return echo.NewHTTPError(http.StatusTooManyRequests, fmt.Sprintf(
		"This device has started %d games in the last hour, the most Grimoire allows. The next one can start in %s; until then, carry on with a game you have.",
		s.max, plural(mins, "minute")))
}

func plural(n int, unit string) string {
	if n == 1 {
		return "1 " + unit
	}
	return strconv.Itoa(n) + " " + unit + "s"
}

// withCreationCheck refuses a new-game form (its route, routes.go) at once
// when the device could not start the game anyway, instead of after its
// confirmation.
func (h *Handler) withCreationCheck(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if err := h.creations.check(device(c)); err != nil {
			return err
		}
		return next(c)
	}
}
