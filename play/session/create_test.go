package session_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/play/session"
	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/store"
)

// titled is the adder with a title read from its setup.
type titled struct{ adder }

func (titled) Title(setup json.RawMessage) (string, error) {
	var s adderSetup
	if err := json.Unmarshal(setup, &s); err != nil {
		return "", err
	}
	return fmt.Sprintf("Adder (bot %v)", s.Bot), nil
}

func (f *fakeStore) Games(_ context.Context, owner string) ([]store.Game, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []store.Game
	for _, g := range f.games {
		if g.Owner == owner {
			out = append(out, g)
		}
	}
	return out, nil
}

func (f *fakeStore) CreateGameWithLog(_ context.Context, g store.Game, _ []store.Seat, entries []store.Entry) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, ok := f.games[g.ID]; ok {
		return errors.New("id taken")
	}
	for i := range entries {
		entries[i].Seq = i + 1
	}
	g.Version = len(entries)
	f.games[g.ID], f.logs[g.ID] = g, entries
	return nil
}

// counting is a maker whose tokens count up, so rows can be compared.
func counting(owner string) session.Maker {
	n := 0
	return session.Maker{Owner: owner, Now: time.Date(2026, 3, 5, 18, 0, 0, 0, time.FixedZone("", 3600)), Token: func(int) string {
		n++
		return fmt.Sprint("t", n)
	}}
}

func TestRows(t *testing.T) {
	ng := play.NewGame{Setup: json.RawMessage(`{"bot":true}`), Seed: 7, Mine: 0, Seats: []play.Seat{
		{Index: 0, Name: "Ann"}, {Index: 1, Name: "Bot", Bot: "easy"}, {Index: 2, Name: "Cid"},
	}}
	g, seats, err := counting("dev").Rows(titled{}, "g1", ng)
	if err != nil {
		t.Fatal(err)
	}
	if g.ID != "g1" || g.Kind != "adder" || g.Title != "Adder (bot true)" || g.Owner != "dev" || g.Seed != 7 || g.SpectatorToken != "t1" || g.Created.Location() != time.UTC {
		t.Errorf("game row %+v", g)
	}
	want := []string{"dev", session.BotHolder + "easy", ""}
	for i, s := range seats {
		if s.Holder != want[i] || s.GameID != "g1" || s.Token != fmt.Sprint("t", i+2) {
			t.Errorf("seat %d %+v, want held by %q", i, s, want[i])
		}
	}
	_, _, err = counting("dev").Rows(titled{}, "g2", play.NewGame{Setup: json.RawMessage(`[`)})
	if bs := (*session.BadSetup)(nil); !errors.As(err, &bs) {
		t.Errorf("an unreadable setup gives %v, want a BadSetup", err)
	}
}

func TestImportAndHeldCopy(t *testing.T) {
	ctx := context.Background()
	st := newFakeStore()
	rec := record.Record{Game: "adder", Version: record.FormatVersion, Seed: 3, Setup: json.RawMessage(`{ "bot": false }`),
		Actions: []json.RawMessage{json.RawMessage(` 2`), json.RawMessage(`3 `)}}
	g, entries, err := counting("dev").Imported(titled{}, rec, "Adder")
	if err != nil {
		t.Fatal(err)
	}
	if string(g.Setup) != `{"bot":false}` || g.ID != "t1" || g.SpectatorToken != "t2" {
		t.Errorf("imported row %+v", g)
	}
	for i, e := range entries {
		if e.Seat != play.Scorekeeper || e.ClientID != fmt.Sprint("import:", i) || e.Kind != store.KindAction {
			t.Errorf("entry %d %+v", i, e)
		}
	}
	if held, err := session.HeldCopy(ctx, st, "dev", rec); err != nil || held.Kin != record.Unrelated {
		t.Fatalf("before storing: %+v, %v", held, err)
	}
	if err := st.CreateGameWithLog(ctx, g, nil, entries); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		actions []json.RawMessage
		device  string
		want    record.Kinship
	}{
		{"the same record", rec.Actions, "dev", record.Same},
		{"an earlier moment", rec.Actions[:1], "dev", record.Earlier},
		{"a record that goes on", append(rec.Actions[:2:2], json.RawMessage(`4`)), "dev", record.Unrelated},
		{"another device's game", rec.Actions, "other", record.Unrelated},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := rec
			r.Actions = tc.actions
			held, err := session.HeldCopy(ctx, st, tc.device, r)
			if err != nil {
				t.Fatal(err)
			}
			if held.Kin != tc.want || tc.want != record.Unrelated && (held.Game.ID != g.ID || held.Actions != 2) {
				t.Errorf("held %+v, want %v", held, tc.want)
			}
		})
	}
}

func TestKeep(t *testing.T) {
	ctx := context.Background()
	st := newFakeStore()
	g := store.Game{ID: "bad", Kind: "adder", Owner: "owner", Setup: json.RawMessage(`{"bot":false}`), Version: 3}
	log := []store.Entry{
		{Seq: 1, Kind: store.KindAction, Action: json.RawMessage(`2`)},
		{Seq: 2, Kind: store.KindAction, Action: json.RawMessage(`5`), Seat: 1},
		{Seq: 3, Kind: store.KindAction, Action: json.RawMessage(`77`)},
	}
	seats := []store.Seat{{GameID: "bad", Index: 0, Holder: "phone"}}
	de := &session.Damaged{Game: g, Kind: titled{}, Log: log, Damage: session.Damage{At: 3, Reason: "too big"}}
	for _, tc := range []struct {
		name string
		de   *session.Damaged
	}{
		{"a record that replays", nil},
		{"damaged in its setup", &session.Damaged{Game: g, Kind: titled{}, Log: log}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, _, err := session.Keep(ctx, st, g, seats, tc.de, counting("tapper"))
			if nk := (*session.NothingToKeep)(nil); !errors.As(err, &nk) {
				t.Errorf("got %v, want nothing to keep", err)
			}
		})
	}
	id, n, made, err := session.Keep(ctx, st, g, seats, de, counting("tapper"))
	if err != nil || !made || n != 2 || id != session.KeptID("bad", 3) {
		t.Fatalf("keep: %q %d %v %v", id, n, made, err)
	}
	kept, klog, _ := st.Load(ctx, id)
	if kept.Owner != "owner" || len(klog) != 2 || klog[1].Seat != 1 || klog[1].ClientID != "kept:1" {
		t.Errorf("kept game %+v with log %+v", kept, klog)
	}
	again, _, made, err := session.Keep(ctx, st, g, seats, de, counting("tapper"))
	if err != nil || made || again != id {
		t.Errorf("a second tap: %q made=%v %v, want the same game, not made again", again, made, err)
	}
}
