//go:build !js

package spellsarrows

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/rules/record"
	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
)

var _ play.Sampler = Kind{}

// samplePhases is how many screens of each phase the samples show: every
// phase a tap can lead to, the common ones twice (early and later in the
// game, with other numbers on them). The end of a game, with its charts,
// comes once a game and is left out.
var samplePhases = map[sa.Phase]int{
	sa.PhaseSpyShoot: 2, sa.PhaseSpyMove: 2, sa.PhaseResponse: 1,
	sa.PhaseMage: 2, sa.PhaseCasting: 2, sa.PhaseTarget: 1, sa.PhaseBench: 1,
}

// sampleGap is how many actions apart two screens of one phase are taken.
const sampleGap = 20

// Samples is one game of random makes and misses, as the scorekeeper's
// phone shows it in each phase, and once as a spectator's does.
func (Kind) Samples() ([]play.Table, error) {
	setup := sa.Setup{Victory: 12, Spy: "Ana", Mage: "Ben", Turns: 5}
	const seed = 7
	st, err := sa.New(setup, seed)
	if err != nil {
		return nil, fmt.Errorf("spells & arrows sample: %w", err)
	}
	raw, err := json.Marshal(st.Setup())
	if err != nil {
		return nil, fmt.Errorf("spells & arrows sample: %w", err)
	}
	g := play.NewSampleGame(play.Table{Kind: record.SpellsArrows, GameID: "sampleGameId", Title: title(setup),
		CSRF: "sampleCsrfTokenOfThirtyTwoChars0", Setup: raw, Seed: seed, Viewer: play.Scorekeeper, Owner: true})
	r := rand.New(rand.NewPCG(seed, seed))
	taken, last := map[sa.Phase]int{}, map[sa.Phase]int{}
	for g.Len() < 400 {
		a := sa.RandomLegal(st, r)
		if st, err = sa.Apply(st, a); err != nil {
			return nil, fmt.Errorf("spells & arrows sample: action %d: %w", g.Len()+1, err)
		}
		if err := g.Add(a, play.Scorekeeper); err != nil {
			return nil, err
		}
		ph := st.Snapshot().Phase
		if ph == sa.PhaseOver {
			break
		}
		if taken[ph] >= samplePhases[ph] || (taken[ph] > 0 && g.Len()-last[ph] < sampleGap) {
			continue
		}
		taken[ph]++
		last[ph] = g.Len()
		g.Show()
	}
	// And one of them as a spectator's phone shows it: no controls, and
	// the words of someone watching.
	shown := g.Shown()
	watch := shown[len(shown)/2]
	watch.Watch, watch.CSRF, watch.Owner = true, "", false
	return append(shown, watch), nil
}
