package session

import (
	"bytes"
	"context"
	"errors"
	"fmt"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/store"
)

// CheckKeptStates makes the session report, through report, every kept
// state that is not the replay of its record: before and after each tap is
// judged and after it is stored (VerifyKept). Tests turn it on before the
// session serves; a cold replay per tap costs too much for production.
func (s *Session) CheckKeptStates(report func(error)) { s.check = report }

// KeptStateIsTheReplay compares the state the cache keeps for the game now
// (if any) with a cold replay of the record as stored; kept says whether
// the cache held one to compare.
func (s *Session) KeptStateIsTheReplay(ctx context.Context, id string) (kept bool, err error) {
	g, log, err := s.store.Load(ctx, id)
	if err != nil {
		return false, err
	}
	k, ok := play.Find(s.games, g.Kind)
	if !ok {
		return false, fmt.Errorf("no kind %s", g.Kind)
	}
	st, ok := s.cache.state(id, g.Version)
	if !ok || st.now() == nil {
		return false, nil
	}
	// The actions are the store's, so the replay is the record's own.
	t := RecordTable(g, log)
	t.Title, t.Viewer = "", 0 // as the tests have always compared
	t.State = st.now()
	for i, a := range t.Actions {
		if i >= len(st.Actions) || !bytes.Equal(st.Actions[i], a) {
			return true, fmt.Errorf("the cache's action %d is not the store's", i+1)
		}
	}
	var errs []error
	was := s.check
	s.check = func(err error) { errs = append(errs, err) }
	defer func() { s.check = was }()
	s.VerifyKept(k, t, "read back from the cache")
	return true, errors.Join(errs...)
}

// Holds says whether the cache holds the game at all (any version).
func (s *Session) Holds(id string) bool {
	s.cache.mu.Lock()
	defer s.cache.mu.Unlock()
	_, ok := s.cache.byID[id]
	return ok
}

var _ Store = store.Store(nil)
