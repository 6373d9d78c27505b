package tower

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
)

// SearchBot plays either side by determinised Monte Carlo search: it lists a
// handful of sensible moves, then spends its playouts on them by UCB1; each
// playout samples what its side cannot see (for the Mage, the faces of the
// camp's coins), plays the move and finishes the game with quick policies
// for both sides. It plays the move tried most often.
//
// It only ever reads its side's information set: Choose first replaces the
// hidden parts of the state by a fixed stand-in (infoSet) and builds every
// candidate and every sample from that, so two states the side cannot tell
// apart give the same move for the same random stream.
type SearchBot struct {
	// Iterations is the number of playouts per decision; 0 means the
	// side's default (MageIterations, GeneralIterations). The budget is
	// counted, not timed, so the move depends only on the state and the
	// random stream.
	Iterations int
}

// The Archmage's playout budgets per decision. A Mage's decision weighs
// more moves and its playouts are cheaper; both take some tens of
// milliseconds on one core (BenchmarkDecision).
const (
	MageIterations    = 800
	GeneralIterations = 150 // measured: 300 wins no more often
)

// Name is "search".
func (SearchBot) Name() string { return "search" }

// ucbC is the exploration constant of UCB1 for values in [0, 1].
const ucbC = 0.6

// playoutCap bounds a playout; a game of Mage's Tower is rarely longer
// than 40 actions, so a capped playout only happens on odd custom cards.
const playoutCap = 400

// generalReach is how many rows a thumb may jump in the General's playouts
// (measured: 3 to 7 beat the greedy Mage about as often, 2 far less).
const generalReach = 5

// quickPairs is how many row pairs one playout cast weighs.
const quickPairs = 9

// Choose picks the move for the side to play.
func (b SearchBot) Choose(s State, r *rand.Rand) (Action, error) { return choose(b, s, r) }

func (b SearchBot) decide(s State, r *rand.Rand) (Action, error) {
	side := s.toPlay
	info := s.infoSet(side)
	cands := info.candidates()
	if len(cands) == 0 {
		return Action{}, fmt.Errorf("tower: the search bot found no move for the %s (phase %s)", side.Title(), info.phase)
	}
	for _, a := range cands {
		t := info
		if err := t.apply(a, nil); err != nil {
			return Action{}, fmt.Errorf("tower: the search bot listed an illegal move %+v: %w", a, err)
		}
		if t.Over() && t.winner == side {
			return a, nil // an immediate win needs no search
		}
	}
	if len(cands) == 1 {
		return cands[0], nil
	}
	n := b.Iterations
	switch {
	case n > 0:
	case side == Mage:
		n = MageIterations
	default:
		n = GeneralIterations
	}
	visits := make([]int, len(cands))
	value := make([]float64, len(cands))
	w := DefaultMageWeights()
	for it := range n {
		k := ucbPick(visits, value, it)
		d := info.determinise(side, r)
		if err := d.apply(cands[k], nil); err != nil {
			return Action{}, fmt.Errorf("tower: the search bot's move %+v failed on a sample: %w", cands[k], err)
		}
		v, err := d.playout(side, r, &w)
		if err != nil {
			return Action{}, err
		}
		visits[k]++
		value[k] += v
	}
	best := 0
	for k := range cands {
		if visits[k] > visits[best] || visits[k] == visits[best] && value[k] > value[best] {
			best = k
		}
	}
	return cands[best], nil
}

// ucbPick tries every arm once, then the arm with the highest UCB1 bound;
// ties go to the earlier arm, so the choice is deterministic.
func ucbPick(visits []int, value []float64, it int) int {
	for k, n := range visits {
		if n == 0 {
			return k
		}
	}
	logN := math.Log(float64(it))
	best, bestU := 0, -1.0
	for k, n := range visits {
		u := value[k]/float64(n) + ucbC*math.Sqrt(logN/float64(n))
		if u > bestU {
			best, bestU = k, u
		}
	}
	return best
}

// infoSet is what side may see of s, with every hidden part replaced by the
// same stand-in: the Mage sees the camp's coins but not their faces (nor the
// starting faces or the seed that drew them). The General sees everything.
// It works on a deep copy: s is left as it was.
func (s *State) infoSet(side Side) State {
	t := s.deepCopy()
	if side != Mage {
		return t
	}
	t.seed = 0
	t.faces = [NumCoins]Face{}
	for i := range t.coins {
		if t.coins[i].where == inCamp {
			t.coins[i].face = Heads
		}
	}
	return t
}

