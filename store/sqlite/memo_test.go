package sqlite_test

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/store/sqlite"
)

func openMemo(t *testing.T, path string, games, bytes int) *sqlite.Store {
	t.Helper()
	s, err := sqlite.OpenMemo(path, games, bytes)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// memoGame is a game with two seats, the second one held, and a setup a
// caller could write through.
func memoGame(t *testing.T, s store.Store, id string) {
	t.Helper()
	g := store.Game{ID: id, Kind: "k", Title: "Ana vs Ben", Owner: "ana", SpectatorToken: "spec-" + id, Seed: 7,
		Setup: json.RawMessage(`{"seats":2}`), Created: time.UnixMilli(1_700_000_000_000)}
	seats := []store.Seat{
		{GameID: id, Index: 0, Name: "Ana", Token: "t0-" + id},
		{GameID: id, Index: 1, Name: "Ben", Token: "t1-" + id, Holder: "ben"},
	}
	if err := s.CreateGame(context.Background(), g, seats); err != nil {
		t.Fatalf("CreateGame: %v", err)
	}
}

// answers is what Game and Seats say about one game.
type answers struct {
	game  store.Game
	err   error // Game's
	seats []store.Seat
}

func ask(t *testing.T, s store.Store, id string) answers {
	t.Helper()
	g, err := s.Game(context.Background(), id)
	seats, serr := s.Seats(context.Background(), id)
	if serr != nil {
		t.Fatalf("Seats(%s): %v", id, serr)
	}
	return answers{g, err, seats}
}

func (a answers) same(b answers) bool {
	ga, gb := a.game, b.game
	return errors.Is(a.err, store.ErrNotFound) == errors.Is(b.err, store.ErrNotFound) && (a.err == nil) == (b.err == nil) &&
		ga.ID == gb.ID && ga.Kind == gb.Kind && ga.Title == gb.Title && ga.Owner == gb.Owner &&
		ga.SpectatorToken == gb.SpectatorToken && ga.Seed == gb.Seed && bytes.Equal(ga.Setup, gb.Setup) &&
		(ga.Setup == nil) == (gb.Setup == nil) && ga.Version == gb.Version &&
		ga.Created.Equal(gb.Created) && ga.Updated.Equal(gb.Updated) &&
		slices.Equal(a.seats, b.seats) && (a.seats == nil) == (b.seats == nil)
}

func (a answers) String() string {
	return fmt.Sprintf("game %+v (err %v), seats %+v", a.game, a.err, a.seats)
}

// TestMemoFollowsEveryWrite: after each kind of write (and each kind of
// refused write) to a game whose row and seats are in the memo, Game and
// Seats answer exactly what a fresh Store reading the file answers.
func TestMemoFollowsEveryWrite(t *testing.T) {
	later := time.Now().Add(time.Hour) // moves Updated, which an append must carry
	act := json.RawMessage(`{"n":1}`)
	tests := []struct {
		name  string
		write func(ctx context.Context, s store.Store) error
	}{
		{"Append", func(ctx context.Context, s store.Store) error {
			_, err := s.Append(ctx, "g", 0, store.Entry{Action: act, ClientID: "c1", At: later})
			return err
		}},
		{"Append in the past leaves Updated", func(ctx context.Context, s store.Store) error {
			_, err := s.Append(ctx, "g", 0, store.Entry{Action: act, ClientID: "c1", At: time.UnixMilli(1)})
			return err
		}},
		{"AppendBatch", func(ctx context.Context, s store.Store) error {
			_, err := s.AppendBatch(ctx, "g", 0, []store.Entry{{Action: act, ClientID: "c1"}, {Kind: store.KindUndo, ClientID: "c2", At: later}})
			return err
		}},
		{"repeated Append", func(ctx context.Context, s store.Store) error {
			if _, err := s.Append(ctx, "g", 0, store.Entry{Action: act, ClientID: "c1"}); err != nil {
				return err
			}
			_, err := s.Append(ctx, "g", 0, store.Entry{Action: act, ClientID: "c1", At: later})
			return err
		}},
		{"conflicting Append", func(ctx context.Context, s store.Store) error {
			if _, err := s.Append(ctx, "g", 5, store.Entry{Action: act, At: later}); !errors.Is(err, store.ErrConflict) {
				return fmt.Errorf("stale append: %v, want ErrConflict", err)
			}
			return nil
		}},
		{"refused AppendBatch", func(ctx context.Context, s store.Store) error {
			_, err := s.AppendBatch(ctx, "g", 0, []store.Entry{{Action: act, ClientID: "c1"}, {Action: act, ClientID: "c1", At: later}})
			if !errors.Is(err, store.ErrInvalidEntry) {
				return fmt.Errorf("batch repeating a client id: %v, want ErrInvalidEntry", err)
			}
			return nil
		}},
		{"ClaimSeat", func(ctx context.Context, s store.Store) error {
			_, err := s.ClaimSeat(ctx, "t0-g", "ana")
			return err
		}},
		{"ClaimSeat of a taken seat", func(ctx context.Context, s store.Store) error {
			if _, err := s.ClaimSeat(ctx, "t1-g", "eve"); !errors.Is(err, store.ErrSeatTaken) {
				return fmt.Errorf("claim of a held seat: %v, want ErrSeatTaken", err)
			}
			return nil
		}},
		{"DeleteGame", func(ctx context.Context, s store.Store) error {
			return s.DeleteGame(ctx, "g")
		}},
		{"DeleteGame then CreateGame again", func(ctx context.Context, s store.Store) error {
			if err := s.DeleteGame(ctx, "g"); err != nil {
				return err
			}
			return s.CreateGame(ctx, store.Game{ID: "g", Kind: "k2", Title: "again", SpectatorToken: "spec-again"},
				[]store.Seat{{Index: 0, Name: "Cy", Token: "t-again"}})
		}},
		{"DeleteGame then CreateGameWithLog again", func(ctx context.Context, s store.Store) error {
			if err := s.DeleteGame(ctx, "g"); err != nil {
				return err
			}
			return s.CreateGameWithLog(ctx, store.Game{ID: "g", Kind: "k", SpectatorToken: "spec-again"}, nil,
				[]store.Entry{{Action: act, ClientID: "i1"}, {Action: act, ClientID: "i2", At: later}})
		}},
		{"CreateGame of a taken id", func(ctx context.Context, s store.Store) error {
			if err := s.CreateGame(ctx, store.Game{ID: "g", Kind: "other", SpectatorToken: "spec-other"}, nil); err == nil {
				return errors.New("CreateGame over an existing game succeeded")
			}
			return nil
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "g.db")
			s, err := sqlite.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			memoGame(t, s, "g")
			ask(t, s, "g") // fills the memo
			if s.MemoLen() != 1 {
				t.Fatalf("the memo keeps %d games after reading one", s.MemoLen())
			}
			if err := tc.write(context.Background(), s); err != nil {
				t.Fatalf("write: %v", err)
			}
			got := ask(t, s, "g")
			if err := s.Close(); err != nil {
				t.Fatal(err)
			}
			fresh := openAt(t, path)
			if want := ask(t, fresh, "g"); !got.same(want) {
				t.Errorf("after the write the memo answers\n%v\nthe file holds\n%v", got, want)
			}
		})
	}
}

