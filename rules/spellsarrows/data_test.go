package spellsarrows_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
)

func TestDefaultData(t *testing.T) {
	m := sa.DefaultMap()
	if len(m.Locations) != 17 || len(m.Spans) != 24 || len(m.Spots) != 10 {
		t.Fatalf("default map: %d locations, %d spans, %d spots", len(m.Locations), len(m.Spans), len(m.Spots))
	}
	if got := m.Adjacent("W4"); strings.Join(got, ",") != "A,E4,W3,W5" {
		t.Errorf("W4 adjacent %v", got)
	}
	if l, ok := m.Location("G3"); !ok || l.Target != "E5" {
		t.Errorf("G3 = %+v", l)
	}
	d := sa.DefaultDeck()
	if len(d.Cards) != 18 || d.Cards[8].Name != "Librarian's Bench" {
		t.Fatalf("default deck")
	}
	if sa.SpanKey("W4", "E4") != "E4-W4" {
		t.Errorf("SpanKey")
	}
	if a, b, err := sa.ParseSpan("W4-E4"); err != nil || a != "W4" || b != "E4" {
		t.Errorf("ParseSpan")
	}
	if len(sa.Rulings()) < 20 {
		t.Errorf("too few rulings")
	}
}

func TestDataErrors(t *testing.T) {
	mapWith := func(edit func(m *sa.Map)) []byte {
		m := sa.DefaultMap()
		edit(&m)
		b, _ := json.Marshal(m)
		return b
	}
	mapRows := []struct {
		name, text string
		data       []byte
	}{
		{"map/span to nowhere", "unknown location", mapWith(func(m *sa.Map) { m.Spans = append(m.Spans, [2]string{"A", "X9"}) })},
		{"map/duplicate id", "listed twice", mapWith(func(m *sa.Map) { m.Locations = append(m.Locations, m.Locations[0]) })},
		{"map/goto without target", "has no target", mapWith(func(m *sa.Map) { m.Locations[13].Target = "" })},
		{"map/goto to nowhere", "unknown location", mapWith(func(m *sa.Map) { m.Locations[13].Target = "Q" })},
		{"map/unknown kind", "unknown kind", mapWith(func(m *sa.Map) { m.Locations[1].Kind = "castle" })},
		{"map/unknown field", "unknown field", []byte(`{"locations":[],"roads":[]}`)},
	}
	for _, r := range mapRows {
		t.Run(r.name, func(t *testing.T) {
			_, err := sa.ParseMap(r.data)
			if !errors.Is(err, sa.ErrBadMap) || !strings.Contains(err.Error(), r.text) {
				t.Errorf("err = %v, want ErrBadMap mentioning %q", err, r.text)
			}
		})
	}
	deckWith := func(edit func(d *sa.Deck)) []byte {
		d := sa.DefaultDeck()
		edit(&d)
		b, _ := json.Marshal(d)
		return b
	}
	deckRows := []struct {
		name, text string
		data       []byte
	}{
		{"deck/pattern spot not on the map", "not on the map", deckWith(func(d *sa.Deck) { d.Cards[0].Pattern = []string{"XX"} })},
		{"deck/numbering", "numbered", deckWith(func(d *sa.Deck) { d.Cards[3].Number = 7 })},
		{"deck/too few cards", "at least 9", deckWith(func(d *sa.Deck) { d.Cards = d.Cards[:8] })},
		{"deck/card 9 is Librarian's Bench", "card 9", deckWith(func(d *sa.Deck) { d.Cards[8].Effect.Kind = "elf"; d.Cards[8].Effect.Base = 1 })},
		{"deck/unknown effect", "unknown effect", deckWith(func(d *sa.Deck) { d.Cards[0].Effect.Kind = "fireball" })},
	}
	for _, r := range deckRows {
		t.Run(r.name, func(t *testing.T) {
			_, err := sa.ParseDeck(r.data, sa.DefaultMap())
			if !errors.Is(err, sa.ErrBadDeck) || !strings.Contains(err.Error(), r.text) {
				t.Errorf("err = %v, want ErrBadDeck mentioning %q", err, r.text)
			}
		})
	}
}

