package sqlite_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/store/sqlite"
	"github.com/grimoire-games/grimoire/store/storetest"
)

// dirs gives each test one directory, so the reopen subtest's second open
// finds the first one's file (t.TempDir returns a new directory per call).
var dirs sync.Map // *testing.T -> string

func openStore(t *testing.T) store.Store {
	t.Helper()
	dir, ok := dirs.Load(t)
	if !ok {
		dir, _ = dirs.LoadOrStore(t, t.TempDir())
	}
	// The nested directory checks that Open creates a missing parent.
	s, err := sqlite.Open(filepath.Join(dir.(string), "data", "grimoire.db"))
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	return s
}

func TestConformance(t *testing.T) {
	storetest.Run(t, openStore)
}

func TestOpenTwiceMigratesOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.db")
	for range 2 {
		s, err := sqlite.Open(path)
		if err != nil {
			t.Fatalf("Open: %v", err)
		}
		if err := s.Close(); err != nil {
			t.Fatalf("Close: %v", err)
		}
	}
}

func TestOddPath(t *testing.T) {
	// ?, # and % mean something in a SQLite URI; a data directory may still
	// contain them.
	path := filepath.Join(t.TempDir(), "odd?dir#x%41", "g.db")
	s, err := sqlite.Open(path)
	if err != nil {
		t.Fatalf("Open(%q): %v", path, err)
	}
	defer s.Close()
	if err := s.CreateGame(context.Background(), store.Game{ID: "g", SpectatorToken: "s"}, nil); err != nil {
		t.Fatalf("CreateGame: %v", err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Errorf("database not at the literal path: %v", err)
	}
}

func benchStore(b *testing.B) (*sqlite.Store, string) {
	b.Helper()
	s, err := sqlite.Open(filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatalf("Open: %v", err)
	}
	b.Cleanup(func() { s.Close() })
	g := store.Game{ID: "bench", Kind: "spells-arrows", Owner: "ana", SpectatorToken: "spec", Setup: json.RawMessage(`{}`), Created: time.Now()}
	if err := s.CreateGame(context.Background(), g, nil); err != nil {
		b.Fatalf("CreateGame: %v", err)
	}
	return s, g.ID
}

var benchAction = json.RawMessage(`{"type":"cast","spell":"fireball","target":1,"damage":3}`)

// BenchmarkAppend measures one durable move: an IMMEDIATE transaction with
// synchronous=FULL, so it is mostly the fsync of the WAL.
func BenchmarkAppend(b *testing.B) {
	s, id := benchStore(b)
	ctx := context.Background()
	v := 0
	for b.Loop() {
		var err error
		v, err = s.Append(ctx, id, v, store.Entry{Action: benchAction, Seat: v % 2, ClientID: fmt.Sprint("c", v)})
		if err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLog reads a 200-move game's log, what rebuilding its state costs.
func BenchmarkLog(b *testing.B) {
	s, id := benchStore(b)
	ctx := context.Background()
	const moves = 200
	for v := range moves {
		if _, err := s.Append(ctx, id, v, store.Entry{Action: benchAction, Seat: v % 2, ClientID: fmt.Sprint("c", v)}); err != nil {
			b.Fatal(err)
		}
	}
	for b.Loop() {
		log, err := s.Log(ctx, id)
		if err != nil || len(log) != moves {
			b.Fatalf("Log: %d entries, %v", len(log), err)
		}
	}
}
