package spellsarrows

import (
	"bytes"
	"context"
	"encoding/json"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"testing"

	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
	"github.com/grimoire-games/grimoire/static"
	"github.com/grimoire-games/grimoire/views"
)

// disputed is the dispute made possible: the spy at E3 with health
// 2 and one armour, one miss counter (so the shot clock is out), the mage
// holding 2 arrows, an elf cone on E3, a giant on the span E4-W4, and the
// spy's last shot a miss, so the mage may answer.
func disputed() url.Values {
	setup, _ := opening()
	p := sa.Position{
		Turn: 2, Half: sa.HalfSpy,
		Spy:       sa.SpyPosition{At: "E3", Health: 2, Armour: 1},
		ShotClock: 0, Misses: 1,
		Mage: sa.MagePosition{
			Arrows: 2, SpellClock: sa.SpellClock,
			Court: []int{1, 2, 3, 4, 5}, Bench: []int{6, 7, 8}, Bonus: []int{10, 11, 12, 13, 14, 15, 16, 17, 18},
		},
		Elves:  map[string]int{"E3": 1},
		Giants: map[string]int{"E4-W4": 2},
		Window: &sa.WindowSnapshot{},
	}
	return sandboxValues(setup, p)
}

func with(v url.Values, change func(url.Values)) url.Values {
	c := url.Values{}
	for k, xs := range v {
		c[k] = slices.Clone(xs)
	}
	change(c)
	return c
}

// Every position a game can be in comes back from its fields unchanged.
func TestSandboxFieldsRoundTrip(t *testing.T) {
	setup, open := opening()
	st, err := sa.New(setup, 1)
	if err != nil {
		t.Fatal(err)
	}
	mid := st
	for _, a := range []sa.Action{sa.SpyShot(true), sa.Move("A"), sa.SpyShot(false), sa.SpyShot(true)} {
		if mid, err = sa.Apply(mid, a); err != nil {
			t.Fatalf("%v: %v", a, err)
		}
	}
	_, fromDispute, problems := readSandbox(disputed())
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	for _, tc := range []struct {
		name string
		p    sa.Position
	}{
		{"opening", open},
		{"after four shots", sa.PositionOf(mid)},
		{"the dispute", fromDispute},
	} {
		t.Run(tc.name, func(t *testing.T) {
			gotSetup, got, problems := readSandbox(sandboxValues(setup, tc.p))
			if len(problems) > 0 {
				t.Fatalf("problems: %v", problems)
			}
			if gotSetup.Victory != setup.Victory || gotSetup.TurnCount() != setup.TurnCount() || gotSetup.Spy != setup.Spy {
				t.Errorf("setup %+v, want %+v", gotSetup, setup)
			}
			want := tc.p
			if want.Spy.Travel == nil {
				want.Spy.Travel = nil
			}
			if !reflect.DeepEqual(norm(got), norm(want)) {
				t.Errorf("read back\n%+v\nwant\n%+v", norm(got), norm(want))
			}
		})
	}
}

// norm makes the empty lists and maps of two equal positions equal.
func norm(p sa.Position) string {
	b, _ := json.Marshal(p)
	return string(b)
}