func TestParseSetup(t *testing.T) {
	good := `{"victory": 12, "spy": "Ana", "mage": "Ben", "turns": 5, "options": {"sameSpellOnly": true}}`
	s, err := sa.ParseSetup([]byte(good))
	if err != nil || !s.Options.SameSpellOnly || s.TurnCount() != 5 {
		t.Fatalf("ParseSetup(good) = %+v, %v", s, err)
	}
	bad := map[string]string{
		"setup/victory at least 1":  `{"victory": 0, "spy": "Ana", "mage": "Ben"}`,
		"setup/names differ":        `{"victory": 5, "spy": "Ana", "mage": "ana"}`,
		"setup/names given":         `{"victory": 5, "spy": "", "mage": "Ben"}`,
		"setup/turns 1 to 20":       `{"victory": 5, "spy": "Ana", "mage": "Ben", "turns": 21}`,
		"setup/unknown option":      `{"victory": 5, "spy": "Ana", "mage": "Ben", "options": {"x": true}}`,
		"setup/unknown field":       `{"victory": 5, "spy": "Ana", "mage": "Ben", "colour": "red"}`,
		"setup/custom deck checked": `{"victory": 5, "spy": "Ana", "mage": "Ben", "deck": {"cards": []}}`,
		"setup/custom map checked":  `{"victory": 5, "spy": "Ana", "mage": "Ben", "map": {"locations": [], "spans": [], "spots": [], "freeThrow": {"x":0,"y":0}}}`,
	}
	for name, raw := range bad {
		t.Run(name, func(t *testing.T) {
			if _, err := sa.ParseSetup([]byte(raw)); !errors.Is(err, sa.ErrBadSetup) {
				t.Errorf("err = %v, want ErrBadSetup", err)
			}
		})
	}
}

func TestActionJSON(t *testing.T) {
	rows := []struct {
		a    sa.Action
		json string
	}{
		{sa.SpyShot(false), `{"type":"spy-shot","made":false}`},
		{sa.Move("W3"), `{"type":"move","to":"W3"}`},
		{sa.Arrow(true), `{"type":"arrow","made":true}`},
		{sa.Leap(true, "A-B", "E4-W4"), `{"type":"leap","made":true,"to":"E4-W4","from":"A-B"}`},
		{sa.Leap(false, "", ""), `{"type":"leap","made":false}`},
		{sa.Pass(), `{"type":"pass"}`},
		{sa.Cast(9), `{"type":"cast","card":9}`},
		{sa.SpellShot(true), `{"type":"spell-shot","made":true}`},
		{sa.Abandon(), `{"type":"abandon"}`},
		{sa.TargetAt("W4"), `{"type":"target","at":"W4"}`},
		{sa.TargetSpan("A-B"), `{"type":"target","span":"A-B"}`},
		{sa.Bench(6, 1), `{"type":"bench","card":6,"cut":1}`},
		{sa.Bench(6, 0), `{"type":"bench","card":6}`},
		{sa.EndHalf(), `{"type":"end-half"}`},
	}
	for _, r := range rows {
		t.Run("record form/"+r.a.Type, func(t *testing.T) {
			b, err := json.Marshal(r.a)
			if err != nil || string(b) != r.json {
				t.Fatalf("Marshal = %s, %v; want %s", b, err, r.json)
			}
			back, err := sa.ParseAction(b)
			if err != nil || back != r.a {
				t.Fatalf("ParseAction(%s) = %+v, %v", b, back, err)
			}
		})
	}
	for _, raw := range []string{
		`{"type":"dance"}`, `{"type":"pass","card":1}`, `{"type":"spy-shot"}`, `{"type":"move"}`,
		`{"type":"leap","made":true,"from":"A-B"}`, `{"type":"leap","made":false,"to":"A-B"}`,
		`{"type":"target","at":"W4","span":"A-B"}`, `{"type":"bench"}`, `{"type":"bench","card":6,"cut":0}`,
		`{"type":"spy-shot","made":true,"extra":1}`, `{}`, `[]`,
	} {
		t.Run("malformed/"+raw, func(t *testing.T) {
			if _, err := sa.ParseAction([]byte(raw)); !errors.Is(err, sa.ErrBadAction) {
				t.Errorf("err = %v, want ErrBadAction", err)
			}
		})
	}
}

