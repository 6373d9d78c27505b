package storetest

// Whole writes and one-snapshot reads: AppendBatch, CreateGameWithLog, Load,
// appends from many goroutines at once (the SQLite store commits them in
// groups), and the paged listing.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/grimoire-games/grimoire/store"
)

func batchOf(prefix string, kinds ...string) []store.Entry {
	es := make([]store.Entry, len(kinds))
	for i, k := range kinds {
		es[i] = store.Entry{Kind: k, Seat: i % 2, ClientID: fmt.Sprintf("%s+%d", prefix, i)}
		if k == store.KindAction {
			es[i].Action = action(i)
		}
	}
	return es
}

// checkLog fails unless log is exactly want, numbered from 1.
func checkLog(t *testing.T, log []store.Entry, want []store.Entry) {
	t.Helper()
	if len(log) != len(want) {
		t.Fatalf("log has %d entries %v, want %d", len(log), clientIDs(log), len(want))
	}
	for i, e := range log {
		w := want[i]
		if w.Kind == "" {
			w.Kind = store.KindAction
		}
		if e.Seq != i+1 || e.Kind != w.Kind || e.Seat != w.Seat || e.ClientID != w.ClientID || !sameJSON(t, e.Action, w.Action) {
			t.Errorf("entry %d = %+v, want %+v with seq %d", i, e, w, i+1)
		}
		if !w.At.IsZero() && !e.At.Equal(w.At) {
			t.Errorf("entry %d at = %v, want %v", i, e.At, w.At)
		}
	}
}

func clientIDs(log []store.Entry) []string {
	out := make([]string, len(log))
	for i, e := range log {
		out[i] = e.ClientID
	}
	return out
}

func mustLoad(t *testing.T, s store.Store, id string) (store.Game, []store.Entry) {
	t.Helper()
	g, log, err := s.Load(context.Background(), id)
	if err != nil {
		t.Fatalf("Load(%s): %v", id, err)
	}
	if g.Version != len(log) {
		t.Fatalf("Load(%s): version %d with %d log entries", id, g.Version, len(log))
	}
	return g, log
}

func testAppendBatch(t *testing.T, open func(*testing.T) store.Store) {
	ctx := context.Background()
	s := open(t)
	g := newGame(t, "ana")
	create(t, s, g, nil)
	first := store.Entry{Action: action(0), Seat: -1, ClientID: "first"}
	appendOK(t, s, g.ID, 0, first)

	// Later than the first append's "now", so it must become Updated.
	at := time.Now().UTC().Add(time.Hour).Truncate(time.Millisecond)
	move := []store.Entry{
		{Kind: store.KindAction, Action: action(1), Seat: 0, ClientID: "move", At: at},
		{Kind: store.KindAction, Action: action(2), Seat: 1, ClientID: "move+bot", At: at.Add(time.Second)},
		{Action: action(3), Seat: 1, ClientID: "move+bot2", At: at.Add(2 * time.Second)},
	}
	v, err := s.AppendBatch(ctx, g.ID, 1, move)
	if err != nil || v != 4 {
		t.Fatalf("AppendBatch of 3 at version 1 = (%d, %v), want (4, nil)", v, err)
	}
	got, log := mustLoad(t, s, g.ID)
	checkLog(t, log, append([]store.Entry{first}, move...))
	checkGame(t, got, g, 4)
	if !got.Updated.Equal(move[2].At) {
		t.Errorf("updated = %v, want the batch's latest entry %v", got.Updated, move[2].At)
	}
	if move[2].Kind != "" || move[0].Seq != 0 {
		t.Errorf("AppendBatch changed the caller's entries: %+v", move)
	}
	undo := batchOf("undo", store.KindUndo, store.KindUndo)
	if v, err := s.AppendBatch(ctx, g.ID, 4, undo); err != nil || v != 6 {
		t.Fatalf("AppendBatch of two undos = (%d, %v), want (6, nil)", v, err)
	}
	if acts := store.Actions(mustLog(t, s, g.ID)); len(acts) != 2 {
		t.Errorf("after undoing the two bot replies %d actions in force, want 2", len(acts))
	}
}

