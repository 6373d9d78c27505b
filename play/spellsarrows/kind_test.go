package spellsarrows_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/play/spellsarrows"
	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/views"
	"github.com/grimoire-games/grimoire/views/offline"
)

var k = spellsarrows.Kind{}

// newTable starts a game the way the server does and returns its table.
func newTable(t *testing.T, viewer int, actions ...string) play.Table {
	t.Helper()
	ng, err := k.StartOffline(url.Values{"spy": {"Ana"}, "mage": {"Ben"}, "victory": {"12"}, "turns": {"5"}}, 7)
	if err != nil {
		t.Fatal(err)
	}
	tb := play.Table{Kind: record.SpellsArrows, GameID: "g1", Title: "T", Setup: ng.Setup, Seed: ng.Seed, Viewer: viewer, ActionSeats: []int{}}
	for _, a := range actions {
		tb.Actions = append(tb.Actions, json.RawMessage(a))
		tb.ActionSeats = append(tb.ActionSeats, viewer)
		tb.Version++
	}
	return tb
}

func TestDecode(t *testing.T) {
	cases := []struct {
		name    string
		actions []string
		form    url.Values
		want    string // the stored action, or "" when refused
		bad     bool   // refused as unreadable (ErrBadTap), not by the rules
	}{
		{"the spy's first make is a spy shot", nil, url.Values{"type": {"spy-shot"}, "made": {"1"}}, `{"type":"spy-shot","made":true}`, false},
		{"a miss is a spy shot missed", nil, url.Values{"type": {"spy-shot"}, "made": {"0"}}, `{"type":"spy-shot","made":false}`, false},
		{"a move before the toll is paid is refused by the rules", nil, url.Values{"type": {"move"}, "to": {"A"}}, "", false},
		{"after the toll the spy moves to a neighbour", []string{`{"type":"spy-shot","made":true}`}, url.Values{"type": {"move"}, "to": {"A"}}, `{"type":"move","to":"A"}`, false},
		{"a shot with no result cannot be read", nil, url.Values{"type": {"spy-shot"}}, "", true},
		{"an unknown kind of tap cannot be read", nil, url.Values{"type": {"dunk"}}, "", true},
		{"an empty tap cannot be read", nil, url.Values{}, "", true},
		{"a cast in the spy half is refused by the rules", nil, url.Values{"type": {"cast"}, "card": {"1"}}, "", false},
	}
	for _, viewer := range []int{play.Scorekeeper, 0} {
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				tb := newTable(t, viewer, tc.actions...)
				got, err := k.Decode(tb, tc.form)
				if tc.want != "" {
					if err != nil || string(got) != tc.want {
						t.Fatalf("Decode = %s, %v; want %s", got, err, tc.want)
					}
					return
				}
				if err == nil {
					t.Fatalf("Decode = %s, want a refusal", got)
				}
				if errors.Is(err, play.ErrBadTap) != tc.bad {
					t.Fatalf("ErrBadTap = %v, want %v (%v)", errors.Is(err, play.ErrBadTap), tc.bad, err)
				}
			})
		}
	}
}

func TestUndo(t *testing.T) {
	if _, err := k.Undo(newTable(t, play.Scorekeeper)); err == nil {
		t.Error("an undo before any action should be refused")
	}
	n, err := k.Undo(newTable(t, play.Scorekeeper, `{"type":"spy-shot","made":false}`))
	if err != nil || n != 1 {
		t.Errorf("Undo = %d, %v; want 1 step", n, err)
	}
	after, steps, err := play.TakeBack(k, newTable(t, play.Scorekeeper, `{"type":"spy-shot","made":false}`, `{"type":"spy-shot","made":false}`))
	if err != nil || steps != 1 || len(after.Actions) != 1 || after.Version != 3 {
		t.Errorf("TakeBack = %d actions at version %d (%d steps, %v); want 1 action at version 3", len(after.Actions), after.Version, steps, err)
	}
}

func TestNoBots(t *testing.T) {
	if _, _, ok, err := k.Bot(newTable(t, play.Scorekeeper)); ok || !errors.Is(err, play.ErrNoBots) {
		t.Errorf("Bot = %v, %v; people shoot every basket", ok, err)
	}
}

