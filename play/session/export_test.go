package session_test

import (
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/play/session"
	"github.com/grimoire-games/grimoire/store"
)

// ended is the titled adder over once its total passes 10, with hidden
// information and its players named in the setup.
type ended struct{ titled }

func (k ended) Status(t play.Table) (string, bool, error) {
	sum, err := k.Replay(t.Record())
	if err != nil {
		return "", false, err
	}
	return "total", sum.(int) > 10, nil
}

func (ended) Hidden() bool { return true }

func (ended) Players(json.RawMessage) ([]string, error) { return []string{"Zoë", "Ann Lee"}, nil }

func TestExport(t *testing.T) {
	s := session.New(newFakeStore(), []play.Kind{ended{}}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	g := store.Game{ID: "g", Kind: "adder", Setup: json.RawMessage(`{}`)}
	running := []store.Entry{{Seq: 1, Kind: store.KindAction, Action: json.RawMessage(`4`)}}
	done := append(running[:1:1], store.Entry{Seq: 2, Kind: store.KindAction, Action: json.RawMessage(`9`)})
	for _, tc := range []struct {
		name   string
		v      session.Viewer
		log    []store.Entry
		byLink bool
		want   string // "" exported, else the refusal's first words
	}{
		{"the scorekeeper while it runs", session.Viewer{Seat: play.Scorekeeper}, running, false, ""},
		{"a seated player while hidden cards are out", session.Viewer{Seat: 0}, running, false, "The record shows"},
		{"a stranger while it runs", session.Viewer{Seat: play.Scorekeeper, Watch: true}, running, false, "Only the scorekeeper"},
		{"a spectator while it runs", session.Viewer{Seat: play.Scorekeeper, Watch: true}, running, true, "A spectator can export"},
		{"a spectator once it is over", session.Viewer{Seat: play.Scorekeeper, Watch: true}, done, true, ""},
		{"a stranger once it is over", session.Viewer{Seat: play.Scorekeeper, Watch: true}, done, false, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x, err := s.Export(ended{}, g, tc.v, tc.log, tc.byLink)
			var r *session.ExportRefused
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tc.want == "":
				if x.Name != "adder-zoe-ann-lee-0001-01-01.json" || !strings.HasSuffix(string(x.Body), "}\n") {
					t.Errorf("exported %q: %s", x.Name, x.Body)
				}
			case !errors.As(err, &r) || !strings.HasPrefix(r.Words, tc.want):
				t.Errorf("got %v, want a refusal %q", err, tc.want)
			}
		})
	}
}

func TestRecordFilename(t *testing.T) {
	for _, tc := range []struct {
		players []string
		want    string
	}{
		{[]string{"Zoë", "Ann"}, "tower-zoe-ann-2026-03-05.json"},
		{nil, "tower-2026-03-05.json"},
		{[]string{"!!"}, "tower-2026-03-05.json"},
		{[]string{strings.Repeat("ab ", 30)}, "tower-" + strings.TrimSuffix(strings.Repeat("ab-", 20), "-") + "-2026-03-05.json"},
	} {
		t.Run(tc.want, func(t *testing.T) {
			if got := session.RecordFilename("Tower", tc.players, "2026-03-05"); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestDamagedPage(t *testing.T) {
	s := session.New(newFakeStore(), []play.Kind{ended{}}, nil)
	g := store.Game{ID: "g", Kind: "adder", SpectatorToken: "tok", Setup: json.RawMessage(`{}`)}
	log := []store.Entry{{Seq: 1, Kind: store.KindAction, Action: json.RawMessage(`4`)}, {Seq: 2, Kind: store.KindAction, Action: json.RawMessage(`77`)}}
	for _, tc := range []struct {
		name              string
		v                 session.Viewer
		at                int
		export, why, keep bool
	}{
		{"the scorekeeper", session.Viewer{Seat: play.Scorekeeper}, 2, true, false, true},
		{"a seated player of a game with hidden cards", session.Viewer{Seat: 0}, 2, false, true, true},
		{"a spectator", session.Viewer{Seat: play.Scorekeeper, Watch: true}, 2, false, true, false},
		{"the scorekeeper of a damaged setup", session.Viewer{Seat: play.Scorekeeper}, 0, true, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := s.DamagedPage(&session.Damaged{Game: g, Kind: ended{}, Log: log, Damage: session.Damage{At: tc.at, Reason: "too big"}}, tc.v)
			if (v.ExportURL != "") != tc.export || (v.ExportWhy != "") != tc.why || (v.KeepURL != "") != tc.keep || v.Watch != tc.v.Watch {
				t.Errorf("got %+v", v)
			}
		})
	}
}

func TestSheet(t *testing.T) {
	s := session.New(newFakeStore(), []play.Kind{ended{}}, nil)
	g := store.Game{ID: "g", Kind: "adder", Title: "Adder", SpectatorToken: "tok", Setup: json.RawMessage(`{}`)}
	running := []store.Entry{{Seq: 1, Kind: store.KindAction, Action: json.RawMessage(`4`)}}
	done := append(running[:1:1], store.Entry{Seq: 2, Kind: store.KindAction, Action: json.RawMessage(`9`)})
	printed := time.Date(2026, 3, 5, 19, 4, 0, 0, time.FixedZone("CET", 3600))
	for _, tc := range []struct {
		name         string
		watch        bool
		log          []store.Entry
		back, export string
	}{
		{"a player", false, running, "/g/g", "/g/g/export"},
		{"a spectator while it runs", true, running, "/watch/tok", ""},
		{"a spectator once it is over", true, done, "/watch/tok", "/watch/tok/export"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			head, rec := s.Sheet(ended{}, g, session.Viewer{Seat: play.Scorekeeper, Watch: tc.watch}, tc.log, printed)
			if head.BackURL != tc.back || head.ExportURL != tc.export || head.Printed != "Printed 5 Mar 2026 18:04 UTC" || head.BlankURL != "/sheets/adder/blank" {
				t.Errorf("head %+v", head)
			}
			if len(rec.Actions) != len(tc.log) {
				t.Errorf("the sheet prints %d actions, want %d", len(rec.Actions), len(tc.log))
			}
		})
	}
}
