package sqlite_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/store/sqlite"
)

func openAt(t *testing.T, path string) *sqlite.Store {
	t.Helper()
	s, err := sqlite.Open(path)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func createGames(t *testing.T, s store.Store, n int) []string {
	t.Helper()
	ids := make([]string, n)
	for i := range ids {
		ids[i] = fmt.Sprintf("g%03d", i)
		g := store.Game{ID: ids[i], Kind: "k", Owner: "ana", SpectatorToken: "spec-" + ids[i]}
		if err := s.CreateGame(context.Background(), g, nil); err != nil {
			t.Fatalf("CreateGame: %v", err)
		}
	}
	return ids
}

// TestGroupCommitShares: appends to different games made at the same time
// share transactions, and each still lands in its own game in order.
func TestGroupCommitShares(t *testing.T) {
	s := openAt(t, filepath.Join(t.TempDir(), "g.db"))
	const games, each = 64, 5
	ids := createGames(t, s, games)
	ctx := context.Background()
	var wg sync.WaitGroup
	start := make(chan struct{})
	for _, id := range ids {
		wg.Go(func() {
			<-start
			for v := range each {
				got, err := s.Append(ctx, id, v, store.Entry{Action: json.RawMessage(`{"n":1}`), ClientID: fmt.Sprint(id, "-", v)})
				if err != nil || got != v+1 {
					t.Errorf("Append(%s, %d) = (%d, %v), want (%d, nil)", id, v, got, err, v+1)
					return
				}
			}
		})
	}
	close(start)
	wg.Wait()
	for _, id := range ids {
		_, log, err := s.Load(ctx, id)
		if err != nil || len(log) != each {
			t.Fatalf("Load(%s) = %d entries, %v; want %d", id, len(log), err, each)
		}
		for i, e := range log {
			if e.ClientID != fmt.Sprint(id, "-", i) {
				t.Errorf("%s entry %d is %q", id, i, e.ClientID)
			}
		}
	}
	commits, appends := s.Commits()
	if appends != games*each {
		t.Errorf("%d appends committed, want %d", appends, games*each)
	}
	// 64 writers released together queue up behind the first fsync.
	if commits >= appends {
		t.Errorf("%d commits for %d appends: no two appends shared a transaction", commits, appends)
	}
	t.Logf("%d appends in %d commits (%.1f per commit)", appends, commits, float64(appends)/float64(commits))
}

// poisonEntries makes the database at path refuse, at INSERT, every entry
// whose action mentions "poison": a failure the store cannot see coming.
func poisonEntries(t *testing.T, path string) {
	t.Helper()
	raw, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	if _, err := raw.Exec(`CREATE TRIGGER poison BEFORE INSERT ON entries
		WHEN NEW.action LIKE '%poison%' BEGIN SELECT RAISE(ABORT, 'poisoned entry'); END`); err != nil {
		t.Fatalf("create trigger: %v", err)
	}
}

// TestFailingAppendDoesNotPoisonTheGroup makes some appends fail inside the
// shared transaction, at the database, after their first entries were
// already written (a trigger refuses their last entry). Those batches must
// leave nothing behind, and the appends committed with them must all land.
func TestFailingAppendDoesNotPoisonTheGroup(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.db")
	s := openAt(t, path)
	const games, rounds = 32, 4
	ids := createGames(t, s, games)

	poisonEntries(t, path)

	ctx := context.Background()
	poisoned := func(i int) bool { return i%2 == 1 }
	for round := range rounds {
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i, id := range ids {
			wg.Go(func() {
				<-start
				batch := []store.Entry{
					{Action: json.RawMessage(`{"n":1}`), ClientID: fmt.Sprintf("r%d", round)},
					{Action: json.RawMessage(`{"n":2}`), ClientID: fmt.Sprintf("r%d+1", round)},
					{Action: json.RawMessage(`{"n":3}`), ClientID: fmt.Sprintf("r%d+2", round)},
				}
				expected := 3 * round
				if poisoned(i) {
					batch[2].Action = json.RawMessage(`{"poison":true}`)
					expected = 0
				}
				v, err := s.AppendBatch(ctx, id, expected, batch)
				switch {
				case poisoned(i) && err == nil:
					t.Errorf("poisoned batch on %s stored at version %d", id, v)
				case poisoned(i) && (errors.Is(err, store.ErrConflict) || errors.Is(err, store.ErrInvalidEntry)):
					t.Errorf("poisoned batch on %s refused before the database: %v", id, err)
				case !poisoned(i) && (err != nil || v != expected+3):
					t.Errorf("healthy batch on %s beside poisoned ones = (%d, %v), want (%d, nil)", id, v, err, expected+3)
				}
			})
		}
		close(start)
		wg.Wait()
	}
	for i, id := range ids {
		g, log, err := s.Load(ctx, id)
		if err != nil {
			t.Fatalf("Load(%s): %v", id, err)
		}
		want := 3 * rounds
		if poisoned(i) {
			want = 0
		}
		if g.Version != want || len(log) != want {
			t.Errorf("%s: version %d with %d entries, want %d", id, g.Version, len(log), want)
		}
	}
	commits, appends := s.Commits()
	t.Logf("%d batches (half of them failing) in %d commits", appends, commits)
	if commits >= appends {
		t.Errorf("%d commits for %d batches: the failing ones never shared a transaction, the test proves nothing", commits, appends)
	}
}

// TestLoneFailingAppendLeavesNothing is the case of a batch alone in its
// transaction, which the writer makes without a savepoint: the trigger
// refuses its last entry after the first two were inserted, and nothing of
// it may stay. A repeat of a stored batch, alone too, answers its version.
func TestLoneFailingAppendLeavesNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.db")
	s := openAt(t, path)
	id := createGames(t, s, 1)[0]
	poisonEntries(t, path)
	ctx := context.Background()
	batch := func(last string) []store.Entry {
		return []store.Entry{
			{Action: json.RawMessage(`{"n":1}`), ClientID: "a"},
			{Action: json.RawMessage(`{"n":2}`), ClientID: "b"},
			{Action: json.RawMessage(last), ClientID: "c"},
		}
	}
	commits, _ := s.Commits()
	if v, err := s.AppendBatch(ctx, id, 0, batch(`{"poison":true}`)); err == nil {
		t.Fatalf("the poisoned batch was stored at version %d", v)
	}
	if g, log, err := s.Load(ctx, id); err != nil || g.Version != 0 || len(log) != 0 {
		t.Fatalf("after the refused batch: version %d, %d entries, %v; want nothing stored", g.Version, len(log), err)
	}
	if v, err := s.AppendBatch(ctx, id, 0, batch(`{"n":3}`)); err != nil || v != 3 {
		t.Fatalf("the same batch, healthy: (%d, %v), want (3, nil)", v, err)
	}
	if v, err := s.AppendBatch(ctx, id, 0, batch(`{"n":3}`)); err != nil || v != 3 {
		t.Fatalf("the batch again (a double tap): (%d, %v), want (3, nil)", v, err)
	}
	if g, log, err := s.Load(ctx, id); err != nil || g.Version != 3 || len(log) != 3 {
		t.Fatalf("after the repeat: version %d, %d entries, %v; want 3 and 3", g.Version, len(log), err)
	}
	if now, _ := s.Commits(); now != commits+1 {
		t.Errorf("%d commits for one stored batch, want 1: the refused batch and the repeat had nothing to commit", now-commits)
	}
}