func TestActOnThePhoneMatchesTheServer(t *testing.T) {
	tb := newTable(t, play.Scorekeeper)
	next, line, err := play.Act(k, tb, url.Values{"type": {"spy-shot"}, "made": {"1"}})
	if err != nil {
		t.Fatal(err)
	}
	want, _ := k.Decode(tb, url.Values{"type": {"spy-shot"}, "made": {"1"}})
	if len(next.Actions) != 1 || !bytes.Equal(next.Actions[0], want) || next.Version != 1 || line.IsZero() {
		t.Fatalf("Act = %s at version %d (line %q); want the action the server stores", next.Actions, next.Version, line)
	}
	lines, _ := k.Lines(next)
	if !lines[0].Equal(line) {
		t.Errorf("the phone's line %q differs from the log's %q", line, lines[0])
	}
}

func TestTitleOfMadeAndImportedGames(t *testing.T) {
	ng, err := k.StartNewGame(play.Form{Values: url.Values{"setup": {`{"victory":12,"spy":"Zoë","mage":"Ben"}`}}}, 3)
	if err != nil {
		t.Fatal(err)
	}
	made, err := k.Title(ng.Setup)
	if err != nil {
		t.Fatal(err)
	}
	rec := record.Record{Game: record.SpellsArrows, Version: record.FormatVersion, Seed: 9, Setup: json.RawMessage(`{"victory": 12, "spy": "Zoë", "mage": "Ben", "options": {}}`)}
	imported, err := k.Title(rec.Setup)
	if err != nil {
		t.Fatal(err)
	}
	if made != imported || made != "Zoë (spy) vs Ben (mage)" {
		t.Errorf("made %q, imported %q; want both %q", made, imported, "Zoë (spy) vs Ben (mage)")
	}
	players, err := k.Players(rec.Setup)
	if err != nil || strings.Join(players, ",") != "Zoë,Ben" {
		t.Errorf("Players = %v, %v", players, err)
	}
}

func TestNewGameRefusals(t *testing.T) {
	cases := []struct {
		name  string
		start func() error
	}{
		{"a Victory Number that is no number", func() error {
			_, err := k.StartOffline(url.Values{"spy": {"A"}, "mage": {"B"}, "victory": {"lots"}, "turns": {"5"}}, 1)
			return err
		}},
		{"a missing spy", func() error {
			_, err := k.StartOffline(url.Values{"mage": {"B"}, "victory": {"12"}, "turns": {"5"}}, 1)
			return err
		}},
		{"a confirmed setup that is not JSON", func() error {
			_, err := k.StartNewGame(play.Form{Values: url.Values{"setup": {"{"}}}, 1)
			return err
		}},
		{"an offline game with seat rows", func() error {
			_, err := k.AcceptOffline(json.RawMessage(`{"victory":12,"spy":"A","mage":"B"}`), 1, []play.Seat{{Index: 0, Name: "A"}})
			return err
		}},
		{"an offline game whose setup cannot start", func() error {
			_, err := k.AcceptOffline(json.RawMessage(`{"victory":0,"spy":"A","mage":"B"}`), 1, nil)
			return err
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.start(); err == nil {
				t.Fatal("the game started; want a refusal")
			}
		})
	}
}