// TestMemoAnswersCopies: what a caller does to an answer does not change
// the next one.
func TestMemoAnswersCopies(t *testing.T) {
	s := openAt(t, filepath.Join(t.TempDir(), "g.db"))
	memoGame(t, s, "g")
	ctx := context.Background()
	for range 2 { // the first fills, the second is a hit
		g, err := s.Game(ctx, "g")
		if err != nil {
			t.Fatal(err)
		}
		seats, err := s.Seats(ctx, "g")
		if err != nil {
			t.Fatal(err)
		}
		copy(g.Setup, `XXXXX`)
		seats[0].Holder = "mallory"
		seats = append(seats[:1], store.Seat{Name: "extra"})
		_ = seats
	}
	g, _ := s.Game(ctx, "g")
	seats, _ := s.Seats(ctx, "g")
	if string(g.Setup) != `{"seats":2}` || len(seats) != 2 || seats[0].Holder != "" || seats[1].Name != "Ben" {
		t.Errorf("after callers wrote into their answers: setup %s, seats %+v", g.Setup, seats)
	}
}

// TestMemoAnswersWithoutSQL is the ruling as a test: once read, Game and
// Seats do not ask the file, so a change made behind grimoire's back (here
// through a second connection, which the lock does not stop) is not seen
// by them, while Load, which always reads, sees it. That is why the file
// must have one owner.
func TestMemoAnswersWithoutSQL(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.db")
	s := openAt(t, path)
	memoGame(t, s, "g")
	before := ask(t, s, "g")

	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`UPDATE games SET title = 'changed behind its back' WHERE id = 'g'`); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`UPDATE seats SET holder = 'eve' WHERE game_id = 'g'`); err != nil {
		t.Fatal(err)
	}

	if after := ask(t, s, "g"); !after.same(before) {
		t.Errorf("Game and Seats read the file again:\n%v\nwas\n%v", after, before)
	}
	if g, _, err := s.Load(context.Background(), "g"); err != nil || g.Title != "changed behind its back" {
		t.Errorf("Load = %q, %v; it must read the file", g.Title, err)
	}
}

