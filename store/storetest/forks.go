package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/grimoire-games/grimoire/store"
)

// testForks: a fork is stored whole with where it came from, both games
// name each other, the original is untouched, a fork's row survives the
// original's deletion (as Gone) and goes with the fork's.
func testForks(t *testing.T, open func(t *testing.T) store.Store) {
	s := open(t)
	ctx := context.Background()
	lineage := func(ctx context.Context, id string) (store.Lineage, error) {
		m, err := s.Marks(ctx, id, "dev-a")
		if m.Looked {
			t.Errorf("dev-a has a mark on %s it never made", id)
		}
		return m.Lineage, err
	}
	orig := newGame(t, "dev-a")
	create(t, s, orig, newSeats(t, "Ana", "Ben"))
	for i := range 3 {
		appendOK(t, s, orig.ID, i, store.Entry{Action: json.RawMessage(`{"n":1}`), ClientID: "c" + string(rune('0'+i))})
	}

	t.Run("a game with no forks", func(t *testing.T) {
		l, err := lineage(ctx, orig.ID)
		if err != nil || l.From != nil || len(l.To) != 0 {
			t.Fatalf("Lineage = %+v, %v; want empty", l, err)
		}
		if l, err := lineage(ctx, "no-such-game"); err != nil || l.From != nil || len(l.To) != 0 {
			t.Fatalf("Lineage(unknown) = %+v, %v; want empty", l, err)
		}
	})

	fork := newGame(t, "dev-b")
	fork.Title = "Ana vs Ben (continued)"
	fork.Created = orig.Created.Add(time.Minute)
	entries := []store.Entry{{Action: json.RawMessage(`{"n":1}`), ClientID: "f0"}, {Action: json.RawMessage(`{"n":1}`), ClientID: "f1"}}
	if err := s.CreateFork(ctx, fork, newSeats(t, "Ana", "Ben"), entries, store.Fork{GameID: fork.ID, From: orig.ID, At: 2}); err != nil {
		t.Fatalf("CreateFork: %v", err)
	}

	t.Run("both ends", func(t *testing.T) {
		if g := mustGame(t, s, fork.ID); g.Version != 2 || g.Owner != "dev-b" {
			t.Fatalf("fork row = %+v; want version 2 owned by dev-b", g)
		}
		if g := mustGame(t, s, orig.ID); g.Version != 3 {
			t.Fatalf("original at version %d after the fork; want 3 (untouched)", g.Version)
		}
		l, err := lineage(ctx, fork.ID)
		if err != nil {
			t.Fatal(err)
		}
		want := store.ForkLink{ID: orig.ID, Title: orig.Title, SpectatorToken: orig.SpectatorToken, At: 2}
		if l.From == nil || *l.From != want || len(l.To) != 0 {
			t.Fatalf("fork's Lineage = %+v; want From %+v", l, want)
		}
		l, err = lineage(ctx, orig.ID)
		if err != nil {
			t.Fatal(err)
		}
		wantTo := store.ForkLink{ID: fork.ID, Title: fork.Title, SpectatorToken: fork.SpectatorToken, At: 2}
		if l.From != nil || len(l.To) != 1 || l.To[0] != wantTo {
			t.Fatalf("original's Lineage = %+v; want To [%+v]", l, wantTo)
		}
	})

	t.Run("a failed fork stores nothing", func(t *testing.T) {
		bad := newGame(t, "dev-b")
		bad.SpectatorToken = orig.SpectatorToken // taken: the game row fails
		if err := s.CreateFork(ctx, bad, nil, entries, store.Fork{GameID: bad.ID, From: orig.ID, At: 1}); err == nil {
			t.Fatal("CreateFork with a spectator token in use succeeded")
		}
		if l, _ := lineage(ctx, orig.ID); len(l.To) != 1 {
			t.Fatalf("original's forks after a failed fork = %+v; want the one fork", l.To)
		}
	})

	t.Run("original deleted, then fork deleted", func(t *testing.T) {
		if err := s.DeleteGame(ctx, orig.ID); err != nil {
			t.Fatal(err)
		}
		l, err := lineage(ctx, fork.ID)
		if err != nil {
			t.Fatal(err)
		}
		if l.From == nil || !l.From.Gone || l.From.ID != orig.ID || l.From.At != 2 {
			t.Fatalf("fork's Lineage after the original's deletion = %+v; want a Gone From at 2", l.From)
		}
		if err := s.DeleteGame(ctx, fork.ID); err != nil {
			t.Fatal(err)
		}
		if l, err := lineage(ctx, fork.ID); err != nil || l.From != nil {
			t.Fatalf("Lineage of a deleted fork = %+v, %v; want empty", l, err)
		}
	})
}

// testLooks: a device's mark is per game, only moves up, and goes with
// the game.
func testLooks(t *testing.T, open func(t *testing.T) store.Store) {
	s := open(t)
	ctx := context.Background()
	g := newGame(t, "dev-a")
	create(t, s, g, nil)
	other := newGame(t, "dev-a")
	create(t, s, other, nil)

	mark := func(id, dev string) (int, bool) {
		t.Helper()
		m, err := s.Marks(ctx, id, dev)
		if err != nil {
			t.Fatalf("Marks: %v", err)
		}
		return m.Look, m.Looked
	}
	if _, ok := mark(g.ID, "dev-a"); ok {
		t.Fatal("a device that never looked has a mark")
	}
	steps := []struct {
		name string
		look int
		want int
	}{
		{"first look", 4, 4},
		{"moves up", 7, 7},
		{"a stale look changes nothing", 5, 7},
		{"a repeated look changes nothing", 7, 7},
	}
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			if err := s.Look(ctx, g.ID, "dev-a", st.look); err != nil {
				t.Fatalf("Look: %v", err)
			}
			if v, ok := mark(g.ID, "dev-a"); !ok || v != st.want {
				t.Fatalf("mark = %d, %v; want %d", v, ok, st.want)
			}
			if _, ok := mark(g.ID, "dev-b"); ok {
				t.Fatal("another device got a mark")
			}
			if _, ok := mark(other.ID, "dev-a"); ok {
				t.Fatal("another game got a mark")
			}
		})
	}
	t.Run("a mark beside forks", func(t *testing.T) {
		fork := newGame(t, "dev-a")
		if err := s.CreateFork(ctx, fork, nil, nil, store.Fork{GameID: fork.ID, From: g.ID, At: 0}); err != nil {
			t.Fatal(err)
		}
		m, err := s.Marks(ctx, g.ID, "dev-a")
		if err != nil || !m.Looked || m.Look != 7 || m.From != nil || len(m.To) != 1 || m.To[0].ID != fork.ID {
			t.Fatalf("Marks = %+v, %v; want the mark 7 and the one fork", m, err)
		}
	})
	if err := s.Look(ctx, "no-such-game", "dev-a", 1); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("Look at an unknown game = %v; want ErrNotFound", err)
	}
	if err := s.DeleteGame(ctx, g.ID); err != nil {
		t.Fatal(err)
	}
	if _, ok := mark(g.ID, "dev-a"); ok {
		t.Fatal("a deleted game's mark is still there")
	}
}