// testBatchAllOrNothing: a batch that fails at any entry leaves the log and
// the version as they were, and its ClientIDs stay free.
func testBatchAllOrNothing(t *testing.T, open func(*testing.T) store.Store) {
	ctx := context.Background()
	s := open(t)
	valid := func(prefix string) []store.Entry {
		return batchOf(prefix, store.KindAction, store.KindAction, store.KindUndo, store.KindAction)
	}
	tests := []struct {
		name     string
		expected int
		batch    func() []store.Entry
		unknown  bool // against a game that does not exist
		want     error
	}{
		{"a batch made against an older version conflicts", 0, func() []store.Entry { return valid("b") }, false, store.ErrConflict},
		{"a batch made against a version not reached yet conflicts", 5, func() []store.Entry { return valid("b") }, false, store.ErrConflict},
		{"a batch for an unknown game is not found", 1, func() []store.Entry { return valid("b") }, true, store.ErrNotFound},
		{"an unknown kind in the last entry refuses the whole batch", 1, func() []store.Entry {
			b := valid("b")
			b[3].Kind = "redo"
			return b
		}, false, store.ErrInvalidEntry},
		{"an action that is not JSON refuses the whole batch", 1, func() []store.Entry {
			b := valid("b")
			b[3].Action = json.RawMessage(`{"type":`)
			return b
		}, false, store.ErrInvalidEntry},
		{"an empty action is not JSON either", 1, func() []store.Entry {
			b := valid("b")
			b[1].Action = json.RawMessage{}
			return b
		}, false, store.ErrInvalidEntry},
		{"two entries sharing a ClientID refuse the batch", 1, func() []store.Entry {
			b := valid("b")
			b[3].ClientID = b[1].ClientID
			return b
		}, false, store.ErrInvalidEntry},
		{"a later entry whose ClientID is already stored refuses the batch", 1, func() []store.Entry {
			b := valid("b")
			b[2].ClientID = "stored"
			return b
		}, false, store.ErrInvalidEntry},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := newGame(t, "ana")
			create(t, s, g, nil)
			before := []store.Entry{{Action: action(0), Seat: -1, ClientID: "stored"}}
			appendOK(t, s, g.ID, 0, before[0])
			id := g.ID
			if tc.unknown {
				id = "no-such-game"
			}
			batch := tc.batch()
			v, err := s.AppendBatch(ctx, id, tc.expected, batch)
			if !errors.Is(err, tc.want) {
				t.Fatalf("AppendBatch = (%d, %v), want %v", v, err, tc.want)
			}
			got, log := mustLoad(t, s, g.ID)
			checkLog(t, log, before)
			if got.Version != 1 {
				t.Errorf("version after a refused batch = %d, want 1", got.Version)
			}
			// Nothing of the refused batch was recorded: a valid batch with
			// the same first ClientID is no repeat, it goes through.
			retry := valid("b")
			if v, err := s.AppendBatch(ctx, g.ID, 1, retry); err != nil || v != 5 {
				t.Fatalf("valid batch after the refusal = (%d, %v), want (5, nil)", v, err)
			}
			checkLog(t, mustLog(t, s, g.ID), append(before, retry...))
		})
	}

	// Append refuses what AppendBatch refuses, with the same error.
	g := newGame(t, "ana")
	create(t, s, g, nil)
	if _, err := s.Append(ctx, g.ID, 0, store.Entry{Kind: "redo", ClientID: "x"}); !errors.Is(err, store.ErrInvalidEntry) {
		t.Errorf("Append of an unknown kind: err = %v, want ErrInvalidEntry", err)
	}
	if _, err := s.Append(ctx, g.ID, 0, store.Entry{Action: json.RawMessage(`nope`), ClientID: "x"}); !errors.Is(err, store.ErrInvalidEntry) {
		t.Errorf("Append of an action that is not JSON: err = %v, want ErrInvalidEntry", err)
	}
	if log := mustLog(t, s, g.ID); len(log) != 0 {
		t.Errorf("refused appends left %d entries", len(log))
	}
}

