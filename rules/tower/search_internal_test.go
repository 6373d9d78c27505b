package tower

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestSearchMageIgnoresHiddenFaces: the Mage's search gives the same move
// when the hidden parts of the true state (the camp's faces, the starting
// faces and the seed) are scrambled but the Mage's view is the same.
func TestSearchMageIgnoresHiddenFaces(t *testing.T) {
	bot := SearchBot{Iterations: 80}
	tried := 0
	for seed := int64(0); tried < 25 && seed < 400; seed++ {
		s, _ := New(Setup{General: "g", Mage: "m", Options: Options{ThumbsMayStay: seed%2 == 1}}, seed)
		r := rand.New(rand.NewPCG(uint64(seed), 5))
		for k := int(seed % 9); k > 0 && !s.Over(); k-- {
			s, _ = Apply(s, randomAction(&s, r))
		}
		for !s.Over() && s.toPlay != Mage {
			s, _ = Apply(s, randomAction(&s, r))
		}
		if s.Over() || s.count(inCamp) == 0 {
			continue
		}
		tried++
		scr := s
		scr.seed = s.seed + 1000
		for i := range scr.coins {
			scr.faces[i] = 1 - s.faces[i]
			if scr.coins[i].where == inCamp {
				scr.coins[i].face = Face(r.IntN(2))
			}
		}
		if !reflect.DeepEqual(s.View(Mage), scr.View(Mage)) {
			t.Fatalf("seed %d: the scramble changed what the Mage sees", seed)
		}
		for stream := range uint64(3) {
			a, err1 := bot.Choose(s, rand.New(rand.NewPCG(stream, 1)))
			b, err2 := bot.Choose(scr, rand.New(rand.NewPCG(stream, 1)))
			if err1 != nil || err2 != nil {
				t.Fatalf("seed %d: %v, %v", seed, err1, err2)
			}
			if !reflect.DeepEqual(a, b) {
				t.Errorf("seed %d stream %d: %+v on the true state, %+v on the scrambled one", seed, stream, a, b)
			}
		}
	}
	if tried < 10 {
		t.Fatalf("only %d positions with a hidden camp", tried)
	}
}
