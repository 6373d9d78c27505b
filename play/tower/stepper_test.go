package tower_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/a-h/templ"

	"github.com/grimoire-games/grimoire/play"
	tw "github.com/grimoire-games/grimoire/rules/tower"
	"github.com/grimoire-games/grimoire/static"
	"github.com/grimoire-games/grimoire/views"
)

// formOf is an action as the table's form posts it.
func formOf(a tw.Action) url.Values {
	f := url.Values{"type": {string(a.Type)}}
	if len(a.Coins) > 0 {
		f["coins"] = a.Coins
	}
	if a.Coin != "" {
		f.Set("coin", a.Coin)
	}
	switch a.Type {
	case tw.Advance:
		f.Set("zone", strconv.Itoa(a.Zone))
	case tw.Cast:
		f.Set("damageRow", strconv.Itoa(a.DamageRow))
		f.Set("spellRow", strconv.Itoa(a.SpellRow))
		if a.Zone != 0 {
			f.Set("zone", strconv.Itoa(a.Zone))
		}
		if a.Side != "" {
			f.Set("side", a.Side)
		}
		var hits []string
		for _, h := range a.Hits {
			hits = append(hits, fmt.Sprintf("%s:%d", h.Coin, h.Damage))
		}
		if len(hits) > 0 {
			f.Set("hits", strings.Join(hits, ","))
		}
	}
	return f
}

// tapsOf are the taps to decode on a state: each single coin the rules let
// the General place or advance, each flip, the end and the skip, and the
// moves of both bots (a cast with its targets). Some are refused, which is
// an answer to compare too.
func tapsOf(st tw.State, r *rand.Rand) []url.Values {
	c := tw.Legal(st)
	taps := []url.Values{{"type": {"end"}}, {"type": {"skip"}}, {"type": {"place"}, "coins": {"L1"}}}
	for _, id := range c.Place {
		taps = append(taps, url.Values{"type": {"place"}, "coins": {id}})
	}
	for _, z := range c.Advance {
		for _, id := range z.Coins {
			taps = append(taps, url.Values{"type": {"advance"}, "zone": {strconv.Itoa(z.Zone)}, "coins": {id}})
		}
	}
	for _, id := range c.Flip {
		taps = append(taps, url.Values{"type": {"flip"}, "coin": {id}})
	}
	if !st.Over() {
		for _, level := range []string{"random", "greedy"} {
			if a, err := tw.Bots()[level](st.ToPlay()).Choose(st, r); err == nil {
				taps = append(taps, formOf(a))
			}
		}
	}
	return taps
}

type viewer struct {
	name  string
	seat  int
	watch bool
}

var viewers = []viewer{{"the scorekeeper", play.Scorekeeper, false}, {"the General", general, false}, {"the Mage", mage, false}, {"a spectator", play.Scorekeeper, true}}

// assets are loaded once: the layout names every asset by its hashed URL.
var assets = sync.OnceValues(static.Load)

func testPage(t *testing.T) views.Page {
	a, err := assets()
	if err != nil {
		t.Fatal(err)
	}
	return views.Page{CSRF: "token", Assets: a}
}

