//go:build !js

package spellsarrows

import (
	"encoding/json"
	"math/rand/v2"
	"net/url"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/rules/record"
	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
)

// RehearsalForms are new-game forms for names (play.Rehearser).
func (Kind) RehearsalForms(n []string) []url.Values {
	return []url.Values{
		{"spy": {n[0]}, "mage": {n[1]}, "victory": {"12"}, "turns": {"5"}},
		{"spy": {n[2]}, "mage": {n[3]}, "victory": {"6"}, "turns": {"2"}},
	}
}

// RehearsalPeople are the seats persons hold in ng.
func (Kind) RehearsalPeople(ng play.NewGame) []int {
	return nil // two players on one phone
}

// RandomMove is a random legal action, nil when the game is over.
func (Kind) RandomMove(t play.Table, r *rand.Rand) (json.RawMessage, error) {
	s, err := sa.Replay(record.Record{Game: t.Kind, Version: record.FormatVersion, Seed: t.Seed, Setup: t.Setup, Actions: t.Actions})
	if err != nil || s.Over() {
		return nil, err
	}
	return json.Marshal(sa.RandomLegal(s, r))
}

// RehearsalAdvice are new-game queries for the advisor to draw.
func (Kind) RehearsalAdvice() []string {
	return []string{
		"spy=Ana+%3Cb%3E%26amp%3B%3C%2Fb%3E&mage=Ben+%22the+%27quick%27%22&victory=12&turns=5",
		"spy=Lou&mage=Mia&victory=8&turns=3&spyRates=toll%3D0.6&mageRates=all%3D0.5",
		"spy=&mage=&victory=lots",
	}
}
