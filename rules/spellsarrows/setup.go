package spellsarrows

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/grimoire-games/grimoire/rules/record"
)

// Options are the house-rule switches of the rulings (rulings.go), stored in
// the record.
type Options struct {
	// SameSpellOnly: instead of forbidding any two court-spell attempts in a
	// row, forbid only the same court spell twice in a row.
	SameSpellOnly bool `json:"sameSpellOnly,omitempty"`
}

// Setup is the record's setup object.
type Setup struct {
	Victory int     `json:"victory"`
	Spy     string  `json:"spy"`
	Mage    string  `json:"mage"`
	Turns   int     `json:"turns,omitempty"` // 0: the field left out, DefaultTurns
	Options Options `json:"options,omitempty"`
	Map     *Map    `json:"map,omitempty"`  // custom map; nil = DefaultMap
	Deck    *Deck   `json:"deck,omitempty"` // custom deck; nil = DefaultDeck
	// Position, when given, is the moment the game starts from instead of
	// the opening (position.go); nil = turn 1, the spy at the start.
	Position *Position `json:"position,omitempty"`
}

// Limits of a setup.
const (
	DefaultTurns = 5
	MaxTurns     = 20
	MaxVictory   = 999
)

// TurnCount is the number of turns the game lasts.
func (s Setup) TurnCount() int {
	if s.Turns == 0 {
		return DefaultTurns
	}
	return s.Turns
}

// CheckTurns is the one rule for a number of turns someone chose (a form's
// field, a setup's "turns"): 1 to MaxTurns. Only a setup that leaves the
// number out gets DefaultTurns; a 0 written down is refused like a 21.
func CheckTurns(n int) error {
	if n < 1 || n > MaxTurns {
		return fmt.Errorf("%w: turns must be 1 to %d, not %d", ErrBadSetup, MaxTurns, n)
	}
	return nil
}

// ParseSetup reads a setup strictly and validates it. "turns" left out
// means DefaultTurns; "turns": 0 is refused (the Go value cannot tell the
// two apart, so the field is looked at once more here).
func ParseSetup(raw []byte) (Setup, error) {
	var s Setup
	if err := record.DecodeStrict(raw, &s); err != nil {
		return Setup{}, fmt.Errorf("%w: %v", ErrBadSetup, err)
	}
	var given struct {
		Position json.RawMessage `json:"position"`
	}
	if err := json.Unmarshal(raw, &given); err != nil {
		return Setup{}, fmt.Errorf("%w: %v", ErrBadSetup, err)
	}
	if string(given.Position) == "null" {
		// null would read as no position at all: a record says one thing.
		return Setup{}, fmt.Errorf("%w: \"position\" is an object; leave it out to start from the opening", ErrBadSetup)
	}
	if s.Position != nil {
		if missing := missingKeys(given.Position); len(missing) > 0 {
			return Setup{}, &PositionError{Reasons: missing}
		}
	}
	if s.Turns == 0 {
		var given struct {
			Turns *int `json:"turns"`
		}
		if err := json.Unmarshal(raw, &given); err != nil {
			return Setup{}, fmt.Errorf("%w: %v", ErrBadSetup, err)
		}
		if given.Turns != nil {
			return Setup{}, CheckTurns(*given.Turns)
		}
	}
	if err := s.Validate(); err != nil {
		return Setup{}, err
	}
	return s, nil
}

// Validate checks a setup: victory 1..999, both names given, different and
// fit to show (record.CheckName), turns 1..20 by CheckTurns (0, the field
// left out, plays DefaultTurns), and a valid custom
// map and deck if present (a custom deck is checked against the custom map,
// or the default map).
func (s Setup) Validate() error {
	w, err := s.world()
	if err != nil || s.Position == nil {
		return err
	}
	if _, why := build(w, s, *s.Position); len(why) > 0 {
		return &PositionError{Reasons: why}
	}
	return nil
}

func (s Setup) world() (*world, error) {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrBadSetup, fmt.Sprintf(format, args...))
	}
	if s.Victory < 1 || s.Victory > MaxVictory {
		return nil, bad("the Victory Number must be 1 to %d, not %d", MaxVictory, s.Victory)
	}
	spy, mage := strings.TrimSpace(s.Spy), strings.TrimSpace(s.Mage)
	if spy == "" || mage == "" {
		return nil, bad("both the spy and the mage need a name")
	}
	if err := record.CheckName(s.Spy); err != nil {
		return nil, fmt.Errorf("%w: the spy's name: %w", ErrBadSetup, err)
	}
	if err := record.CheckName(s.Mage); err != nil {
		return nil, fmt.Errorf("%w: the mage's name: %w", ErrBadSetup, err)
	}
	if strings.EqualFold(spy, mage) {
		return nil, bad("the spy and the mage must be different players (both are %q)", spy)
	}
	if s.Turns != 0 {
		if err := CheckTurns(s.Turns); err != nil {
			return nil, err
		}
	}
	if s.Map == nil && s.Deck == nil {
		return defaultData(), nil
	}
	def := defaultData()
	m, d := def.m, def.d
	if s.Map != nil {
		if err := s.Map.Validate(); err != nil {
			return nil, fmt.Errorf("%w: %w", ErrBadSetup, err)
		}
		m = s.Map.clone()
	}
	if s.Deck != nil {
		d = s.Deck.clone()
	}
	if err := d.Validate(m); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadSetup, err)
	}
	return newWorld(m, d), nil
}