// TestNewGameTurns: the new-game form, the phone's offline start and a
// setup a phone sends all hold the rules' one limit on turns: 0 is refused
// like -1 and 21, and only a setup that leaves "turns" out plays 5.
func TestNewGameTurns(t *testing.T) {
	rows := []struct {
		name  string
		turns string // "" leaves the field out
		want  int    // turns played; 0 for a refusal
	}{
		{"absent", "", 5},
		{"0", "0", 0},
		{"-1", "-1", 0},
		{"1", "1", 1},
		{"20", "20", 20},
		{"21", "21", 0},
	}
	played := func(ng play.NewGame) int {
		var s struct {
			Turns *int `json:"turns"`
		}
		if err := json.Unmarshal(ng.Setup, &s); err != nil {
			t.Fatal(err)
		}
		if s.Turns == nil {
			return 5
		}
		return *s.Turns
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			raw := `{"victory":12,"spy":"A","mage":"B"}`
			if r.turns != "" {
				raw = `{"victory":12,"spy":"A","mage":"B","turns":` + r.turns + `}`
			}
			ng, err := k.AcceptOffline(json.RawMessage(raw), 1, nil)
			switch {
			case r.want == 0 && err == nil:
				t.Errorf("AcceptOffline(%s) started a game of %d turns; want a refusal", raw, played(ng))
			case r.want != 0 && (err != nil || played(ng) != r.want):
				t.Errorf("AcceptOffline(%s) = %v; want %d turns", raw, err, r.want)
			}
			if r.turns == "" {
				return // a form always fills the field in
			}
			form := url.Values{"spy": {"A"}, "mage": {"B"}, "victory": {"12"}, "turns": {r.turns}}
			ng, err = k.StartOffline(form, 1)
			switch {
			case r.want == 0 && (err == nil || !strings.Contains(err.Error(), "turns must be 1 to 20, not "+r.turns)):
				t.Errorf("StartOffline(turns=%s) = %v; want the setup's refusal", r.turns, err)
			case r.want != 0 && (err != nil || played(ng) != r.want):
				t.Errorf("StartOffline(turns=%s) = %v; want %d turns", r.turns, err, r.want)
			}
			_, ok, err := k.CheckNewGame(views.Page{}, play.Form{Values: form})
			if err != nil || ok != (r.want != 0) {
				t.Errorf("CheckNewGame(turns=%s) = ok %v, %v; want ok %v", r.turns, ok, err, r.want != 0)
			}
		})
	}
}

func TestFragmentsEmbedTheTableOnlyForPlayers(t *testing.T) {
	find := func(frags []views.Fragment) (string, bool) {
		for _, f := range frags {
			if f.ID == offline.ElementID {
				var b bytes.Buffer
				if err := f.Component.Render(context.Background(), &b); err != nil {
					t.Fatal(err)
				}
				return b.String(), true
			}
		}
		return "", false
	}
	tb := newTable(t, play.Scorekeeper, `{"type":"spy-shot","made":true}`)
	frags, err := k.Fragments(tb, nil)
	if err != nil {
		t.Fatal(err)
	}
	rec, ok := find(frags)
	if !ok {
		t.Fatal("the scorekeeper's screen embeds no record")
	}
	back, err := play.ParseTable([]byte(rec))
	if err != nil || len(back.Actions) != 1 || back.Version != 1 || back.Kind != record.SpellsArrows {
		t.Fatalf("embedded table = %+v, %v", back, err)
	}
	tb.Watch = true
	frags, err = k.Fragments(tb, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := find(frags); ok {
		t.Error("a spectator's screen embeds the record")
	}
}

// TestReplayGoldenRecords: Replay is what import and `grimoire replay` use.
func TestReplayGoldenRecords(t *testing.T) {
	files, err := filepath.Glob("../../rules/spellsarrows/testdata/*.golden.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden records: %v", err)
	}
	for _, golden := range files {
		name := strings.TrimSuffix(filepath.Base(golden), ".golden.json")
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(filepath.Dir(golden), name+".json"))
			if err != nil {
				t.Fatal(err)
			}
			rec, err := record.Parse(data)
			if err != nil {
				t.Fatal(err)
			}
			snap, err := k.Replay(rec)
			if err != nil {
				t.Fatal(err)
			}
			got, _ := json.Marshal(snap)
			want, _ := os.ReadFile(golden)
			var a, b any
			_ = json.Unmarshal(got, &a)
			_ = json.Unmarshal(want, &b)
			ga, _ := json.Marshal(a)
			gb, _ := json.Marshal(b)
			if !bytes.Equal(ga, gb) {
				t.Errorf("snapshot differs from %s", golden)
			}
		})
	}
	bad := record.Record{Game: record.SpellsArrows, Version: 1, Seed: 1, Setup: json.RawMessage(`{"victory":12,"spy":"A","mage":"B"}`), Actions: []json.RawMessage{json.RawMessage(`{"type":"move","to":"A"}`)}}
	var ae *record.ActionError
	if _, err := k.Replay(bad); !errors.As(err, &ae) || ae.Index != 0 {
		t.Errorf("Replay of an illegal first action = %v, want action 0's error", err)
	}
}
