package spellsarrows

import (
	"maps"
	"slices"

	"github.com/grimoire-games/grimoire/rules/say"
)

// Halves of a turn.
const (
	HalfSpy  = "spy"
	HalfMage = "mage"
)

// Winners.
const (
	WinnerSpy  = "spy"
	WinnerMage = "mage"
)

// Spy, mage and piece limits.
const (
	StartHealth   = 4
	MaxHealth     = 6
	MaxArmour     = 2
	MaxArrows     = 5
	MaxLeaps      = 5
	ShotClock     = 6
	MissesToEnd   = 3
	SpellClock    = 5
	FailsToEnd    = 2
	PharmacyBoost = 3
)

// State is one moment of a game. It is an immutable value: Apply returns a
// new State and never changes the one it is given (slices and maps are
// copied before they are written).
type State struct {
	w     *world
	setup Setup
	seed  int64

	turn   int
	half   string
	over   bool
	winner string
	reason say.Text

	// spy
	at     string
	here   *Location // the location at, shared with the world (read only)
	health int
	armour int
	// A counter is worth 2 or 3, so a byte holds it: the list is copied
	// each time the spy leaves a town and for every snapshot, and a spy that
	// never reaches a gate carries it all game.
	travel  []int8
	points  int
	paid    int
	engaged string // span key being fought, "" if none

	shotClock int
	misses    int
	win       window

	// mage
	arrows, leaps  int
	spellClock     int
	fails          int
	court, bench   []int
	bonus          []int
	lastCourtSpell int // card of the previous attempt this half when it was a court spell, else 0

	cast    castState
	pending pendingState

	elves  map[string]int
	giants map[string]int
}

type window struct {
	open       bool
	volleyUsed bool
	leapUsed   bool
	volley     bool // a volley is in progress (its last arrow was made)
	leap       bool // a leap run is in progress (its last free throw was made)
}

type castState struct {
	card   int // 0 = no cast in progress
	spot   int // index of the next pattern spot
	made   int
	misses int
}

type pendingState struct {
	kind      string // "", "elf", "giant", "bench"
	remaining int
	size      int // giant cones
	card      int
}

// New starts a game: turn 1, spy half, the spy at the start location.
func New(setup Setup, seed int64) (State, error) {
	w, err := setup.world()
	if err != nil {
		return State{}, err
	}
	if setup.Position != nil {
		return start(w, setup, seed)
	}
	s := State{
		w: w, setup: setup, seed: seed,
		turn: 1, half: HalfSpy,
		at: w.start, here: w.locp[w.start], health: StartHealth, travel: []int8{},
		shotClock: ShotClock, spellClock: SpellClock,
		court: []int{}, bench: []int{}, bonus: []int{},
		elves: map[string]int{}, giants: map[string]int{},
	}
	for _, c := range w.d.Cards {
		switch {
		case c.Number <= courtSize:
			s.court = append(s.court, c.Number)
		case c.Number < BenchCard:
			s.bench = append(s.bench, c.Number)
		case c.Number > BenchCard:
			s.bonus = append(s.bonus, c.Number)
		}
	}
	return s, nil
}

// clone copies everything Apply may write.
func (s State) clone() State {
	s.travel = slices.Clone(s.travel)
	s.court = slices.Clone(s.court)
	s.bench = slices.Clone(s.bench)
	s.bonus = slices.Clone(s.bonus)
	s.elves = maps.Clone(s.elves)
	s.giants = maps.Clone(s.giants)
	return s
}

// Setup is the game's setup as given to New.
func (s State) Setup() Setup {
	su := s.setup
	if su.Position != nil {
		p := su.Position.clone()
		su.Position = &p
	}
	return su
}

// Seed is the record seed (the game uses no randomness; it is kept so a
// record round-trips).
func (s State) Seed() int64 { return s.seed }

// Map is the map the game is played on.
func (s State) Map() Map {
	if s.w == nil {
		return Map{}
	}
	return s.w.m.clone()
}

// Deck is the spell deck the game is played with.
func (s State) Deck() Deck {
	if s.w == nil {
		return Deck{}
	}
	return s.w.d.clone()
}

// SharedMap and SharedDeck are the map and deck the game is played on as
// the game holds them: every state of a game, and every caller, gets the
// same slices. They are for reading only (Map and Deck are the copies to
// keep or change): a screen drawn at every tap reads the world from them,
// where copying it would cost more than the drawing.
func (s State) SharedMap() Map {
	if s.w == nil {
		return Map{}
	}
	return s.w.m
}

// SharedDeck: see SharedMap. Card n is Cards[n-1].
func (s State) SharedDeck() Deck {
	if s.w == nil {
		return Deck{}
	}
	return s.w.d
}

// Card looks a card of the game's deck up by number.
func (s State) Card(n int) (Card, bool) {
	if s.w == nil || n < 1 || n > len(s.w.d.Cards) {
		return Card{}, false
	}
	c := s.w.card(n)
	c.Pattern = slices.Clone(c.Pattern)
	return c, true
}

// Over reports whether the game has ended, and Winner who won ("spy" or
// "mage", "" while playing).
func (s State) Over() bool     { return s.over }
func (s State) Winner() string { return s.winner }

// Toll is the exit toll where the spy stands: 1 + elf cones, 0 at a goto.
func (s State) Toll() int {
	if s.here == nil {
		return s.tollAt(s.at)
	}
	if s.here.Kind == KindGoto {
		return 0
	}
	return 1 + s.elves[s.at]
}