// testBatchIdempotent pins down what a repeated batch answers: the current
// version and no error, whatever version it names, and nothing is added.
func testBatchIdempotent(t *testing.T, open func(*testing.T) store.Store) {
	ctx := context.Background()
	s := open(t)
	g := newGame(t, "ana")
	create(t, s, g, nil)
	batch := batchOf("undo3", store.KindAction, store.KindAction, store.KindUndo)
	if v, err := s.AppendBatch(ctx, g.ID, 0, batch); err != nil || v != 3 {
		t.Fatalf("AppendBatch = (%d, %v), want (3, nil)", v, err)
	}
	want := append([]store.Entry(nil), batch...)

	// The double tap names the version both taps were drawn at; the retry
	// after a lost answer knows the new one; a late repeat names anything.
	for _, expected := range []int{0, 3, 1, 99} {
		if v, err := s.AppendBatch(ctx, g.ID, expected, batch); err != nil || v != 3 {
			t.Errorf("repeated batch at expected %d = (%d, %v), want (3, nil)", expected, v, err)
		}
	}
	// A single Append with the batch's first ClientID is the same repeat.
	if v, err := s.Append(ctx, g.ID, 0, batch[0]); err != nil || v != 3 {
		t.Errorf("Append repeating the batch's first entry = (%d, %v), want (3, nil)", v, err)
	}
	next := store.Entry{Action: action(9), ClientID: "next"}
	appendOK(t, s, g.ID, 3, next)
	want = append(want, next)
	if v, err := s.AppendBatch(ctx, g.ID, 0, batch); err != nil || v != 4 {
		t.Errorf("late repeat of the batch = (%d, %v), want (4, nil): it reports where the game is now", v, err)
	}
	// The first ClientID decides: a batch starting with a stored one is a
	// repeat even if the rest differs, and adds none of it.
	changed := append([]store.Entry{batch[0]}, batchOf("fresh", store.KindAction)...)
	if v, err := s.AppendBatch(ctx, g.ID, 4, changed); err != nil || v != 4 {
		t.Errorf("batch starting with a stored ClientID = (%d, %v), want (4, nil)", v, err)
	}
	checkLog(t, mustLog(t, s, g.ID), want)

	// A batch whose first entry has no ClientID is never a repeat.
	keyless := []store.Entry{{Action: action(1)}, {Action: action(2), ClientID: "keyless+1"}}
	if v, err := s.AppendBatch(ctx, g.ID, 4, keyless); err != nil || v != 6 {
		t.Fatalf("batch without a first ClientID = (%d, %v), want (6, nil)", v, err)
	}
	if _, err := s.AppendBatch(ctx, g.ID, 4, keyless); !errors.Is(err, store.ErrConflict) {
		t.Errorf("the same keyless batch again at version 4: err = %v, want ErrConflict", err)
	}

	// An empty batch is a version check that writes nothing.
	if v, err := s.AppendBatch(ctx, g.ID, 6, nil); err != nil || v != 6 {
		t.Errorf("empty batch at the current version = (%d, %v), want (6, nil)", v, err)
	}
	if _, err := s.AppendBatch(ctx, g.ID, 5, nil); !errors.Is(err, store.ErrConflict) {
		t.Errorf("empty batch at an old version: err = %v, want ErrConflict", err)
	}
	if _, err := s.AppendBatch(ctx, "no-such-game", 0, nil); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("empty batch for an unknown game: err = %v, want ErrNotFound", err)
	}
	if got := mustGame(t, s, g.ID); got.Version != 6 {
		t.Errorf("version = %d, want 6", got.Version)
	}

	// The same batch sent eight times at once is stored once; every sender
	// hears success with the batch's version.
	other := newGame(t, "ana")
	create(t, s, other, nil)
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	watch, err := s.Watch(wctx, other.ID)
	if err != nil {
		t.Fatalf("Watch: %v", err)
	}
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range 8 {
		wg.Go(func() {
			<-start
			if v, err := s.AppendBatch(ctx, other.ID, 0, batch); err != nil || v != 3 {
				t.Errorf("concurrent batch %d = (%d, %v), want (3, nil)", i, v, err)
			}
		})
	}
	close(start)
	wg.Wait()
	checkLog(t, mustLog(t, s, other.ID), batch)
	waitVersion(t, watch, 3)
}

