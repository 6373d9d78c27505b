//go:build !js

package scribes

import (
	"encoding/json"
	"math/rand/v2"
	"net/url"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/rules/record"
	sc "github.com/grimoire-games/grimoire/rules/scribes"
	scview "github.com/grimoire-games/grimoire/views/scribes"
)

// RehearsalForms are new-game forms for names (play.Rehearser).
func (Kind) RehearsalForms(n []string) []url.Values {
	return []url.Values{
		{"mode": {"one"}, "name0": {n[0]}, "kind0": {"person"}, "name1": {n[1]}, "kind1": {"person"}, "name2": {n[2]}, "kind2": {"greedy"}},
		{"mode": {"one"}, "name0": {n[3]}, "kind0": {"person"}, "name1": {n[0]}, "kind1": {"random"}, "name2": {n[1]}, "kind2": {"person"}, "name3": {n[2]}, "kind3": {"person"}},
	}
}

// RehearsalPeople are the seats persons hold in ng.
func (Kind) RehearsalPeople(ng play.NewGame) []int {
	var s sc.Setup
	if err := json.Unmarshal(ng.Setup, &s); err != nil {
		return nil
	}
	var out []int
	for i := range s.Players {
		if scview.BotOf(s, i) == "" {
			out = append(out, i)
		}
	}
	return out
}

// RandomMove is a random legal action, nil when the game is over.
func (Kind) RandomMove(t play.Table, r *rand.Rand) (json.RawMessage, error) {
	s, err := sc.Replay(record.Record{Game: t.Kind, Version: record.FormatVersion, Seed: t.Seed, Setup: t.Setup, Actions: t.Actions})
	if err != nil || s.Over() || s.Decider() < 0 {
		return nil, err
	}
	a, err := sc.RandomBot{}.Choose(s, s.Decider(), r)
	if err != nil {
		return nil, err
	}
	return json.Marshal(a)
}

// RehearsalAdvice are new-game queries for the advisor to draw.
func (Kind) RehearsalAdvice() []string {
	return nil
}
