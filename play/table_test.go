package play_test

import (
	"encoding/json"
	"errors"
	"net/url"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/rules/say"
)

// counter is a tiny game for the generic functions: a tap adds its "n"
// field to the log; an undo takes back two actions when the last one was a
// bot's (seat 1).
type counter struct {
	play.Kind // the methods these tests do not call
	hidden    bool
}

func (c counter) Info() play.Info { return play.Info{ID: "counter"} }
func (c counter) Hidden() bool    { return c.hidden }

func (counter) Decode(t play.Table, form url.Values) (json.RawMessage, error) {
	n := form.Get("n")
	if n == "" {
		return nil, play.BadTap(errors.New("no number"))
	}
	if n == "0" {
		return nil, errors.New("zero is not allowed")
	}
	return json.RawMessage(n), nil
}

func (counter) Lines(t play.Table) ([]say.Text, error) {
	out := make([]string, len(t.Actions))
	for i, a := range t.Actions {
		out[i] = "added " + string(a)
	}
	return play.Verbatim(out), nil
}

func (counter) Undo(t play.Table) (int, error) {
	n := len(t.ActionSeats)
	if n >= 2 && t.ActionSeats[n-1] == 1 {
		return 2, nil
	}
	return 1, nil
}

func TestActAppendsForTheViewer(t *testing.T) {
	tb := play.Table{Kind: "counter", Viewer: 0, Version: 4, Actions: []json.RawMessage{json.RawMessage("1")}, ActionSeats: []int{0}}
	next, line, err := play.Act(counter{}, tb, url.Values{"n": {"5"}})
	if err != nil {
		t.Fatal(err)
	}
	if next.Version != 5 || len(next.Actions) != 2 || string(next.Actions[1]) != "5" || next.ActionSeats[1] != 0 || line.String() != "added 5" {
		t.Fatalf("Act = %+v, %q", next, line)
	}
	if len(tb.Actions) != 1 {
		t.Error("Act changed the table it was given")
	}
	if _, _, err := play.Act(counter{}, tb, url.Values{"n": {"0"}}); err == nil || errors.Is(err, play.ErrBadTap) {
		t.Errorf("a refused tap = %v, want a rules refusal", err)
	}
	if _, _, err := play.Act(counter{}, tb, url.Values{}); !errors.Is(err, play.ErrBadTap) || err.Error() != "no number" {
		t.Errorf("an unreadable tap = %v, want ErrBadTap keeping its words", err)
	}
}

func TestTakeBack(t *testing.T) {
	raw := func(s ...string) []json.RawMessage {
		out := make([]json.RawMessage, len(s))
		for i, x := range s {
			out[i] = json.RawMessage(x)
		}
		return out
	}
	cases := []struct {
		name      string
		table     play.Table
		steps     int
		wantLeft  int
		wantError bool
	}{
		{"a person's last move", play.Table{Version: 3, Actions: raw("1", "2"), ActionSeats: []int{0, 0}}, 1, 1, false},
		{"a move and the bot's reply go together", play.Table{Version: 3, Actions: raw("1", "2"), ActionSeats: []int{0, 1}}, 2, 0, false},
		{"nothing to undo", play.Table{Version: 2}, 0, 0, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			next, n, err := play.TakeBack(counter{}, tc.table)
			if tc.wantError {
				if err == nil {
					t.Fatal("TakeBack succeeded")
				}
				return
			}
			if err != nil || n != tc.steps || len(next.Actions) != tc.wantLeft || len(next.ActionSeats) != tc.wantLeft || next.Version != tc.table.Version+tc.steps {
				t.Fatalf("TakeBack = %d steps, %d left at version %d (%v)", n, len(next.Actions), next.Version, err)
			}
		})
	}
}

func TestMayExport(t *testing.T) {
	cases := []struct {
		name   string
		hidden bool
		table  play.Table
		over   bool
		ok     bool
	}{
		{"the scorekeeper, hidden game running", true, play.Table{Viewer: play.Scorekeeper}, false, true},
		{"a seated player, open game running", false, play.Table{Viewer: 1}, false, true},
		{"a seated player, hidden game running", true, play.Table{Viewer: 1}, false, false},
		{"a seated player, hidden game over", true, play.Table{Viewer: 1}, true, true},
		{"a spectator, game running", false, play.Table{Watch: true, Viewer: play.Scorekeeper}, false, false},
		{"a spectator, game over", true, play.Table{Watch: true, Viewer: play.Scorekeeper}, true, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := play.MayExport(counter{hidden: tc.hidden}, tc.table, tc.over)
			if (err == nil) != tc.ok {
				t.Fatalf("MayExport = %v, want ok %v", err, tc.ok)
			}
		})
	}
}

func TestEmbeddedTableRoundTrip(t *testing.T) {
	tb := play.Table{Kind: "counter", GameID: "g", Title: "</script><b>", Seed: 1 << 62, Setup: json.RawMessage(`{}`), Version: 2,
		Actions: []json.RawMessage{json.RawMessage("1")}, ActionSeats: []int{0}, Seats: []play.Seat{{Index: 1, Name: "Bot", Bot: "greedy"}}, Viewer: 0}
	s, err := tb.JSON()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(s, "</script>") {
		t.Fatalf("the embedded text can close its script element: %s", s)
	}
	if !strings.Contains(s, `"seed":"4611686018427387904"`) {
		t.Errorf("the seed must travel as a string (a JavaScript number cannot hold it): %s", s)
	}
	back, err := play.ParseTable([]byte(s))
	if err != nil || back.Seed != tb.Seed || back.Title != tb.Title || back.Bot(1) != "greedy" || back.Bot(0) != "" || back.OnPhones() {
		t.Fatalf("round trip = %+v, %v", back, err)
	}
	if _, err := play.ParseTable([]byte(`{"actions":[1],"actionSeats":[]}`)); err == nil {
		t.Error("a table that does not say who made each action was read")
	}
}
