// Package storetest is the one conformance suite every store.Store backend
// must pass, so the handlers can rely on the same behaviour whichever
// database is configured.
//
// A backend's test calls Run with a function that opens a Store:
//
//	func TestConformance(t *testing.T) {
//		storetest.Run(t, func(t *testing.T) store.Store { ... })
//	}
package storetest

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/grimoire-games/grimoire/store"
)

// Run runs the suite. open is called once for most subtests (each with its
// own *testing.T); in the reopen subtest it is called again with the same t
// after the first Store was closed, and must then return a Store over the
// same data (the same file, the same database schema). Subtests run in
// parallel, so open must be safe for concurrent use. The suite closes every
// Store it opens, so Close must tolerate being called twice.
func Run(t *testing.T, open func(t *testing.T) store.Store) {
	t.Helper()
	openT := func(t *testing.T) store.Store {
		t.Helper()
		s := open(t)
		t.Cleanup(func() { s.Close() })
		return s
	}
	tests := []struct {
		name string
		fn   func(t *testing.T, open func(t *testing.T) store.Store)
	}{
		{"CreateGetListDelete", testCreateGetListDelete},
		{"NotFound", testNotFound},
		{"SpectatorToken", testSpectatorToken},
		{"AppendIncrementsVersion", testAppendIncrementsVersion},
		{"StaleVersionConflicts", testStaleVersion},
		{"RepeatedClientIDIsIdempotent", testRepeatedClientID},
		{"EmptyClientIDIsNoKey", testEmptyClientID},
		{"ConcurrentAppendsOneWins", testConcurrentAppends},
		{"ConcurrentDoubleTap", testConcurrentDoubleTap},
		{"UndoFolding", testUndoFolding},
		{"ClaimSeat", testClaimSeat},
		{"GamesIncludesHeldSeats", testGamesOrder},
		{"Watch", testWatch},
		{"WatchCancelBeforeAppend", testWatchCancel},
		{"SurvivesReopen", testReopen},
		{"AppendBatch", testAppendBatch},
		{"BatchAllOrNothing", testBatchAllOrNothing},
		{"BatchIdempotent", testBatchIdempotent},
		{"CreateGameWithLog", testCreateGameWithLog},
		{"CreateGameWithLogAtomic", testCreateGameWithLogAtomic},
		{"LoadSnapshot", testLoadSnapshot},
		{"ManyWritersManyGames", testManyWriters},
		{"GamesPage", testGamesPage},
		{"CountGamesSince", testCountGamesSince},
		{"SessionKeys", testSessionKeys},
		{"Clubs", testClubs},
		{"ClubJoinRace", testClubJoinRace},
		{"Forks", testForks},
		{"Looks", testLooks},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tc.fn(t, openT)
		})
	}
}

// waitFor bounds every wait on a Watch channel, so a broken notifier fails
// the test instead of hanging it.
const waitFor = 10 * time.Second

func randID(t *testing.T) string {
	t.Helper()
	return rand.Text()[:16]
}

// newGame returns a game with fresh random id and token, created in the past
// at a millisecond-aligned time in a non-UTC zone, so the suite also checks
// that times come back equal and in UTC.
func newGame(t *testing.T, owner string) store.Game {
	t.Helper()
	zone := time.FixedZone("UTC+2", 2*60*60)
	return store.Game{
		ID:             randID(t),
		Kind:           "spells-arrows",
		Title:          "Ana vs Ben",
		Owner:          owner,
		SpectatorToken: randID(t),
		Seed:           -4242424242424242,
		Setup:          json.RawMessage(`{"players": ["Ana", "Ben"], "lives":20}`),
		Created:        time.Date(2025, 3, 14, 15, 9, 26, 535_000_000, zone),
	}
}

func newSeats(t *testing.T, names ...string) []store.Seat {
	t.Helper()
	seats := make([]store.Seat, len(names))
	for i, n := range names {
		seats[i] = store.Seat{Index: i, Name: n, Token: randID(t)}
	}
	return seats
}

func create(t *testing.T, s store.Store, g store.Game, seats []store.Seat) {
	t.Helper()
	if err := s.CreateGame(context.Background(), g, seats); err != nil {
		t.Fatalf("CreateGame(%s): %v", g.ID, err)
	}
}

func action(n int) json.RawMessage {
	return json.RawMessage(fmt.Sprintf(`{"type":"cast", "n": %d}`, n))
}

