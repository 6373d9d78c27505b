package scribes

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestSearchIgnoresHiddenCards: the search bot gives the same action when
// what its seat cannot see is scrambled (the other seats' reserved cards
// swapped with unseen ones, the draw pile and the tile stack reordered) but
// its view is the same.
func TestSearchIgnoresHiddenCards(t *testing.T) {
	bot := SearchBot{Iterations: 16}
	tried := 0
	for seed := int64(0); tried < 20 && seed < 400; seed++ {
		players := 2 + int(seed%3)
		names := []string{"Mia", "Ben", "Cy", "Dee"}[:players]
		s, err := New(Setup{Players: names}, seed)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(seed), 5))
		for k := 20 + int(seed%60); k > 0 && !s.Over(); k-- {
			a, _ := GreedyBot{}.Choose(s, s.Decider(), r)
			if r.IntN(3) == 0 {
				a, _ = RandomBot{}.Choose(s, s.Decider(), r)
			}
			if s, err = Apply(s, a); err != nil {
				t.Fatal(err)
			}
		}
		if s.Over() {
			continue
		}
		seat := s.Decider()
		scr := scramble(s, seat, r)
		hid := false
		for i, p := range s.players {
			if i != seat && len(p.reserve) > 0 && !reflect.DeepEqual(p.reserve, scr.players[i].reserve) {
				hid = true
			}
		}
		if !hid && reflect.DeepEqual(s.pile, scr.pile) {
			continue
		}
		tried++
		if !reflect.DeepEqual(s.View(seat), scr.View(seat)) {
			t.Fatalf("seed %d: the scramble changed what seat %d sees", seed, seat)
		}
		for stream := range uint64(3) {
			a, err1 := bot.Choose(s, seat, rand.New(rand.NewPCG(stream, 1)))
			b, err2 := bot.Choose(scr, seat, rand.New(rand.NewPCG(stream, 1)))
			if err1 != nil || err2 != nil {
				t.Fatalf("seed %d: %v, %v", seed, err1, err2)
			}
			if a != b {
				t.Errorf("seed %d stream %d: %+v on the true state, %+v on the scrambled one", seed, stream, a, b)
			}
		}
	}
	if tried < 10 {
		t.Fatalf("only %d positions with hidden cards", tried)
	}
}

// scramble returns s with everything seat cannot see shuffled: the other
// seats' reserves and the pile share their cards anew, the stack is
// reordered.
func scramble(s State, seat int, r *rand.Rand) State {
	// clone shares the card and tile slices between states (Apply never
	// writes them in place); the scramble does, so it copies them first.
	t := s.clone()
	t.pile = append([]int(nil), s.pile...)
	t.stack = append(t.stack[:0:0], s.stack...)
	for i := range t.players {
		t.players[i].reserve = append([]int(nil), s.players[i].reserve...)
	}
	pool := append([]int(nil), t.pile...)
	for i, p := range t.players {
		if i != seat {
			pool = append(pool, p.reserve...)
		}
	}
	r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	for i := range t.players {
		if i == seat {
			continue
		}
		for k := range t.players[i].reserve {
			t.players[i].reserve[k], pool = pool[0], pool[1:]
		}
	}
	copy(t.pile, pool)
	r.Shuffle(len(t.stack), func(i, j int) { t.stack[i], t.stack[j] = t.stack[j], t.stack[i] })
	return t
}