func testCreateGameWithLog(t *testing.T, open func(*testing.T) store.Store) {
	ctx := context.Background()
	s := open(t)
	g := newGame(t, "ana")
	seats := newSeats(t, "Ana", "Ben")
	at := g.Created.Add(time.Hour)
	log := make([]store.Entry, 412)
	for i := range log {
		log[i] = store.Entry{Kind: store.KindAction, Action: action(i), Seat: -1, ClientID: fmt.Sprintf("import:%d", i), At: at.Add(time.Duration(i) * time.Millisecond)}
	}
	log[7] = store.Entry{Kind: store.KindUndo, Seat: -1, ClientID: "import:7", At: log[7].At}
	if err := s.CreateGameWithLog(ctx, g, seats, log); err != nil {
		t.Fatalf("CreateGameWithLog: %v", err)
	}
	got, gotLog := mustLoad(t, s, g.ID)
	checkGame(t, got, g, len(log))
	checkLog(t, gotLog, log)
	if last := log[len(log)-1].At; !got.Updated.Equal(last) {
		t.Errorf("updated = %v, want the last entry's time %v", got.Updated, last)
	}
	if ss, err := s.Seats(ctx, g.ID); err != nil || len(ss) != 2 {
		t.Errorf("Seats = %+v, %v; want 2", ss, err)
	}
	// The game goes on from the imported version, and imported ClientIDs
	// are keys like any other.
	if v := appendOK(t, s, g.ID, len(log), store.Entry{Action: action(1000), ClientID: "after"}); v != len(log)+1 {
		t.Errorf("append after the import: version %d, want %d", v, len(log)+1)
	}
	if v, err := s.Append(ctx, g.ID, 0, log[3]); err != nil || v != len(log)+1 {
		t.Errorf("repeat of an imported entry = (%d, %v), want (%d, nil)", v, err, len(log)+1)
	}

	// An empty log is CreateGame.
	empty := newGame(t, "ana")
	if err := s.CreateGameWithLog(ctx, empty, nil, nil); err != nil {
		t.Fatalf("CreateGameWithLog without entries: %v", err)
	}
	if got := mustGame(t, s, empty.ID); got.Version != 0 || !got.Updated.Equal(empty.Created) {
		t.Errorf("game without entries: version %d updated %v, want 0 and %v", got.Version, got.Updated, empty.Created)
	}
}

// testCreateGameWithLogAtomic: whatever part of the creation fails, the game
// is not there at all, and its tokens are free for the retry.
func testCreateGameWithLogAtomic(t *testing.T, open func(*testing.T) store.Store) {
	ctx := context.Background()
	s := open(t)
	taken := newGame(t, "ben")
	takenSeats := newSeats(t, "Cat")
	create(t, s, taken, takenSeats)
	entriesOf := func(n int) []store.Entry {
		es := make([]store.Entry, n)
		for i := range es {
			es[i] = store.Entry{Action: action(i), Seat: -1, ClientID: fmt.Sprintf("import:%d", i)}
		}
		return es
	}
	tests := []struct {
		name    string
		break_  func(g *store.Game, seats []store.Seat, es []store.Entry)
		wantErr error // nil: any error
	}{
		{"an invalid last entry", func(_ *store.Game, _ []store.Seat, es []store.Entry) {
			es[len(es)-1].Action = json.RawMessage(`{]`)
		}, store.ErrInvalidEntry},
		{"an unknown kind", func(_ *store.Game, _ []store.Seat, es []store.Entry) { es[50].Kind = "redo" }, store.ErrInvalidEntry},
		{"a ClientID used twice", func(_ *store.Game, _ []store.Seat, es []store.Entry) { es[99].ClientID = es[3].ClientID }, store.ErrInvalidEntry},
		{"a spectator token in use", func(g *store.Game, _ []store.Seat, _ []store.Entry) { g.SpectatorToken = taken.SpectatorToken }, nil},
		{"a seat token in use (the game row is already written)", func(_ *store.Game, seats []store.Seat, _ []store.Entry) {
			seats[1].Token = takenSeats[0].Token
		}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := newGame(t, "ana")
			seats := newSeats(t, "Ana", "Ben")
			es := entriesOf(100)
			bg, bseats, bes := g, append([]store.Seat(nil), seats...), append([]store.Entry(nil), es...)
			tc.break_(&bg, bseats, bes)
			err := s.CreateGameWithLog(ctx, bg, bseats, bes)
			if err == nil || (tc.wantErr != nil && !errors.Is(err, tc.wantErr)) {
				t.Fatalf("CreateGameWithLog = %v, want an error (%v)", err, tc.wantErr)
			}
			if _, _, err := s.Load(ctx, g.ID); !errors.Is(err, store.ErrNotFound) {
				t.Errorf("Load after a failed creation: err = %v, want ErrNotFound", err)
			}
			if list, err := s.Games(ctx, "ana"); err != nil || len(list) != 0 {
				t.Errorf("Games(ana) after a failed creation = %d games, %v; want none", len(list), err)
			}
			// Nothing half-made holds the id or the tokens.
			if err := s.CreateGameWithLog(ctx, g, seats, es); err != nil {
				t.Fatalf("the intact creation after the failure: %v", err)
			}
			_, log := mustLoad(t, s, g.ID)
			checkLog(t, log, es)
			if err := s.DeleteGame(ctx, g.ID); err != nil {
				t.Fatalf("DeleteGame: %v", err)
			}
		})
	}
}

