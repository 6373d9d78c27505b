package spellsarrows_test

import (
	"testing"

	"github.com/grimoire-games/grimoire/play/spellsarrows"
	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
)

// The samples show the screens of a whole game, not only its start: each
// phase the scorekeeper is in most often.
func TestSamplesShowEveryCommonPhase(t *testing.T) {
	tables, err := spellsarrows.Kind{}.Samples()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[sa.Phase]int{}
	for _, tb := range tables {
		st, err := sa.Replay(tb.Record())
		if err != nil {
			t.Fatal(err)
		}
		seen[st.Snapshot().Phase]++
	}
	for _, ph := range []sa.Phase{sa.PhaseSpyShoot, sa.PhaseSpyMove, sa.PhaseResponse, sa.PhaseMage, sa.PhaseCasting} {
		if seen[ph] == 0 {
			t.Errorf("no sample in the %s phase (seen %v)", ph, seen)
		}
	}
	if seen[sa.PhaseOver] > 0 {
		t.Error("a sample of the end: its charts come once a game, and would make the dictionary twice as big")
	}
}
