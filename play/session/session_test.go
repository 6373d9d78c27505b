package session_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/url"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/a-h/templ"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/play/session"
	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/views"
)

// adder is a tiny game: a tap adds its "n" field (1 to 9) to the total.
// Seat 1 is a bot when the setup says so; it adds 1 after every person's
// action. An undo takes back the person's last action and the bot's reply
// after it. It keeps its state (the total) between taps, so the session's
// kept states are exercised and checked against a cold replay.
type adder struct {
	play.Kind // the methods the session does not call
}

type adderSetup struct {
	Bot bool `json:"bot"`
}

type total struct{ sum, n int }

func (t total) InForce() int { return t.n }

func (adder) Info() play.Info { return play.Info{ID: "adder", Name: "Adder"} }

func number(a json.RawMessage) (int, error) {
	n, err := strconv.Atoi(string(a))
	if err != nil || n < 1 || n > 9 {
		return 0, errors.New("an action adds a number from 1 to 9")
	}
	return n, nil
}

func (adder) Replay(rec record.Record) (any, error) {
	sum := 0
	for i, a := range rec.Actions {
		n, err := number(a)
		if err != nil {
			return nil, &record.ActionError{Index: i, Err: err}
		}
		sum += n
	}
	return sum, nil
}

func (k adder) Start(t play.Table) (play.State, error) {
	sum, err := k.Replay(t.Record())
	if err != nil {
		return nil, err
	}
	return total{sum: sum.(int), n: len(t.Actions)}, nil
}

func (adder) Step(t play.Table, s play.State, a json.RawMessage, seat int) (play.State, error) {
	n, err := number(a)
	if err != nil {
		return nil, err
	}
	st := s.(total)
	return total{st.sum + n, st.n + 1}, nil
}

// Fragments draws the total and the number of actions, from the kept
// state when the table carries it.
func (k adder) Fragments(t play.Table, _ url.Values) ([]views.Fragment, error) {
	st, ok := t.State.(total)
	if !ok || st.n != len(t.Actions) {
		s, err := k.Start(t)
		if err != nil {
			return nil, err
		}
		st = s.(total)
	}
	return []views.Fragment{
		{ID: "total", Component: templ.Raw("total " + strconv.Itoa(st.sum))},
		{ID: "seat", Component: templ.Raw("seat " + strconv.Itoa(t.Viewer))},
	}, nil
}

func (adder) Decode(t play.Table, form url.Values) (json.RawMessage, error) {
	raw := form.Get("n")
	n, err := strconv.Atoi(raw)
	if err != nil {
		return nil, play.BadTap(errors.New("a tap must name a number"))
	}
	if n < 1 || n > 9 {
		return nil, errors.New("only 1 to 9 may be added")
	}
	return json.RawMessage(raw), nil
}

func (adder) Undo(t play.Table) (int, error) {
	n := len(t.ActionSeats)
	if n == 0 {
		return 0, errors.New("there is nothing to undo yet")
	}
	if n >= 2 && t.ActionSeats[n-1] == 1 {
		return 2, nil
	}
	return 1, nil
}

func (adder) Bot(t play.Table) (json.RawMessage, int, bool, error) {
	var s adderSetup
	if err := json.Unmarshal(t.Setup, &s); err != nil || !s.Bot {
		return nil, 0, false, play.ErrNoBots
	}
	n := len(t.ActionSeats)
	if n == 0 || t.ActionSeats[n-1] == 1 {
		return nil, 0, false, nil // a person is to move
	}
	return json.RawMessage("1"), 1, true, nil
}

// fakeStore keeps games in memory with the store's rules for an append:
// a batch whose first key is in the log is a repeat (the current version,
// nothing added), any other version mismatch a conflict.
type fakeStore struct {
	mu      sync.Mutex
	games   map[string]store.Game
	logs    map[string][]store.Entry
	appends int // batches stored
	// forks and seats are the forks made (fork_test.go).
	forks map[string]store.Fork
	seats map[string][]store.Seat
}

func newFakeStore() *fakeStore {
	return &fakeStore{games: map[string]store.Game{}, logs: map[string][]store.Entry{}}
}

