package scribes

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
)

// Element is one of the four kinds of oink and spell. Its codes are fixed
// (ASHW, TIDE, GALE, ROOT); the display names are data.
type Element uint8

// The four elements, in the order every [4]int count uses.
const (
	ASHW Element = iota
	TIDE
	GALE
	ROOT
)

// NumElements is the number of elements.
const NumElements = 4

var elementCodes = [NumElements]string{"ASHW", "TIDE", "GALE", "ROOT"}

// Elements lists the four elements in their fixed order (a function, so no
// caller can reorder them for everyone).
func Elements() [NumElements]Element { return [NumElements]Element{ASHW, TIDE, GALE, ROOT} }

// String returns the element's code, e.g. "TIDE".
func (e Element) String() string {
	if int(e) < NumElements {
		return elementCodes[e]
	}
	return fmt.Sprintf("Element(%d)", int(e))
}

// ParseElement reads an element code.
func ParseElement(code string) (Element, error) {
	for i, c := range elementCodes {
		if c == code {
			return Element(i), nil
		}
	}
	return 0, fmt.Errorf("unknown element %q (the elements are ASHW, TIDE, GALE and ROOT)", code)
}

// MarshalJSON writes the element code.
func (e Element) MarshalJSON() ([]byte, error) { return json.Marshal(e.String()) }

// UnmarshalJSON reads an element code.
func (e *Element) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("an element must be a code string: %w", err)
	}
	v, err := ParseElement(s)
	if err != nil {
		return err
	}
	*e = v
	return nil
}

// ElementInfo is the display name of an element code.
type ElementInfo struct {
	Code string `json:"code"`
	Name string `json:"name"`
}

// Card is one spell card.
type Card struct {
	ID      string  `json:"id"`
	Name    string  `json:"name"`
	Element Element `json:"element"`
	Value   int     `json:"value"`
}

// Tile is one world tile; its insignias decide the follow-up effect.
type Tile struct {
	ID        string    `json:"id"`
	Insignias []Element `json:"insignias"`
}

// Kind names the follow-up effect of a tile.
func (t Tile) Kind() FollowKind {
	switch len(t.Insignias) {
	case 1:
		return KindGain
	case 2:
		if t.Insignias[0] == t.Insignias[1] {
			return KindGain
		}
		return KindChoose
	case 3:
		return KindTrade
	default:
		return KindArena
	}
}

// has reports whether an element is among the tile's insignias.
func (t Tile) has(e Element) bool {
	for _, x := range t.Insignias {
		if x == e {
			return true
		}
	}
	return false
}

// MaxValue is the highest face value a card may have: five oinks of its own
// element pay at most 10.
const MaxValue = 10

// Data is the game's replaceable material: element names, the spell deck and
// the world tiles. A Data is never modified after it is built.
type Data struct {
	Elements []ElementInfo `json:"elements"`
	Cards    []Card        `json:"cards"`
	Tiles    []Tile        `json:"tiles"`

	cardIndex map[string]int
	tileIndex map[string]int
}

//go:embed data/elements.json
var defaultElements []byte

//go:embed data/deck.json
var defaultDeck []byte

//go:embed data/tiles.json
var defaultTiles []byte

var defaultData = sync.OnceValue(func() *Data {
	d, err := ParseData(defaultElements, defaultDeck, defaultTiles)
	if err != nil {
		panic("scribes: embedded default data is invalid: " + err.Error())
	}
	return d
})

// DefaultData returns the embedded default set: 40 cards, 48 tiles and the
// element names of the rules page. The result is shared and must not be
// modified.
func DefaultData() *Data { return defaultData() }

// ErrBadData marks replacement data files that cannot be used.
var ErrBadData = errors.New("invalid game data")

