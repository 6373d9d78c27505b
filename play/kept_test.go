package play_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/rules/record"
)

// adding is a toy rules package for Steps: the setup is a number, an action
// adds to it, and a negative one breaks the rule.
var adding = record.Rules[int, int, int]{
	ParseSetup:  func(b []byte) (int, error) { return strconv.Atoi(string(b)) },
	New:         func(start int, _ int64) (int, error) { return start, nil },
	ParseAction: parseAdd,
	Apply:       add,
}

func parseAdd(b []byte) (int, error) {
	var n int
	err := json.Unmarshal(b, &n)
	return n, err
}

func add(s, n int) (int, error) {
	if n < 0 {
		return s, errors.New("no going back")
	}
	return s + n, nil
}

// sums keeps a line per action, and whether a replay worded any of them (a
// memo that differs between a replay and Step after Step).
type sums struct {
	Lines    []string
	replayed bool
}

func (sums) Apply(s, n int) (int, error) { return add(s, n) }

func (t sums) Moved(before, a, after, left int) sums {
	return sums{Lines: append(slices.Clip(t.Lines), fmt.Sprintf("%d+%d=%d", before, a, after)), replayed: t.replayed || left > 0}
}

// memoSums is sums that says which of its parts make the game (its lines).
type memoSums struct{ sums }

func (t memoSums) Moved(before, a, after, left int) memoSums {
	return memoSums{t.sums.Moved(before, a, after, left)}
}

func (t memoSums) Same(o memoSums) bool { return slices.Equal(t.Lines, o.Lines) }

// A Kind hands its Start and Step to Steps as they are.
var _ play.Stepper = play.Steps[int, int, sums]{}

func stepsOf[T record.Trail[int, int, T]](start T) play.Steps[int, int, T] {
	return play.Steps[int, int, T]{
		Game: "Adding",
		Replay: func(setup json.RawMessage, seed int64, actions []json.RawMessage) (record.Played[int, int, T], error) {
			return record.Replay(adding, start, setup, seed, actions)
		},
		ParseAction: parseAdd,
	}
}

func addTable(setup string, actions ...string) play.Table {
	t := play.Table{GameID: "g1", Setup: json.RawMessage(setup)}
	for _, a := range actions {
		t.Actions = append(t.Actions, json.RawMessage(a))
	}
	return t
}

// stepAll is the table's game kept by Start on no action and Step after
// Step, as a server keeps it.
func stepAll[T record.Trail[int, int, T]](t *testing.T, g play.Steps[int, int, T], tb play.Table) play.State {
	t.Helper()
	start := tb
	start.Actions = nil
	s, err := g.Start(start)
	if err != nil {
		t.Fatal(err)
	}
	for _, raw := range tb.Actions {
		if s, err = g.Step(start, s, raw, 0); err != nil {
			t.Fatal(err)
		}
		start.Actions = append(start.Actions, raw)
	}
	return s
}

type sameAs interface{ Same(play.State) bool }

func TestStepsKeepTheReplay(t *testing.T) {
	tb := addTable("10", "1", "2", "3")
	for _, tt := range []struct {
		name string
		// kept and cold are the game Step after Step and replayed.
		kept, cold play.State
		deepEqual  bool // reflect.DeepEqual(kept, cold): the replayed memo differs
		same       bool
	}{
		{"a plain trail: a memo that differs makes another game", stepAll(t, stepsOf(sums{}), tb), must(stepsOf(sums{}).Start(tb)), false, false},
		{"a trail with memos says which parts count", stepAll(t, stepsOf(memoSums{}), tb), must(stepsOf(memoSums{}).Start(tb)), false, true},
		{"no action: both are the start", stepAll(t, stepsOf(sums{}), addTable("10")), must(stepsOf(sums{}).Start(addTable("10"))), true, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if tt.kept.InForce() != tt.cold.InForce() {
				t.Fatalf("kept after %d actions, replay after %d", tt.kept.InForce(), tt.cold.InForce())
			}
			if got := reflect.DeepEqual(tt.kept, tt.cold); got != tt.deepEqual {
				t.Errorf("reflect.DeepEqual = %v, want %v (the replayed memo differs)", got, tt.deepEqual)
			}
			sm, ok := tt.kept.(sameAs)
			if !ok {
				t.Fatal("a kept state does not say what makes it the same game")
			}
			if got := sm.Same(tt.cold); got != tt.same {
				t.Errorf("Same = %v, want %v", got, tt.same)
			}
		})
	}
	t.Run("another game is not the same", func(t *testing.T) {
		g := stepsOf(memoSums{})
		a, b := must(g.Start(addTable("10", "1", "2"))), must(g.Start(addTable("10", "3")))
		if a.(sameAs).Same(b) {
			t.Error("two games with other lines are the same")
		}
		if a.(sameAs).Same(must(stepsOf(sums{}).Start(addTable("10", "1", "2")))) {
			t.Error("a state of another trail is the same")
		}
	})
}

func must(s play.State, err error) play.State {
	if err != nil {
		panic(err)
	}
	return s
}

func TestStepsErrors(t *testing.T) {
	g := stepsOf(sums{})
	kept := must(g.Start(addTable("0", "1", "1")))
	for _, tt := range []struct {
		name string
		err  func() error
		want string
	}{
		{"a refused action names its game and index", func() error {
			_, err := g.Step(addTable("0", "1", "1"), kept, json.RawMessage("-4"), 0)
			return err
		}, "game g1: action 2: no going back"},
		{"an unreadable action too", func() error {
			_, err := g.Step(addTable("0", "1", "1"), kept, json.RawMessage(`"x"`), 0)
			return err
		}, "game g1: action 2: json: "},
		{"a state another game kept", func() error {
			_, err := g.Step(addTable("0"), must(stepsOf(memoSums{}).Start(addTable("0"))), json.RawMessage("1"), 0)
			return err
		}, "game g1: the kept state is no Adding state"},
		{"a replay's bad action", func() error {
			_, err := g.Start(addTable("0", "1", "-1"))
			return err
		}, "game g1: action 1: no going back"},
		{"a replay's bad setup", func() error {
			_, err := g.Played(addTable("zero"))
			return err
		}, "game g1: setup: "},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if err := tt.err(); err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Fatalf("err = %v, want it to begin %q", err, tt.want)
			}
		})
	}
}

func TestStepsPlayed(t *testing.T) {
	g := stepsOf(sums{})
	tb := addTable("0", "1", "2")
	stepped := stepAll(t, g, tb)
	for _, tt := range []struct {
		name     string
		state    play.State
		replayed bool
	}{
		{"the kept state when it is after the table's actions", stepped, false},
		{"a replay when it is after fewer", stepAll(t, g, addTable("0", "1")), true},
		{"a replay when there is none", nil, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tb := tb
			tb.State = tt.state
			p, err := g.Played(tb)
			if err != nil {
				t.Fatal(err)
			}
			if p.State != 3 || p.N != 2 || p.Trail.replayed != tt.replayed {
				t.Fatalf("Played = %+v, want state 3 after 2 actions, replayed %v", p, tt.replayed)
			}
		})
	}
}
