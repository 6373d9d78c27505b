package spellsarrows

import (
	_ "embed"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/grimoire-games/grimoire/rules/record"
)

//go:embed data/map.json
var defaultMapJSON []byte

//go:embed data/deck.json
var defaultDeckJSON []byte

// Map is the court: locations the spy moves between, the road spans that
// join them (where giants stand), and the shooting spots of spell patterns.
type Map struct {
	Locations []Location  `json:"locations"`
	Spans     [][2]string `json:"spans"`
	Spots     []Spot      `json:"spots"`
	FreeThrow Point       `json:"freeThrow"`
}

// Point is a court position in feet (x: -25 west .. 25 east, y: 0 baseline
// .. 47 half-court line).
type Point struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// Location kinds.
const (
	KindStart    = "start"
	KindArmoury  = "armoury"
	KindPharmacy = "pharmacy"
	KindTown     = "town"
	KindGate     = "gate"
	KindGoto     = "goto"
)

// Zones: on the 3-point arc, inside it, or neither.
const (
	ZoneArc    = "arc"
	ZoneInside = "inside"
	ZoneNone   = "none"
)

// Location is one marker cone of the map board.
type Location struct {
	ID     string  `json:"id"`
	Kind   string  `json:"kind"`
	Zone   string  `json:"zone"`
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	Target string  `json:"target,omitempty"` // goto only: where the portal leads
	Name   string  `json:"name,omitempty"`
}

// Spot is a shooting spot a spell pattern refers to.
type Spot struct {
	ID   string  `json:"id"`
	Name string  `json:"name"`
	X    float64 `json:"x"`
	Y    float64 `json:"y"`
}

// Deck is the spell deck. Card numbers are 1..N: 1-5 start on the court,
// 6-8 on the bench, 9 is Librarian's Bench, 10..N are bonus spells.
type Deck struct {
	Cards []Card `json:"cards"`
}

// Card is one spell card.
type Card struct {
	Number  int      `json:"number"`
	Name    string   `json:"name"`
	Pattern []string `json:"pattern"`
	Grace   int      `json:"grace"`
	Effect  Effect   `json:"effect"`
}

// Effect kinds.
const (
	EffectElf    = "elf"
	EffectGiant  = "giant"
	EffectArrows = "arrows"
	EffectLeaps  = "leaps"
	EffectClock  = "clock"
	EffectBench  = "bench"
)

// Effect is what a succeeded cast gives: Base + PerGrace × unused grace.
type Effect struct {
	Kind     string `json:"kind"`
	Base     int    `json:"base"`
	PerGrace int    `json:"perGrace"`
}

// Potency is the size of the effect when misses grace counters were spent.
func (c Card) Potency(misses int) int {
	return c.Effect.Base + c.Effect.PerGrace*(c.Grace-misses)
}

// Deck layout constants.
const (
	BenchCard  = 9 // Librarian's Bench
	firstBonus = 10
	courtSize  = 5
)

// SpanKey is the canonical name of the span between a and b: the two ids in
// alphabetical order joined by "-" ("E4-W4").
func SpanKey(a, b string) string {
	if b < a {
		a, b = b, a
	}
	return a + "-" + b
}

// ParseSpan reads "W4-E4" or "E4-W4" into its two ids.
func ParseSpan(s string) (a, b string, err error) {
	a, b, ok := strings.Cut(s, "-")
	if !ok || a == "" || b == "" || strings.Contains(b, "-") {
		return "", "", fmt.Errorf("%q is not a span: write two location ids joined by \"-\"", s)
	}
	return a, b, nil
}

// Location looks a location up by id.
func (m Map) Location(id string) (Location, bool) {
	for _, l := range m.Locations {
		if l.ID == id {
			return l, true
		}
	}
	return Location{}, false
}

// Adjacent lists the locations joined to id by a span, sorted. Portal links
// are not spans and are not listed.
func (m Map) Adjacent(id string) []string {
	var out []string
	for _, sp := range m.Spans {
		switch id {
		case sp[0]:
			out = append(out, sp[1])
		case sp[1]:
			out = append(out, sp[0])
		}
	}
	slices.Sort(out)
	return out
}

// ParseMap reads and validates a map data file.
func ParseMap(data []byte) (Map, error) {
	var m Map
	if err := record.DecodeStrict(data, &m); err != nil {
		return Map{}, fmt.Errorf("%w: %v", ErrBadMap, err)
	}
	if err := m.Validate(); err != nil {
		return Map{}, err
	}
	return m, nil
}