// determinise fills the hidden parts of an information set with one guess:
// each camp coin's face is drawn at even odds. It draws the same number of
// random values for any two states side cannot tell apart. The guess goes
// into a copy of its own; only arrays are written, so the copy of the value
// is enough (the card is never written).
func (s *State) determinise(side Side, r *rand.Rand) State {
	t := *s
	if side != Mage {
		return t
	}
	for i := range t.coins {
		if t.coins[i].where == inCamp {
			t.coins[i].face = Face(r.IntN(2))
		}
	}
	return t
}

// candidates lists the moves the search weighs: a short list, since the
// playouts are what decide.
func (s *State) candidates() []Action {
	switch s.phase {
	case PhasePlace:
		return s.placeCandidates()
	case PhaseAdvance:
		return s.advanceCandidates()
	case PhaseCast:
		return s.castCandidates()
	}
	return nil
}

// placeCandidates: 1 to 3 coins, taken from the camp best first (shielded and
// large) or cheapest first (bare and small).
func (s *State) placeCandidates() []Action {
	camp := names(s.zone(inCamp))
	best := slices.Clone(camp)
	slices.SortStableFunc(best, func(a, b string) int { return s.worth(a) - s.worth(b) })
	cheap := slices.Clone(best)
	slices.Reverse(cheap)
	var out []Action
	seen := map[string]bool{}
	for k := 1; k <= min(3, len(camp)); k++ {
		for _, order := range [][]string{best, cheap} {
			ids := slices.Clone(order[:k])
			key := fmt.Sprint(sortedCopy(ids))
			if !seen[key] {
				seen[key] = true
				out = append(out, Action{Type: Place, Coins: ids})
			}
		}
	}
	return out
}

func sortedCopy(ids []string) []string {
	c := slices.Clone(ids)
	slices.Sort(c)
	return c
}

// advanceCandidates: from each zone, all the soldiers that may go or only the
// best one; ending the turn; flipping one of the three most advanced heads
// coins.
func (s *State) advanceCandidates() []Action {
	c := Legal(*s)
	var out []Action
	for k := len(c.Advance) - 1; k >= 0; k-- {
		m := c.Advance[k]
		ids := slices.Clone(m.Coins)
		slices.SortStableFunc(ids, func(a, b string) int { return s.worth(a) - s.worth(b) })
		out = append(out, Action{Type: Advance, Zone: m.Zone, Coins: ids[:m.Max]})
		if m.Max > 1 {
			out = append(out, Action{Type: Advance, Zone: m.Zone, Coins: ids[:1]})
		}
	}
	out = append(out, Action{Type: End})
	flips := slices.Clone(c.Flip)
	slices.SortStableFunc(flips, func(a, b string) int {
		i, _ := coinIndex(a)
		j, _ := coinIndex(b)
		if d := int(s.coins[j].where) - int(s.coins[i].where); d != 0 {
			return d
		}
		return coinSize(j).Health() - coinSize(i).Health()
	})
	for _, id := range flips[:min(3, len(flips))] {
		out = append(out, Action{Type: Flip, Coin: id})
	}
	return out
}

// castCandidates: for every pair of rows the best aim by the greedy score;
// the ten best pairs and every pair moving each thumb at most two rows,
// plus the skip.
func (s *State) castCandidates() []Action {
	c := Legal(*s)
	w := DefaultMageWeights()
	type scored struct {
		a    Action
		v    float64
		slow bool
	}
	var all []scored
	for _, d := range c.DamageRows {
		for _, sr := range c.SpellRows {
			base := Action{Type: Cast, DamageRow: d.Row, SpellRow: sr.Row, Spell: sr.Spell}
			var best scored
			found := false
			for _, a := range s.aims(base, sr, d.Damage) {
				t := *s
				if t.apply(a, nil) != nil {
					continue
				}
				if v := mageScore(&t, &w); !found || v > best.v {
					best, found = scored{a: a, v: v}, true
				}
			}
			if found {
				best.slow = d.Row-int(s.left) <= 2 && sr.Row-int(s.right) <= 2
				all = append(all, best)
			}
		}
	}
	slices.SortStableFunc(all, func(a, b scored) int {
		switch {
		case a.v > b.v:
			return -1
		case a.v < b.v:
			return 1
		}
		return 0
	})
	var out []Action
	for k, x := range all {
		if k < 10 || x.slow {
			out = append(out, x.a)
		}
	}
	if c.Skip {
		out = append(out, Action{Type: Skip})
	}
	return out
}

