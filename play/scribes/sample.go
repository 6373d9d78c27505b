package scribes

import (
	"encoding/json"
	"fmt"

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
	const seed = 11
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
	base := play.Table{Kind: record.ArcaneScribes, GameID: "sampleGameId", Title: title(setup), CSRF: "sampleCsrfTokenOfThirtyTwoChars0",
		Setup: raw, Seed: seed, Viewer: play.Scorekeeper, Owner: true,
		Seats: []play.Seat{{Index: 2, Name: "Bot", Bot: "greedy"}}}
	var out []play.Table
	var actions []json.RawMessage
	var seats []int
	for _, at := range sampleAt {
		for len(actions) < at && !st.Over() {
			d := st.Decider()
			if d < 0 {
				break
			}
			a, err := botChoose("greedy", st, d, seed, len(actions))
			if err != nil {
				return nil, fmt.Errorf("arcane scribes sample: %w", err)
			}
			if st, err = sc.Apply(st, a); err != nil {
				return nil, fmt.Errorf("arcane scribes sample: action %d: %w", len(actions)+1, err)
			}
			b, err := json.Marshal(a)
			if err != nil {
				return nil, err
			}
			seat := play.Scorekeeper
			if d == 2 {
				seat = 2
			}
			actions, seats = append(actions, b), append(seats, seat)
		}
		t := base
		t.Actions = actions[:len(actions):len(actions)]
		t.ActionSeats = seats[:len(seats):len(seats)]
		t.Version = len(actions)
		out = append(out, t)
	}
	return out, nil
}