func TestSandboxFieldProblems(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(url.Values)
		want   string
	}{
		{"health left empty", func(v url.Values) { v.Set("health", "") }, "Write health (a whole number)."},
		{"health not a number", func(v url.Values) { v.Set("health", "two") }, `Health must be a whole number, not "two".`},
		{"a huge number", func(v url.Values) { v.Set("arrows", "99999999999999999999") }, "Arrows must be a whole number"},
		{"no half", func(v url.Values) { v.Del("half") }, "Choose whose half it is"},
		{"no place", func(v url.Values) { v.Set("at", "") }, "Choose where the spy stands."},
		{"a card nowhere", func(v url.Values) { v.Del("card3") }, "Say where card 3 (Quiver) is"},
		{"a card on the floor", func(v url.Values) { v.Set("card3", "floor") }, `not "floor"`},
		{"a travel counter in words", func(v url.Values) { v.Set("travel", "3 two") }, `Travel counters are numbers (2 or 3) with spaces between, not "two".`},
		{"elf cones in words", func(v url.Values) { v.Set("elfE3", "one") }, `Elf cones on E3 must be a whole number, not "one".`},
		{"a giant with no span", func(v url.Values) { v["giantSpan"] = []string{""}; v["giantCones"] = []string{"2"} }, "has no span"},
		{"a giant with no cones", func(v url.Values) { v["giantSpan"] = []string{"A-E3"}; v["giantCones"] = []string{""} }, "Write the cones of the giant on A-E3"},
		{"two giants on a span", func(v url.Values) {
			v["giantSpan"] = []string{"A-E3", "A-E3"}
			v["giantCones"] = []string{"1", "2"}
		}, "Two giants on A-E3"},
		{"endless giants", func(v url.Values) { v["giantSpan"] = slices.Repeat([]string{"A-E3"}, 100) }, "Too many giants"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, problems := readSandbox(with(disputed(), tc.change))
			if !slices.ContainsFunc(problems, func(p string) bool { return strings.Contains(p, tc.want) }) {
				t.Errorf("problems %q, want one with %q", problems, tc.want)
			}
		})
	}
}

func TestSandboxPage(t *testing.T) {
	for _, tc := range []struct {
		name   string
		q      url.Values
		ok     bool
		want   []string
		absent []string
	}{
		{"empty: the opening, unchecked", url.Values{}, true, []string{`name="at"`, "Check this position"}, []string{"What may happen next", "Play on from here"}},
		{"the dispute as told: a miss counter with the clock at 3", with(disputed(), func(v url.Values) { v.Set("shotClock", "3"); v.Del("window") }), false,
			[]string{"No game could reach this position", "1 miss counter with the shot clock at 3: miss counters are only added once the clock is out"}, []string{"Play on from here"}},
		{"the dispute made possible", disputed(), true,
			[]string{"What may happen next", "health 2 → 0", "Play on from here", "Refused by the rules", "Ruling, "}, []string{"No game could reach"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assets, err := static.Load()
			if err != nil {
				t.Fatal(err)
			}
			page, ok := Kind{}.SandboxPage(views.Page{Assets: assets}, tc.q)
			if ok != tc.ok {
				t.Errorf("ok %v, want %v", ok, tc.ok)
			}
			var buf bytes.Buffer
			if err := page.Render(context.Background(), &buf); err != nil {
				t.Fatal(err)
			}
			html := buf.String()
			for _, w := range tc.want {
				if !strings.Contains(html, w) {
					t.Errorf("page lacks %q", w)
				}
			}
			for _, w := range tc.absent {
				if strings.Contains(html, w) {
					t.Errorf("page has %q", w)
				}
			}
		})
	}
}

// Playing on makes a game whose record starts at the position: replayed
// cold, with no action, it is the position again.
func TestStartSandbox(t *testing.T) {
	ng, err := Kind{}.StartSandbox(disputed(), 42)
	if err != nil {
		t.Fatal(err)
	}
	setup, err := sa.ParseSetup(ng.Setup)
	if err != nil {
		t.Fatal(err)
	}
	st, err := sa.New(setup, ng.Seed)
	if err != nil {
		t.Fatal(err)
	}
	_, want, _ := readSandbox(disputed())
	if got := sa.PositionOf(st); norm(got) != norm(want) {
		t.Errorf("replayed\n%s\nwant\n%s", norm(got), norm(want))
	}

	_, err = Kind{}.StartSandbox(with(disputed(), func(v url.Values) { v.Set("health", "0") }), 42)
	if err == nil || !strings.Contains(err.Error(), "No game could reach this position: health 0") {
		t.Errorf("impossible position: %v", err)
	}
}
