package tower

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// Position is a moment of a game still being played, written down so a
// record may start from it (the setup's "position") instead of the opening:
// a dispute over real coins, or the referee's sandbox. Damage is not part of
// it: damage only lasts within the Mage's cast, so between actions every
// soldier is unhurt.
type Position struct {
	Turn  int   `json:"turn"`
	Phase Phase `json:"phase"` // place, advance or cast
	// Where every coin is: each of the nine exactly once. Camp in any order,
	// each zone left to right (zone 1, the Field, first), removed in the
	// order they fell.
	Camp    []string           `json:"camp"`
	Zones   [NumZones][]string `json:"zones"`
	Removed []string           `json:"removed"`
	// Faces of the nine coins in id order, L1 L2 L3 M1 M2 M3 S1 S2 S3.
	Faces []Face `json:"faces"`
	// What the General did this turn (advance and cast phases): the
	// soldiers placed or advanced, and how many left each zone (index n is
	// zone n; index 0 is always 0, as in the snapshot).
	Moved    []string          `json:"moved,omitempty"`
	LeftZone [NumZones + 1]int `json:"leftZone,omitzero"`
	Thumbs   PositionThumbs    `json:"thumbs"`
	TomeUsed bool              `json:"tomeUsed"`
	SkipUsed bool              `json:"skipUsed"`
}

// PositionThumbs are the rows each thumb has uncovered (0 = at the top).
type PositionThumbs struct {
	Left  int `json:"left"`
	Right int `json:"right"`
}

// PositionError lists every reason a position could not come from a real
// game. It wraps ErrBadSetup, so a record starting from it is refused as a
// record with any other bad setup.
type PositionError struct{ Reasons []string }

func (e *PositionError) Error() string {
	return "impossible position: " + strings.Join(e.Reasons, "; ")
}
func (e *PositionError) Unwrap() error { return ErrBadSetup }

var positionKeys = []string{"turn", "phase", "camp", "zones", "removed", "faces", "thumbs", "tomeUsed", "skipUsed"}

// missingKeys names the required keys a position object leaves out, so a
// left-out list or switch never silently reads as empty or false.
func missingKeys(raw []byte) []string {
	var top map[string]json.RawMessage
	if json.Unmarshal(raw, &top) != nil {
		return nil
	}
	var out []string
	for _, k := range positionKeys {
		if _, ok := top[k]; !ok {
			out = append(out, fmt.Sprintf("the position does not say %q", k))
		}
	}
	// encoding/json fills a Go array from a shorter JSON one and drops what
	// a longer one has beyond it: count them here, so no zone is lost.
	for _, k := range []struct {
		key  string
		want int
	}{{"zones", NumZones}, {"leftZone", NumZones + 1}} {
		var xs []json.RawMessage
		if raw, ok := top[k.key]; ok && json.Unmarshal(raw, &xs) == nil && len(xs) != k.want {
			out = append(out, fmt.Sprintf("%q lists %d entries, not %d", k.key, len(xs), k.want))
		}
	}
	return out
}

// PositionOf writes down the moment s. A finished game gives a position
// CheckPosition refuses.
func PositionOf(s State) Position {
	p := Position{
		Turn: s.turn, Phase: s.phase, Camp: []string{}, Removed: []string{}, Faces: make([]Face, NumCoins),
		Thumbs:   PositionThumbs{Left: int(s.left), Right: int(s.right)},
		TomeUsed: s.tomeUsed, SkipUsed: s.skipUsed,
	}
	p.Camp = append(p.Camp, names(s.zone(inCamp))...)
	for z := 1; z <= NumZones; z++ {
		p.Zones[z-1] = append([]string{}, names(s.zone(int8(z)))...)
	}
	p.Removed = append(p.Removed, names(s.zone(inRemoved))...)
	for i, c := range s.coins {
		p.Faces[i] = c.face
		if c.moved && s.phase != PhasePlace {
			p.Moved = append(p.Moved, coinName(i))
		}
		if c.where == inTower {
			p.Phase = PhaseOver
		}
	}
	for z := range p.LeftZone {
		p.LeftZone[z] = int(s.leftFrom[z])
	}
	return p
}

// FromPosition is setup (faces and position left out) starting from p,
// once p is checked: the setup of a record that plays on from p.
func FromPosition(setup Setup, p Position) (Setup, error) {
	setup.Faces = nil
	setup.Position = &p
	if err := setup.Validate(); err != nil {
		return Setup{}, err
	}
	return setup, nil
}

