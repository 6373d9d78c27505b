//go:build !js

package play

import (
	"encoding/json"
	"fmt"
)

// SampleGame is a Sampler's short game as it is played: its actions so far
// and the tables shown at chosen points of it.
type SampleGame struct {
	base    Table
	actions []json.RawMessage
	seats   []int
	shown   []Table
}

// NewSampleGame starts a sample game at base (its kind, setup, seed, seats
// and viewer; no actions).
func NewSampleGame(base Table) *SampleGame { return &SampleGame{base: base} }

// Add records an action made by seat (Scorekeeper for the shared phone).
func (g *SampleGame) Add(action any, seat int) error {
	raw, err := json.Marshal(action)
	if err != nil {
		return fmt.Errorf("sample action %d: %w", len(g.actions)+1, err)
	}
	g.actions, g.seats = append(g.actions, raw), append(g.seats, seat)
	return nil
}

// Len is how many actions the game has.
func (g *SampleGame) Len() int { return len(g.actions) }

// Show keeps the table as the game stands now.
func (g *SampleGame) Show() {
	t := g.base
	n := len(g.actions)
	t.Actions, t.ActionSeats, t.Version = g.actions[:n:n], g.seats[:n:n], n
	g.shown = append(g.shown, t)
}

// Shown are the tables kept, in the order of the game.
func (g *SampleGame) Shown() []Table { return g.shown }
