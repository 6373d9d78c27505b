package tower

import (
	"encoding/json"
	"fmt"

	"github.com/grimoire-games/grimoire/rules/record"
)

// ActionType names what an action does; it is the record's "type".
type ActionType string

// The action types. The General plays place, advance, flip and end; the
// Mage plays cast and skip.
const (
	Place   ActionType = "place"
	Advance ActionType = "advance"
	Flip    ActionType = "flip"
	End     ActionType = "end"
	Cast    ActionType = "cast"
	Skip    ActionType = "skip"
)

func (t ActionType) String() string { return string(t) }

// Side is the side that plays this type of action, or NoSide if unknown.
func (t ActionType) Side() Side {
	switch t {
	case Place, Advance, Flip, End:
		return General
	case Cast, Skip:
		return Mage
	}
	return NoSide
}

// Fireball sides.
const (
	Leftmost  = "left"
	Rightmost = "right"
)

// Hit is one share of a Lightning: Damage points on Coin.
type Hit struct {
	Coin   string `json:"coin"`
	Damage int    `json:"damage"`
}

// Action is one decision. Which fields are used depends on Type:
//
//	place    Coins: 1-3 camp coins, joining the Field in this order
//	advance  Zone: the zone they leave (1-4); Coins: 1-3 of its soldiers, joining
//	         the next zone (or the Tower from zone 4) in this order
//	flip     Coin: a heads coin in camp or in a zone; it ends the General's turn
//	end      (nothing): ends the General's turn without a flip
//	cast     DamageRow, SpellRow: the rows (1 = top) the thumbs move down to;
//	         Spell: optional check of the spell on SpellRow; then the targets:
//	         Lightning Hits, Fireball Side ("left"/"right"), Wave Zone, Tome Coin
//	skip     (nothing): the Mage's one skip of the game
type Action struct {
	Type      ActionType
	Coins     []string
	Zone      int
	Coin      string
	DamageRow int
	SpellRow  int
	Spell     Spell
	Hits      []Hit
	Side      string
}

// wire is the record form of an action. Pointers tell a missing field from a
// zero one, so foreign fields are refused.
type wire struct {
	Type      ActionType `json:"type"`
	Coins     []string   `json:"coins,omitempty"`
	Zone      *int       `json:"zone,omitempty"`
	Coin      *string    `json:"coin,omitempty"`
	DamageRow *int       `json:"damageRow,omitempty"`
	SpellRow  *int       `json:"spellRow,omitempty"`
	Spell     *Spell     `json:"spell,omitempty"`
	Hits      []Hit      `json:"hits,omitempty"`
	Side      *string    `json:"side,omitempty"`
}

// MarshalJSON writes the record form: only the fields the type uses.
func (a Action) MarshalJSON() ([]byte, error) {
	w := wire{Type: a.Type}
	switch a.Type {
	case Place:
		w.Coins = a.Coins
	case Advance:
		w.Zone, w.Coins = &a.Zone, a.Coins
	case Flip:
		w.Coin = &a.Coin
	case End, Skip:
	case Cast:
		w.DamageRow, w.SpellRow = &a.DamageRow, &a.SpellRow
		if a.Spell != 0 {
			w.Spell = &a.Spell
		}
		if a.Hits != nil {
			w.Hits = a.Hits
		}
		if a.Side != "" {
			w.Side = &a.Side
		}
		if a.Zone != 0 {
			w.Zone = &a.Zone
		}
		if a.Coin != "" {
			w.Coin = &a.Coin
		}
	default:
		return nil, fmt.Errorf("%w: unknown action type %q", ErrBadAction, a.Type)
	}
	return json.Marshal(w)
}

// UnmarshalJSON reads the record form; see ParseAction.
func (a *Action) UnmarshalJSON(data []byte) error {
	b, err := ParseAction(data)
	if err != nil {
		return err
	}
	*a = b
	return nil
}

// ParseAction reads one action of a record strictly: unknown keys, fields the
// type does not use, missing fields and unknown coin ids are errors.
func ParseAction(data []byte) (Action, error) {
	var w wire
	if err := record.DecodeStrict(data, &w); err != nil {
		return Action{}, fmt.Errorf("%w: %v", ErrBadAction, err)
	}
	a := Action{Type: w.Type, Coins: w.Coins, Hits: w.Hits}
	if w.Zone != nil {
		a.Zone = *w.Zone
	}
	if w.Coin != nil {
		a.Coin = *w.Coin
	}
	if w.DamageRow != nil {
		a.DamageRow = *w.DamageRow
	}
	if w.SpellRow != nil {
		a.SpellRow = *w.SpellRow
	}
	if w.Spell != nil {
		a.Spell = *w.Spell
	}
	if w.Side != nil {
		a.Side = *w.Side
	}
	present := map[string]bool{
		"coins": w.Coins != nil, "zone": w.Zone != nil, "coin": w.Coin != nil,
		"damageRow": w.DamageRow != nil, "spellRow": w.SpellRow != nil,
		"spell": w.Spell != nil, "hits": w.Hits != nil, "side": w.Side != nil,
	}
	var need, may []string
	switch a.Type {
	case Place:
		need = []string{"coins"}
	case Advance:
		need = []string{"zone", "coins"}
	case Flip:
		need = []string{"coin"}
	case End, Skip:
	case Cast:
		need = []string{"damageRow", "spellRow"}
		may = []string{"spell", "hits", "side", "zone", "coin"}
	case "":
		return Action{}, fmt.Errorf("%w: the action has no type", ErrBadAction)
	default:
		return Action{}, fmt.Errorf("%w: unknown action type %q (types: place, advance, flip, end, cast, skip)", ErrBadAction, a.Type)
	}
	allowed := map[string]bool{}
	for _, k := range need {
		if !present[k] {
			return Action{}, fmt.Errorf("%w: a %s action needs %q", ErrBadAction, a.Type, k)
		}
		allowed[k] = true
	}
	for _, k := range may {
		allowed[k] = true
	}
	for _, k := range []string{"coins", "zone", "coin", "damageRow", "spellRow", "spell", "hits", "side"} {
		if present[k] && !allowed[k] {
			return Action{}, fmt.Errorf("%w: a %s action has no %q", ErrBadAction, a.Type, k)
		}
	}
	// A zone or side written out must name something: an empty one would be
	// read as "not given" and quietly dropped.
	if w.Zone != nil && a.Type == Cast && *w.Zone == 0 {
		return Action{}, fmt.Errorf("%w: there is no zone 0 (Wave hits zone 1 to 4)", ErrBadAction)
	}
	if w.Side != nil && *w.Side == "" {
		return Action{}, fmt.Errorf("%w: \"side\" is \"left\" or \"right\", not empty", ErrBadAction)
	}
	for _, id := range a.Coins {
		if _, ok := coinIndex(id); !ok {
			return Action{}, fmt.Errorf("%w: unknown coin %q (coins: L1-L3, M1-M3, S1-S3)", ErrBadAction, id)
		}
	}
	for _, h := range a.Hits {
		if _, ok := coinIndex(h.Coin); !ok {
			return Action{}, fmt.Errorf("%w: unknown coin %q (coins: L1-L3, M1-M3, S1-S3)", ErrBadAction, h.Coin)
		}
	}
	if w.Coin != nil {
		if _, ok := coinIndex(a.Coin); !ok {
			return Action{}, fmt.Errorf("%w: unknown coin %q (coins: L1-L3, M1-M3, S1-S3)", ErrBadAction, a.Coin)
		}
	}
	return a, nil
}
