package tower

import (
	"bytes"
	"context"
	"encoding/json"
	"net/url"
	"slices"
	"strings"
	"testing"

	tw "github.com/grimoire-games/grimoire/rules/tower"
	"github.com/grimoire-games/grimoire/static"
	"github.com/grimoire-games/grimoire/views"
)

// midGame is a game after the General's first turn and the Mage's first
// cast: coins in the camp, on the Field and maybe removed, thumbs down.
func midGame(t *testing.T) tw.State {
	t.Helper()
	setup, _ := opening()
	st, err := tw.New(setup, 1)
	if err != nil {
		t.Fatal(err)
	}
	for st.Snapshot().Turn < 3 && !st.Snapshot().Over {
		e := tw.Explain(st)
		if len(e.Legal) == 0 {
			t.Fatal("no legal action")
		}
		// The last listed action: it ends the General's turn or casts.
		if st, err = tw.Apply(st, e.Legal[len(e.Legal)-1].Action); err != nil {
			t.Fatal(err)
		}
	}
	return st
}

func js(p tw.Position) string {
	b, _ := json.Marshal(p)
	return string(b)
}

func TestSandboxFieldsRoundTrip(t *testing.T) {
	setup, open := opening()
	for _, tc := range []struct {
		name string
		p    tw.Position
	}{
		{"opening", open},
		{"turn 3", tw.PositionOf(midGame(t))},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if why := tw.CheckPosition(setup, tc.p); len(why) > 0 {
				t.Fatalf("the test's position is impossible: %v", why)
			}
			_, got, problems := readSandbox(sandboxValues(setup, tc.p))
			if len(problems) > 0 {
				t.Fatalf("problems: %v", problems)
			}
			if js(got) != js(tc.p) {
				t.Errorf("read back\n%s\nwant\n%s", js(got), js(tc.p))
			}
		})
	}
}

func TestSandboxFieldProblems(t *testing.T) {
	setup, open := opening()
	base := sandboxValues(setup, open)
	for _, tc := range []struct {
		name   string
		change func(url.Values)
		want   string
	}{
		{"no turn", func(v url.Values) { v.Del("turn") }, "Write the turn (a whole number)."},
		{"turn in words", func(v url.Values) { v.Set("turn", "one") }, `The turn must be a whole number, not "one".`},
		{"no phase", func(v url.Values) { v.Set("phase", "lunch") }, "Choose what is being played"},
		{"a coin nowhere", func(v url.Values) { v.Del("whereM2") }, "Say where M2 is"},
		{"a coin in zone 5", func(v url.Values) { v.Set("whereM2", "5") }, `M2 is in the camp, in zone 1 to 4 or removed, not "5".`},
		{"no face", func(v url.Values) { v.Set("faceS1", "edge") }, "Say which face of S1 is up"},
		{"order in words", func(v url.Values) { v.Set("orderL1", "first") }, `The place of L1 in its row must be a whole number, not "first".`},
		{"thumb in words", func(v url.Values) { v.Set("thumbLeft", "x") }, `The left thumb's row must be a whole number`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := url.Values{}
			for k, xs := range base {
				c[k] = slices.Clone(xs)
			}
			tc.change(c)
			_, _, problems := readSandbox(c)
			if !slices.ContainsFunc(problems, func(p string) bool { return strings.Contains(p, tc.want) }) {
				t.Errorf("problems %q, want one with %q", problems, tc.want)
			}
		})
	}
}

func TestSandboxPage(t *testing.T) {
	assets, err := static.Load()
	if err != nil {
		t.Fatal(err)
	}
	setup, open := opening()
	fieldOnTurn1 := sandboxValues(setup, open)
	fieldOnTurn1.Set("whereL1", "3")
	for _, tc := range []struct {
		name string
		q    url.Values
		ok   bool
		want []string
	}{
		{"empty", url.Values{}, true, []string{"Check this position", `name="whereL1"`}},
		{"a soldier in zone 3 in turn 1", fieldOnTurn1, false, []string{"No game could reach this position", "soldiers in zone 3 in turn 1"}},
		{"turn 3", sandboxValues(setup, tw.PositionOf(midGame(t))), true, []string{"What may happen next", "Play on from here", "Refused by the rules"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			page, ok := Kind{}.SandboxPage(views.Page{Assets: assets}, tc.q)
			if ok != tc.ok {
				t.Errorf("ok %v, want %v", ok, tc.ok)
			}
			var buf bytes.Buffer
			if err := page.Render(context.Background(), &buf); err != nil {
				t.Fatal(err)
			}
			for _, w := range tc.want {
				if !strings.Contains(buf.String(), w) {
					t.Errorf("page lacks %q", w)
				}
			}
		})
	}
}

func TestStartSandbox(t *testing.T) {
	setup, _ := opening()
	want := tw.PositionOf(midGame(t))
	ng, err := Kind{}.StartSandbox(sandboxValues(setup, want), 7)
	if err != nil {
		t.Fatal(err)
	}
	got, err := tw.ParseSetup(ng.Setup)
	if err != nil {
		t.Fatal(err)
	}
	st, err := tw.New(got, ng.Seed)
	if err != nil {
		t.Fatal(err)
	}
	if js(tw.PositionOf(st)) != js(want) {
		t.Errorf("replayed\n%s\nwant\n%s", js(tw.PositionOf(st)), js(want))
	}
}