func (f *fakeStore) add(g store.Game, log []store.Entry) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for i := range log {
		log[i].Seq = i + 1
	}
	g.Version = len(log)
	f.games[g.ID], f.logs[g.ID] = g, log
}

func (f *fakeStore) Game(_ context.Context, id string) (store.Game, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	g, ok := f.games[id]
	if !ok {
		return g, store.ErrNotFound
	}
	return g, nil
}

func (f *fakeStore) Load(_ context.Context, id string) (store.Game, []store.Entry, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	g, ok := f.games[id]
	if !ok {
		return g, nil, store.ErrNotFound
	}
	return g, slices.Clone(f.logs[id]), nil
}

func (f *fakeStore) AppendBatch(_ context.Context, id string, expected int, entries []store.Entry) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	g, ok := f.games[id]
	if !ok {
		return 0, store.ErrNotFound
	}
	log := f.logs[id]
	if len(entries) > 0 && slices.ContainsFunc(log, func(e store.Entry) bool { return e.ClientID == entries[0].ClientID }) {
		return g.Version, nil
	}
	if expected != g.Version {
		return 0, store.ErrConflict
	}
	for _, e := range entries {
		if e.Kind != store.KindUndo && !json.Valid(e.Action) {
			return 0, store.ErrInvalidEntry
		}
		e.Seq = len(log) + 1
		log = append(log, e)
	}
	f.logs[id] = log
	g.Version = len(log)
	f.games[id] = g
	f.appends++
	return g.Version, nil
}

func action(n string, seat int) store.Entry {
	return store.Entry{Kind: store.KindAction, Action: json.RawMessage(n), Seat: seat, ClientID: "old:" + n + ":" + strconv.Itoa(seat)}
}

func undo() store.Entry { return store.Entry{Kind: store.KindUndo, ClientID: "old:undo"} }

func quiet() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// played is a session over a fake store holding game "g" with the given
// log, checking every kept state against a cold replay.
func played(t *testing.T, bot bool, log ...store.Entry) (*session.Session, *fakeStore) {
	t.Helper()
	fs := newFakeStore()
	setup, _ := json.Marshal(adderSetup{Bot: bot})
	fs.add(store.Game{ID: "g", Kind: "adder", Title: "Sum", Owner: "dev", Setup: setup}, log)
	s := session.New(fs, []play.Kind{adder{}}, quiet())
	s.CheckKeptStates(func(err error) { t.Errorf("kept state: %v", err) })
	return s, fs
}

