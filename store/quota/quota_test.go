package quota

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/store/sqlite"
)

// The count of games per device: a creation the store refuses is not
// counted, the window slides (a game leaves it an hour after it was made,
// not at the top of the hour), and devices that made nothing in the last
// hour are forgotten.
func TestCreationLimit(t *testing.T) {
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "grimoire.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	now := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	lim := New(st, 2, func() time.Time { return now })
	ctx := context.Background()
	n := 0
	game := func(owner string) store.Game {
		n++
		return store.Game{ID: "g" + string(rune('a'+n)), Kind: "spells-arrows", Title: "t", Owner: owner,
			SpectatorToken: "s" + string(rune('a'+n)), Setup: []byte(`{}`), Created: now, Updated: now}
	}
	tooMany := func(err error) bool {
		var ex *Exceeded
		return errors.As(err, &ex)
	}

	first := game("ana")
	if err := lim.CreateGame(ctx, first, nil); err != nil {
		t.Fatal(err)
	}
	now = now.Add(30 * time.Minute)
	dup := first
	dup.SpectatorToken = "another"
	if err := lim.CreateGame(ctx, dup, nil); err == nil || tooMany(err) {
		t.Fatalf("a game with a taken id: %v, want the store's refusal", err)
	}
	if err := lim.CreateGame(ctx, game("ana"), nil); err != nil {
		t.Fatalf("the refused creation was counted: %v", err)
	}
	if err := lim.CreateGame(ctx, game("ana"), nil); !tooMany(err) {
		t.Fatalf("a third game within the hour: %v, want Exceeded", err)
	}
	if err := lim.Check("ben"); err != nil {
		t.Fatalf("another device: %v", err)
	}
	now = now.Add(30*time.Minute + time.Second) // the first game leaves the window
	if err := lim.Check("ana"); err != nil {
		t.Fatalf("an hour after the first game: %v", err)
	}
	if err := lim.CreateGame(ctx, game("ana"), nil); err != nil {
		t.Fatal(err)
	}
	if err := lim.CreateGame(ctx, game("ana"), nil); !tooMany(err) {
		t.Fatalf("the second game of the sliding hour: %v, want Exceeded", err)
	}
	now = now.Add(3 * time.Hour)
	_ = lim.Check("cy")
	lim.mu.Lock()
	left := len(lim.made)
	lim.mu.Unlock()
	if left > 1 {
		t.Fatalf("%d devices remembered after three idle hours", left)
	}
}
