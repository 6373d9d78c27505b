package tower_test

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/grimoire-games/grimoire/rules/tower"
)

// FuzzPositionOfBotGame: the position after any number of actions of a
// bot game passes the check, and a record from it plays on to the same end.
func FuzzPositionOfBotGame(f *testing.F) {
	for _, seed := range []uint64{1, 2, 3, 40} {
		f.Add(seed, uint8(seed*5), seed%2 == 0)
	}
	f.Fuzz(func(t *testing.T, seed uint64, at uint8, stay bool) {
		setup := towerSetup()
		setup.Options.ThumbsMayStay = stay
		s, err := tower.New(setup, int64(seed))
		if err != nil {
			t.Fatal(err)
		}
		full := s.Setup()
		r := rand.New(rand.NewPCG(seed, 4))
		bots := []tower.Bot{tower.RandomBot{}, tower.GreedyGeneral{}, tower.GreedyMage{}}
		var actions []tower.Action
		var mid tower.State
		cut := -1
		for !s.Over() && len(actions) < 400 {
			if len(actions) == int(at)%120 {
				mid, cut = s, len(actions)
			}
			a, err := bots[r.IntN(3)].Choose(s, r)
			if err != nil {
				t.Fatal(err)
			}
			if s, err = tower.Apply(s, a); err != nil {
				t.Fatal(err)
			}
			actions = append(actions, a)
		}
		if cut < 0 {
			return
		}
		p := tower.PositionOf(mid)
		if why := tower.CheckPosition(full, p); len(why) > 0 {
			t.Fatalf("a real position is refused: %v", why)
		}
		end, err := tower.Replay(positionRecord(t, full, p, actions[cut:]))
		if err != nil {
			t.Fatal(err)
		}
		if view(t, end) != view(t, s) {
			t.Fatal("the record from the position ends elsewhere than the game")
		}
	})
}

// FuzzPositionJSON: whatever a position says, reading and checking it never
// panics, and one the check accepts can be explained and played on.
func FuzzPositionJSON(f *testing.F) {
	for _, row := range explainPositions() {
		b, _ := json.Marshal(row.p)
		f.Add(b, uint64(1))
	}
	f.Fuzz(func(t *testing.T, data []byte, seed uint64) {
		raw := append([]byte(`{"general":"Ana","mage":"Ben","position":`), data...)
		raw = append(raw, '}')
		setup, err := tower.ParseSetup(raw)
		if err != nil {
			return
		}
		s, err := tower.New(setup, 1)
		if err != nil {
			t.Fatalf("ParseSetup accepts what New refuses: %v", err)
		}
		tower.Explain(s)
		r := rand.New(rand.NewPCG(seed, 2))
		for i := 0; i < 100 && !s.Over(); i++ {
			a, err := tower.RandomBot{}.Choose(s, r)
			if err != nil {
				t.Fatal(err)
			}
			if s, err = tower.Apply(s, a); err != nil {
				t.Fatalf("a bot's action from an accepted position is refused: %v", err)
			}
		}
	})
}
