//go:build !js

package tower

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/rules/record"
	tw "github.com/grimoire-games/grimoire/rules/tower"
	twview "github.com/grimoire-games/grimoire/views/tower"
)

var _ play.Sampler = Kind{}

// sampleAt are the points of the sample game shown (actions in force).
var sampleAt = []int{4, 12}

// Samples is a game against a Mage bot on one phone, as its General sees
// it: both sides' moves are the greedy bot's, so the game goes the same
// way every time.
func (Kind) Samples() ([]play.Table, error) {
	const seed = 5
	st, err := tw.New(tw.Setup{General: "Ana", Mage: "Ben"}, seed)
	if err != nil {
		return nil, fmt.Errorf("mage's tower sample: %w", err)
	}
	raw, err := json.Marshal(st.Setup())
	if err != nil {
		return nil, fmt.Errorf("mage's tower sample: %w", err)
	}
	g := play.NewSampleGame(play.Table{Kind: record.MagesTower, GameID: "sampleGameId", Title: title(st.Setup()),
		CSRF: "sampleCsrfTokenOfThirtyTwoChars0", Setup: raw, Seed: seed, Viewer: play.Scorekeeper, Owner: true,
		Seats: []play.Seat{{Index: twview.SeatMage, Name: "Ben", Bot: "greedy"}}})
	for g.Len() < sampleAt[len(sampleAt)-1] && !st.Over() {
		side := st.ToPlay()
		a, err := botMove(st, "greedy", side, seed, g.Len())
		if err != nil {
			return nil, fmt.Errorf("mage's tower sample: %w", err)
		}
		if st, err = tw.Apply(st, a); err != nil {
			return nil, fmt.Errorf("mage's tower sample: action %d: %w", g.Len()+1, err)
		}
		seat := play.Scorekeeper // the General, on this phone
		if twview.SideSeat(side) == twview.SeatMage {
			seat = twview.SeatMage
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
