package handlers

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/store"
)

// CheckKeptStates makes h report, through report, every kept state that is
// not the replay of its record: before and after each tap is judged and
// after it is stored (verifyKept). The tests' handlers all turn it on, so
// any test that plays a game checks the cache against the record.
func CheckKeptStates(h *Handler, report func(error)) { h.cache.check = report }

// KeptStateIsTheReplay compares the state h's cache keeps for the game now
// (if any) with a cold replay of the record as stored; kept says whether
// the cache held one to compare.
func KeptStateIsTheReplay(h *Handler, id string) (kept bool, err error) {
	ctx := context.Background()
	g, log, err := h.store.Load(ctx, id)
	if err != nil {
		return false, err
	}
	k, ok := play.Find(h.games, g.Kind)
	if !ok {
		return false, fmt.Errorf("no kind %s", g.Kind)
	}
	st, ok := h.cache.state(id, g.Version)
	if !ok || st.now() == nil {
		return false, nil
	}
	// The actions are the store's, so the replay is the record's own.
	in := store.InForce(log)
	t := play.Table{Kind: g.Kind, GameID: g.ID, Setup: g.Setup, Seed: g.Seed, Version: g.Version,
		Actions: make([]json.RawMessage, len(in)), ActionSeats: make([]int, len(in)), State: st.now()}
	for i, e := range in {
		t.Actions[i], t.ActionSeats[i] = e.Action, e.Seat
		if i >= len(st.Actions) || !bytes.Equal(st.Actions[i], e.Action) {
			return true, fmt.Errorf("the cache's action %d is not the store's", i+1)
		}
	}
	var errs []error
	was := h.cache.check
	h.cache.check = func(err error) { errs = append(errs, err) }
	defer func() { h.cache.check = was }()
	h.verifyKept(k, t, "read back from the cache")
	return true, errors.Join(errs...)
}

// CacheHolds says whether h's cache holds the game at all (any version).
func CacheHolds(h *Handler, id string) bool {
	h.cache.mu.Lock()
	defer h.cache.mu.Unlock()
	_, ok := h.cache.byID[id]
	return ok
}