// testLoadSnapshot hammers one game with appends and batches while readers
// Load it: every read must show a version equal to its log's length, with
// seqs 1..n, and a reader must never see the game go back.
func testLoadSnapshot(t *testing.T, open func(*testing.T) store.Store) {
	ctx := context.Background()
	s := open(t)
	g := newGame(t, "ana")
	create(t, s, g, nil)
	if _, _, err := s.Load(ctx, "no-such-game"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Load(unknown): err = %v, want ErrNotFound", err)
	}

	const writes = 60 // each one entry or a batch of three
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		defer close(done)
		v := 0
		for i := range writes {
			var err error
			if i%3 == 0 {
				v, err = s.AppendBatch(ctx, g.ID, v, batchOf(fmt.Sprint("w", i), store.KindAction, store.KindAction, store.KindUndo))
			} else {
				v, err = s.Append(ctx, g.ID, v, store.Entry{Action: action(i), ClientID: fmt.Sprint("w", i)})
			}
			if err != nil {
				t.Errorf("write %d: %v", i, err)
				return
			}
		}
	})
	var moving sync.Map
	for r := range 3 {
		wg.Go(func() {
			last, changes := -1, 0
			for {
				select {
				case <-done:
					moving.Store(r, changes)
					return
				default:
				}
				got, log, err := s.Load(ctx, g.ID)
				if err != nil {
					t.Errorf("Load: %v", err)
					return
				}
				if got.Version != len(log) {
					t.Errorf("Load saw version %d with %d entries", got.Version, len(log))
					return
				}
				for i, e := range log {
					if e.Seq != i+1 {
						t.Errorf("Load saw entry %d with seq %d", i, e.Seq)
						return
					}
				}
				if got.Version < last {
					t.Errorf("Load went back from version %d to %d", last, got.Version)
					return
				}
				if got.Version != last {
					changes++
				}
				last = got.Version
			}
		})
	}
	wg.Wait()
	// The check only means something if reads ran beside the writes.
	seen := 0
	moving.Range(func(_, v any) bool { seen += v.(int); return true })
	if seen < 2 && !t.Failed() {
		t.Errorf("readers saw the game change %d times while it was written: they did not overlap the writes", seen)
	}
	want := writes + 2*((writes+2)/3)
	if got, log := mustLoad(t, s, g.ID); got.Version != want || len(log) != want {
		t.Errorf("final version %d with %d entries, want %d", got.Version, len(log), want)
	}
	// Quiet, Load is Game and Log.
	got, log := mustLoad(t, s, g.ID)
	if g2 := mustGame(t, s, g.ID); g2.Version != got.Version || !g2.Updated.Equal(got.Updated) {
		t.Errorf("Load's game %+v differs from Game's %+v", got, g2)
	}
	if l2 := mustLog(t, s, g.ID); fmt.Sprint(clientIDs(l2)) != fmt.Sprint(clientIDs(log)) {
		t.Errorf("Load's log differs from Log's")
	}
}

