package session_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"testing"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/play/session"
	"github.com/grimoire-games/grimoire/rules/say"
	"github.com/grimoire-games/grimoire/store"
)

// secretive is the titled adder over once its total passes 20, with its
// log in words: a seat reads the numbers its own seat added and the
// scorekeeper every number, but with hidden information on, another
// seat's number (and a spectator's every number) is a secret.
type secretive struct {
	titled
	hidden bool
}

func (k secretive) Hidden() bool { return k.hidden }

func (k secretive) Status(t play.Table) (string, bool, error) {
	sum, err := k.Replay(t.Record())
	if err != nil {
		return "", false, err
	}
	return "total", sum.(int) > 20, nil
}

func (k secretive) Lines(t play.Table) ([]say.Text, error) {
	out := make([]string, len(t.Actions))
	for i, a := range t.Actions {
		seat := t.ActionSeats[i]
		secret := k.hidden && (t.Watch || t.Viewer != play.Scorekeeper && t.Viewer != seat)
		if secret {
			out[i] = fmt.Sprintf("seat %d adds a number", seat)
		} else {
			out[i] = fmt.Sprintf("seat %d adds %s", seat, a)
		}
	}
	return play.Verbatim(out), nil
}

// CreateFork keeps the fork with where it came from.
func (f *fakeStore) CreateFork(ctx context.Context, g store.Game, seats []store.Seat, entries []store.Entry, fk store.Fork) error {
	if err := f.CreateGameWithLog(ctx, g, seats, entries); err != nil {
		return err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.forks == nil {
		f.forks, f.seats = map[string]store.Fork{}, map[string][]store.Seat{}
	}
	f.forks[g.ID], f.seats[g.ID] = fk, seats
	return nil
}

func entry(n, seat int) store.Entry {
	return store.Entry{Kind: store.KindAction, Action: json.RawMessage(strconv.Itoa(n)), Seat: seat, ClientID: fmt.Sprint("c", n, seat)}
}

func TestFork(t *testing.T) {
	ctx := context.Background()
	// Ann (phone-a) against a bot, and Cid's seat on phone-c.
	seats := []store.Seat{
		{GameID: "orig", Index: 0, Name: "Ann", Token: "ja", Holder: "phone-a"},
		{GameID: "orig", Index: 1, Name: "Bot", Token: "jb", Holder: session.BotHolder + "easy"},
		{GameID: "orig", Index: 2, Name: "Cid", Token: "jc", Holder: "phone-c"},
	}
	log := []store.Entry{entry(2, 0), entry(1, 1), entry(5, 2), {Kind: store.KindUndo, ClientID: "u"}, entry(3, 2), entry(1, 1)}
	overLog := append(log[:len(log):len(log)], entry(9, 0), entry(9, 2)) // total 25: over
	orig := store.Game{ID: "orig", Kind: "adder", Title: "Adder", Owner: "host", Setup: json.RawMessage(`{"bot":true}`), Seed: 42}

	for _, tc := range []struct {
		name    string
		kind    secretive
		log     []store.Entry
		seats   []store.Seat
		device  string
		at      int
		refused string // "" made; else the refusal's first words
		bad     bool   // the refusal is a bad moment
	}{
		{"a seated player, open game", secretive{}, log, seats, "phone-a", 2, "", false},
		{"the scorekeeper, from the setup", secretive{}, log, seats, "host", 0, "", false},
		{"the scorekeeper, every action", secretive{}, log, seats, "host", 4, "", false},
		{"a hidden game once over", secretive{hidden: true}, overLog, seats, "phone-c", 3, "", false},
		{"a hidden game on one phone", secretive{hidden: true}, log, nil, "host", 3, "", false},
		{"a hidden game, the other seats bots", secretive{hidden: true}, log, seats[:2], "phone-a", 3, "", false},
		{"a hidden game running with another phone", secretive{hidden: true}, log, seats, "phone-a", 3, "This game hides", false},
		{"a hidden game running with a free seat", secretive{hidden: true}, log, []store.Seat{seats[0], {Index: 2, Name: "Cid"}}, "phone-a", 3, "This game hides", false},
		{"a stranger", secretive{}, log, seats, "phone-z", 2, "Only this game's", false},
		{"past the end", secretive{}, log, seats, "phone-a", 5, "This game has 4 actions", true},
		{"before the start", secretive{}, log, seats, "phone-a", -1, "This game has 4 actions", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := newFakeStore()
			st.add(orig, append([]store.Entry(nil), tc.log...))
			g, before, _ := st.Load(ctx, "orig")
			s := session.New(st, []play.Kind{tc.kind}, quiet())
			id, made, err := s.Fork(ctx, st, tc.kind, g, before, tc.seats, tc.device, tc.at, counting(tc.device))
			if tc.refused != "" {
				var fr *session.ForkRefused
				if !errors.As(err, &fr) || fr.BadMoment != tc.bad || len(fr.Words) < len(tc.refused) || fr.Words[:len(tc.refused)] != tc.refused {
					t.Fatalf("got %v, want a refusal %q (bad moment %v)", err, tc.refused, tc.bad)
				}
				if len(st.games) != 1 {
					t.Fatalf("a refused fork stored %d games", len(st.games)-1)
				}
				return
			}
			if err != nil || !made || id != session.ForkID("orig", len(tc.log), tc.at, tc.device) {
				t.Fatalf("fork: %q made=%v %v", id, made, err)
			}
			fg, flog, err := st.Load(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			// The fork's record is the original's setup and first N actions.
			want := store.InForce(before)[:tc.at]
			if len(flog) != tc.at {
				t.Fatalf("fork has %d entries, want %d", len(flog), tc.at)
			}
			for i, e := range flog {
				if e.Kind != store.KindAction || string(e.Action) != string(want[i].Action) || e.Seat != want[i].Seat {
					t.Errorf("fork entry %d = %+v, want %+v", i, e, want[i])
				}
			}
			if fg.Kind != g.Kind || fg.Seed != g.Seed || string(fg.Setup) != string(g.Setup) || fg.Owner != tc.device {
				t.Errorf("fork row %+v", fg)
			}
			if fk := st.forks[id]; fk != (store.Fork{GameID: id, From: "orig", At: tc.at}) {
				t.Errorf("fork row kept %+v", fk)
			}
			// Bots stay bots, the forking device keeps its seat, the other
			// people's seats wait for new join links.
			for i, r := range st.seats[id] {
				old := tc.seats[i]
				wantHolder := ""
				if old.Holder == tc.device || len(old.Holder) > 4 && old.Holder[:4] == session.BotHolder {
					wantHolder = old.Holder
				}
				if r.Holder != wantHolder || r.Name != old.Name || r.Token == old.Token {
					t.Errorf("fork seat %d = %+v, want held by %q with a new token", i, r, wantHolder)
				}
			}
			// The original is untouched.
			ag, alog, _ := st.Load(ctx, "orig")
			if !reflect.DeepEqual(ag, g) || !reflect.DeepEqual(alog, before) {
				t.Errorf("original changed: %+v", ag)
			}
			again, made, err := s.Fork(ctx, st, tc.kind, g, before, tc.seats, tc.device, tc.at, counting(tc.device))
			if err != nil || made || again != id {
				t.Errorf("a second tap: %q made=%v %v, want the same game, not made again", again, made, err)
			}
		})
	}
}

func TestForkMoment(t *testing.T) {
	for _, tc := range []struct {
		raw  string
		want int
		ok   bool
	}{{"0", 0, true}, {" 3 ", 3, true}, {"4", 4, true}, {"5", 0, false}, {"-1", 0, false}, {"", 0, false}, {"two", 0, false}} {
		t.Run(strconv.Quote(tc.raw), func(t *testing.T) {
			n, err := session.ForkMoment(tc.raw, 4)
			var fr *session.ForkRefused
			if tc.ok && (err != nil || n != tc.want) || !tc.ok && (!errors.As(err, &fr) || !fr.BadMoment) {
				t.Errorf("ForkMoment(%q) = %d, %v", tc.raw, n, err)
			}
		})
	}
}

func TestRecap(t *testing.T) {
	// Versions: 1 Ann 2, 2 bot 1, 3 Cid 5, 4 Cid's undo, 5 Cid 3, 6 bot 1.
	cidUndo := store.Entry{Kind: store.KindUndo, Seat: 2, ClientID: "u"}
	log := []store.Entry{entry(2, 0), entry(1, 1), entry(5, 2), cidUndo, entry(3, 2), entry(1, 1)}
	g := store.Game{ID: "g", Kind: "adder", Owner: "host", Setup: json.RawMessage(`{}`)}
	over := append(log[:len(log):len(log)], entry(9, 0), entry(9, 2))
	rows := []store.Seat{
		{Index: 0, Name: "Ann", Holder: "phone-a"},
		{Index: 1, Name: "Bot", Holder: session.BotHolder + "easy"},
		{Index: 2, Name: "Cid", Holder: "phone-c"},
	}
	ann := session.Viewer{Seat: 0, Seats: rows}
	type line = struct {
		N    int
		Text string
	}
	for _, tc := range []struct {
		name      string
		hidden    bool
		v         session.Viewer
		device    string
		log       []store.Entry
		last      int
		want      []line
		takenBack int
		none      bool
	}{
		{"nothing since", false, ann, "phone-a", log, 6, nil, 0, true},
		{"Ann since her action", false, ann, "phone-a", log, 1,
			[]line{{2, "seat 1 adds 1"}, {3, "seat 2 adds 3"}, {4, "seat 1 adds 1"}}, 0, false},
		{"Ann's own actions left out", false, ann, "phone-a", log, 0,
			[]line{{2, "seat 1 adds 1"}, {3, "seat 2 adds 3"}, {4, "seat 1 adds 1"}}, 0, false},
		{"an action Cid took back since", false, ann, "phone-a", log, 3,
			[]line{{3, "seat 2 adds 3"}, {4, "seat 1 adds 1"}}, 1, false},
		{"Cid's own undo is no news to Cid", false, session.Viewer{Seat: 2, Seats: rows}, "phone-c", log, 3,
			[]line{{4, "seat 1 adds 1"}}, 0, false},
		{"the scorekeeper who owns the game", false, session.Viewer{Seat: play.Scorekeeper, Seats: rows}, "host", log, 5,
			[]line{{4, "seat 1 adds 1"}}, 0, false},
		{"alone with a bot, the bot's moves are no news", false, session.Viewer{Seat: 0, Seats: rows[:2]}, "phone-a", log, 1,
			[]line{{3, "seat 2 adds 3"}}, 0, false},
		{"hidden: Ann reads no secret", true, ann, "phone-a", log, 4,
			[]line{{3, "seat 2 adds a number"}, {4, "seat 1 adds a number"}}, 0, false},
		{"hidden: Cid reads no secret of the bot", true, session.Viewer{Seat: 2, Seats: rows}, "phone-c", log, 1,
			[]line{{2, "seat 1 adds a number"}, {4, "seat 1 adds a number"}}, 0, false},
		{"hidden: the scorekeeper reads every number", true, session.Viewer{Seat: play.Scorekeeper, Seats: rows}, "host", log, 1,
			[]line{{2, "seat 1 adds 1"}, {3, "seat 2 adds 3"}, {4, "seat 1 adds 1"}}, 0, false},
		{"hidden: a spectator reads no secret", true, session.Viewer{Seat: play.Scorekeeper, Watch: true, Seats: rows}, "phone-a", log, 0,
			[]line{{1, "seat 0 adds a number"}, {2, "seat 1 adds a number"}, {3, "seat 2 adds a number"}, {4, "seat 1 adds a number"}}, 0, false},
		{"a finished game has no recap", false, ann, "phone-a", over, 1, nil, 0, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			k := secretive{hidden: tc.hidden}
			st := newFakeStore()
			st.add(g, append([]store.Entry(nil), tc.log...))
			gg, l, _ := st.Load(context.Background(), "g")
			s := session.New(st, []play.Kind{k}, quiet())
			r, ok, err := s.Recap(k, gg, tc.v, tc.device, l, tc.last)
			if err != nil {
				t.Fatal(err)
			}
			if ok == tc.none {
				t.Fatalf("recap shown %v, want %v: %+v", ok, !tc.none, r)
			}
			if tc.none {
				return
			}
			var got []line
			for _, l := range r.Lines {
				got = append(got, line{l.N, l.Text.String()})
			}
			if !reflect.DeepEqual(got, tc.want) || r.TakenBack != tc.takenBack || r.Version != len(tc.log) {
				t.Errorf("recap %+v, want lines %v, %d taken back", r, tc.want, tc.takenBack)
			}
		})
	}
}