func appendOK(t *testing.T, s store.Store, id string, expected int, e store.Entry) int {
	t.Helper()
	v, err := s.Append(context.Background(), id, expected, e)
	if err != nil {
		t.Fatalf("Append(%s, %d, %s): %v", id, expected, e.ClientID, err)
	}
	return v
}

func mustLog(t *testing.T, s store.Store, id string) []store.Entry {
	t.Helper()
	log, err := s.Log(context.Background(), id)
	if err != nil {
		t.Fatalf("Log(%s): %v", id, err)
	}
	return log
}

func mustGame(t *testing.T, s store.Store, id string) store.Game {
	t.Helper()
	g, err := s.Game(context.Background(), id)
	if err != nil {
		t.Fatalf("Game(%s): %v", id, err)
	}
	return g
}

// sameJSON compares JSON by meaning: a backend may keep the bytes or not,
// but it must not change what they say.
func sameJSON(t *testing.T, got, want json.RawMessage) bool {
	t.Helper()
	if want == nil {
		return got == nil
	}
	var a, b any
	if err := json.Unmarshal(got, &a); err != nil {
		t.Errorf("stored JSON %q does not parse: %v", got, err)
		return false
	}
	if err := json.Unmarshal(want, &b); err != nil {
		t.Fatalf("test JSON %q does not parse: %v", want, err)
	}
	ga, _ := json.Marshal(a)
	gb, _ := json.Marshal(b)
	return bytes.Equal(ga, gb)
}

func checkGame(t *testing.T, got, want store.Game, version int) {
	t.Helper()
	if got.ID != want.ID || got.Kind != want.Kind || got.Title != want.Title || got.Owner != want.Owner ||
		got.SpectatorToken != want.SpectatorToken || got.Seed != want.Seed {
		t.Errorf("game = %+v, want %+v", got, want)
	}
	if !sameJSON(t, got.Setup, want.Setup) {
		t.Errorf("setup = %s, want %s", got.Setup, want.Setup)
	}
	if got.Version != version {
		t.Errorf("version = %d, want %d", got.Version, version)
	}
	if !got.Created.Equal(want.Created) {
		t.Errorf("created = %v, want %v", got.Created, want.Created)
	}
	if got.Created.Location() != time.UTC || got.Updated.Location() != time.UTC {
		t.Errorf("times not in UTC: created %v, updated %v", got.Created, got.Updated)
	}
	if got.Updated.Before(got.Created) {
		t.Errorf("updated %v before created %v", got.Updated, got.Created)
	}
}

func testCreateGetListDelete(t *testing.T, open func(*testing.T) store.Store) {
	ctx := context.Background()
	s := open(t)
	g := newGame(t, "ana")
	seats := newSeats(t, "Ana", "Ben")
	seats[0].Holder = "ana" // the scorekeeper may sit down at creation
	create(t, s, g, seats)

	got := mustGame(t, s, g.ID)
	checkGame(t, got, g, 0)
	if !got.Updated.Equal(g.Created) {
		t.Errorf("new game updated = %v, want created %v", got.Updated, g.Created)
	}

	gotSeats, err := s.Seats(ctx, g.ID)
	if err != nil {
		t.Fatalf("Seats: %v", err)
	}
	if len(gotSeats) != 2 {
		t.Fatalf("Seats = %+v, want 2", gotSeats)
	}
	for i, st := range gotSeats {
		want := seats[i]
		want.GameID = g.ID
		if st != want {
			t.Errorf("seat %d = %+v, want %+v", i, st, want)
		}
	}

	list, err := s.Games(ctx, "ana")
	if err != nil {
		t.Fatalf("Games: %v", err)
	}
	if len(list) != 1 || list[0].ID != g.ID {
		t.Fatalf("Games(ana) = %+v, want just %s", list, g.ID)
	}

	noSeats := newGame(t, "ana")
	create(t, s, noSeats, nil)
	if ss, err := s.Seats(ctx, noSeats.ID); err != nil || len(ss) != 0 {
		t.Errorf("Seats of a game without seats = %+v, %v", ss, err)
	}

	appendOK(t, s, g.ID, 0, store.Entry{Action: action(1), Seat: -1, ClientID: "c1"})
	appendOK(t, s, g.ID, 1, store.Entry{Action: action(2), Seat: 0, ClientID: "c2"})

	if err := s.DeleteGame(ctx, g.ID); err != nil {
		t.Fatalf("DeleteGame: %v", err)
	}
	if _, err := s.Game(ctx, g.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Game after delete: err = %v, want ErrNotFound", err)
	}
	if _, err := s.Log(ctx, g.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Log after delete: err = %v, want ErrNotFound", err)
	}
	if ss, err := s.Seats(ctx, g.ID); err != nil || len(ss) != 0 {
		t.Errorf("Seats after delete = %+v, %v; want none", ss, err)
	}
	if _, err := s.ClaimSeat(ctx, seats[1].Token, "ben"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("ClaimSeat after delete: err = %v, want ErrNotFound", err)
	}
	if list, err := s.Games(ctx, "ana"); err != nil || len(list) != 1 || list[0].ID != noSeats.ID {
		t.Errorf("Games(ana) after delete = %+v, %v; want just %s", list, err, noSeats.ID)
	}
	if err := s.DeleteGame(ctx, g.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("second DeleteGame: err = %v, want ErrNotFound", err)
	}

	// The cascade really removed the rows: the same id, seat tokens and
	// client ids can be used again.
	create(t, s, g, seats)
	if v := appendOK(t, s, g.ID, 0, store.Entry{Action: action(1), Seat: -1, ClientID: "c1"}); v != 1 {
		t.Errorf("append to recreated game: version %d, want 1", v)
	}
	if log := mustLog(t, s, g.ID); len(log) != 1 {
		t.Errorf("recreated game's log has %d entries, want 1", len(log))
	}
}