// testManyWriters runs many goroutines on many games, two racing on each
// game, through Append and AppendBatch, and checks every answer against the
// final logs: each acknowledged write is there exactly once, at the version
// it was acknowledged with and in its writer's order; each conflict was real
// (another write took that version); nothing unacknowledged is stored.
func testManyWriters(t *testing.T, open func(*testing.T) store.Store) {
	ctx := context.Background()
	s := open(t)
	const (
		games   = 16
		writers = 2  // per game, racing
		writes  = 10 // acknowledged writes per writer
	)
	type ack struct {
		ids     []string // the ClientIDs of the write, in order
		version int      // the version it answered
	}
	type conflict struct {
		id       string // first ClientID of the refused write
		expected int
	}
	type result struct {
		game      string
		acks      []ack
		conflicts []conflict
	}
	ids := make([]string, games)
	for i := range ids {
		g := newGame(t, fmt.Sprint("owner", i))
		create(t, s, g, nil)
		ids[i] = g.ID
	}
	results := make(chan result, games*writers)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for gi := range games {
		for w := range writers {
			wg.Go(func() {
				<-start
				res := result{game: ids[gi]}
				v := 0
				for k := 0; k < writes; {
					prefix := fmt.Sprintf("w%d-%d", w, k)
					var (
						batch []store.Entry
						got   int
						err   error
					)
					if k%4 == 3 {
						batch = batchOf(prefix, store.KindAction, store.KindUndo)
						got, err = s.AppendBatch(ctx, ids[gi], v, batch)
					} else {
						batch = []store.Entry{{Action: action(k), Seat: w, ClientID: prefix}}
						got, err = s.Append(ctx, ids[gi], v, batch[0])
					}
					switch {
					case err == nil:
						res.acks = append(res.acks, ack{clientIDs(batch), got})
						if k%5 == 1 {
							// The retry after a lost answer: a repeat, never a
							// second copy, answered with where the game is now.
							again, err := s.AppendBatch(ctx, ids[gi], v, batch)
							if err != nil || again < got {
								t.Errorf("repeat of %v = (%d, %v), want (>= %d, nil)", clientIDs(batch), again, err, got)
							}
						}
						v = got
						k++
					case errors.Is(err, store.ErrConflict):
						res.conflicts = append(res.conflicts, conflict{batch[0].ClientID, v})
						g, err := s.Game(ctx, ids[gi])
						if err != nil {
							t.Errorf("Game: %v", err)
							return
						}
						v = g.Version // draw again on the new screen, same ClientID
					default:
						t.Errorf("game %d writer %d write %d: %v", gi, w, k, err)
						return
					}
				}
				results <- res
			})
		}
	}
	close(start)
	wg.Wait()
	close(results)

	logs := make(map[string][]store.Entry, games)
	for _, id := range ids {
		_, logs[id] = mustLoad(t, s, id)
	}
	acked := make(map[string]map[string]bool, games) // game -> ClientID
	totalConflicts := 0
	for res := range results {
		log := logs[res.game]
		if acked[res.game] == nil {
			acked[res.game] = map[string]bool{}
		}
		last := 0
		for _, a := range res.acks {
			if a.version <= last {
				t.Errorf("game %s: writer's versions went %d then %d", res.game, last, a.version)
			}
			last = a.version
			first := a.version - len(a.ids) // entries first+1 ... version
			if first < 0 || a.version > len(log) {
				t.Errorf("game %s: write %v acknowledged at version %d, log has %d", res.game, a.ids, a.version, len(log))
				continue
			}
			for i, id := range a.ids {
				if got := log[first+i].ClientID; got != id {
					t.Errorf("game %s: seq %d is %q, want %q acknowledged at version %d", res.game, first+i+1, got, id, a.version)
				}
				acked[res.game][id] = true
			}
		}
		for _, c := range res.conflicts {
			totalConflicts++
			if c.expected >= len(log) || log[c.expected].ClientID == c.id {
				t.Errorf("game %s: %q refused at version %d, but that version was free for it", res.game, c.id, c.expected)
			}
		}
	}
	for id, log := range logs {
		if len(log) != writers*writes+writers*(writes/4) {
			t.Errorf("game %s: %d entries, want %d", id, len(log), writers*writes+writers*(writes/4))
		}
		seen := map[string]bool{}
		for _, e := range log {
			if seen[e.ClientID] {
				t.Errorf("game %s: %q stored twice", id, e.ClientID)
			}
			seen[e.ClientID] = true
			if !acked[id][e.ClientID] {
				t.Errorf("game %s: %q stored but never acknowledged", id, e.ClientID)
			}
		}
	}
	if totalConflicts == 0 {
		t.Logf("no write conflicted: the racing writers never met")
	}
}