// tapOn loads the game and plays one tap by the scorekeeper.
func tapOn(t *testing.T, s *session.Session, op play.Op, version int, key string, form url.Values) session.Outcome {
	t.Helper()
	ctx := context.Background()
	g, k, log, err := s.Load(ctx, "g")
	if err != nil {
		t.Fatal(err)
	}
	out, err := s.Play(ctx, session.Tap{
		Game: g, Kind: k, Log: log, Viewer: session.Viewer{Seat: play.Scorekeeper, Owner: true},
		Op: op, Form: form, Version: version, Key: key, At: time.Unix(0, 0), Redraw: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func actions(log []store.Entry) []string {
	var out []string
	for _, e := range store.InForce(log) {
		out = append(out, string(e.Action))
	}
	return out
}

func TestPlay(t *testing.T) {
	for _, tc := range []struct {
		name    string
		bot     bool
		log     []store.Entry
		op      play.Op
		version int
		form    url.Values
		result  session.Result
		reason  string
		stored  bool
		after   []string // actions in force after the tap
		ver     int      // the outcome's version
	}{
		{name: "an action is stored", log: []store.Entry{action("2", -1)}, op: play.OpAct, version: 1, form: url.Values{"n": {"3"}},
			result: session.Done, stored: true, after: []string{"2", "3"}, ver: 2},
		{name: "the rules refuse a tap", log: []store.Entry{action("2", -1)}, op: play.OpAct, version: 1, form: url.Values{"n": {"12"}},
			result: session.Refused, reason: "only 1 to 9 may be added", after: []string{"2"}, ver: 1},
		{name: "a tap that cannot be read", op: play.OpAct, version: 0, form: url.Values{"n": {"many"}},
			result: session.BadTap, reason: "a tap must name a number"},
		{name: "a version that does not exist", op: play.OpAct, version: 5, form: url.Values{"n": {"1"}},
			result: session.BadTap, reason: "That tap names a version of the game that does not exist. Reload the page."},
		{name: "a stale tap gets the current game", log: []store.Entry{action("2", -1), action("4", -1)}, op: play.OpAct, version: 1, form: url.Values{"n": {"0"}},
			result: session.Conflict, after: []string{"2", "4"}, ver: 2},
		{name: "the bot moves", bot: true, log: []store.Entry{action("5", -1)}, op: play.OpBot, version: 1,
			result: session.Done, stored: true, after: []string{"5", "1"}, ver: 2},
		{name: "a bot asked for when a person is to move", bot: true, log: []store.Entry{action("5", -1), action("1", 1)}, op: play.OpBot, version: 2,
			result: session.Done, after: []string{"5", "1"}, ver: 2},
		{name: "a stale bot request someone else made", bot: true, log: []store.Entry{action("5", -1), action("1", 1)}, op: play.OpBot, version: 1,
			result: session.Done, stored: true, after: []string{"5", "1"}, ver: 2},
		{name: "no bots in this game", log: []store.Entry{action("5", -1)}, op: play.OpBot, version: 1,
			result: session.NoBots, reason: "This game has no bots."},
		{name: "an undo takes back one action", log: []store.Entry{action("2", -1), action("3", -1)}, op: play.OpUndo, version: 2,
			result: session.Done, stored: true, after: []string{"2"}, ver: 3},
		{name: "an undo takes back the bot's reply too", bot: true, log: []store.Entry{action("2", -1), action("1", 1), action("3", -1), action("1", 1)}, op: play.OpUndo, version: 4,
			result: session.Done, stored: true, after: []string{"2", "1"}, ver: 6},
		{name: "an undo after an undo", log: []store.Entry{action("2", -1), action("3", -1), undo()}, op: play.OpUndo, version: 3,
			result: session.Done, stored: true, after: nil, ver: 4},
		{name: "nothing to undo", op: play.OpUndo, version: 0,
			result: session.Refused, reason: "there is nothing to undo yet", ver: 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, _ := played(t, tc.bot, tc.log...)
			out := tapOn(t, s, tc.op, tc.version, "dev:tap", tc.form)
			if out.Result != tc.result || out.Reason.String() != tc.reason || out.Stored != tc.stored {
				t.Fatalf("outcome %d %q stored %v, want %d %q stored %v", out.Result, out.Reason, out.Stored, tc.result, tc.reason, tc.stored)
			}
			if tc.result == session.BadTap || tc.result == session.NoBots {
				return
			}
			if got := actions(out.Log); !slices.Equal(got, tc.after) || out.Game.Version != tc.ver || len(out.Log) != tc.ver {
				t.Errorf("after the tap: %v at version %d (log of %d), want %v at %d", got, out.Game.Version, len(out.Log), tc.after, tc.ver)
			}
			// What the outcome says is what the store holds, and what the
			// next load (from the cache) gives.
			g, _, log, err := s.Load(context.Background(), "g")
			if err != nil {
				t.Fatal(err)
			}
			if g.Version != tc.ver || !slices.Equal(actions(log), tc.after) {
				t.Errorf("loaded again: %v at version %d, want %v at %d", actions(log), g.Version, tc.after, tc.ver)
			}
			if kept, err := s.KeptStateIsTheReplay(context.Background(), "g"); err != nil {
				t.Errorf("kept %v: %v", kept, err)
			}
		})
	}
}

// A tap sent twice (a double tap, a retry after a lost answer) is stored
// once: the second arrives with the same key on a screen now stale, and
// the game is as the first left it.
func TestRepeatedTapIsAppliedOnce(t *testing.T) {
	s, fs := played(t, false, action("2", -1))
	form := url.Values{"n": {"3"}}
	first := tapOn(t, s, play.OpAct, 1, "dev:1:abc", form)
	again := tapOn(t, s, play.OpAct, 1, "dev:1:abc", form)
	for _, out := range []session.Outcome{first, again} {
		if out.Result != session.Done || !out.Stored || out.Game.Version != 2 || !slices.Equal(actions(out.Log), []string{"2", "3"}) {
			t.Errorf("outcome %+v", out)
		}
	}
	if fs.appends != 1 {
		t.Errorf("%d batches stored, want 1", fs.appends)
	}
	// A different tap on the same stale screen is not a repeat.
	if out := tapOn(t, s, play.OpAct, 1, "dev:1:def", url.Values{"n": {"4"}}); out.Result != session.Conflict {
		t.Errorf("another tap on the stale screen: result %d, want Conflict", out.Result)
	}
}

// A caller that redirects after a stored tap asks for no redraw: the
// outcome says it is stored, and the next load reads the stored game.
func TestStoredTapWithoutRedraw(t *testing.T) {
	s, _ := played(t, false, action("2", -1))
	ctx := context.Background()
	g, k, log, err := s.Load(ctx, "g")
	if err != nil {
		t.Fatal(err)
	}
	out, err := s.Play(ctx, session.Tap{Game: g, Kind: k, Log: log, Viewer: session.Viewer{Seat: play.Scorekeeper}, Op: play.OpAct, Form: url.Values{"n": {"7"}}, Version: 1, Key: "k"})
	if err != nil || !out.Stored {
		t.Fatalf("stored %v, %v", out.Stored, err)
	}
	if _, _, log, err := s.Load(ctx, "g"); err != nil || !slices.Equal(actions(log), []string{"2", "7"}) {
		t.Errorf("loaded %v, %v", actions(log), err)
	}
}

// A record this build's rules refuse is loaded as a *Damaged that says
// where, never cached, and a tap on it is never judged or stored.
func TestDamagedRecord(t *testing.T) {
	for _, tc := range []struct {
		name  string
		log   []store.Entry
		words string
	}{
		{"a bad second action", []store.Entry{action("2", -1), action("12", -1), action("3", -1)},
			"This game's record is damaged at action 2: an action adds a number from 1 to 9"},
		{"a bad action taken back is no damage", []store.Entry{action("2", -1), action("12", -1), undo()}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, fs := played(t, false, tc.log...)
			_, _, log, err := s.Load(context.Background(), "g")
			var de *session.Damaged
			if tc.words == "" {
				if err != nil {
					t.Fatalf("loaded: %v", err)
				}
				if !s.Holds("g") {
					t.Error("a good game is not cached")
				}
				return
			}
			if !errors.As(err, &de) {
				t.Fatalf("loaded %v, want a *Damaged", err)
			}
			if de.Words() != tc.words || len(de.Log) != len(tc.log) || len(log) != len(tc.log) {
				t.Errorf("damage %q with %d entries, want %q", de.Words(), len(de.Log), tc.words)
			}
			if s.Holds("g") {
				t.Error("a damaged game is cached")
			}
			if _, d := s.Verify(de.Kind, de.Game, de.Log); d == nil || d.Words() != tc.words {
				t.Errorf("verified again: %v", d)
			}
			if fs.appends != 0 {
				t.Error("something was stored")
			}
		})
	}
}

// A game the store does not hold, or of a kind this build does not know,
// is Missing, in words.
func TestMissingGame(t *testing.T) {
	s, fs := played(t, false)
	fs.add(store.Game{ID: "old", Kind: "chess"}, nil)
	for id, words := range map[string]string{
		"nope": "There is no such game. It may have been deleted.",
		"old":  "This build cannot show chess games.",
	} {
		_, _, _, err := s.Load(context.Background(), id)
		var m *session.Missing
		if !errors.As(err, &m) || m.Error() != words {
			t.Errorf("%s: %v, want %q", id, err, words)
		}
	}
}

// The tables the session builds are what play.Judge and the phone read:
// the viewer's seat, the owner flag only for a player, no CSRF token and
// no join links for a spectator.
func TestTableForTheViewer(t *testing.T) {
	s, _ := played(t, false, action("2", -1), action("3", 0))
	g, _, log, err := s.Load(context.Background(), "g")
	if err != nil {
		t.Fatal(err)
	}
	seats := []store.Seat{{Index: 0, Name: "Ana", Token: "t0", Holder: "dev"}, {Index: 1, Name: "Bot", Holder: session.BotHolder + "easy"}}
	player := s.Table(g, session.Viewer{Seat: 0, Owner: true, CSRF: "tok", Seats: seats}, log)
	if player.Viewer != 0 || !player.Owner || player.CSRF != "tok" || player.Seats[0].Join != "/join/t0" || !player.Seats[0].Joined || player.Seats[1].Bot != "easy" {
		t.Errorf("player's table %+v", player)
	}
	if player.Version != 2 || len(player.Actions) != 2 || player.ActionSeats[1] != 0 {
		t.Errorf("player's record: version %d, %d actions, seats %v", player.Version, len(player.Actions), player.ActionSeats)
	}
	watch := s.Table(g, session.Viewer{Seat: 0, Watch: true, Owner: true, CSRF: "tok", Seats: seats}, log)
	if watch.Viewer != play.Scorekeeper || watch.Owner || watch.CSRF != "" || watch.Seats[0].Join != "" {
		t.Errorf("spectator's table %+v", watch)
	}
	if session.ViewerKey(player) == session.ViewerKey(watch) {
		t.Error("a player and a spectator share a screen key")
	}
}

// A stale tap on a game another build has since damaged: the game read
// again does not replay, and the outcome says where instead of a screen.
func TestStaleTapOnADamagedRecord(t *testing.T) {
	s, fs := played(t, false, action("2", -1))
	ctx := context.Background()
	g, k, log, err := s.Load(ctx, "g")
	if err != nil {
		t.Fatal(err)
	}
	fs.add(g, []store.Entry{action("2", -1), action("12", -1)})
	out, err := s.Play(ctx, session.Tap{Game: g, Kind: k, Log: log, Viewer: session.Viewer{Seat: play.Scorekeeper}, Op: play.OpAct, Form: url.Values{"n": {"3"}}, Version: 1, Key: "k", Redraw: true})
	if err != nil {
		t.Fatal(err)
	}
	if out.Result != session.RecordDamaged || out.Damaged == nil || out.Damaged.At != 2 || out.Stored {
		t.Fatalf("outcome %+v", out)
	}
}

// After a tap, the screen before it comes from the cache (the client was
// shown it) and the one after is drawn once, then shared.
func TestScreensBeforeAndAfterATap(t *testing.T) {
	s, _ := played(t, false, action("2", -1))
	ctx := context.Background()
	v := session.Viewer{Seat: play.Scorekeeper, CSRF: "tok"}
	screen := func(from int) session.Screen {
		t.Helper()
		g, k, log, err := s.Load(ctx, "g")
		if err != nil {
			t.Fatal(err)
		}
		sc, err := s.Screens(ctx, k, g, v, log, from, nil)
		if err != nil {
			t.Fatal(err)
		}
		return sc
	}
	html := func(r []session.Rendered) string {
		out := ""
		for _, f := range r {
			h, err := f.Render(ctx)
			if err != nil {
				t.Fatal(err)
			}
			out += f.ID + ":" + h + ";"
		}
		return out
	}
	first := screen(1)
	if got := html(first.Now); got != "total:total 2;seat:seat -1;" {
		t.Fatalf("the screen at version 1 is %q", got)
	}
	drawn := s.CacheStats().Drawn
	if out := tapOn(t, s, play.OpAct, 1, "k", url.Values{"n": {"3"}}); out.Result != session.Done {
		t.Fatalf("tap: %+v", out)
	}
	after := screen(1)
	if got, want := html(after.Before), html(first.Now); got != want {
		t.Errorf("before the tap %q, want %q", got, want)
	}
	if got := html(after.Now); got != "total:total 5;seat:seat -1;" {
		t.Errorf("after the tap %q", got)
	}
	if n := s.CacheStats().Drawn - drawn; n != 1 {
		t.Errorf("%d screens drawn for the tap, want 1 (the one before it is kept)", n)
	}
	hits := s.CacheStats().ScreenHits
	again := screen(1)
	if html(again.Now) != html(after.Now) || s.CacheStats().ScreenHits-hits != 2 {
		t.Errorf("asked again: %d screens from the cache, want 2", s.CacheStats().ScreenHits-hits)
	}
	if again.Table.Version != 2 || again.Viewer != session.ViewerIn(context.Background(), again.Table) {
		t.Errorf("the screen's table is at version %d", again.Table.Version)
	}
}