func testNotFound(t *testing.T, open func(*testing.T) store.Store) {
	ctx := context.Background()
	s := open(t)
	create(t, s, newGame(t, "ana"), newSeats(t, "Ana"))
	missing := "no-such-game"
	checks := []struct {
		name string
		err  error
	}{
		{"Game", func() error { _, err := s.Game(ctx, missing); return err }()},
		{"GameBySpectatorToken", func() error { _, err := s.GameBySpectatorToken(ctx, missing); return err }()},
		{"Log", func() error { _, err := s.Log(ctx, missing); return err }()},
		{"Append", func() error {
			_, err := s.Append(ctx, missing, 0, store.Entry{Action: action(1), ClientID: "c1"})
			return err
		}()},
		{"DeleteGame", s.DeleteGame(ctx, missing)},
		{"ClaimSeat", func() error { _, err := s.ClaimSeat(ctx, missing, "ana"); return err }()},
		{"Watch", func() error { _, err := s.Watch(ctx, missing); return err }()},
	}
	for _, c := range checks {
		if !errors.Is(c.err, store.ErrNotFound) {
			t.Errorf("%s(unknown): err = %v, want ErrNotFound", c.name, c.err)
		}
	}
	if ss, err := s.Seats(ctx, missing); err != nil || len(ss) != 0 {
		t.Errorf("Seats(unknown) = %+v, %v; want none, nil", ss, err)
	}
	if gs, err := s.Games(ctx, "nobody"); err != nil || len(gs) != 0 {
		t.Errorf("Games(nobody) = %+v, %v; want none, nil", gs, err)
	}
}

func testSpectatorToken(t *testing.T, open func(*testing.T) store.Store) {
	ctx := context.Background()
	s := open(t)
	a, b := newGame(t, "ana"), newGame(t, "ben")
	create(t, s, a, nil)
	create(t, s, b, nil)
	got, err := s.GameBySpectatorToken(ctx, b.SpectatorToken)
	if err != nil {
		t.Fatalf("GameBySpectatorToken: %v", err)
	}
	checkGame(t, got, b, 0)
	if _, err := s.GameBySpectatorToken(ctx, b.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the game id is not a spectator token: err = %v, want ErrNotFound", err)
	}
	dup := newGame(t, "cat")
	dup.SpectatorToken = a.SpectatorToken
	if err := s.CreateGame(ctx, dup, nil); err == nil {
		t.Errorf("CreateGame with a spectator token already in use: no error")
	}
}