// TestMemoKeepsOnlyWhatExists: an unknown game is asked of the file every
// time (the health check's probe relies on it) and is found once created.
func TestMemoKeepsOnlyWhatExists(t *testing.T) {
	s := openAt(t, filepath.Join(t.TempDir(), "g.db"))
	ctx := context.Background()
	for range 2 {
		if _, err := s.Game(ctx, "g"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("Game of an unknown id: %v, want ErrNotFound", err)
		}
		if seats, err := s.Seats(ctx, "g"); err != nil || seats != nil {
			t.Fatalf("Seats of an unknown id: %v, %v; want none", seats, err)
		}
	}
	if n := s.MemoLen(); n != 0 {
		t.Errorf("the memo keeps %d games after reading only unknown ids", n)
	}
	memoGame(t, s, "g")
	if a := ask(t, s, "g"); a.err != nil || a.game.Title != "Ana vs Ben" || len(a.seats) != 2 {
		t.Errorf("after CreateGame: %v", a)
	}
}

// TestMemoBounded: the memo holds at most its number of games and about its
// number of bytes, and what it dropped is read again correctly.
func TestMemoBounded(t *testing.T) {
	tests := []struct {
		name         string
		games, bytes int
		want         int
	}{
		{"by games", 4, 1 << 20, 4},
		{"by bytes", 100, 1, 1}, // the newest stays, alone
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := openMemo(t, filepath.Join(t.TempDir(), "g.db"), tc.games, tc.bytes)
			ids := make([]string, 10)
			for i := range ids {
				ids[i] = fmt.Sprint("g", i)
				memoGame(t, s, ids[i])
			}
			for round := range 3 {
				for i, id := range ids {
					a := ask(t, s, id)
					if a.err != nil || a.game.ID != id || len(a.seats) != 2 || a.seats[1].Holder != "ben" {
						t.Fatalf("round %d, game %d: %v", round, i, a)
					}
					if n := s.MemoLen(); n > tc.want {
						t.Fatalf("the memo keeps %d games, bound %d", n, tc.want)
					}
				}
			}
			if n := s.MemoLen(); n != tc.want {
				t.Errorf("after reading 10 games the memo keeps %d, want %d", n, tc.want)
			}
		})
	}
}