// Validate checks a map: unique ids, known kinds and zones, exactly one start,
// at least one gate, goto portals leading to a real non-portal location,
// spans between two different known locations, no span twice, unique spots.
func (m Map) Validate() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrBadMap, fmt.Sprintf(format, args...))
	}
	if len(m.Locations) == 0 {
		return bad("the map has no locations")
	}
	ids := map[string]Location{}
	starts, gates := 0, 0
	for i, l := range m.Locations {
		if l.ID == "" || strings.ContainsAny(l.ID, "- ") {
			return bad("location %d has no usable id (ids are non-empty, without spaces or \"-\")", i)
		}
		if _, dup := ids[l.ID]; dup {
			return bad("location %s is listed twice", l.ID)
		}
		ids[l.ID] = l
		switch l.Zone {
		case ZoneArc, ZoneInside, ZoneNone:
		default:
			return bad("location %s has unknown zone %q (arc, inside or none)", l.ID, l.Zone)
		}
		switch l.Kind {
		case KindStart:
			starts++
		case KindGate:
			gates++
		case KindArmoury, KindPharmacy, KindTown, KindGoto:
		default:
			return bad("location %s has unknown kind %q", l.ID, l.Kind)
		}
		if (l.Kind == KindTown || l.Kind == KindGate) && l.Zone == ZoneNone {
			return bad("%s %s must be on the arc or inside it (its zone sets elf limits and travel value)", l.Kind, l.ID)
		}
		if l.Kind == KindGoto && l.Target == "" {
			return bad("goto %s has no target", l.ID)
		}
		if l.Kind != KindGoto && l.Target != "" {
			return bad("%s is not a goto but has a target", l.ID)
		}
	}
	if starts != 1 {
		return bad("the map needs exactly one start location, it has %d", starts)
	}
	if gates == 0 {
		return bad("the map has no gate: the spy could never escape")
	}
	for _, l := range m.Locations {
		if l.Kind != KindGoto {
			continue
		}
		t, ok := ids[l.Target]
		if !ok {
			return bad("goto %s leads to unknown location %s", l.ID, l.Target)
		}
		if t.Kind == KindGoto {
			return bad("goto %s leads to another goto (%s)", l.ID, l.Target)
		}
	}
	seen := map[string]bool{}
	for _, sp := range m.Spans {
		for _, id := range sp {
			if _, ok := ids[id]; !ok {
				return bad("span %s-%s leads to unknown location %q", sp[0], sp[1], id)
			}
		}
		if sp[0] == sp[1] {
			return bad("span %s-%s joins a location to itself", sp[0], sp[1])
		}
		k := SpanKey(sp[0], sp[1])
		if seen[k] {
			return bad("span %s is listed twice", k)
		}
		seen[k] = true
	}
	for _, l := range m.Locations {
		if l.Kind != KindGoto && len(m.Adjacent(l.ID)) == 0 {
			return bad("location %s has no span: the spy could never leave it", l.ID)
		}
	}
	spots := map[string]bool{}
	for i, sp := range m.Spots {
		if sp.ID == "" {
			return bad("spot %d has no id", i)
		}
		if spots[sp.ID] {
			return bad("spot %s is listed twice", sp.ID)
		}
		spots[sp.ID] = true
	}
	return nil
}

// ParseDeck reads and validates a deck data file against the map whose
// spots its patterns use.
func ParseDeck(data []byte, m Map) (Deck, error) {
	var d Deck
	if err := record.DecodeStrict(data, &d); err != nil {
		return Deck{}, fmt.Errorf("%w: %v", ErrBadDeck, err)
	}
	if err := d.Validate(m); err != nil {
		return Deck{}, err
	}
	return d, nil
}