func testAppendIncrementsVersion(t *testing.T, open func(*testing.T) store.Store) {
	s := open(t)
	g := newGame(t, "ana")
	create(t, s, g, nil)
	at := time.Date(2026, 1, 2, 3, 4, 5, 678_000_000, time.FixedZone("UTC-5", -5*60*60))
	want := []store.Entry{
		{Kind: store.KindAction, Action: action(1), Seat: -1, ClientID: "c1", At: at},
		{Kind: store.KindAction, Action: action(2), Seat: 0, ClientID: "c2", At: at.Add(time.Second)},
		{Kind: store.KindUndo, Seat: 1, ClientID: "c3", At: at.Add(2 * time.Second)},
	}
	for i, e := range want {
		if v := appendOK(t, s, g.ID, i, e); v != i+1 {
			t.Errorf("append %d: version %d, want %d", i, v, i+1)
		}
	}
	got := mustGame(t, s, g.ID)
	checkGame(t, got, g, 3)
	if got.Updated.Before(want[2].At) {
		t.Errorf("updated %v is before the last entry %v", got.Updated, want[2].At)
	}

	log := mustLog(t, s, g.ID)
	if len(log) != len(want) {
		t.Fatalf("log has %d entries, want %d", len(log), len(want))
	}
	for i, e := range log {
		w := want[i]
		if e.Seq != i+1 || e.Kind != w.Kind || e.Seat != w.Seat || e.ClientID != w.ClientID {
			t.Errorf("entry %d = %+v, want %+v with seq %d", i, e, w, i+1)
		}
		if !sameJSON(t, e.Action, w.Action) {
			t.Errorf("entry %d action = %s, want %s", i, e.Action, w.Action)
		}
		if !e.At.Equal(w.At) || e.At.Location() != time.UTC {
			t.Errorf("entry %d at = %v, want %v in UTC", i, e.At, w.At)
		}
	}

	// Defaults: an empty kind is an action and a zero time is now.
	before := time.Now().Add(-time.Second)
	appendOK(t, s, g.ID, 3, store.Entry{Action: action(4), Seat: 0, ClientID: "c4"})
	last := mustLog(t, s, g.ID)[3]
	if last.Kind != store.KindAction {
		t.Errorf("empty kind stored as %q, want %q", last.Kind, store.KindAction)
	}
	if last.At.Before(before) || last.At.After(time.Now().Add(time.Second)) {
		t.Errorf("zero At stored as %v, want about now", last.At)
	}
}

func testStaleVersion(t *testing.T, open func(*testing.T) store.Store) {
	ctx := context.Background()
	s := open(t)
	g := newGame(t, "ana")
	create(t, s, g, nil)
	appendOK(t, s, g.ID, 0, store.Entry{Action: action(1), ClientID: "c1"})
	for _, expected := range []int{0, 2, 7, -1} {
		v, err := s.Append(ctx, g.ID, expected, store.Entry{Action: action(9), ClientID: fmt.Sprint("stale", expected)})
		if !errors.Is(err, store.ErrConflict) {
			t.Errorf("Append at stale version %d: (%d, %v), want ErrConflict", expected, v, err)
		}
	}
	if log := mustLog(t, s, g.ID); len(log) != 1 {
		t.Errorf("log has %d entries after conflicts, want 1", len(log))
	}
	if got := mustGame(t, s, g.ID); got.Version != 1 {
		t.Errorf("version after conflicts = %d, want 1", got.Version)
	}
	// A rejected ClientID was not recorded, so the retry at the right version
	// goes through.
	if v := appendOK(t, s, g.ID, 1, store.Entry{Action: action(2), ClientID: "stale0"}); v != 2 {
		t.Errorf("retry after conflict: version %d, want 2", v)
	}
}

func testRepeatedClientID(t *testing.T, open func(*testing.T) store.Store) {
	ctx := context.Background()
	s := open(t)
	g := newGame(t, "ana")
	create(t, s, g, nil)
	tap := store.Entry{Action: action(1), Seat: 0, ClientID: "tap-1"}
	if v := appendOK(t, s, g.ID, 0, tap); v != 1 {
		t.Fatalf("first tap: version %d, want 1", v)
	}
	// The second tap was drawn at the same version as the first; the retry
	// after a lost response knows the new one. Both are the same write.
	for _, expected := range []int{0, 1} {
		v, err := s.Append(ctx, g.ID, expected, tap)
		if err != nil || v != 1 {
			t.Errorf("repeat at expected %d: (%d, %v), want (1, nil)", expected, v, err)
		}
	}
	appendOK(t, s, g.ID, 1, store.Entry{Action: action(2), Seat: 1, ClientID: "tap-2"})
	// A late repeat reports where the game is now.
	if v, err := s.Append(ctx, g.ID, 0, tap); err != nil || v != 2 {
		t.Errorf("late repeat: (%d, %v), want (2, nil)", v, err)
	}
	if log := mustLog(t, s, g.ID); len(log) != 2 {
		t.Errorf("log has %d entries, want 2", len(log))
	}
	// ClientIDs are per game: another game may use the same one.
	other := newGame(t, "ana")
	create(t, s, other, nil)
	if v := appendOK(t, s, other.ID, 0, tap); v != 1 {
		t.Errorf("same ClientID in another game: version %d, want 1", v)
	}
	if log := mustLog(t, s, other.ID); len(log) != 1 {
		t.Errorf("other game's log has %d entries, want 1", len(log))
	}
}

