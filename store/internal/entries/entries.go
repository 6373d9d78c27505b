// Package entries holds what both backends check in a write before touching
// the database, so SQLite and PostgreSQL refuse the same batches with the
// same error, and a bad append refused here never reaches a transaction it
// shares with others.
package entries

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/grimoire-games/grimoire/store"
)

// Prepare returns a copy of es with the defaults filled in (an empty Kind is
// an action, a zero At is now), or an error
// wrapping store.ErrInvalidEntry naming the first entry the log cannot hold.
// The caller's slice is left alone: a retried write must see what it sent.
func Prepare(es []store.Entry, now time.Time) ([]store.Entry, error) {
	out := make([]store.Entry, len(es))
	seen := make(map[string]int, len(es))
	for i, e := range es {
		switch e.Kind {
		case "":
			e.Kind = store.KindAction
		case store.KindAction, store.KindUndo:
		default:
			return nil, fmt.Errorf("entry %d: kind %q: %w", i, e.Kind, store.ErrInvalidEntry)
		}
		if e.Action != nil && !json.Valid(e.Action) {
			return nil, fmt.Errorf("entry %d: action is not JSON: %w", i, store.ErrInvalidEntry)
		}
		if e.ClientID != "" {
			if j, dup := seen[e.ClientID]; dup {
				return nil, fmt.Errorf("entries %d and %d share client id %q: %w", j, i, e.ClientID, store.ErrInvalidEntry)
			}
			seen[e.ClientID] = i
		}
		if e.At.IsZero() {
			e.At = now
		}
		out[i] = e
	}
	return out, nil
}

// ClientIDs lists the non-empty ClientIDs of es after the first entry: the
// ones that must not be in the log yet when the batch is not a repeat.
func ClientIDs(es []store.Entry) []string {
	var ids []string
	for i, e := range es {
		if i > 0 && e.ClientID != "" {
			ids = append(ids, e.ClientID)
		}
	}
	return ids
}