func draw(t *testing.T, c templ.Component) string {
	t.Helper()
	var b strings.Builder
	if err := c.Render(t.Context(), &b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// answers is everything the Kind says about a table, for every viewer, as
// one text: two tables that should agree compare in one go, and a
// difference is shown as the first line that differs.
func answers(t *testing.T, tb play.Table, taps []url.Values) string {
	t.Helper()
	var b strings.Builder
	line, over, err := kind.Status(tb)
	fmt.Fprintf(&b, "status %q %v %v\n", line, over, err)
	p := testPage(t)
	for _, v := range viewers {
		tb := tb
		tb.Viewer, tb.Watch = v.seat, v.watch
		fmt.Fprintf(&b, "== %s\n", v.name)
		raw, seat, ok, err := kind.Bot(tb)
		fmt.Fprintf(&b, "bot %s %d %v %v\n", raw, seat, ok, err)
		n, err := kind.Undo(tb)
		fmt.Fprintf(&b, "undo %d %v\n", n, err)
		lines, err := kind.Lines(tb)
		fmt.Fprintf(&b, "lines %q %v\n", lines, err)
		for _, tap := range taps {
			raw, err := kind.Decode(tb, tap)
			fmt.Fprintf(&b, "decode %v: %s %v\n", tap, raw, err)
		}
		for _, step := range []url.Values{nil, {"ui": {"1"}, "seen": {strconv.Itoa(tb.Version)}}} {
			frags, err := kind.Fragments(tb, step)
			fmt.Fprintf(&b, "fragments %v: %v\n", step, err)
			for _, f := range frags {
				fmt.Fprintf(&b, "%s %v %s\n", f.ID, f.Fresh, draw(t, f.Component))
			}
		}
		page, err := kind.Page(p, tb, nil)
		fmt.Fprintf(&b, "page %v\n", err)
		if err == nil {
			b.WriteString(draw(t, page) + "\n")
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

// with is tb with one more action made by seat.
func with(t *testing.T, tb play.Table, a tw.Action, seat int) play.Table {
	t.Helper()
	raw, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	n := len(tb.Actions)
	tb.Actions = append(tb.Actions[:n:n], raw)
	tb.ActionSeats = append(tb.ActionSeats[:n:n], seat)
	tb.Version++
	return tb
}

// Kept states (play.Stepper) answer as the replay does at every action of
// random bot games, for each seating and viewer: stepped from the start,
// started from the prefix (a server that replayed once), and stepped again
// after an undo. Stepping one state twice (the game after an undo, moved
// on by another action) leaves both branches as their replays.
func TestKeptStateAnswersAsTheReplay(t *testing.T) {
	for _, tc := range []struct {
		name  string
		seats []play.Seat
		// seat is who stores an action of side s.
		seat func(s tw.Side) int
	}{
		{"one phone", nil, func(tw.Side) int { return play.Scorekeeper }},
		{"against a bot Mage", botMage, func(s tw.Side) int {
			if s == tw.Mage {
				return mage
			}
			return play.Scorekeeper
		}},
		{"two phones", phones, func(s tw.Side) int {
			if s == tw.Mage {
				return mage
			}
			return general
		}},
		{"two bots", bothBots, func(s tw.Side) int {
			if s == tw.Mage {
				return mage
			}
			return general
		}},
	} {
		for seed := uint64(1); seed <= 2; seed++ {
			t.Run(fmt.Sprintf("%s/seed %d", tc.name, seed), func(t *testing.T) {
				r := rand.New(rand.NewPCG(seed, 9))
				tb := fresh(t, tc.seats, play.Scorekeeper)
				st, err := tw.New(tw.Setup{General: "Ana", Mage: "Ben"}, 3)
				if err != nil {
					t.Fatal(err)
				}
				s0, err := kind.Start(tb)
				if err != nil {
					t.Fatal(err)
				}
				sameAnswers(t, "the start", tb, s0, tapsOf(st, r))
				// kept[i] is the state after i actions, each stepped from
				// the one before; tables[i] its table.
				kept, tables := []play.State{s0}, []play.Table{tb}
				for i := 0; !st.Over() && i < 200; i++ {
					level := []string{"random", "greedy"}[i%2]
					a, err := tw.Bots()[level](st.ToPlay()).Choose(st, r)
					if err != nil {
						t.Fatal(err)
					}
					seat := tc.seat(st.ToPlay())
					raw, _ := json.Marshal(a)
					next, err := kind.Step(tables[i], kept[i], raw, seat)
					if err != nil {
						t.Fatalf("step %d: %v", i, err)
					}
					if st, err = tw.Apply(st, a); err != nil {
						t.Fatal(err)
					}
					tb := with(t, tables[i], a, seat)
					kept, tables = append(kept, next), append(tables, tb)
					taps := tapsOf(st, r)
					name := fmt.Sprintf("action %d", i+1)
					sameAnswers(t, name+", stepped", tb, next, taps)
					started, err := kind.Start(tb)
					if err != nil {
						t.Fatal(err)
					}
					sameAnswers(t, name+", started there", tb, started, taps)

					// An undo of this action, and another one made instead:
					// a second branch stepped from kept[i].
					before, err := tw.Replay(tables[i].Record())
					if err != nil {
						t.Fatal(err)
					}
					other, ok := otherMove(before, a, r)
					if !ok {
						continue
					}
					rawOther, _ := json.Marshal(other)
					branch, err := kind.Step(tables[i], kept[i], rawOther, seat)
					if err != nil {
						t.Fatalf("%s: the other move %s: %v", name, rawOther, err)
					}
					afterOther, err := tw.Apply(before, other)
					if err != nil {
						t.Fatal(err)
					}
					sameAnswers(t, name+", the other branch", with(t, tables[i], other, seat), branch, tapsOf(afterOther, r))
					sameAnswers(t, name+", this branch after the other was stepped", tb, next, taps)
				}
				if !st.Over() {
					t.Fatal("the bots did not finish in 200 moves")
				}
			})
		}
	}
}

// otherMove is a legal move on st that is not a (false when there is none).
func otherMove(st tw.State, a tw.Action, r *rand.Rand) (tw.Action, bool) {
	mine, _ := json.Marshal(a)
	for range 20 {
		level := []string{"random", "greedy"}[r.IntN(2)]
		b, err := tw.Bots()[level](st.ToPlay()).Choose(st, r)
		if err != nil {
			return b, false
		}
		if theirs, _ := json.Marshal(b); string(theirs) != string(mine) {
			return b, true
		}
	}
	for _, b := range []tw.Action{{Type: tw.End}, {Type: tw.Skip}} {
		if _, err := tw.Apply(st, b); err == nil && b.Type != a.Type {
			return b, true
		}
	}
	return tw.Action{}, false
}