func testEmptyClientID(t *testing.T, open func(*testing.T) store.Store) {
	s := open(t)
	g := newGame(t, "ana")
	create(t, s, g, nil)
	appendOK(t, s, g.ID, 0, store.Entry{Action: action(1)})
	if v := appendOK(t, s, g.ID, 1, store.Entry{Action: action(1)}); v != 2 {
		t.Errorf("second append without ClientID: version %d, want 2", v)
	}
	if log := mustLog(t, s, g.ID); len(log) != 2 || log[0].ClientID != "" {
		t.Errorf("log = %+v, want 2 entries without ClientID", log)
	}
}

func testConcurrentAppends(t *testing.T, open func(*testing.T) store.Store) {
	ctx := context.Background()
	s := open(t)
	g := newGame(t, "ana")
	create(t, s, g, nil)
	const n = 16
	var (
		wg        sync.WaitGroup
		start     = make(chan struct{})
		errs      = make([]error, n)
		versions  = make([]int, n)
		conflicts int
		wins      []int
	)
	for i := range n {
		wg.Go(func() {
			<-start
			versions[i], errs[i] = s.Append(ctx, g.ID, 0, store.Entry{Action: action(i), Seat: i, ClientID: fmt.Sprint("dev", i)})
		})
	}
	close(start)
	wg.Wait()
	for i, err := range errs {
		switch {
		case err == nil:
			wins = append(wins, i)
			if versions[i] != 1 {
				t.Errorf("winner %d: version %d, want 1", i, versions[i])
			}
		case errors.Is(err, store.ErrConflict):
			conflicts++
		default:
			t.Errorf("append %d: unexpected error %v", i, err)
		}
	}
	if len(wins) != 1 || conflicts != n-1 {
		t.Fatalf("%d winners %v and %d conflicts, want 1 and %d", len(wins), wins, conflicts, n-1)
	}
	log := mustLog(t, s, g.ID)
	if len(log) != 1 || log[0].Seat != wins[0] {
		t.Errorf("log = %+v, want only the winner's entry (seat %d)", log, wins[0])
	}
}

func testConcurrentDoubleTap(t *testing.T, open func(*testing.T) store.Store) {
	ctx := context.Background()
	s := open(t)
	g := newGame(t, "ana")
	create(t, s, g, nil)
	const n = 8
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Go(func() {
			<-start
			v, err := s.Append(ctx, g.ID, 0, store.Entry{Action: action(1), ClientID: "same-tap"})
			if err != nil || v != 1 {
				t.Errorf("tap %d: (%d, %v), want (1, nil)", i, v, err)
			}
		})
	}
	close(start)
	wg.Wait()
	if log := mustLog(t, s, g.ID); len(log) != 1 {
		t.Errorf("log has %d entries, want 1", len(log))
	}
}

func testUndoFolding(t *testing.T, open func(*testing.T) store.Store) {
	s := open(t)
	g := newGame(t, "ana")
	create(t, s, g, nil)
	steps := []store.Entry{
		{Kind: store.KindAction, Action: action(1)},
		{Kind: store.KindAction, Action: action(2)},
		{Kind: store.KindUndo},                      // takes back 2
		{Kind: store.KindAction, Action: action(3)}, // 1, 3
		{Kind: store.KindAction, Action: action(4)}, // 1, 3, 4
		{Kind: store.KindUndo},                      // 1, 3
		{Kind: store.KindUndo},                      // 1
		{Kind: store.KindAction, Action: action(5)}, // 1, 5
	}
	for i, e := range steps {
		e.ClientID = fmt.Sprint("c", i)
		appendOK(t, s, g.ID, i, e)
	}
	log := mustLog(t, s, g.ID)
	if len(log) != len(steps) {
		t.Fatalf("log has %d entries, want %d: an undo is an entry, nothing is removed", len(log), len(steps))
	}
	if log[2].Kind != store.KindUndo || log[2].Action != nil {
		t.Errorf("undo entry = %+v, want kind undo without action", log[2])
	}
	in := store.InForce(log)
	if len(in) != 2 || in[0].Seq != 1 || in[1].Seq != 8 {
		t.Errorf("InForce seqs = %v, want [1 8]", seqs(in))
	}
	acts := store.Actions(log)
	if len(acts) != 2 || !sameJSON(t, acts[0], action(1)) || !sameJSON(t, acts[1], action(5)) {
		t.Errorf("Actions = %s, want [%s %s]", acts, action(1), action(5))
	}

	// An undo with nothing left to take back is a no-op when folding.
	extra := []store.Entry{{Kind: store.KindUndo}, {Kind: store.KindUndo}, {Kind: store.KindUndo}, {Kind: store.KindAction, Action: action(6)}}
	for i, e := range extra {
		e.ClientID = fmt.Sprint("x", i)
		appendOK(t, s, g.ID, len(steps)+i, e)
	}
	if acts := store.Actions(mustLog(t, s, g.ID)); len(acts) != 1 || !sameJSON(t, acts[0], action(6)) {
		t.Errorf("Actions after undoing everything and more = %s, want [%s]", acts, action(6))
	}
}