// TestMemoNeverGoesBack hammers reads while writing, with a memo too small
// for the games so rows are dropped and read again all the time: a read
// never answers a version, an Updated or a seat holder older than one it
// answered before, nor older than a write already acknowledged when it
// began. Run it with -race.
func TestMemoNeverGoesBack(t *testing.T) {
	s := openMemo(t, filepath.Join(t.TempDir(), "g.db"), 2, 1<<20)
	ctx := context.Background()
	const (
		games   = 6
		appends = 120
		seats   = 24
		readers = 4
	)
	ids := make([]string, games)
	for i := range ids {
		ids[i] = fmt.Sprint("g", i)
		list := make([]store.Seat, seats)
		for j := range list {
			list[j] = store.Seat{Index: j, Name: fmt.Sprint("p", j), Token: fmt.Sprintf("t%d-%d", i, j)}
		}
		if err := s.CreateGame(ctx, store.Game{ID: ids[i], Kind: "k", SpectatorToken: "spec-" + ids[i]}, list); err != nil {
			t.Fatal(err)
		}
	}
	var (
		acked   [games]atomic.Int64 // versions acknowledged
		claimed [games]atomic.Int64 // seats acknowledged as claimed
		writers sync.WaitGroup
		done    = make(chan struct{})
	)
	for i, id := range ids {
		writers.Go(func() {
			for v := 0; v < appends; {
				es := []store.Entry{{Action: json.RawMessage(`{"n":1}`), ClientID: fmt.Sprint("c", v)}}
				if v%4 == 3 {
					es = append(es, store.Entry{Kind: store.KindUndo, ClientID: fmt.Sprint("u", v)})
				}
				got, err := s.AppendBatch(ctx, id, v, es)
				if err != nil {
					t.Errorf("AppendBatch(%s, %d): %v", id, v, err)
					return
				}
				acked[i].Store(int64(got))
				v = got
			}
		})
		writers.Go(func() {
			for j := range seats {
				if _, err := s.ClaimSeat(ctx, fmt.Sprintf("t%d-%d", i, j), "dev"); err != nil {
					t.Errorf("ClaimSeat: %v", err)
					return
				}
				claimed[i].Store(int64(j + 1))
				time.Sleep(time.Millisecond)
			}
		})
	}
	var readerWG sync.WaitGroup
	reads := atomic.Int64{}
	for r := range readers {
		readerWG.Go(func() {
			var lastV, lastHeld [games]int
			var lastUpdated [games]time.Time
			for n := 0; ; n++ {
				select {
				case <-done:
					return
				default:
				}
				i := (n + r) % games
				wantV, wantHeld := int(acked[i].Load()), int(claimed[i].Load())
				var g store.Game
				var err error
				if n%5 == 0 {
					g, _, err = s.Load(ctx, ids[i]) // reads the file, and fills
				} else {
					g, err = s.Game(ctx, ids[i])
				}
				if err != nil {
					t.Errorf("read %s: %v", ids[i], err)
					return
				}
				if g.Version < wantV || g.Version < lastV[i] || g.Updated.Before(lastUpdated[i]) {
					t.Errorf("%s: read version %d (updated %v) after acknowledged %d and read %d (updated %v)",
						ids[i], g.Version, g.Updated, wantV, lastV[i], lastUpdated[i])
					return
				}
				lastV[i], lastUpdated[i] = g.Version, g.Updated
				list, err := s.Seats(ctx, ids[i])
				if err != nil {
					t.Errorf("Seats(%s): %v", ids[i], err)
					return
				}
				held := 0
				for _, st := range list {
					if st.Holder != "" {
						held++
					}
				}
				if held < wantHeld || held < lastHeld[i] {
					t.Errorf("%s: %d seats held after %d acknowledged claims and a read of %d", ids[i], held, wantHeld, lastHeld[i])
					return
				}
				lastHeld[i] = held
				reads.Add(1)
			}
		})
	}
	writers.Wait()
	close(done)
	readerWG.Wait()
	for i, id := range ids {
		g, log, err := s.Load(ctx, id)
		if err != nil || g.Version != int(acked[i].Load()) || len(log) != g.Version {
			t.Errorf("%s at the end: version %d, %d entries, %v; acknowledged %d", id, g.Version, len(log), err, acked[i].Load())
		}
	}
	t.Logf("%d reads checked against %d appends and %d claims", reads.Load(), games*appends, games*seats)
}

// Games made in the same millisecond (the times' unit here) list the one
// made last first, whatever their ids: the home list's order is stable.
func TestGamesOfTheSameMillisecondListNewestFirst(t *testing.T) {
	s := openMemo(t, filepath.Join(t.TempDir(), "g.db"), 16, 1<<20)
	ids := []string{"m", "z", "a", "q", "b"} // made in this order, all at one time
	for _, id := range ids {
		memoGame(t, s, id)
	}
	list, err := s.Games(context.Background(), "ana")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, g := range list {
		got = append(got, g.ID)
	}
	want := slices.Clone(ids)
	slices.Reverse(want)
	if !slices.Equal(got, want) {
		t.Errorf("Games = %v, want %v (newest first)", got, want)
	}
	page, total, err := s.GamesPage(context.Background(), "ana", 1, 2)
	if err != nil || total != len(ids) || len(page) != 2 || page[0].ID != want[1] || page[1].ID != want[2] {
		t.Errorf("GamesPage(1, 2) = %v, %d, %v; want %v", page, total, err, want[1:3])
	}
}