// Validate checks a deck. A custom deck must number its cards 1..N in order
// with N >= 9; card 9 (and only card 9) has effect kind "bench" (Librarian's
// Bench); every pattern has at least one spot and every spot exists on the
// map; grace, base and perGrace are not negative; a placing or gaining
// effect (elf, giant, arrows, leaps, clock) has base >= 1.
func (d Deck) Validate(m Map) error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrBadDeck, fmt.Sprintf(format, args...))
	}
	if len(d.Cards) < BenchCard {
		return bad("the deck has %d cards; it needs at least 9 (court 1-5, bench 6-8, Librarian's Bench 9)", len(d.Cards))
	}
	spots := map[string]bool{}
	for _, sp := range m.Spots {
		spots[sp.ID] = true
	}
	for i, c := range d.Cards {
		if c.Number != i+1 {
			return bad("card %d is numbered %d: cards must be numbered 1, 2, 3 ... in order", i+1, c.Number)
		}
		if strings.TrimSpace(c.Name) == "" {
			return bad("card %d has no name", c.Number)
		}
		if len(c.Pattern) == 0 {
			return bad("card %d (%s) has an empty pattern", c.Number, c.Name)
		}
		for _, s := range c.Pattern {
			if !spots[s] {
				return bad("card %d (%s) uses spot %q, which is not on the map", c.Number, c.Name, s)
			}
		}
		if c.Grace < 0 || c.Effect.Base < 0 || c.Effect.PerGrace < 0 {
			return bad("card %d (%s) has a negative grace, base or perGrace", c.Number, c.Name)
		}
		switch c.Effect.Kind {
		case EffectBench:
			if c.Number != BenchCard {
				return bad("card %d (%s) has the bench effect; only card 9 is Librarian's Bench", c.Number, c.Name)
			}
		case EffectElf, EffectGiant, EffectArrows, EffectLeaps, EffectClock:
			if c.Number == BenchCard {
				return bad("card 9 must be Librarian's Bench (effect kind \"bench\")")
			}
			if c.Effect.Base < 1 {
				return bad("card %d (%s) has base %d; it must give at least 1", c.Number, c.Name, c.Effect.Base)
			}
		default:
			return bad("card %d (%s) has unknown effect kind %q", c.Number, c.Name, c.Effect.Kind)
		}
	}
	return nil
}

// world is the validated, indexed map and deck a game is played on. It is
// built once per game and never changed afterwards.
type world struct {
	m       Map
	d       Deck
	loc     map[string]Location
	adj     map[string][]string
	spans   []string // all span keys, sorted
	isSpan  map[string]bool
	towns   []string // guardable locations (towns and gates), map order
	start   string
	spotIdx map[string]Spot
	// locp points into m.Locations, so a state can keep the spy's location
	// at hand instead of looking it up on every question.
	locp map[string]*Location
}

func newWorld(m Map, d Deck) *world {
	w := &world{m: m, d: d, loc: map[string]Location{}, adj: map[string][]string{}, isSpan: map[string]bool{}, spotIdx: map[string]Spot{}, locp: map[string]*Location{}}
	for i, l := range m.Locations {
		w.loc[l.ID] = l
		w.locp[l.ID] = &m.Locations[i]
		w.adj[l.ID] = m.Adjacent(l.ID)
		if l.Kind == KindStart {
			w.start = l.ID
		}
		if l.Kind == KindTown || l.Kind == KindGate {
			w.towns = append(w.towns, l.ID)
		}
	}
	for _, sp := range m.Spans {
		k := SpanKey(sp[0], sp[1])
		w.spans = append(w.spans, k)
		w.isSpan[k] = true
	}
	slices.Sort(w.spans)
	for _, sp := range m.Spots {
		w.spotIdx[sp.ID] = sp
	}
	return w
}

func (w *world) card(n int) Card { return w.d.Cards[n-1] }

// defaultData parses the embedded data once; the result is never modified.
var defaultData = sync.OnceValue(func() *world {
	m, err := ParseMap(defaultMapJSON)
	if err != nil {
		panic("spellsarrows: embedded map: " + err.Error())
	}
	d, err := ParseDeck(defaultDeckJSON, m)
	if err != nil {
		panic("spellsarrows: embedded deck: " + err.Error())
	}
	return newWorld(m, d)
})

// DefaultMap is our reconstruction of the map board (the "map" ruling).
func DefaultMap() Map { return defaultData().m.clone() }

// DefaultDeck is the house spell deck (the "custom-deck" ruling says how
// another one is made).
func DefaultDeck() Deck { return defaultData().d.clone() }

func (m Map) clone() Map {
	m.Locations = slices.Clone(m.Locations)
	m.Spans = slices.Clone(m.Spans)
	m.Spots = slices.Clone(m.Spots)
	return m
}

func (d Deck) clone() Deck {
	cs := slices.Clone(d.Cards)
	for i := range cs {
		cs[i].Pattern = slices.Clone(cs[i].Pattern)
	}
	d.Cards = cs
	return d
}
