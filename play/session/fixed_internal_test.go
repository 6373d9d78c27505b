package session

import (
	"context"
	"encoding/json"
	"io"
	"net/url"
	"strconv"
	"testing"

	"github.com/a-h/templ"

	"github.com/grimoire-games/grimoire/play"
	saplay "github.com/grimoire-games/grimoire/play/spellsarrows"
	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/views"
	saview "github.com/grimoire-games/grimoire/views/spellsarrows"
)

// mapKind is a kind whose Fixed fragment names the game and the viewer it
// was drawn for, so a copy served to anyone else shows. It counts the
// fixed fragment's draws. Only Fragments is called by DrawScreen.
type mapKind struct {
	play.Kind
	draws *int
}

func (k mapKind) Fragments(t play.Table, _ url.Values) ([]views.Fragment, error) {
	fixed := templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
		*k.draws++
		_, err := io.WriteString(w, "map of "+t.GameID+" for "+t.CSRF)
		return err
	})
	return []views.Fragment{
		{ID: "map", Component: fixed, Fixed: true},
		{ID: "now", Component: templ.Raw("version " + strconv.Itoa(t.Version))},
	}, nil
}

func fragmentHTML(t *testing.T, r []Rendered, id string) string {
	t.Helper()
	for _, f := range r {
		if f.ID == id {
			return f.HTML
		}
	}
	t.Fatalf("no fragment %s in %v", id, r)
	return ""
}

// A Fixed fragment is drawn once per viewer and game and then reused at the
// other versions: never from another viewer's screens, never from another
// game's, and always the bytes a fresh draw gives.
func TestFixedFragmentsStayWithTheirViewer(t *testing.T) {
	s := newSession(nil, nil, nil, 16, 1<<20)
	log := make([]store.Entry, 3)
	for i := range log {
		log[i] = store.Entry{Kind: store.KindAction, Action: json.RawMessage(`{}`), Seq: i + 1}
	}
	for _, id := range []string{"g1", "g2"} {
		s.cache.put(id, log)
	}
	draws := 0
	k := mapKind{draws: &draws}
	draw := func(t *testing.T, game, csrf string, version int) string {
		t.Helper()
		tab := play.Table{GameID: game, CSRF: csrf, Version: version, Viewer: play.Scorekeeper}
		r, err := s.DrawScreen(context.Background(), k, game, ScreenKey{Version: version, Viewer: ViewerKey(tab)}, func() play.Table { return tab }, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := fragmentHTML(t, r, "now"), "version "+strconv.Itoa(version); got != want {
			t.Fatalf("the changing fragment is %q, want %q", got, want)
		}
		return fragmentHTML(t, r, "map")
	}
	for _, step := range []struct {
		name        string
		game, csrf  string
		version     int
		drawn, kept int // the fixed fragment's draws and reuses after the step
	}{
		{"the first screen draws it", "g1", "ana", 1, 1, 0},
		{"the next version of the same viewer reuses it", "g1", "ana", 2, 1, 1},
		{"an earlier version too", "g1", "ana", 0, 1, 2},
		{"another viewer of the game draws its own", "g1", "ben", 2, 2, 2},
		{"the same viewer in another game draws its own", "g2", "ana", 2, 3, 2},
		{"each then reuses its own", "g2", "ana", 3, 3, 3},
		{"and the other viewer its own", "g1", "ben", 3, 3, 4},
	} {
		t.Run(step.name, func(t *testing.T) {
			got := draw(t, step.game, step.csrf, step.version)
			if want := "map of " + step.game + " for " + step.csrf; got != want {
				t.Errorf("the fixed fragment is %q, want %q", got, want)
			}
			if draws != step.drawn {
				t.Errorf("drawn %d times, want %d", draws, step.drawn)
			}
			if n := s.cache.stats().FixedReused; n != step.kept {
				t.Errorf("reused %d times, want %d", n, step.kept)
			}
		})
	}
}

// The court map of Spells & Arrows, reused from an earlier version's
// screen, is byte for byte the map a fresh draw of the later version gives:
// what the map is drawn from really is the same at every version.
func TestFixedCourtMapIsAFreshDraw(t *testing.T) {
	setup, err := json.Marshal(sa.Setup{Victory: 12, Spy: "Ana", Mage: "Ben", Turns: 5})
	if err != nil {
		t.Fatal(err)
	}
	// Moves and shots, so the spy, the clocks and the cones change.
	s, err := sa.New(sa.Setup{Victory: 12, Spy: "Ana", Mage: "Ben", Turns: 5}, 1)
	if err != nil {
		t.Fatal(err)
	}
	var actions []json.RawMessage
	var log []store.Entry
	for i := 0; i < 12; i++ {
		c := sa.Legal(s)
		a := sa.SpyShot(i%3 != 0)
		if c.Phase == sa.PhaseSpyMove {
			a = sa.Move(c.Moves[i%len(c.Moves)])
		}
		if s, err = sa.Apply(s, a); err != nil {
			t.Fatalf("action %d: %v", i, err)
		}
		raw, _ := json.Marshal(a)
		actions = append(actions, raw)
		log = append(log, store.Entry{Kind: store.KindAction, Action: raw, Seq: i + 1})
	}
	sess := newSession(nil, nil, nil, 16, 1<<20)
	sess.cache.put("g", log)
	k := saplay.Kind{}
	table := func(n int) play.Table {
		return play.Table{Kind: "spells-arrows", GameID: "g", Title: "Ana vs Ben", SpectatorToken: "w", CSRF: "tok",
			Setup: setup, Seed: 1, Actions: actions[:n], ActionSeats: make([]int, n), Version: n, Viewer: play.Scorekeeper}
	}
	viewer := ViewerKey(table(0))
	for n := 0; n <= len(actions); n++ {
		tab := table(n)
		r, err := sess.DrawScreen(context.Background(), k, "g", ScreenKey{Version: n, Viewer: viewer}, func() play.Table { return tab }, nil)
		if err != nil {
			t.Fatal(err)
		}
		frags, err := k.Fragments(tab, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range frags {
			if f.ID != saview.FragCourt {
				continue
			}
			if !f.Fixed {
				t.Fatal("the court map should be Fixed")
			}
			fresh, err := renderString(context.Background(), f.Component)
			if err != nil {
				t.Fatal(err)
			}
			if got := fragmentHTML(t, r, f.ID); got != fresh {
				t.Fatalf("version %d: the reused court map differs from a fresh draw:\n%s\nfresh:\n%s", n, got, fresh)
			}
		}
	}
	if got, want := sess.cache.stats().FixedReused, len(actions); got != want {
		t.Errorf("the court map was reused %d times, want %d (drawn once, at version 0)", got, want)
	}
}