func TestLegalPrompts(t *testing.T) {
	g := start(t, defaultSetup())
	if p := sa.Legal(g.s).Prompt.String(); p != "Spy: toll at B, 0 of 1 made (shot clock 6)" {
		t.Errorf("prompt %q", p)
	}
	guardAndArm(g).walk("A", "W3").do(sa.SpyShot(false))
	c := sa.Legal(g.s)
	if c.Phase != sa.PhaseResponse || c.Shooter != "mage" || !c.Allows("arrow") || !c.Allows("pass") || !c.Allows("spy-shot") {
		t.Errorf("response choices %+v", c)
	}
}

func TestZeroState(t *testing.T) {
	var s sa.State
	if c := sa.Legal(s); c.Phase != sa.PhaseOver || len(c.Types) != 0 {
		t.Errorf("Legal(zero) = %+v", c)
	}
	_ = s.Snapshot()
	_, _ = s.Map(), s.Deck()
	if _, err := sa.Apply(s, sa.SpyShot(true)); err == nil {
		t.Error("Apply on the zero State succeeded")
	}
	if sa.RandomLegal(s, nil).Type != "" {
		t.Error("RandomLegal on the zero State")
	}
}

// The shared world is the game's own map and deck, the same slices for
// every state of the game; Map and Deck stay copies a caller may change.
func TestSharedWorld(t *testing.T) {
	s, err := sa.New(sa.Setup{Victory: 12, Spy: "Ana", Mage: "Ben", Turns: 5}, 1)
	if err != nil {
		t.Fatal(err)
	}
	next, err := sa.Apply(s, sa.SpyShot(true))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name       string
		same, copy bool
	}{
		{"the shared map is the game's map", &s.SharedMap().Locations[0] == &next.SharedMap().Locations[0], &s.Map().Locations[0] == &s.SharedMap().Locations[0]},
		{"the shared spans are the game's spans", &s.SharedMap().Spans[0] == &next.SharedMap().Spans[0], &s.Map().Spans[0] == &s.SharedMap().Spans[0]},
		{"the shared deck is the game's deck", &s.SharedDeck().Cards[0] == &next.SharedDeck().Cards[0], &s.Deck().Cards[0] == &s.SharedDeck().Cards[0]},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if !tc.same {
				t.Error("two states of one game should share it")
			}
			if tc.copy {
				t.Error("the copy should not be the shared one")
			}
		})
	}
	if m, sm := s.Map(), s.SharedMap(); len(m.Locations) != len(sm.Locations) || m.Locations[3] != sm.Locations[3] || m.FreeThrow != sm.FreeThrow {
		t.Error("the shared map and the copy should hold the same data")
	}
	for i, c := range s.SharedDeck().Cards {
		if c.Number != i+1 {
			t.Errorf("card %d at index %d: card n should be Cards[n-1]", c.Number, i)
		}
	}
	var zero sa.State
	if len(zero.SharedMap().Locations) != 0 || len(zero.SharedDeck().Cards) != 0 {
		t.Error("a zero state has no world")
	}
}

// TestSetupTurnsLimits: one rule for the number of turns. A setup that
// leaves "turns" out plays the default 5; any number written down, 0
// included, must be 1 to 20.
func TestSetupTurnsLimits(t *testing.T) {
	rows := []struct {
		name  string
		turns string // the "turns" field as written; "" leaves it out
		want  int    // turns played; 0 for a refusal
	}{
		{"absent", "", sa.DefaultTurns},
		{"0", `, "turns": 0`, 0},
		{"-1", `, "turns": -1`, 0},
		{"1", `, "turns": 1`, 1},
		{"20", `, "turns": 20`, 20},
		{"21", `, "turns": 21`, 0},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			s, err := sa.ParseSetup([]byte(`{"victory": 12, "spy": "Ana", "mage": "Ben"` + r.turns + `}`))
			if r.want == 0 {
				if !errors.Is(err, sa.ErrBadSetup) || !strings.Contains(err.Error(), "turns must be 1 to 20") {
					t.Fatalf("ParseSetup = %+v, %v; want a refusal saying turns must be 1 to 20", s, err)
				}
				return
			}
			if err != nil || s.TurnCount() != r.want {
				t.Fatalf("ParseSetup = %d turns, %v; want %d", s.TurnCount(), err, r.want)
			}
			if err := sa.CheckTurns(r.want); err != nil {
				t.Errorf("CheckTurns(%d) = %v, want nil", r.want, err)
			}
		})
	}
}
