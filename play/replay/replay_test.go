package replay_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/a-h/templ"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/play/replay"
	"github.com/grimoire-games/grimoire/views"
)

// TestParseAt: the moment of ?at=, taken to the nearest end when out of
// range, refused in words when not a number.
func TestParseAt(t *testing.T) {
	for _, tc := range []struct {
		raw  string
		want int
		bad  bool
	}{
		{"", 12, false}, {"0", 0, false}, {"5", 5, false}, {" 7 ", 7, false}, {"12", 12, false},
		{"13", 12, false}, {"-4", 0, false}, {"99999999999999999999999", 0, true},
		{"abc", 0, true}, {"1.5", 0, true}, {"5x", 0, true},
	} {
		t.Run(tc.raw, func(t *testing.T) {
			n, err := replay.ParseAt(tc.raw, 12)
			var ae *replay.AtError
			if tc.bad != errors.As(err, &ae) || (!tc.bad && n != tc.want) {
				t.Fatalf("ParseAt(%q) = %d, %v; want %d (bad %v)", tc.raw, n, err, tc.want, tc.bad)
			}
		})
	}
}

// TestTableAtAndReadOnlyLeaveTheTableAlone: the moment's table is cut and
// made read-only on copies; the game's own table (a cache's, shared) keeps
// its actions, seats and join links.
func TestTableAtAndReadOnlyLeaveTheTableAlone(t *testing.T) {
	now := play.Table{
		Actions:     []json.RawMessage{json.RawMessage(`1`), json.RawMessage(`2`), json.RawMessage(`3`)},
		ActionSeats: []int{0, 1, 0}, Version: 5, Viewer: 1, Owner: true, CSRF: "tok",
		Seats: []play.Seat{{Index: 0, Name: "Ann", Join: "/join/a"}, {Index: 1, Name: "Ben", Join: "/join/b"}},
	}
	for _, tc := range []struct {
		n, actions, version int
	}{{-1, 0, 0}, {0, 0, 0}, {2, 2, 2}, {3, 3, 5}, {9, 3, 5}} {
		at := replay.TableAt(replay.ReadOnly(now), tc.n)
		if len(at.Actions) != tc.actions || len(at.ActionSeats) != tc.actions || at.Version != tc.version {
			t.Errorf("at %d: %d actions, %d seats, version %d; want %d, version %d", tc.n, len(at.Actions), len(at.ActionSeats), at.Version, tc.actions, tc.version)
		}
		if !at.Watch || at.Owner || at.CSRF != "" || at.Viewer != 1 || at.Seats[0].Join != "" || at.Seats[1].Join != "" {
			t.Errorf("at %d: not read-only for seat 1: %+v", tc.n, at)
		}
		if cap(at.Actions) != len(at.Actions) && tc.actions < 3 {
			t.Errorf("at %d: an append to the moment's actions would write the game's", tc.n)
		}
	}
	if len(now.Actions) != 3 || now.Seats[0].Join != "/join/a" || !now.Owner || now.CSRF != "tok" {
		t.Fatalf("the game's own table changed: %+v", now)
	}
}

// TestBoardNestsFragments: a fragment whose element is inside an earlier
// one is drawn inside it; the others stay apart, in order.
func TestBoardNestsFragments(t *testing.T) {
	frags := []views.Fragment{
		{ID: "map", Component: templ.Raw(`<svg><g id="overlay"></g></svg>`)},
		{ID: "overlay", Component: templ.Raw(`<circle/>`)},
		{ID: "log", Component: templ.Raw(`<ol></ol>`)},
	}
	board, err := replay.Board(context.Background(), frags)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range board {
		var b strings.Builder
		if err := f.Component.Render(context.Background(), &b); err != nil {
			t.Fatal(err)
		}
		got = append(got, f.ID+"="+b.String())
	}
	want := []string{`map=<svg><g id="overlay"><circle/></g></svg>`, `log=<ol></ol>`}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("board %q, want %q", got, want)
	}
}
