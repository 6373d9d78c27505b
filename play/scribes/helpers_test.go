package scribes_test

import (
	"encoding/json"
	"fmt"
	"html"
	"math/rand/v2"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/a-h/templ"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/rules/record"
	sc "github.com/grimoire-games/grimoire/rules/scribes"
	"github.com/grimoire-games/grimoire/static"
	"github.com/grimoire-games/grimoire/views"
	scview "github.com/grimoire-games/grimoire/views/scribes"
)

// newTable is a fresh game of setup for viewer, with a bot row for each bot.
func newTable(t *testing.T, setup sc.Setup, seed int64, viewer int) play.Table {
	t.Helper()
	raw, err := json.Marshal(setup)
	if err != nil {
		t.Fatal(err)
	}
	tb := play.Table{Kind: record.ArcaneScribes, GameID: "g1", Title: "Scribes", Setup: raw, Seed: seed, Viewer: viewer, Owner: true}
	for i, name := range setup.Players {
		if b := scview.BotOf(setup, i); b != "" {
			tb.Seats = append(tb.Seats, play.Seat{Index: i, Name: name, Bot: b})
		}
	}
	return tb
}

// now is the state a table has reached.
func now(t *testing.T, tb play.Table) sc.State {
	t.Helper()
	states, _, _, err := scview.Play(tb.Setup, tb.Seed, tb.Actions)
	if err != nil {
		t.Fatal(err)
	}
	return states[len(states)-1]
}

// push records a as made by seat (the way the server appends a checked tap).
func push(t *testing.T, tb play.Table, a sc.Action, seat int) play.Table {
	t.Helper()
	raw, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	tb.Actions = append(tb.Actions[:len(tb.Actions):len(tb.Actions)], raw)
	tb.ActionSeats = append(tb.ActionSeats[:len(tb.ActionSeats):len(tb.ActionSeats)], seat)
	tb.Version++
	return tb
}

// someMove is a legal action for whoever decides (a greedy choice with a
// fixed source: the tests only need it to be legal and repeatable).
func someMove(st sc.State) sc.Action {
	a, err := sc.GreedyBot{}.Choose(st, st.Decider(), rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		panic(err) // the tests ask only while a seat decides
	}
	return a
}

// playUntil plays legal moves until stop says the state is reached (or
// fails after a bounded number of moves).
func playUntil(t *testing.T, tb play.Table, stop func(sc.State) bool) play.Table {
	t.Helper()
	for i := 0; i < 200; i++ {
		st := now(t, tb)
		if stop(st) {
			return tb
		}
		if st.Over() {
			t.Fatal("the game ended before the state the test needs")
		}
		seat := play.Scorekeeper
		if tb.Bot(st.Decider()) != "" {
			seat = st.Decider()
		}
		tb = push(t, tb, someMove(st), seat)
	}
	t.Fatal("the state the test needs was not reached in 200 moves")
	return tb
}

// tap is the form a table button posts for a.
func tap(t *testing.T, a sc.Action) url.Values {
	t.Helper()
	raw, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	return url.Values{"action": {string(raw)}}
}

func first(i int) *int { return &i }

// assets are loaded once: the layout names every asset by its hashed URL.
var assets = sync.OnceValues(static.Load)

func testPage() views.Page {
	a, err := assets()
	if err != nil {
		panic(fmt.Sprintf("static assets: %v", err))
	}
	return views.Page{CSRF: "token", Assets: a}
}

func render(t *testing.T, c templ.Component) string {
	t.Helper()
	var b strings.Builder
	if err := c.Render(t.Context(), &b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

var setupField = regexp.MustCompile(`name="setup" value="([^"]+)"`)

// confirmedSetup is the setup the confirmation page posts back.
func confirmedSetup(t *testing.T, page string) string {
	t.Helper()
	m := setupField.FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("no setup in the confirmation:\n%s", page)
	}
	return html.UnescapeString(m[1])
}

func itoa(n int) string { return strconv.Itoa(n) }