// CheckPosition lists every reason p could not be a moment of a game played
// with setup's card and options; none means a real game can reach it.
func CheckPosition(setup Setup, p Position) []string {
	setup.Faces, setup.Position = nil, nil
	if err := setup.Validate(); err != nil {
		return []string{err.Error()}
	}
	_, why := build(setup, p)
	return why
}

// build checks p and, when nothing is wrong, returns the state it
// describes. Each rule is one that playing a game keeps true (state.go).
func build(setup Setup, p Position) (State, []string) {
	var why []string
	bad := func(format string, args ...any) { why = append(why, fmt.Sprintf(format, args...)) }
	s := State{general: setup.General, mage: setup.Mage, opts: setup.Options, turn: p.Turn}
	if setup.Card != nil {
		s.card = setup.Card.clone()
	} else {
		s.card = defaultCard()
	}
	rows := len(s.card.Rows)

	if p.Turn < 1 {
		bad("turn %d: turns count from 1", p.Turn)
	}
	switch p.Phase {
	case PhasePlace, PhaseAdvance:
		s.toPlay = General
	case PhaseCast:
		s.toPlay = Mage
	case PhaseOver:
		bad("the game is over: a position is a game still being played")
	default:
		bad("the phase is %q, %q or %q, not %q", PhasePlace, PhaseAdvance, PhaseCast, p.Phase)
	}
	s.phase = p.Phase

	// Every coin in exactly one place.
	place := [NumCoins]string{}
	coinsOK := true
	put := func(id, where string, z int8) {
		i, ok := coinIndex(id)
		switch {
		case !ok:
			bad("%s lists %q, which is not a coin (coins: L1-L3, M1-M3, S1-S3)", where, id)
			coinsOK = false
		case place[i] == where:
			bad("%s lists %s twice", where, id)
			coinsOK = false
		case place[i] != "":
			bad("%s is in two places: %s and %s", id, place[i], where)
			coinsOK = false
		default:
			place[i] = where
			s.moveTo(i, z)
		}
	}
	for _, id := range p.Camp {
		put(id, "the camp", inCamp)
	}
	for z, ids := range p.Zones {
		for _, id := range ids {
			put(id, fmt.Sprintf("zone %d", z+1), int8(z+1))
		}
	}
	for _, id := range p.Removed {
		put(id, "the removed coins", inRemoved)
	}
	for i := range s.coins {
		if place[i] == "" {
			bad("%s is nowhere: every coin is in the camp, in a zone or removed (one in the Tower has won the game)", coinName(i))
			coinsOK = false
		}
	}
	if coinsOK && len(p.Removed) == NumCoins {
		bad("all nine soldiers are removed: the Mage has won and the game is over")
	}
	if len(p.Faces) != NumCoins {
		bad("faces lists %d coins: it gives all %d, in the order L1 L2 L3 M1 M2 M3 S1 S2 S3", len(p.Faces), NumCoins)
	} else {
		for i, f := range p.Faces {
			s.coins[i].face = f
		}
	}

	// The thumbs, the Tome and the skip.
	for _, th := range []struct {
		name string
		row  int
	}{{"left", p.Thumbs.Left}, {"right", p.Thumbs.Right}} {
		if th.row < 0 || th.row > rows {
			bad("the %s thumb has uncovered %d rows: the card has %d", th.name, th.row, rows)
		}
	}
	if (p.Thumbs.Left == 0) != (p.Thumbs.Right == 0) {
		bad("one thumb is at the top and the other is not: every cast moves both thumbs down, and the Tome sends both back")
	}
	skips := 0
	if p.SkipUsed {
		skips = 1
	}
	mageTurns := p.Turn - 1 // the Mage turns played before this moment
	if !p.TomeUsed && p.Turn >= 1 && (p.Thumbs.Left == 0) == (p.Thumbs.Right == 0) {
		switch {
		case p.Thumbs.Left == 0 && mageTurns > skips:
			if p.SkipUsed {
				bad("turn %d with the thumbs at the top, the Tome unused and the skip used: the Mage has cast nothing, so only one earlier Mage turn (the skip) can have been played", p.Turn)
			} else {
				bad("turn %d with the thumbs at the top and neither the Tome nor the skip used: the Mage has had %d turns and each one cast or skipped", p.Turn, mageTurns)
			}
		case !setup.Options.ThumbsMayStay && mageTurns-skips > min(p.Thumbs.Left, p.Thumbs.Right):
			bad("turn %d: the Mage has cast %d times but the thumbs have uncovered only %d and %d rows (each cast moves both thumbs down, and the Tome is unused)", p.Turn, mageTurns-skips, p.Thumbs.Left, p.Thumbs.Right)
		}
		if p.Thumbs.Left == 0 && len(p.Removed) > 0 {
			bad("soldiers removed with the thumbs at the top and the Tome unused: the Mage has cast nothing")
		}
	}
	if p.Turn == 1 && (p.SkipUsed || p.TomeUsed) {
		bad("the skip or the Tome used in turn 1: the Mage has had no turn yet")
	}
	s.left, s.right = int8(min(max(p.Thumbs.Left, 0), rows)), int8(min(max(p.Thumbs.Right, 0), rows))
	s.tomeUsed, s.skipUsed = p.TomeUsed, p.SkipUsed

	// What the General did this turn.
	if p.LeftZone[0] != 0 {
		bad("leftZone[0] is %d: it stands for the camp and is always 0 (coins leave the camp by being placed)", p.LeftZone[0])
	}
	if p.LeftZone[NumZones] != 0 {
		bad("%d soldiers left zone 4 this turn: a soldier leaving zone 4 enters the Tower and wins the game", p.LeftZone[NumZones])
	}
	for z := 1; z < NumZones; z++ {
		if n := p.LeftZone[z]; n < 0 || n > 3 {
			bad("%d soldiers left zone %d this turn: 0 to 3 may leave a zone per turn", n, z)
		}
		s.leftFrom[z] = int8(min(max(p.LeftZone[z], 0), 3))
	}
	movedIn := [NumZones + 1]int{}
	for _, id := range p.Moved {
		i, ok := coinIndex(id)
		switch {
		case !ok:
			bad("moved lists %q, which is not a coin", id)
		case s.coins[i].moved:
			bad("moved lists %s twice", id)
		case !coinsOK:
		case s.coins[i].where < 1 || s.coins[i].where > NumZones:
			bad("%s moved this turn but is in %s: the General's turn removes no soldier and sends none back", id, place[i])
		default:
			s.coins[i].moved = true
			movedIn[s.coins[i].where]++
		}
	}
	if p.Phase == PhasePlace {
		if len(p.Camp) == 0 {
			bad("the General places coins with the camp empty: with an empty camp the turn starts with advancing")
		}
		if len(p.Moved) > 0 || p.LeftZone != [NumZones + 1]int{} {
			bad("soldiers moved before placing: placing comes first in the General's turn")
		}
	} else if coinsOK && p.Phase != PhaseOver {
		if movedIn[1] > 3 {
			bad("%d soldiers placed on the Field this turn: the General places 1 to 3", movedIn[1])
		}
		if len(p.Camp) > 0 && movedIn[1] == 0 {
			bad("coins in the camp but none placed this turn: a turn that starts with coins in the camp starts by placing 1 to 3")
		}
		for z := 2; z <= NumZones; z++ {
			if n := p.LeftZone[z-1]; n >= 0 && n <= 3 && movedIn[z] != n {
				bad("%d soldiers in zone %d moved this turn but %d left zone %d: a soldier moves one zone per turn", movedIn[z], z, p.LeftZone[z-1], z-1)
			}
		}
	}
	if p.Turn == 1 && coinsOK {
		for z := 2; z <= NumZones; z++ {
			if len(p.Zones[z-1]) > 0 {
				bad("soldiers in zone %d in turn 1: they have had no turn to advance yet", z)
				break
			}
		}
		if p.Phase != PhasePlace && movedIn[1] != len(p.Zones[0]) {
			bad("soldiers on the Field in turn 1 that were not placed this turn")
		}
		if len(p.Removed) > 0 {
			bad("soldiers removed in turn 1: the Mage has not cast yet")
		}
	}
	if p.Phase == PhaseCast && coinsOK && len(why) == 0 {
		if s.inPlay() == 0 {
			bad("the Mage's turn with no soldier in a zone: the General's turn always leaves one there")
		} else if !s.canCast() && s.skipUsed {
			bad("the Mage can neither cast nor skip: the game has ended, the General wins")
		}
	}
	if len(why) > 0 {
		return State{}, why
	}
	for i := range s.faces {
		s.faces[i] = s.coins[i].face
	}
	pc := p.clone()
	s.pos = &pc
	return s, nil
}

func (p Position) clone() Position {
	p.Camp = slices.Clone(p.Camp)
	for z := range p.Zones {
		p.Zones[z] = slices.Clone(p.Zones[z])
	}
	p.Removed = slices.Clone(p.Removed)
	p.Faces = slices.Clone(p.Faces)
	p.Moved = slices.Clone(p.Moved)
	return p
}
