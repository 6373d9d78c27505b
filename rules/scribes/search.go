package scribes

import (
	"fmt"
	"math/rand/v2"
	"slices"
)

// SearchBot looks past its own move: for each of its most promising actions
// it samples what its seat cannot see (the other seats' reserved cards, the
// order of the draw pile and of the tile stack), plays the action, lets
// every seat answer greedily until its own next turn, and rates where that
// leaves it. It plays the action with the best average.
//
// It only ever reads its seat's information set: Choose first replaces the
// hidden parts by placeholders (infoSet) and draws every sample from the
// cards and tiles its seat has not seen, listed in a fixed order, so two
// states the seat cannot tell apart give the same move for the same random
// stream.
type SearchBot struct {
	// Iterations is the number of sampled lines per decision, shared out
	// among the candidate actions; 0 means SearchIterations. The budget is
	// counted, not timed, so the move depends only on the state and the
	// random stream.
	Iterations int
}

// SearchIterations is the Archmage's default budget per main decision: 3
// sampled lines for each of the searchWidth candidates.
const SearchIterations = 24

// searchWidth is how many actions, the best by the greedy rating, get
// sampled lines.
const searchWidth = 8

// lineCap bounds a sampled line (follow-ups and discards included).
const lineCap = 40

// hidden marks a card or tile the seat cannot see in an information set.
const hidden = -1

// Name is "search".
func (SearchBot) Name() string { return "search" }

// Choose picks the action for seat. Discards and follow-ups, where little
// lies ahead, are decided by the greedy rating on one sample.
func (b SearchBot) Choose(s State, seat int, r *rand.Rand) (Action, error) {
	return choose(b, s, seat, r)
}

func (b SearchBot) decide(s State, seat int, r *rand.Rand) (Action, error) {
	info := s.infoSet(seat)
	// The decider's moves are listed from its own copy of the whole state:
	// they depend only on what its seat sees (its oinks and reserve, the
	// row, the supply), but Legal also weighs the stall ruling, which reads
	// every seat's reserve, and an information set holds placeholders there.
	acts := Legal(s).Actions
	if len(acts) == 0 {
		return Action{}, fmt.Errorf("%w: seat %d has no legal action", ErrIllegal, seat)
	}
	if len(acts) == 1 {
		return acts[0], nil
	}
	first, err := info.determinise(seat, r)
	if err != nil {
		return Action{}, err
	}
	type cand struct {
		a    Action
		v    float64
		seen int
	}
	cands := make([]cand, 0, len(acts))
	for _, a := range acts {
		n, err := Apply(first, a)
		if err != nil {
			return Action{}, fmt.Errorf("scribes: the search bot listed an illegal action: %w", err)
		}
		cands = append(cands, cand{a: a, v: evaluate(n, seat)})
	}
	slices.SortStableFunc(cands, func(x, y cand) int {
		switch {
		case x.v > y.v:
			return -1
		case x.v < y.v:
			return 1
		}
		return 0
	})
	if s.phase != PhaseMain {
		return cands[0].a, nil
	}
	cands = cands[:min(searchWidth, len(cands))]
	n := b.Iterations
	if n <= 0 {
		n = SearchIterations
	}
	for k := range cands {
		cands[k].v = 0
	}
	for it := range max(n, len(cands)) {
		k := it % len(cands)
		d, err := info.determinise(seat, r)
		if err != nil {
			return Action{}, err
		}
		v, err := d.line(cands[k].a, seat, r)
		if err != nil {
			return Action{}, err
		}
		cands[k].v += v
		cands[k].seen++
	}
	best := 0
	for k := range cands {
		if cands[k].v/float64(cands[k].seen) > cands[best].v/float64(cands[best].seen)+1e-9 {
			best = k
		}
	}
	return cands[best].a, nil
}

// line plays a on a sampled state, then every seat greedily until seat's
// next main decision (or the end), and rates the result for seat.
func (s State) line(a Action, seat int, r *rand.Rand) (float64, error) {
	n, err := Apply(s, a)
	if err != nil {
		return 0, fmt.Errorf("scribes: the search bot's action failed on a sample: %w", err)
	}
	turn := n.turn
	for k := 0; !n.Over() && k < lineCap; k++ {
		if n.phase == PhaseMain && n.active == seat && n.turn > turn {
			break
		}
		d := n.Decider()
		g, ok := greedy(n, d, r)
		if !ok {
			return 0, fmt.Errorf("%w: seat %d has no legal action in a sampled line", ErrIllegal, d)
		}
		if n, err = Apply(n, g); err != nil {
			return 0, fmt.Errorf("scribes: a greedy reply failed on a sample: %w", err)
		}
	}
	return evaluate(n, seat), nil
}

// infoSet is what seat may see of s: the other seats' reserved cards, the
// draw pile and the tile stack become placeholders (only their sizes stay).
// It writes them into a deep copy: s is left as it was.
func (s State) infoSet(seat int) State {
	t := s.deepCopy()
	for i := range t.players {
		if i != seat {
			for k := range t.players[i].reserve {
				t.players[i].reserve[k] = hidden
			}
		}
	}
	for k := range t.pile {
		t.pile[k] = hidden
	}
	for k := range t.stack {
		t.stack[k] = hidden
	}
	t.seed = 0
	return t
}

// determinise fills an information set's placeholders with one guess: the
// cards seat has not seen (neither on the row, nor scribed, nor in its own
// reserve), in index order, are shuffled and dealt to the hidden reserves
// and the pile; the tiles not on the row and not spent are shuffled into
// the stack. Each guess is dealt into a deep copy of its own, so the
// information set and the other samples stay as they were.
func (s State) determinise(seat int, r *rand.Rand) (State, error) {
	t := s.deepCopy()
	seen := make([]bool, len(t.d.Cards))
	for _, sl := range t.row {
		if sl.card >= 0 {
			seen[sl.card] = true
		}
	}
	for i, p := range t.players {
		for _, c := range p.scribed {
			seen[c] = true
		}
		if i == seat {
			for _, c := range p.reserve {
				seen[c] = true
			}
		}
	}
	var cards []int
	for c, ok := range seen {
		if !ok {
			cards = append(cards, c)
		}
	}
	need := len(t.pile)
	for i, p := range t.players {
		if i != seat {
			need += len(p.reserve)
		}
	}
	if need != len(cards) {
		return State{}, fmt.Errorf("scribes: %d unseen cards for %d hidden places", len(cards), need)
	}
	r.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
	for i := range t.players {
		if i == seat {
			continue
		}
		for k := range t.players[i].reserve {
			t.players[i].reserve[k], cards = cards[0], cards[1:]
		}
	}
	copy(t.pile, cards)

	used := make([]bool, len(t.d.Tiles))
	for _, sl := range t.row {
		used[sl.tile] = true
	}
	if t.fol != nil {
		used[t.fol.tile] = true
	}
	for _, x := range t.spent {
		used[x] = true
	}
	var tiles []int
	for x, ok := range used {
		if !ok {
			tiles = append(tiles, x)
		}
	}
	if len(tiles) != len(t.stack) {
		return State{}, fmt.Errorf("scribes: %d unseen tiles for a stack of %d", len(tiles), len(t.stack))
	}
	r.Shuffle(len(tiles), func(i, j int) { tiles[i], tiles[j] = tiles[j], tiles[i] })
	copy(t.stack, tiles)
	return t, nil
}