func seqs(es []store.Entry) []int {
	out := make([]int, len(es))
	for i, e := range es {
		out[i] = e.Seq
	}
	return out
}

func testClaimSeat(t *testing.T, open func(*testing.T) store.Store) {
	ctx := context.Background()
	s := open(t)
	g := newGame(t, "ana")
	seats := newSeats(t, "Ana", "Ben")
	create(t, s, g, seats)

	// Reading a seat by its link claims nothing (a chat app's link preview
	// must not take it).
	if peek, err := s.SeatByToken(ctx, seats[1].Token); err != nil || peek.Name != "Ben" || peek.Holder != "" || peek.GameID != g.ID {
		t.Errorf("SeatByToken = (%+v, %v), want Ben's free seat", peek, err)
	}
	if _, err := s.SeatByToken(ctx, "no-such-token"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("SeatByToken of an unknown token: err = %v, want ErrNotFound", err)
	}

	got, err := s.ClaimSeat(ctx, seats[1].Token, "ben-phone")
	if err != nil {
		t.Fatalf("ClaimSeat: %v", err)
	}
	want := store.Seat{GameID: g.ID, Index: 1, Name: "Ben", Token: seats[1].Token, Holder: "ben-phone"}
	if got != want {
		t.Errorf("ClaimSeat = %+v, want %+v", got, want)
	}
	if again, err := s.ClaimSeat(ctx, seats[1].Token, "ben-phone"); err != nil || again != want {
		t.Errorf("same holder claims again: (%+v, %v), want (%+v, nil)", again, err, want)
	}
	if _, err := s.ClaimSeat(ctx, seats[1].Token, "eve-phone"); !errors.Is(err, store.ErrSeatTaken) {
		t.Errorf("other holder: err = %v, want ErrSeatTaken", err)
	}
	if _, err := s.ClaimSeat(ctx, "no-such-token", "ben-phone"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("unknown token: err = %v, want ErrNotFound", err)
	}
	all, err := s.Seats(ctx, g.ID)
	if err != nil {
		t.Fatalf("Seats: %v", err)
	}
	if len(all) != 2 || all[0].Holder != "" || all[1].Holder != "ben-phone" {
		t.Errorf("Seats = %+v, want seat 1 held by ben-phone only", all)
	}

	// Two devices racing for the free seat: exactly one gets it.
	const n = 8
	var wg sync.WaitGroup
	results := make([]error, n)
	for i := range n {
		wg.Go(func() { _, results[i] = s.ClaimSeat(ctx, seats[0].Token, fmt.Sprint("dev", i)) })
	}
	wg.Wait()
	wins := 0
	for i, err := range results {
		switch {
		case err == nil:
			wins++
		case !errors.Is(err, store.ErrSeatTaken):
			t.Errorf("racing claim %d: %v", i, err)
		}
	}
	if wins != 1 {
		t.Errorf("%d devices won the same seat, want 1", wins)
	}
}

