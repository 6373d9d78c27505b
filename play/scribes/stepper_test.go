package scribes_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/url"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/play"
	sc "github.com/grimoire-games/grimoire/rules/scribes"
)

// legalTaps are the taps every table button of st posts: each legal action
// and each agreement to end, with the decider's seat and with seat -1 (the
// phone's "whoever decides"). Some viewers are refused them, which is an
// answer to compare too.
func legalTaps(t *testing.T, st sc.State) []url.Values {
	t.Helper()
	c := sc.Legal(st)
	var taps []url.Values
	for _, a := range append(c.Actions, c.End...) {
		taps = append(taps, tap(t, a))
	}
	if len(c.Actions) > 0 {
		a := c.Actions[0]
		a.Seat = -1
		taps = append(taps, tap(t, a))
	}
	return taps
}

// answers is everything the Kind says about a table, for every viewer, as
// one text: two tables that should agree compare in one go, and a
// difference is shown as the first line that differs.
func answers(t *testing.T, tb play.Table, taps []url.Values) string {
	t.Helper()
	var b strings.Builder
	line, over, err := kind.Status(tb)
	fmt.Fprintf(&b, "status %q %v %v\n", line, over, err)
	type viewer struct {
		seat  int
		watch bool
	}
	vs := []viewer{{play.Scorekeeper, true}, {play.Scorekeeper, false}}
	var setup sc.Setup
	if err := json.Unmarshal(tb.Setup, &setup); err != nil {
		t.Fatal(err)
	}
	for i := range setup.Players {
		vs = append(vs, viewer{i, false})
	}
	for _, v := range vs {
		tb := tb
		tb.Viewer, tb.Watch = v.seat, v.watch
		fmt.Fprintf(&b, "== seat %d, watching %v\n", v.seat, v.watch)
		raw, seat, ok, err := kind.Bot(tb)
		fmt.Fprintf(&b, "bot %s %d %v %v\n", raw, seat, ok, err)
		n, err := kind.Undo(tb)
		fmt.Fprintf(&b, "undo %d %v\n", n, err)
		lines, err := kind.Lines(tb)
		fmt.Fprintf(&b, "lines %q %v\n", lines, err)
		// Every tap for the seats that may decide now (the shared phone and
		// the decider's); the first few for the others, who are refused.
		mine := taps
		if d := now(t, tb).Decider(); v.watch || (v.seat != play.Scorekeeper && v.seat != d) {
			mine = taps[:min(len(taps), 3)]
		}
		for _, tap := range mine {
			raw, err := kind.Decode(tb, tap)
			fmt.Fprintf(&b, "decode %v: %s %v\n", tap, raw, err)
		}
		for _, step := range []url.Values{nil, {"seen": {itoa(tb.Version)}}} {
			frags, err := kind.Fragments(tb, step)
			fmt.Fprintf(&b, "fragments %v: %v\n", step, err)
			for _, f := range frags {
				fmt.Fprintf(&b, "%s %v %s\n", f.ID, f.Fresh, render(t, f.Component))
			}
		}
		if v.seat > 0 {
			continue // the whole page is the layout around the same fragments
		}
		page, err := kind.Page(testPage(), tb, nil)
		fmt.Fprintf(&b, "page %v\n", err)
		if err == nil {
			b.WriteString(render(t, page) + "\n")
		}
	}
	return b.String()
}

// sameAnswers fails when the table with a kept state answers differently
// from the same table without one (a replay).
func sameAnswers(t *testing.T, what string, tb play.Table, s play.State, taps []url.Values) {
	t.Helper()
	if s.InForce() != len(tb.Actions) {
		t.Fatalf("%s: the state is after %d actions, the table has %d", what, s.InForce(), len(tb.Actions))
	}
	want := answers(t, tb, taps)
	tb.State = s
	got := answers(t, tb, taps)
	if got == want {
		return
	}
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range min(len(g), len(w)) {
		if g[i] != w[i] {
			t.Fatalf("%s: with the kept state, line %d is\n%.800s\nwithout it\n%.800s", what, i+1, g[i], w[i])
		}
	}
	t.Fatalf("%s: with the kept state %d lines, without it %d", what, len(g), len(w))
}

