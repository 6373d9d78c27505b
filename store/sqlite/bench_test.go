package sqlite_test

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/store/sqlite"
)

// writerCounts are the numbers of games written at once in the durable
// append benchmarks: one phone, a club evening, a busy server.
var writerCounts = []int{1, 8, 64}

// BenchmarkDurableAppends measures acknowledged durable appends per second
// (synchronous=FULL, every one fsynced before it is answered) with W
// goroutines, each appending to its own game as fast as it is answered:
//
//   - raw: the floor to beat, a bare table and one BEGIN IMMEDIATE; INSERT;
//     COMMIT per row on one connection with the store's pragmas;
//   - one-commit-each: the store with groups of one (every append its own
//     transaction, as before group commit);
//   - group-commit: the store as Open makes it.
//
// Run: go test -run '^$' -bench DurableAppends -benchtime 2s ./store/sqlite
func BenchmarkDurableAppends(b *testing.B) {
	for _, w := range writerCounts {
		b.Run(fmt.Sprintf("raw/writers=%d", w), func(b *testing.B) { benchRawAppends(b, w) })
	}
	for _, w := range writerCounts {
		b.Run(fmt.Sprintf("one-commit-each/writers=%d", w), func(b *testing.B) { benchStoreAppends(b, w, 1) })
	}
	for _, w := range writerCounts {
		b.Run(fmt.Sprintf("group-commit/writers=%d", w), func(b *testing.B) { benchStoreAppends(b, w, 0) })
	}
}

// spread runs b.N calls of op over w goroutines and reports appends/s.
func spread(b *testing.B, w int, op func(writer, i int) error) {
	b.Helper()
	var next atomic.Int64
	var wg sync.WaitGroup
	b.ResetTimer()
	for g := range w {
		wg.Go(func() {
			for i := 0; next.Add(1) <= int64(b.N); i++ {
				if err := op(g, i); err != nil {
					b.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	b.StopTimer()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "appends/s")
}

func benchRawAppends(b *testing.B, w int) {
	path := filepath.Join(b.TempDir(), "raw.db")
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(5000)&_pragma=foreign_keys(1)&_pragma=synchronous(FULL)&_pragma=journal_mode(WAL)&_txlock=immediate")
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	if _, err := db.Exec(`CREATE TABLE entries (game_id TEXT NOT NULL, seq INTEGER NOT NULL, action TEXT, PRIMARY KEY (game_id, seq)) STRICT, WITHOUT ROWID`); err != nil {
		b.Fatal(err)
	}
	insert, err := db.Prepare(`INSERT INTO entries (game_id, seq, action) VALUES (?, ?, ?)`)
	if err != nil {
		b.Fatal(err)
	}
	defer insert.Close()
	spread(b, w, func(g, i int) error {
		tx, err := db.Begin()
		if err != nil {
			return err
		}
		defer tx.Rollback()
		if _, err := tx.Stmt(insert).Exec(fmt.Sprint("g", g), i+1, string(benchAction)); err != nil {
			return err
		}
		return tx.Commit()
	})
}

// benchStoreAppends: group 0 is the store as Open makes it.
func benchStoreAppends(b *testing.B, w, group int) {
	path := filepath.Join(b.TempDir(), "store.db")
	var (
		s   *sqlite.Store
		err error
	)
	if group == 0 {
		s, err = sqlite.Open(path)
	} else {
		s, err = sqlite.OpenMaxGroup(path, group)
	}
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	ids := make([]string, w)
	for g := range ids {
		ids[g] = fmt.Sprint("g", g)
		if err := s.CreateGame(ctx, store.Game{ID: ids[g], Kind: "k", Owner: "ana", SpectatorToken: "s" + ids[g]}, nil); err != nil {
			b.Fatal(err)
		}
	}
	spread(b, w, func(g, i int) error {
		_, err := s.Append(ctx, ids[g], i, store.Entry{Action: benchAction, Seat: i % 2, ClientID: fmt.Sprint("c", i)})
		return err
	})
	commits, appends := s.Commits()
	b.ReportMetric(float64(appends)/float64(max(commits, 1)), "appends/commit")
}

// BenchmarkRead compares the two ways to read a game for a tap: Load (row
// and log in one read transaction) against Game then Log (two, which can
// disagree), at a few game lengths.
//
// Run: go test -run '^$' -bench Read -benchmem ./store/sqlite
func BenchmarkRead(b *testing.B) {
	for _, n := range []int{10, 200, 1000} {
		s, id := benchStore(b)
		ctx := context.Background()
		batch := make([]store.Entry, n)
		for i := range batch {
			batch[i] = store.Entry{Action: benchAction, Seat: i % 2, ClientID: fmt.Sprint("c", i)}
		}
		if _, err := s.AppendBatch(ctx, id, 0, batch); err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("Load/entries=%d", n), func(b *testing.B) {
			for b.Loop() {
				g, log, err := s.Load(ctx, id)
				if err != nil || len(log) != n || g.Version != n {
					b.Fatalf("Load: version %d, %d entries, %v", g.Version, len(log), err)
				}
			}
		})
		b.Run(fmt.Sprintf("GameThenLog/entries=%d", n), func(b *testing.B) {
			for b.Loop() {
				g, err := s.Game(ctx, id)
				if err != nil || g.Version != n {
					b.Fatalf("Game: version %d, %v", g.Version, err)
				}
				if log, err := s.Log(ctx, id); err != nil || len(log) != n {
					b.Fatalf("Log: %d entries, %v", len(log), err)
				}
			}
		})
	}
}

// BenchmarkHomeList reads one device's home list on a server holding many
// other devices' games: 10 of its own and 2 seats among 3,000 games. Its
// cost must follow the device's games, not the server's.
//
// Run: go test -run '^$' -bench HomeList ./store/sqlite
func BenchmarkHomeList(b *testing.B) {
	s, err := sqlite.Open(filepath.Join(b.TempDir(), "store.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	const devices, each = 300, 10
	for i := range devices * each {
		id, owner := fmt.Sprint("g", i), fmt.Sprint("dev", i%devices)
		seats := []store.Seat{
			{GameID: id, Index: 0, Name: "Ana", Token: "a" + id, Holder: owner},
			{GameID: id, Index: 1, Name: "Ben", Token: "b" + id, Holder: fmt.Sprint("dev", (i+1)%devices)},
		}
		if i >= 2*devices {
			seats[1].Holder = "" // most games wait for their second player
		}
		if err := s.CreateGame(ctx, store.Game{ID: id, Kind: "k", Owner: owner, SpectatorToken: "s" + id}, seats); err != nil {
			b.Fatal(err)
		}
	}
	b.Run("Games", func(b *testing.B) {
		for b.Loop() {
			if gs, err := s.Games(ctx, "dev7"); err != nil || len(gs) != each+2 {
				b.Fatalf("Games: %d games, %v", len(gs), err)
			}
		}
	})
	b.Run("GamesPage", func(b *testing.B) {
		for b.Loop() {
			if gs, total, err := s.GamesPage(ctx, "dev7", 0, 5); err != nil || len(gs) != 5 || total != each+2 {
				b.Fatalf("GamesPage: %d games of %d, %v", len(gs), total, err)
			}
		}
	})
}