func testGamesOrder(t *testing.T, open func(*testing.T) store.Store) {
	ctx := context.Background()
	s := open(t)
	mine := newGame(t, "ana")
	mine.Created = mine.Created.Add(-48 * time.Hour)
	seated := newGame(t, "ben")
	seated.Created = seated.Created.Add(-24 * time.Hour)
	seats := newSeats(t, "Ana", "Ben")
	other := newGame(t, "ben")
	otherSeats := newSeats(t, "Cat")
	create(t, s, mine, nil)
	create(t, s, seated, seats)
	create(t, s, other, otherSeats)
	if _, err := s.ClaimSeat(ctx, seats[0].Token, "ana"); err != nil {
		t.Fatalf("ClaimSeat: %v", err)
	}

	ids := func(owner string) []string {
		t.Helper()
		gs, err := s.Games(ctx, owner)
		if err != nil {
			t.Fatalf("Games(%s): %v", owner, err)
		}
		out := make([]string, len(gs))
		for i, g := range gs {
			out[i] = g.ID
		}
		return out
	}
	same := func(got, want []string) bool { return fmt.Sprint(got) == fmt.Sprint(want) }

	if got, want := ids("ana"), []string{seated.ID, mine.ID}; !same(got, want) {
		t.Errorf("Games(ana) = %v, want %v (seated game updated later)", got, want)
	}
	appendOK(t, s, mine.ID, 0, store.Entry{Action: action(1), ClientID: "c1"})
	if got, want := ids("ana"), []string{mine.ID, seated.ID}; !same(got, want) {
		t.Errorf("Games(ana) after a move in %s = %v, want %v", mine.ID, got, want)
	}
	if got := ids("ben"); len(got) != 2 {
		t.Errorf("Games(ben) = %v, want the 2 games ben created", got)
	}
	// A free seat has no holder; the empty session must not own it.
	if got := ids(""); len(got) != 0 {
		t.Errorf(`Games("") = %v, want none`, got)
	}
	// A game ana made and sits in is found both ways, and listed once.
	both := newGame(t, "ana")
	bothSeats := newSeats(t, "Ana")
	create(t, s, both, bothSeats)
	if _, err := s.ClaimSeat(ctx, bothSeats[0].Token, "ana"); err != nil {
		t.Fatalf("ClaimSeat: %v", err)
	}
	if got := ids("ana"); len(got) != 3 || !slices.Contains(got, both.ID) {
		t.Errorf("Games(ana) = %v, want 3 games, %s once among them", got, both.ID)
	}
}

func testWatch(t *testing.T, open func(*testing.T) store.Store) {
	s := open(t)
	g := newGame(t, "ana")
	create(t, s, g, nil)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	a, err := s.Watch(ctx, g.ID)
	if err != nil {
		t.Fatalf("Watch: %v", err)
	}
	b, err := s.Watch(ctx, g.ID)
	if err != nil {
		t.Fatalf("second Watch: %v", err)
	}
	// A watcher of another game hears nothing of this one.
	other := newGame(t, "ana")
	create(t, s, other, nil)
	c, err := s.Watch(ctx, other.ID)
	if err != nil {
		t.Fatalf("Watch other: %v", err)
	}

	appendOK(t, s, g.ID, 0, store.Entry{Action: action(1), ClientID: "c1"})
	waitVersion(t, a, 1)
	waitVersion(t, b, 1)
	appendOK(t, s, g.ID, 1, store.Entry{Action: action(2), ClientID: "c2"})
	appendOK(t, s, g.ID, 2, store.Entry{Action: action(3), ClientID: "c3"})
	// a is read promptly; b may only ever see the latest: both get there.
	waitVersion(t, a, 3)
	waitVersion(t, b, 3)
	select {
	case v, ok := <-c:
		if ok && v > 0 {
			t.Errorf("watcher of %s got version %d from %s", other.ID, v, g.ID)
		}
	default:
	}

	cancel()
	for name, ch := range map[string]<-chan int{"a": a, "b": b, "c": c} {
		waitClosed(t, name, ch)
	}
}

func testWatchCancel(t *testing.T, open func(*testing.T) store.Store) {
	s := open(t)
	g := newGame(t, "ana")
	create(t, s, g, nil)
	ctx, cancel := context.WithCancel(context.Background())
	ch, err := s.Watch(ctx, g.ID)
	if err != nil {
		t.Fatalf("Watch: %v", err)
	}
	cancel()
	waitClosed(t, "cancelled", ch)
	// Appending after the watcher left must neither block nor panic.
	appendOK(t, s, g.ID, 0, store.Entry{Action: action(1), ClientID: "c1"})

	done, stop := context.WithCancel(context.Background())
	stop()
	ch, err = s.Watch(done, g.ID)
	if err == nil {
		waitClosed(t, "already cancelled", ch)
	}
}

// waitVersion reads until the watcher reports at least want. Values below it
// are fine: a notification only says "look".
func waitVersion(t *testing.T, ch <-chan int, want int) {
	t.Helper()
	timeout := time.After(waitFor)
	for {
		select {
		case v, ok := <-ch:
			if !ok {
				t.Fatalf("watch channel closed while waiting for version %d", want)
			}
			if v >= want {
				return
			}
		case <-timeout:
			t.Fatalf("no version %d from Watch within %v", want, waitFor)
		}
	}
}

func waitClosed(t *testing.T, name string, ch <-chan int) {
	t.Helper()
	timeout := time.After(waitFor)
	for {
		select {
		case _, ok := <-ch:
			if !ok {
				return
			}
		case <-timeout:
			t.Fatalf("watch channel %s still open %v after its context ended", name, waitFor)
		}
	}
}