func (s State) tollAt(id string) int {
	if s.w == nil {
		return 0
	}
	if s.w.loc[id].Kind == KindGoto {
		return 0
	}
	return 1 + s.elves[id]
}

// elfCap is how many elf cones a location may hold.
func (s State) elfCap(id string) int {
	l := s.w.loc[id]
	if l.Kind != KindTown && l.Kind != KindGate {
		return 0
	}
	switch l.Zone {
	case ZoneArc:
		return 1
	case ZoneInside:
		return 2
	}
	return 0
}

// Snapshot is the JSON view of a state (its keys are listed in RECORDS.md).
type Snapshot struct {
	Turn      int            `json:"turn"`
	Half      string         `json:"half"`
	Over      bool           `json:"over"`
	Winner    string         `json:"winner"`
	Spy       SpySnapshot    `json:"spy"`
	ShotClock int            `json:"shotClock"`
	Misses    int            `json:"misses"`
	Mage      MageSnapshot   `json:"mage"`
	Elves     map[string]int `json:"elves"`
	Giants    map[string]int `json:"giants"`

	Phase          Phase            `json:"phase"`
	Reason         say.Text         `json:"reason"`
	Turns          int              `json:"turns"`
	Victory        int              `json:"victory"`
	Cast           *CastSnapshot    `json:"cast,omitempty"`
	Pending        *PendingSnapshot `json:"pending,omitempty"`
	Window         *WindowSnapshot  `json:"window,omitempty"`
	LastCourtSpell int              `json:"lastCourtSpell"`
}

// SpySnapshot is the spy's part of a snapshot.
type SpySnapshot struct {
	At      string `json:"at"`
	Health  int    `json:"health"`
	Armour  int    `json:"armour"`
	Travel  []int8 `json:"travel"` // 2 or 3 each, in the order earned
	Points  int    `json:"points"`
	Paid    int    `json:"paid"`
	Toll    int    `json:"toll"`
	Engaged string `json:"engaged"`
}

// MageSnapshot is the mage's part. Court, bench and bonus are sorted by
// card number.
type MageSnapshot struct {
	Arrows     int   `json:"arrows"`
	Leaps      int   `json:"leaps"`
	SpellClock int   `json:"spellClock"`
	Fails      int   `json:"fails"`
	Court      []int `json:"court"`
	Bench      []int `json:"bench"`
	Bonus      []int `json:"bonus"`
}

// CastSnapshot is the cast in progress.
type CastSnapshot struct {
	Card   int `json:"card"`
	Spot   int `json:"spot"` // index of the next pattern spot
	Made   int `json:"made"`
	Misses int `json:"misses"`
	Grace  int `json:"grace"` // grace counters still unused
}

// PendingSnapshot is a succeeded spell waiting for targets or a bench choice.
type PendingSnapshot struct {
	Kind      string `json:"kind"`
	Remaining int    `json:"remaining"`
	Size      int    `json:"size,omitempty"`
	Card      int    `json:"card"`
}

// WindowSnapshot is the mage's open response window.
type WindowSnapshot struct {
	VolleyUsed bool `json:"volleyUsed"`
	LeapUsed   bool `json:"leapUsed"`
	Volley     bool `json:"volley"`
	Leap       bool `json:"leap"`
}

// Snapshot returns the JSON view of the state. It shares nothing with s.
func (s State) Snapshot() Snapshot {
	sn := Snapshot{
		Turn: s.turn, Half: s.half, Over: s.over, Winner: s.winner,
		Spy: SpySnapshot{
			At: s.at, Health: s.health, Armour: s.armour, Travel: append([]int8{}, s.travel...),
			Points: s.points, Paid: s.paid, Toll: s.Toll(), Engaged: s.engaged,
		},
		ShotClock: s.shotClock, Misses: s.misses,
		Mage: MageSnapshot{
			Arrows: s.arrows, Leaps: s.leaps, SpellClock: s.spellClock, Fails: s.fails,
			Court: append([]int{}, s.court...), Bench: append([]int{}, s.bench...), Bonus: append([]int{}, s.bonus...),
		},
		Elves: map[string]int{}, Giants: map[string]int{},
		Phase: s.phase(), Reason: s.reason, Turns: s.setup.TurnCount(), Victory: s.setup.Victory,
		LastCourtSpell: s.lastCourtSpell,
	}
	for k, v := range s.elves {
		if v > 0 {
			sn.Elves[k] = v
		}
	}
	for k, v := range s.giants {
		if v > 0 {
			sn.Giants[k] = v
		}
	}
	if s.cast.card != 0 && s.w != nil {
		c := s.w.card(s.cast.card)
		sn.Cast = &CastSnapshot{Card: s.cast.card, Spot: s.cast.spot, Made: s.cast.made, Misses: s.cast.misses, Grace: c.Grace - s.cast.misses}
	}
	if s.pending.kind != "" {
		sn.Pending = &PendingSnapshot{Kind: s.pending.kind, Remaining: s.pending.remaining, Size: s.pending.size, Card: s.pending.card}
	}
	if s.win.open {
		sn.Window = &WindowSnapshot{VolleyUsed: s.win.volleyUsed, LeapUsed: s.win.leapUsed, Volley: s.win.volley, Leap: s.win.leap}
	}
	return sn
}
