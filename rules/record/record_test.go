package record_test

import (
	"encoding/json"
	"errors"
	"strconv"
	"testing"

	"github.com/grimoire-games/grimoire/rules/record"
)

// counter is a toy game: the state is a number, an action adds to it, and
// adding a negative number breaks the rule.
var counter = record.Rules[int, int, int]{
	ParseSetup: func(b []byte) (int, error) { return strconv.Atoi(string(b)) },
	New:        func(start int, seed int64) (int, error) { return start + int(seed), nil },
	ParseAction: func(b []byte) (int, error) {
		var n int
		err := json.Unmarshal(b, &n)
		return n, err
	},
	Apply: func(s, n int) (int, error) {
		if n < 0 {
			return s, errors.New("no going back")
		}
		return s + n, nil
	},
}

func raws(xs ...string) []json.RawMessage {
	out := make([]json.RawMessage, len(xs))
	for i, x := range xs {
		out[i] = json.RawMessage(x)
	}
	return out
}

func TestPlay(t *testing.T) {
	t.Run("state is replay of setup and actions, step sees each", func(t *testing.T) {
		var seen []int
		s, err := record.Play(counter, []byte("10"), 1, raws("2", "3"), func(before, a, after int) {
			seen = append(seen, before, a, after)
		})
		if err != nil || s != 16 {
			t.Fatalf("Play = %d, %v; want 16", s, err)
		}
		if want := []int{11, 2, 13, 13, 3, 16}; len(seen) != len(want) {
			t.Fatalf("step saw %v, want %v", seen, want)
		}
	})
	t.Run("a broken rule names its action and keeps the state before it", func(t *testing.T) {
		s, err := record.Play(counter, []byte("0"), 0, raws("1", "-1", "5"), nil)
		var ae *record.ActionError
		if !errors.As(err, &ae) || ae.Index != 1 || err.Error() != "action 1: no going back" {
			t.Fatalf("err = %v", err)
		}
		if s != 1 || record.IsSetupError(err) {
			t.Fatalf("state %d, setup error %v", s, record.IsSetupError(err))
		}
	})
	t.Run("an unreadable action is an action error too", func(t *testing.T) {
		_, err := record.Play(counter, []byte("0"), 0, raws(`"x"`), nil)
		var ae *record.ActionError
		if !errors.As(err, &ae) || ae.Index != 0 {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("a bad setup is a setup error", func(t *testing.T) {
		_, err := record.Play(counter, []byte("ten"), 0, nil, nil)
		if !record.IsSetupError(err) {
			t.Fatalf("err = %v, want a setup error", err)
		}
	})
}

func TestParse(t *testing.T) {
	good := `{"game":"spells-arrows","version":1,"seed":3,"setup":{"victory":5},"actions":[{"type":"pass"}]}`
	if r, err := record.Parse([]byte(good)); err != nil || r.Seed != 3 || len(r.Actions) != 1 {
		t.Fatalf("Parse(good) = %+v, %v", r, err)
	}
	for name, bad := range map[string]string{
		"not JSON":          `{`,
		"unknown game":      `{"game":"chess","version":1,"setup":{},"actions":[]}`,
		"no game":           `{"version":1,"setup":{},"actions":[]}`,
		"future version":    `{"game":"mages-tower","version":2,"setup":{},"actions":[]}`,
		"no setup":          `{"game":"mages-tower","version":1,"actions":[]}`,
		"unknown key":       `{"game":"mages-tower","version":1,"setup":{},"actions":[],"extra":1}`,
		"trailing data":     `{"game":"mages-tower","version":1,"setup":{},"actions":[]} {}`,
		"action not object": `{"game":"mages-tower","version":1,"setup":{},"actions":[3]}`,
	} {
		t.Run(name, func(t *testing.T) {
			if _, err := record.Parse([]byte(bad)); !errors.Is(err, record.ErrMalformed) {
				t.Fatalf("err = %v, want ErrMalformed", err)
			}
		})
	}
}
