package record_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/rules/record"
)

// sums is the counter game's trail: a log line per action, and the left
// count each line was worded with (a replay says how many actions follow).
// It copies on every Moved, so the trail a Next starts from never changes.
type sums struct {
	Lines []string
	Left  []int
}

func (sums) Apply(s, n int) (int, error) { return counter.Apply(s, n) }

func (t sums) Moved(before, a, after, left int) sums {
	return sums{
		Lines: append(append([]string(nil), t.Lines...), fmt.Sprintf("%d+%d=%d", before, a, after)),
		Left:  append(append([]int(nil), t.Left...), left),
	}
}

type counted = record.Played[int, int, sums]

func replay(setup string, seed int64, actions ...string) (counted, error) {
	return record.Replay(counter, sums{}, json.RawMessage(setup), seed, raws(actions...))
}

func TestReplayIsNextAfterNext(t *testing.T) {
	for _, tt := range []struct {
		name    string
		setup   string
		seed    int64
		actions []int
		want    int
	}{
		{"no action: the started state", "10", 1, nil, 11},
		{"one action", "0", 0, []int{4}, 4},
		{"several actions, in order", "10", 1, []int{2, 3, 0, 7}, 23},
	} {
		t.Run(tt.name, func(t *testing.T) {
			raw := make([]string, len(tt.actions))
			for i, a := range tt.actions {
				raw[i] = fmt.Sprint(a)
			}
			whole, err := replay(tt.setup, tt.seed, raw...)
			if err != nil {
				t.Fatal(err)
			}
			if whole.State != tt.want || whole.N != len(tt.actions) {
				t.Fatalf("Replay: state %d after %d actions, want %d after %d", whole.State, whole.N, tt.want, len(tt.actions))
			}
			stepped, err := replay(tt.setup, tt.seed)
			if err != nil {
				t.Fatal(err)
			}
			for i, a := range tt.actions {
				if stepped, err = stepped.Next(a); err != nil {
					t.Fatalf("Next(action %d): %v", i, err)
				}
			}
			if whole.State != stepped.State || whole.N != stepped.N || !reflect.DeepEqual(whole.Trail.Lines, stepped.Trail.Lines) {
				t.Fatalf("Replay = %+v, Next after Next = %+v", whole, stepped)
			}
			wantLeft := make([]int, len(tt.actions))
			for i := range wantLeft {
				wantLeft[i] = len(tt.actions) - 1 - i
			}
			if len(tt.actions) > 0 && !reflect.DeepEqual(whole.Trail.Left, wantLeft) {
				t.Errorf("Replay worded its lines with left %v, want %v", whole.Trail.Left, wantLeft)
			}
			for i, left := range stepped.Trail.Left {
				if left != 0 {
					t.Errorf("Next worded line %d with left %d, want 0 (it is always the latest)", i, left)
				}
			}
		})
	}
}

func TestReplayErrors(t *testing.T) {
	for _, tt := range []struct {
		name    string
		setup   string
		actions []string
		index   int // -1: a setup error
		msg     string
		state   int // the state before the bad action
	}{
		{"a broken rule names its action", "0", []string{"1", "2", "-1", "5"}, 2, "action 2: no going back", 3},
		{"the first action can be the bad one", "5", []string{"-3"}, 0, "action 0: no going back", 5},
		{"an unreadable action names its index", "0", []string{"1", `"x"`}, 1, "action 1: ", 1},
		{"a bad setup says so", "ten", []string{"1"}, -1, "setup: ", 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p, err := replay(tt.setup, 0, tt.actions...)
			if err == nil || !strings.HasPrefix(err.Error(), tt.msg) {
				t.Fatalf("err = %v, want it to begin %q", err, tt.msg)
			}
			var ae *record.ActionError
			if tt.index < 0 {
				if !record.IsSetupError(err) {
					t.Fatalf("err = %v, want a setup error", err)
				}
				if !reflect.DeepEqual(p, counted{}) {
					t.Errorf("a bad setup returned %+v, want the zero game", p)
				}
				return
			}
			if !errors.As(err, &ae) || ae.Index != tt.index {
				t.Fatalf("err = %v, want an *ActionError for action %d", err, tt.index)
			}
			if p.State != tt.state || p.N != tt.index || len(p.Trail.Lines) != tt.index {
				t.Errorf("game after the error: state %d after %d actions (%d lines), want %d after %d", p.State, p.N, len(p.Trail.Lines), tt.state, tt.index)
			}
		})
	}
}

func TestNext(t *testing.T) {
	p, err := replay("0", 0, "1", "2")
	if err != nil {
		t.Fatal(err)
	}
	t.Run("a refused action leaves the game as it was", func(t *testing.T) {
		q, err := p.Next(-1)
		if err == nil || err.Error() != "no going back" {
			t.Fatalf("err = %v, want the rules' refusal", err)
		}
		if !reflect.DeepEqual(q, p) {
			t.Fatalf("Next returned %+v, want %+v", q, p)
		}
	})
	t.Run("two games moved on from one keep their own way", func(t *testing.T) {
		a, err := p.Next(10)
		if err != nil {
			t.Fatal(err)
		}
		b, err := p.Next(20)
		if err != nil {
			t.Fatal(err)
		}
		if a.State != 13 || b.State != 23 || a.N != 3 || b.N != 3 || p.N != 2 {
			t.Fatalf("branches %+v and %+v from %+v", a, b, p)
		}
		if a.Trail.Lines[2] != "3+10=13" || b.Trail.Lines[2] != "3+20=23" || len(p.Trail.Lines) != 2 {
			t.Fatalf("lines %q and %q from %q", a.Trail.Lines, b.Trail.Lines, p.Trail.Lines)
		}
	})
}
