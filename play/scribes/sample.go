//go:build !js

package scribes

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/rules/record"
	sc "github.com/grimoire-games/grimoire/rules/scribes"
)

var _ play.Sampler = Kind{}

// sampleAt are the points of the sample game shown (actions in force).
var sampleAt = []int{3, 14}

// Samples is a game of two people on one phone against a bot, as that
// phone shows it; every seat's moves are the greedy bot's, so the game
// goes the same way every time.
func (Kind) Samples() ([]play.Table, error) {
	const seed, botSeat = 11, 2
	first := 0
	setup := sc.Setup{Players: []string{"Mia", "Ben", "Bot"}, Bots: []string{"", "", "greedy"}, First: &first}
	st, err := sc.New(setup, seed)
	if err != nil {
		return nil, fmt.Errorf("arcane scribes sample: %w", err)
	}
	raw, err := json.Marshal(setup)
	if err != nil {
		return nil, fmt.Errorf("arcane scribes sample: %w", err)
	}
	g := play.NewSampleGame(play.Table{Kind: record.ArcaneScribes, GameID: "sampleGameId", Title: title(setup),
		CSRF: "sampleCsrfTokenOfThirtyTwoChars0", Setup: raw, Seed: seed, Viewer: play.Scorekeeper, Owner: true,
		Seats: []play.Seat{{Index: botSeat, Name: "Bot", Bot: "greedy"}}})
	for g.Len() < sampleAt[len(sampleAt)-1] && !st.Over() && st.Decider() >= 0 {
		d := st.Decider()
		a, err := botChoose("greedy", st, d, seed, g.Len())
		if err != nil {
			return nil, fmt.Errorf("arcane scribes sample: %w", err)
		}
		if st, err = sc.Apply(st, a); err != nil {
			return nil, fmt.Errorf("arcane scribes sample: action %d: %w", g.Len()+1, err)
		}
		seat := play.Scorekeeper // Mia and Ben share this phone
		if d == botSeat {
			seat = botSeat
		}
		if err := g.Add(a, seat); err != nil {
			return nil, err
		}
		if slices.Contains(sampleAt, g.Len()) {
			g.Show()
		}
	}
	return g.Shown(), nil
}
