//go:build !js

package tower

import (
	"encoding/json"
	"math/rand/v2"
	"net/url"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/rules/record"
	tw "github.com/grimoire-games/grimoire/rules/tower"
	twview "github.com/grimoire-games/grimoire/views/tower"
)

// RehearsalForms are new-game forms for names (play.Rehearser).
func (Kind) RehearsalForms(n []string) []url.Values {
	return []url.Values{
		{"general": {n[0]}, "mage": {n[1]}, "mode": {"one"}},
		{"general": {n[2]}, "mage": {n[3]}, "mode": {"one"}, "thumbsMayStay": {"on"}, "magePlayer": {"random"}},
	}
}

// RehearsalPeople are the seats persons hold in ng.
func (Kind) RehearsalPeople(ng play.NewGame) []int {
	if len(ng.Seats) > 0 {
		return nil // a bot: one phone only
	}
	return []int{twview.SeatGeneral, twview.SeatMage}
}

// RandomMove is a random legal action, nil when the game is over.
func (Kind) RandomMove(t play.Table, r *rand.Rand) (json.RawMessage, error) {
	s, err := tw.Replay(record.Record{Game: t.Kind, Version: record.FormatVersion, Seed: t.Seed, Setup: t.Setup, Actions: t.Actions})
	if err != nil || s.Over() {
		return nil, err
	}
	a, err := tw.RandomBot{}.Choose(s, r)
	if err != nil {
		return nil, err
	}
	return json.Marshal(a)
}

// RehearsalAdvice are new-game queries for the advisor to draw.
func (Kind) RehearsalAdvice() []string {
	return nil
}