func testReopen(t *testing.T, open func(*testing.T) store.Store) {
	ctx := context.Background()
	s := open(t)
	g := newGame(t, "ana")
	seats := newSeats(t, "Ana", "Ben")
	create(t, s, g, seats)
	appendOK(t, s, g.ID, 0, store.Entry{Action: action(1), Seat: -1, ClientID: "c1"})
	appendOK(t, s, g.ID, 1, store.Entry{Kind: store.KindUndo, Seat: 0, ClientID: "c2"})
	if _, err := s.ClaimSeat(ctx, seats[1].Token, "ben"); err != nil {
		t.Fatalf("ClaimSeat: %v", err)
	}
	wantLog := mustLog(t, s, g.ID)
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}

	s2 := open(t)
	checkGame(t, mustGame(t, s2, g.ID), g, 2)
	gotLog := mustLog(t, s2, g.ID)
	if len(gotLog) != len(wantLog) {
		t.Fatalf("log after reopen has %d entries, want %d", len(gotLog), len(wantLog))
	}
	for i := range gotLog {
		w, gl := wantLog[i], gotLog[i]
		if gl.Seq != w.Seq || gl.Kind != w.Kind || gl.Seat != w.Seat || gl.ClientID != w.ClientID ||
			!gl.At.Equal(w.At) || !bytes.Equal(gl.Action, w.Action) {
			t.Errorf("entry %d after reopen = %+v, want %+v", i, gl, w)
		}
	}
	if _, err := s2.ClaimSeat(ctx, seats[1].Token, "eve"); !errors.Is(err, store.ErrSeatTaken) {
		t.Errorf("seat claim lost on reopen: err = %v, want ErrSeatTaken", err)
	}
	// The idempotency key survives too.
	if v, err := s2.Append(ctx, g.ID, 0, store.Entry{Action: action(1), ClientID: "c1"}); err != nil || v != 2 {
		t.Errorf("repeat after reopen: (%d, %v), want (2, nil)", v, err)
	}
}

// testSessionKeys: the first keys kept win, even among callers at once;
// they survive a reopen; AddSessionKeys puts a new key in front or an old
// one behind and trims the oldest.
func testSessionKeys(t *testing.T, open func(*testing.T) store.Store) {
	ctx := context.Background()
	s := open(t)
	var wg sync.WaitGroup
	got := make([][]string, 8)
	errs := make([]error, len(got))
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i], errs[i] = s.SessionKeys(ctx, []string{fmt.Sprintf("first-%d", i)})
		}()
	}
	wg.Wait()
	for i := range got {
		if errs[i] != nil {
			t.Fatalf("SessionKeys: %v", errs[i])
		}
		if len(got[i]) != 1 || !slices.Equal(got[i], got[0]) {
			t.Fatalf("callers at once disagree: %q and %q", got[0], got[i])
		}
	}
	first := got[0]
	if again, err := s.SessionKeys(ctx, []string{"other"}); err != nil || !slices.Equal(again, first) {
		t.Fatalf("SessionKeys again = %q, %v; want the kept %q", again, err, first)
	}
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	s = open(t)
	if again, err := s.SessionKeys(ctx, []string{"other"}); err != nil || !slices.Equal(again, first) {
		t.Fatalf("SessionKeys after reopen = %q, %v; want %q", again, err, first)
	}
	steps := []struct {
		add   []string
		front bool
		keep  int
		want  []string
	}{
		{[]string{"old"}, false, 0, []string{first[0], "old"}},
		{[]string{"new"}, true, 0, []string{"new", first[0], "old"}},
		{[]string{"newer", "new"}, true, 2, []string{"newer", "new"}},
		{[]string{"newer"}, true, 2, []string{"newer", "new"}},
	}
	for _, st := range steps {
		keys, err := s.AddSessionKeys(ctx, st.add, st.front, st.keep)
		if err != nil || !slices.Equal(keys, st.want) {
			t.Fatalf("AddSessionKeys(%q, front %v, keep %d) = %q, %v; want %q", st.add, st.front, st.keep, keys, err, st.want)
		}
	}
	if keys, err := s.SessionKeys(ctx, nil); err != nil || !slices.Equal(keys, []string{"newer", "new"}) {
		t.Fatalf("SessionKeys after rotation = %q, %v", keys, err)
	}
	if _, err := s.AddSessionKeys(ctx, []string{""}, true, 0); err == nil {
		t.Error("an empty key was kept")
	}
}
