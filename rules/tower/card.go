package tower

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/grimoire-games/grimoire/rules/record"
)

// Spell is one of the four spells of the Mage's card.
type Spell int8

// The spells. The zero value is "no spell".
const (
	Lightning Spell = iota + 1
	Wave
	Fireball
	Tome
)

// String is the spell's id as records and card files spell it.
func (sp Spell) String() string {
	switch sp {
	case Lightning:
		return "lightning"
	case Wave:
		return "wave"
	case Fireball:
		return "fireball"
	case Tome:
		return "tome"
	}
	return ""
}

// Title is the spell's name for people ("Fireball").
func (sp Spell) Title() string {
	switch sp {
	case Lightning:
		return "Lightning"
	case Wave:
		return "Wave"
	case Fireball:
		return "Fireball"
	case Tome:
		return "Tome"
	}
	return "no spell"
}

// MarshalText writes the spell id.
func (sp Spell) MarshalText() ([]byte, error) {
	if sp.String() == "" {
		return nil, fmt.Errorf("%w: no spell", ErrBadCard)
	}
	return []byte(sp.String()), nil
}

// UnmarshalText reads a spell id; anything else is an error.
func (sp *Spell) UnmarshalText(b []byte) error {
	switch string(b) {
	case "lightning":
		*sp = Lightning
	case "wave":
		*sp = Wave
	case "fireball":
		*sp = Fireball
	case "tome":
		*sp = Tome
	default:
		return fmt.Errorf("unknown spell %q (spells: lightning, wave, fireball, tome)", b)
	}
	return nil
}

// Row is one row of the card: the damage number under the left thumb and the
// spell under the right thumb.
type Row struct {
	Damage int   `json:"damage"`
	Spell  Spell `json:"spell"`
}

// Card is the Mage's card, rows from top (index 0, row 1) to bottom. A Card
// held by a State is never modified.
type Card struct {
	Rows []Row `json:"rows"`
}

// Card limits a user's replacement card must respect.
const (
	MaxRows   = 16
	MaxDamage = 99
)

//go:embed data/card.json
var defaultCardJSON []byte

var defaultCard = sync.OnceValue(func() Card {
	c, err := ParseCard(defaultCardJSON)
	if err != nil {
		panic("tower: embedded card: " + err.Error())
	}
	return c
})

// DefaultCard returns the card of the rule sheet (a fresh copy): damage 1, 3,
// 2, 4, 2, 5, 3, 6 and spells Lightning, Wave, Fireball, Lightning, Tome,
// Wave, Fireball, Lightning, top to bottom.
func DefaultCard() Card { return defaultCard().clone() }

// DefaultCardJSON returns the embedded card file, for showing or editing.
func DefaultCardJSON() []byte { return append([]byte(nil), defaultCardJSON...) }

// ParseCard reads and checks a card file: {"rows":[{"damage":1,"spell":"lightning"}, ...]}.
func ParseCard(data []byte) (Card, error) {
	var c Card
	if err := record.DecodeStrict(data, &c); err != nil {
		return Card{}, fmt.Errorf("%w: %v", ErrBadCard, err)
	}
	if err := c.Validate(); err != nil {
		return Card{}, err
	}
	return c.clone(), nil
}

// Validate checks that a card can be played.
func (c Card) Validate() error {
	if len(c.Rows) == 0 {
		return fmt.Errorf("%w: the card has no rows", ErrBadCard)
	}
	if len(c.Rows) > MaxRows {
		return fmt.Errorf("%w: the card has %d rows, at most %d are allowed", ErrBadCard, len(c.Rows), MaxRows)
	}
	for i, r := range c.Rows {
		if r.Damage < 1 || r.Damage > MaxDamage {
			return fmt.Errorf("%w: row %d: damage %d is not between 1 and %d", ErrBadCard, i+1, r.Damage, MaxDamage)
		}
		if r.Spell < Lightning || r.Spell > Tome {
			return fmt.Errorf("%w: row %d has no spell", ErrBadCard, i+1)
		}
	}
	return nil
}

// MarshalJSON writes the card in its file form.
func (c Card) MarshalJSON() ([]byte, error) {
	type plain Card
	p := plain(c)
	if p.Rows == nil {
		p.Rows = []Row{}
	}
	return json.Marshal(p)
}

func (c Card) clone() Card { return Card{Rows: append([]Row(nil), c.Rows...)} }
