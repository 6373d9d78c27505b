package tower

import (
	"encoding/json"
	"fmt"

	"github.com/grimoire-games/grimoire/rules/record"
)

// Side is a seat at the table.
type Side string

// The two sides. NoSide is the winner of a game still being played.
const (
	NoSide  Side = ""
	General Side = "general"
	Mage    Side = "mage"
)

func (s Side) String() string { return string(s) }

// Title is the side's name for people.
func (s Side) Title() string {
	switch s {
	case General:
		return "General"
	case Mage:
		return "Mage"
	}
	return "nobody"
}

// Face is the side of a coin that is up. Tails is a shield.
type Face int8

// Coin faces.
const (
	Heads Face = iota
	Tails
)

func (f Face) String() string {
	if f == Tails {
		return "tails"
	}
	return "heads"
}

// MarshalText writes "heads" or "tails".
func (f Face) MarshalText() ([]byte, error) { return []byte(f.String()), nil }

// UnmarshalText reads "heads" or "tails".
func (f *Face) UnmarshalText(b []byte) error {
	switch string(b) {
	case "heads":
		*f = Heads
	case "tails":
		*f = Tails
	default:
		return fmt.Errorf("a coin face is \"heads\" or \"tails\", not %q", b)
	}
	return nil
}

// Size is a coin's size; it sets the soldier's health.
type Size int8

// Coin sizes.
const (
	Large Size = iota
	Medium
	Small
)

func (z Size) String() string {
	switch z {
	case Large:
		return "large"
	case Medium:
		return "medium"
	}
	return "small"
}

// Health is the damage a soldier of this size takes before it is removed.
func (z Size) Health() int { return 3 - int(z) }

// NumCoins is the number of soldiers; NumZones the zones between camp and Tower.
const (
	NumCoins = 9
	NumZones = 4
)

// CoinIDs lists the coin ids in their fixed order (the order of Setup.Faces).
func CoinIDs() []string {
	ids := make([]string, NumCoins)
	for i := range ids {
		ids[i] = coinName(i)
	}
	return ids
}

func coinName(i int) string { return string([]byte{"LMS"[i/3], byte('1' + i%3)}) }

func coinIndex(id string) (int, bool) {
	if len(id) != 2 || id[1] < '1' || id[1] > '3' {
		return 0, false
	}
	var base int
	switch id[0] {
	case 'L':
		base = 0
	case 'M':
		base = 3
	case 'S':
		base = 6
	default:
		return 0, false
	}
	return base + int(id[1]-'1'), true
}

func coinSize(i int) Size { return Size(i / 3) }

// Options are the house-rule switches of the rulings (rulings.go).
type Options struct {
	// ThumbsMayStay lets a cast leave a thumb on the row it already
	// uncovered instead of moving it down at least one row.
	ThumbsMayStay bool `json:"thumbsMayStay,omitempty"`
}

// Setup is how a game starts. Faces, when given, fix the coins' faces in
// coin-id order (L1 L2 L3 M1 M2 M3 S1 S2 S3) instead of drawing them from the
// seed; Card, when given, replaces the default card.
type Setup struct {
	General string  `json:"general"`
	Mage    string  `json:"mage"`
	Options Options `json:"options,omitzero"`
	Faces   []Face  `json:"faces,omitempty"`
	Card    *Card   `json:"card,omitempty"`
	// Position, when given, is the moment the game starts from instead of
	// the opening (position.go); it gives every coin's face, so Faces is
	// left out.
	Position *Position `json:"position,omitempty"`
}

// ParseSetup reads a setup strictly (unknown keys are errors) and checks it.
func ParseSetup(data []byte) (Setup, error) {
	var s Setup
	if err := record.DecodeStrict(data, &s); err != nil {
		return Setup{}, fmt.Errorf("%w: %v", ErrBadSetup, err)
	}
	var given struct {
		Position json.RawMessage `json:"position"`
	}
	if err := json.Unmarshal(data, &given); err != nil {
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
	if err := s.Validate(); err != nil {
		return Setup{}, err
	}
	return s, nil
}

// Validate checks a setup: both players named (record.CheckName), all nine
// faces or none, and a playable card if one is given.
func (s Setup) Validate() error {
	if err := record.CheckName(s.General); err != nil {
		return fmt.Errorf("%w: the General's name: %w", ErrBadSetup, err)
	}
	if err := record.CheckName(s.Mage); err != nil {
		return fmt.Errorf("%w: the Mage's name: %w", ErrBadSetup, err)
	}
	if s.Faces != nil && len(s.Faces) != NumCoins {
		return fmt.Errorf("%w: faces must list all %d coins (L1 L2 L3 M1 M2 M3 S1 S2 S3), got %d", ErrBadSetup, NumCoins, len(s.Faces))
	}
	if s.Card != nil {
		if err := s.Card.Validate(); err != nil {
			return fmt.Errorf("%w: %w", ErrBadSetup, err)
		}
	}
	if s.Position != nil {
		if s.Faces != nil {
			return fmt.Errorf("%w: a position gives every coin's face: leave \"faces\" out", ErrBadSetup)
		}
		if _, why := build(s, *s.Position); len(why) > 0 {
			return &PositionError{Reasons: why}
		}
	}
	return nil
}

// MarshalJSON writes the setup in its record form.
func (s Setup) MarshalJSON() ([]byte, error) {
	type plain Setup
	return json.Marshal(plain(s))
}