// ParseData reads the three data files (elements, deck, tiles) and checks
// them. A nil or empty file means "use the default for this one".
func ParseData(elements, deck, tiles []byte) (*Data, error) {
	var d Data
	if len(bytes.TrimSpace(elements)) == 0 {
		elements = defaultElements
	}
	if len(bytes.TrimSpace(deck)) == 0 {
		deck = defaultDeck
	}
	if len(bytes.TrimSpace(tiles)) == 0 {
		tiles = defaultTiles
	}
	if err := decodeList(elements, &d.Elements); err != nil {
		return nil, fmt.Errorf("%w: elements file: %v", ErrBadData, err)
	}
	if err := decodeList(deck, &d.Cards); err != nil {
		return nil, fmt.Errorf("%w: deck file: %v", ErrBadData, err)
	}
	if err := decodeList(tiles, &d.Tiles); err != nil {
		return nil, fmt.Errorf("%w: tiles file: %v", ErrBadData, err)
	}
	if err := d.check(); err != nil {
		return nil, err
	}
	return &d, nil
}

func decodeList(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("trailing data after the list")
	}
	return nil
}

// Build checks a Data assembled in code (or decoded from a setup) and
// indexes it.
func (d *Data) check() error {
	if len(d.Elements) != NumElements {
		return fmt.Errorf("%w: the elements file must name exactly 4 elements, it names %d", ErrBadData, len(d.Elements))
	}
	for i, e := range d.Elements {
		if e.Code != elementCodes[i] {
			return fmt.Errorf("%w: element %d must have code %s, not %q (codes are fixed; only names may change)", ErrBadData, i+1, elementCodes[i], e.Code)
		}
		if strings.TrimSpace(e.Name) == "" {
			return fmt.Errorf("%w: element %s has no name", ErrBadData, e.Code)
		}
	}
	d.cardIndex = make(map[string]int, len(d.Cards))
	for i, c := range d.Cards {
		switch {
		case c.ID == "":
			return fmt.Errorf("%w: card %d has no id", ErrBadData, i+1)
		case strings.TrimSpace(c.Name) == "":
			return fmt.Errorf("%w: card %q has no name", ErrBadData, c.ID)
		case int(c.Element) >= NumElements:
			return fmt.Errorf("%w: card %q has no valid element", ErrBadData, c.ID)
		case c.Value < 1 || c.Value > MaxValue:
			return fmt.Errorf("%w: card %q has face value %d; it must be 1 to %d (5 oinks pay at most 10)", ErrBadData, c.ID, c.Value, MaxValue)
		}
		if _, dup := d.cardIndex[c.ID]; dup {
			return fmt.Errorf("%w: two cards have the id %q", ErrBadData, c.ID)
		}
		d.cardIndex[c.ID] = i
	}
	if len(d.Cards) < RowSize+MaxPlayers {
		return fmt.Errorf("%w: the deck has %d cards; it needs at least %d (5 on the tiles and one per player in the pile)", ErrBadData, len(d.Cards), RowSize+MaxPlayers)
	}
	d.tileIndex = make(map[string]int, len(d.Tiles))
	for i, t := range d.Tiles {
		if t.ID == "" {
			return fmt.Errorf("%w: tile %d has no id", ErrBadData, i+1)
		}
		if _, dup := d.tileIndex[t.ID]; dup {
			return fmt.Errorf("%w: two tiles have the id %q", ErrBadData, t.ID)
		}
		d.tileIndex[t.ID] = i
		n := len(t.Insignias)
		if n < 1 || n > 4 {
			return fmt.Errorf("%w: tile %q has %d insignias; a tile has 1 to 4", ErrBadData, t.ID, n)
		}
		for _, e := range t.Insignias {
			if int(e) >= NumElements {
				return fmt.Errorf("%w: tile %q has an invalid insignia", ErrBadData, t.ID)
			}
		}
		if n >= 3 {
			seen := [NumElements]bool{}
			for _, e := range t.Insignias {
				if seen[e] {
					return fmt.Errorf("%w: tile %q repeats an insignia; tiles with 3 or 4 insignias show different elements", ErrBadData, t.ID)
				}
				seen[e] = true
			}
		}
	}
	if len(d.Tiles) < RowSize {
		return fmt.Errorf("%w: there are %d tiles; the row needs %d", ErrBadData, len(d.Tiles), RowSize)
	}
	return nil
}

// Card returns a card by id.
func (d *Data) Card(id string) (Card, bool) {
	i, ok := d.cardIndex[id]
	if !ok {
		return Card{}, false
	}
	return d.Cards[i], true
}

// ElementName is the display name of an element.
func (d *Data) ElementName(e Element) string { return d.Elements[e].Name }
