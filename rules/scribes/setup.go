package scribes

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/grimoire-games/grimoire/rules/record"
)

// Player counts and table sizes.
const (
	MinPlayers = 2
	MaxPlayers = 8
	RowSize    = 5 // world tiles in the row
	MaxOinks   = 5 // oinks a player may hold once a decision is complete
	// OinksPerElementPerPlayer sizes the common supply.
	OinksPerElementPerPlayer = 2
)

// Options are the house-rule switches of a game. Rulings.md defines none for
// this game yet; the object exists so records keep their shape when some are
// added.
type Options struct{}

// Setup is the "setup" object of a record.
type Setup struct {
	// Players are the seat names, clockwise, 2 to 8.
	Players []string `json:"players"`
	// Bots optionally names a bot per seat ("" = a person); informational.
	Bots []string `json:"bots,omitempty"`
	// Options are the house-rule switches.
	Options Options `json:"options"`
	// Deck optionally fixes the card order after the re-shuffle: the first 5
	// go on the tiles left to right, the rest is the draw pile, top first.
	Deck []string `json:"deck,omitempty"`
	// Tiles optionally fixes the tile order: the first 5 form the row left to
	// right, the rest is the stack, top first.
	Tiles []string `json:"tiles,omitempty"`
	// Draw optionally fixes the first-player draw: round by round, the card
	// each contender drew, in seat order (round 1: every seat; later rounds:
	// only the seats tied for the highest card).
	Draw [][]string `json:"draw,omitempty"`
	// First optionally names the starting seat directly (no draw is shown).
	First *int `json:"first,omitempty"`
	// Data optionally replaces the default elements, deck and tiles.
	Data *Data `json:"data,omitempty"`
}

// ParseSetup reads a record's setup strictly (unknown keys are errors) and
// validates it.
func ParseSetup(raw []byte) (Setup, error) {
	var s Setup
	if err := record.DecodeStrict(raw, &s); err != nil {
		return Setup{}, fmt.Errorf("%w: %v", ErrBadSetup, err)
	}
	if err := s.Validate(); err != nil {
		return Setup{}, err
	}
	return s, nil
}

// Validate checks a setup exactly as New does: 2 to 8 distinct names fit
// to show (record.CheckName), known bots, a playable custom material, first
// or draw but not both, a draw that could have happened and deck and tile
// orders that list everything once. Dealing is cheap, so it deals.
func (s Setup) Validate() error {
	_, err := New(s, 0)
	return err
}

// NewRecord wraps a setup and seed in an empty record of this game.
func NewRecord(setup Setup, seed int64) (record.Record, error) {
	raw, err := json.Marshal(setup)
	if err != nil {
		return record.Record{}, err
	}
	return record.Record{Game: record.ArcaneScribes, Version: record.FormatVersion, Seed: seed, Setup: raw, Actions: []json.RawMessage{}}, nil
}

func (s Setup) check() (*Data, error) {
	n := len(s.Players)
	if n < MinPlayers || n > MaxPlayers {
		return nil, fmt.Errorf("%w: %d players; The Arcane Scribes seats 2 to 8", ErrBadSetup, n)
	}
	seen := map[string]bool{}
	for i, p := range s.Players {
		p = strings.TrimSpace(p)
		if p == "" {
			return nil, fmt.Errorf("%w: seat %d has no name", ErrBadSetup, i)
		}
		if err := record.CheckName(s.Players[i]); err != nil {
			return nil, fmt.Errorf("%w: the name of seat %d: %w", ErrBadSetup, i, err)
		}
		if seen[p] {
			return nil, fmt.Errorf("%w: two seats are called %q", ErrBadSetup, p)
		}
		seen[p] = true
	}
	if s.Bots != nil && len(s.Bots) != n {
		return nil, fmt.Errorf("%w: bots lists %d seats but there are %d players", ErrBadSetup, len(s.Bots), n)
	}
	for i, b := range s.Bots {
		// A seat given to a bot nobody can run would wait for ever.
		if b != "" && BotByName(b) == nil {
			return nil, fmt.Errorf("%w: seat %d names the bot %q; the bots are random and greedy", ErrBadSetup, i, b)
		}
	}
	d := DefaultData()
	if s.Data != nil {
		cp := *s.Data
		if err := cp.check(); err != nil {
			return nil, fmt.Errorf("%w: %w", ErrBadSetup, err)
		}
		d = &cp
	}
	if s.First != nil && s.Draw != nil {
		return nil, fmt.Errorf("%w: give either first or draw, not both", ErrBadSetup)
	}
	if s.First != nil && (*s.First < 0 || *s.First >= n) {
		return nil, fmt.Errorf("%w: first seat %d does not exist", ErrBadSetup, *s.First)
	}
	return d, nil
}

// permutation turns a list of ids into indexes, checking it names every item
// exactly once.
func permutation(what string, ids []string, index map[string]int) ([]int, error) {
	if len(ids) != len(index) {
		return nil, fmt.Errorf("%w: the %s order lists %d ids; it must list all %d exactly once", ErrBadSetup, what, len(ids), len(index))
	}
	out := make([]int, len(ids))
	used := make([]bool, len(index))
	for i, id := range ids {
		j, ok := index[id]
		if !ok {
			return nil, fmt.Errorf("%w: the %s order names unknown id %q", ErrBadSetup, what, id)
		}
		if used[j] {
			return nil, fmt.Errorf("%w: the %s order names %q twice", ErrBadSetup, what, id)
		}
		used[j] = true
		out[i] = j
	}
	return out, nil
}