// TestCancelledAppendWritesNothing: an append whose caller gave up before
// the writer reached it is never written.
func TestCancelledAppendWritesNothing(t *testing.T) {
	s := openAt(t, filepath.Join(t.TempDir(), "g.db"))
	ids := createGames(t, s, 1)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.Append(ctx, ids[0], 0, store.Entry{ClientID: "c"}); !errors.Is(err, context.Canceled) {
		t.Errorf("Append with a cancelled context: err = %v, want context.Canceled", err)
	}
	if g, log, err := s.Load(context.Background(), ids[0]); err != nil || g.Version != 0 || len(log) != 0 {
		t.Errorf("after the cancelled append: version %d, %d entries, %v; want nothing", g.Version, len(log), err)
	}
}

// TestCloseWhileAppending: Close with appends in flight answers every one
// (committed or refused, never hanging), and every acknowledged one is there
// after reopening.
func TestCloseWhileAppending(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.db")
	s, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	const games = 16
	ids := createGames(t, s, games)
	acked := make([]int, games)
	var wg sync.WaitGroup
	for i, id := range ids {
		wg.Go(func() {
			for v := 0; ; v++ {
				got, err := s.Append(context.Background(), id, v, store.Entry{ClientID: fmt.Sprint(v)})
				if err != nil {
					return
				}
				acked[i] = got
			}
		})
	}
	time.Sleep(50 * time.Millisecond)
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("appends still waiting 10s after Close")
	}
	if _, err := s.Append(context.Background(), ids[0], 0, store.Entry{}); err == nil {
		t.Error("Append after Close: no error")
	}
	s2 := openAt(t, path)
	for i, id := range ids {
		g, log, err := s2.Load(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		if g.Version < acked[i] || len(log) != g.Version {
			t.Errorf("%s: version %d with %d entries after reopening, %d acknowledged", id, g.Version, len(log), acked[i])
		}
	}
}