// playout finishes the game from s with the quick policies and scores it
// for side: 1 a win, 0 a loss, 1/2 if it ran past the cap.
func (s *State) playout(side Side, r *rand.Rand, w *MageWeights) (float64, error) {
	// One General style per playout: trickle one coin a turn, or rush two
	// or three; the General the bot meets may play either.
	g := GreedyGeneral{PlaceMax: []int{1, 1, 2, 3}[r.IntN(4)]}
	// The Mage's own playouts keep its thumbs slow, which is how it wins;
	// the General's playouts let the Mage jump further, so the General does
	// not count on a Mage that cannot punish a rush.
	reach := 2
	if side == General {
		reach = generalReach
	}
	for k := 0; !s.Over(); k++ {
		if k == playoutCap {
			return 0.5, nil
		}
		var a Action
		if s.toPlay == General {
			a = g.choose(s, r)
		} else {
			a = s.quickCast(r, w, reach)
		}
		if err := s.apply(a, nil); err != nil {
			return 0, fmt.Errorf("tower: a playout policy chose an illegal move %+v: %w", a, err)
		}
	}
	if s.winner == side {
		return 1, nil
	}
	return 0, nil
}

// quickCast is the Mage's playout policy: among the casts moving each thumb
// at most two rows (with one quick aim each) and the skip, the best by the
// greedy score plus noise; when no such cast exists, the first legal one.
func (s *State) quickCast(r *rand.Rand, w *MageWeights, reach int) Action {
	n := len(s.card.Rows)
	var best Action
	bestV, found := 0.0, false
	try := func(a Action) {
		t := *s
		if t.apply(a, nil) != nil {
			return
		}
		v := mageScore(&t, w) + 8*r.Float64()
		if !found || v > bestV {
			best, bestV, found = a, v, true
		}
	}
	lo := func(at int8) int {
		if s.opts.ThumbsMayStay {
			return max(1, int(at))
		}
		return int(at) + 1
	}
	if s.inPlay() > 0 {
		// At most quickPairs row pairs are tried, drawn at random when the
		// reach allows more, so a long reach costs no more than a short one.
		var pairs [64][2]int
		k := 0
		for d := lo(s.left); d <= min(n, lo(s.left)+reach); d++ {
			for sp := lo(s.right); sp <= min(n, lo(s.right)+reach); sp++ {
				if k < len(pairs) && s.rowOK(s.left, d) && s.spellOK(sp) {
					pairs[k] = [2]int{d, sp}
					k++
				}
			}
		}
		for j := 0; j < min(k, quickPairs); j++ {
			if k > quickPairs {
				x := j + r.IntN(k-j)
				pairs[j], pairs[x] = pairs[x], pairs[j]
			}
			for _, a := range s.quickAims(pairs[j][0], pairs[j][1]) {
				try(a)
			}
		}
	}
	if !s.skipUsed {
		try(Action{Type: Skip})
	}
	if found {
		return best
	}
	// Only far rows are left: the first legal cast.
	for d := 1; d <= n; d++ {
		for sp := 1; sp <= n; sp++ {
			if s.rowOK(s.left, d) && s.spellOK(sp) {
				for _, a := range s.quickAims(d, sp) {
					try(a)
				}
				if found {
					return best
				}
			}
		}
	}
	return Action{Type: Skip} // unreachable: the game would be over
}

// quickAims gives one or two cheap aims for a cast: Lightning finishes the
// soldiers of the two zones nearest the Tower, Fireball tries both sides,
// Wave and the Tome hit the zone or soldier nearest the Tower.
func (s *State) quickAims(d, sp int) []Action {
	row := s.card.Rows[sp-1]
	x := s.card.Rows[d-1].Damage
	base := Action{Type: Cast, DamageRow: d, SpellRow: sp}
	var top []int8
	for z := int8(NumZones); z >= 1 && len(top) < 2; z-- {
		if s.count(z) > 0 {
			top = append(top, z)
		}
	}
	if len(top) == 0 {
		return nil
	}
	switch row.Spell {
	case Fireball:
		l, r := base, base
		l.Side, r.Side = Leftmost, Rightmost
		return []Action{l, r}
	case Wave:
		base.Zone = int(top[0])
		return []Action{base}
	case Tome:
		z := s.zone(top[0])
		best := z[0]
		for _, i := range z {
			if coinSize(i).Health() > coinSize(best).Health() {
				best = i
			}
		}
		base.Coin = coinName(best)
		return []Action{base}
	case Lightning:
		var pool []int
		for _, z := range top {
			pool = append(pool, s.zone(z)...)
		}
		base.Hits = s.split(pool, x, true)
		return []Action{base}
	}
	return nil
}