// Kept states (play.Stepper) answer as the replay does at every action of
// random games (bounded), for each seating and viewer: stepped from the
// start, started from the prefix (a server that replayed once), and stepped
// again after an undo. Stepping one state twice (the game after an undo,
// moved on by another action) leaves both branches as their replays.
func TestKeptStateAnswersAsTheReplay(t *testing.T) {
	trio := sc.Setup{Players: []string{"Mia", "Ben", "Cy"}}
	const moves = 30
	for _, tc := range []struct {
		name   string
		setup  sc.Setup
		seed   int64
		phones bool // each person on a phone of their own
	}{
		{"one phone, three people", trio, 1, false},
		{"one phone, two people and a bot", mixed, 2, false},
		{"phones of their own and a bot", mixed, 3, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(uint64(tc.seed), 11))
			tb := newTable(t, tc.setup, tc.seed, play.Scorekeeper)
			if tc.phones {
				for i, name := range tc.setup.Players {
					if tb.Bot(i) == "" {
						tb.Seats = append(tb.Seats, play.Seat{Index: i, Name: name, Joined: true, Join: "/join/" + name})
					}
				}
			}
			st := now(t, tb)
			s0, err := kind.Start(tb)
			if err != nil {
				t.Fatal(err)
			}
			sameAnswers(t, "the start", tb, s0, legalTaps(t, st))
			// seatOf is who stores a move of seat d: its bot, its own
			// phone, or the shared phone.
			seatOf := func(d int) int {
				if tb.Bot(d) != "" || tc.phones {
					return d
				}
				return play.Scorekeeper
			}
			// kept[i] is the state after i actions, each stepped from
			// the one before; tables[i] its table.
			kept, tables := []play.State{s0}, []play.Table{tb}
			reserves := 0
			for i := 0; !st.Over() && i < moves; i++ {
				a := pick(st, r)
				if a.Type == sc.ActReserve {
					reserves++
				}
				seat := seatOf(a.Seat)
				raw := mustJSON(t, a)
				next, err := kind.Step(tables[i], kept[i], raw, seat)
				if err != nil {
					t.Fatalf("step %d: %v", i, err)
				}
				before := st
				if st, err = sc.Apply(st, a); err != nil {
					t.Fatal(err)
				}
				tb := push(t, tables[i], a, seat)
				kept, tables = append(kept, next), append(tables, tb)
				taps := legalTaps(t, st)
				name := fmt.Sprintf("action %d", i+1)
				sameAnswers(t, name+", stepped", tb, next, taps)
				started, err := kind.Start(tb)
				if err != nil {
					t.Fatal(err)
				}
				sameAnswers(t, name+", started there", tb, started, taps)

				// An undo of this action, and another one made instead:
				// a second branch stepped from kept[i].
				other, ok := otherMove(before, a, r)
				if !ok {
					continue
				}
				branch, err := kind.Step(tables[i], kept[i], mustJSON(t, other), seatOf(other.Seat))
				if err != nil {
					t.Fatalf("%s: the other move: %v", name, err)
				}
				afterOther, err := sc.Apply(before, other)
				if err != nil {
					t.Fatal(err)
				}
				sameAnswers(t, name+", the other branch", push(t, tables[i], other, seatOf(other.Seat)), branch, legalTaps(t, afterOther))
				sameAnswers(t, name+", this branch after the other was stepped", tb, next, taps)
			}
			if reserves == 0 {
				t.Fatal("no card was reserved: the masked log lines were not compared")
			}
		})
	}
}

// pick is a move for whoever decides: mostly a random legal one, so
// reserves (whose lines are masked) come up often; now and then a greedy
// one, so cards are scribed and the game moves on.
func pick(st sc.State, r *rand.Rand) sc.Action {
	c := sc.Legal(st)
	if len(c.Reserve) > 0 && r.IntN(4) == 0 {
		for _, a := range c.Actions {
			if a.Type == sc.ActReserve {
				return a
			}
		}
	}
	if r.IntN(3) == 0 {
		return someMove(st)
	}
	return c.Actions[r.IntN(len(c.Actions))]
}

// otherMove is a legal move on st that is not a (false when there is none).
func otherMove(st sc.State, a sc.Action, r *rand.Rand) (sc.Action, bool) {
	acts := sc.Legal(st).Actions
	if len(acts) < 2 {
		return sc.Action{}, false
	}
	mine, _ := json.Marshal(a)
	for {
		b := acts[r.IntN(len(acts))]
		if theirs, _ := json.Marshal(b); string(theirs) != string(mine) {
			return b, true
		}
	}
}