func testGamesPage(t *testing.T, open func(*testing.T) store.Store) {
	ctx := context.Background()
	s := open(t)
	base := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	var all []string
	for i := range 5 {
		g := newGame(t, "ana")
		g.Created = base.Add(time.Duration(i) * time.Minute)
		create(t, s, g, nil)
	}
	seated := newGame(t, "ben")
	seated.Created = base.Add(-time.Hour)
	seats := newSeats(t, "Ana")
	create(t, s, seated, seats)
	if _, err := s.ClaimSeat(ctx, seats[0].Token, "ana"); err != nil {
		t.Fatalf("ClaimSeat: %v", err)
	}
	create(t, s, newGame(t, "ben"), nil)
	list, err := s.Games(ctx, "ana")
	if err != nil {
		t.Fatalf("Games: %v", err)
	}
	for _, g := range list {
		all = append(all, g.ID)
	}
	if len(all) != 6 {
		t.Fatalf("Games(ana) lists %d games, want 6", len(all))
	}

	pages := []struct {
		name          string
		offset, limit int
		want          []string
	}{
		{"the first page", 0, 2, all[0:2]},
		{"a middle page", 2, 2, all[2:4]},
		{"the last page is short", 4, 4, all[4:6]},
		{"one page holds them all", 0, 100, all},
		{"a page past the end is empty", 6, 2, nil},
		{"far past the end too", 1000, 10, nil},
	}
	for _, p := range pages {
		t.Run(p.name, func(t *testing.T) {
			page, total, err := s.GamesPage(ctx, "ana", p.offset, p.limit)
			if err != nil {
				t.Fatalf("GamesPage(%d, %d): %v", p.offset, p.limit, err)
			}
			var got []string
			for _, g := range page {
				got = append(got, g.ID)
			}
			if fmt.Sprint(got) != fmt.Sprint(p.want) || total != 6 {
				t.Errorf("GamesPage(%d, %d) = %v, total %d; want %v, total 6", p.offset, p.limit, got, total, p.want)
			}
		})
	}
	for _, bad := range [][2]int{{-1, 10}, {0, 0}, {0, -5}} {
		if _, _, err := s.GamesPage(ctx, "ana", bad[0], bad[1]); err == nil {
			t.Errorf("GamesPage(%d, %d): no error", bad[0], bad[1])
		}
	}
	if page, total, err := s.GamesPage(ctx, "", 0, 10); err != nil || len(page) != 0 || total != 0 {
		t.Errorf(`GamesPage("") = %d games, total %d, %v; want none`, len(page), total, err)
	}
	if page, total, err := s.GamesPage(ctx, "nobody", 0, 10); err != nil || len(page) != 0 || total != 0 {
		t.Errorf("GamesPage(nobody) = %d games, total %d, %v; want none", len(page), total, err)
	}
}

func testCountGamesSince(t *testing.T, open func(*testing.T) store.Store) {
	ctx := context.Background()
	s := open(t)
	now := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	for _, ago := range []time.Duration{3 * time.Hour, 61 * time.Minute, 59 * time.Minute, time.Minute, 0} {
		g := newGame(t, "ana")
		g.Created = now.Add(-ago)
		create(t, s, g, nil)
	}
	// A seat held in a recent game of somebody else is not a game created.
	other := newGame(t, "ben")
	other.Created = now
	seats := newSeats(t, "Ana")
	create(t, s, other, seats)
	if _, err := s.ClaimSeat(ctx, seats[0].Token, "ana"); err != nil {
		t.Fatalf("ClaimSeat: %v", err)
	}
	tests := []struct {
		name  string
		owner string
		since time.Time
		want  int
	}{
		{"games created in the last hour, the one at the start included", "ana", now.Add(-time.Hour + time.Minute), 3},
		{"the last hour and a bit", "ana", now.Add(-61 * time.Minute), 4},
		{"since the very moment of the newest", "ana", now, 1},
		{"since after the newest", "ana", now.Add(time.Millisecond), 0},
		{"everything", "ana", time.Time{}, 5},
		{"another owner's own games only", "ben", now.Add(-time.Hour), 1},
		{"nobody", "nobody", time.Time{}, 0},
	}
	for _, tc := range tests {
		if got, err := s.CountGamesSince(ctx, tc.owner, tc.since); err != nil || got != tc.want {
			t.Errorf("%s: CountGamesSince(%s, %v) = (%d, %v), want %d", tc.name, tc.owner, tc.since, got, err, tc.want)
		}
	}
}
