package tower

import (
	"fmt"

	"github.com/grimoire-games/grimoire/rules/record"
)

// Snapshot is the whole state as JSON, for `grimoire replay`, the app's
// views and golden tests.
type Snapshot struct {
	Game    string  `json:"game"`
	Viewer  string  `json:"viewer"` // "" for the full state, else the side it was made for
	Turn    int     `json:"turn"`
	ToPlay  Side    `json:"toPlay"`
	Phase   Phase   `json:"phase"`
	Over    bool    `json:"over"`
	Winner  Side    `json:"winner"`
	Reason  string  `json:"reason"`
	General string  `json:"general"`
	Mage    string  `json:"mage"`
	Options Options `json:"options"`

	Coins   []CoinView         `json:"coins"`
	Camp    []string           `json:"camp"`
	Zones   [NumZones][]string `json:"zones"` // zone 1 (Field) first, each left to right
	Removed []string           `json:"removed"`
	Tower   []string           `json:"tower"`
	Left    [NumZones + 1]int  `json:"leftZone"` // soldiers that left zone n (index n) this General turn
	Score   Score              `json:"score"`

	Thumbs   Thumbs `json:"thumbs"`
	TomeUsed bool   `json:"tomeUsed"`
	SkipUsed bool   `json:"skipUsed"`
	Card     []Row  `json:"card"`
	Moves    int    `json:"moves"`
}

// CoinView is one coin. Face is "hidden" in the Mage's view of the camp.
type CoinView struct {
	ID     string `json:"id"`
	Size   string `json:"size"`
	Health int    `json:"health"`
	Face   string `json:"face"`
	Where  string `json:"where"`           // camp, zone, removed, tower
	Zone   int    `json:"zone,omitempty"`  // 1-4 when Where is zone
	Order  int    `json:"order,omitempty"` // 1 = leftmost of its zone
	Damage int    `json:"damage"`
	Moved  bool   `json:"moved"` // placed or advanced this General turn
}

// Thumbs are the thumb positions: rows uncovered (0 = at the top) and what
// the last uncovered rows show.
type Thumbs struct {
	Left   int    `json:"left"`
	Right  int    `json:"right"`
	Damage int    `json:"damage"` // 0 when the left thumb is at the top
	Spell  string `json:"spell"`  // "" when the right thumb is at the top
}

// Score is the tally at any moment (and at the end).
type Score struct {
	Removed int `json:"removed"` // soldiers the Mage removed
	InPlay  int `json:"inPlay"`
	InCamp  int `json:"inCamp"`
	Tower   int `json:"tower"` // soldiers that reached the Tower
}

// Snapshot is the full state: every coin's face, the camp's included.
func (s State) Snapshot() Snapshot { return s.snapshot("") }

// View is the state as side sees it: for the Mage, the camp's faces are
// "hidden". The General sees everything.
func (s State) View(side Side) Snapshot { return s.snapshot(side) }

func (s State) snapshot(viewer Side) Snapshot {
	sn := Snapshot{
		Game: record.MagesTower, Viewer: string(viewer), Turn: s.turn, ToPlay: s.toPlay, Phase: s.phase,
		Over: s.phase == PhaseOver, Winner: s.winner, Reason: s.reason,
		General: s.general, Mage: s.mage, Options: s.opts,
		Camp: []string{}, Removed: []string{}, Tower: []string{},
		Thumbs:   Thumbs{Left: int(s.left), Right: int(s.right)},
		TomeUsed: s.tomeUsed, SkipUsed: s.skipUsed, Card: append([]Row(nil), s.card.Rows...), Moves: s.moves,
	}
	for z := range sn.Left {
		sn.Left[z] = int(s.leftFrom[z])
	}
	if s.left > 0 {
		sn.Thumbs.Damage = s.card.Rows[s.left-1].Damage
	}
	if s.right > 0 {
		sn.Thumbs.Spell = s.card.Rows[s.right-1].Spell.String()
	}
	order := [NumZones + 1]map[int]int{}
	for z := 1; z <= NumZones; z++ {
		order[z] = map[int]int{}
		ids := s.zone(int8(z))
		sn.Zones[z-1] = names(ids)
		for k, i := range ids {
			order[z][i] = k + 1
		}
	}
	sn.Camp = append(sn.Camp, names(s.zone(inCamp))...)
	sn.Removed = append(sn.Removed, names(s.zone(inRemoved))...)
	sn.Tower = append(sn.Tower, names(s.zone(inTower))...)
	for i, c := range s.coins {
		v := CoinView{ID: coinName(i), Size: coinSize(i).String(), Health: coinSize(i).Health(),
			Face: c.face.String(), Damage: int(c.damage), Moved: c.moved}
		switch {
		case c.where == inCamp:
			v.Where = "camp"
			if viewer == Mage {
				v.Face = "hidden"
			}
		case c.where == inRemoved:
			v.Where = "removed"
		case c.where == inTower:
			v.Where = "tower"
		default:
			v.Where, v.Zone, v.Order = "zone", int(c.where), order[c.where][i]
		}
		sn.Coins = append(sn.Coins, v)
	}
	sn.Score = Score{Removed: len(sn.Removed), InPlay: s.inPlay(), InCamp: len(sn.Camp), Tower: len(sn.Tower)}
	return sn
}

// Replay rebuilds a game from its record: New(setup, seed), then every
// action in order. A bad action i gives *record.ActionError{Index: i}; a
// record that cannot be read at all wraps record.ErrMalformed.
func Replay(rec record.Record) (State, error) {
	if rec.Game != record.MagesTower {
		return State{}, fmt.Errorf("%w: %q is not a %s record", record.ErrMalformed, rec.Game, record.MagesTower)
	}
	s, err := record.Play(Rules(), rec.Setup, rec.Seed, rec.Actions, nil)
	if record.IsSetupError(err) {
		return s, fmt.Errorf("%w: %w", record.ErrMalformed, err)
	}
	return s, err
}

// Rules is this package as record.Play needs it.
func Rules() record.Rules[Setup, State, Action] {
	return record.Rules[Setup, State, Action]{ParseSetup: ParseSetup, New: New, ParseAction: ParseAction, Apply: Apply}
}
