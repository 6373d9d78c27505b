package tower

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/grimoire-games/grimoire/rules/record"
)

// Bot picks the next action for the side to play. Bots are pure: the same
// state and the same random stream give the same action, and the state they
// are given reads the same afterwards. On a finished game Choose returns an
// error wrapping ErrGameOver.
//
// Only this package's bots are Bots (decide is unexported), and every one's
// Choose is choose(b, ...): the one way into a bot, which hands it a deep
// copy of the state. A bot may then write anything into its state (the
// search guesses the camp's faces) without reaching its caller's.
type Bot interface {
	Name() string
	Choose(s State, r *rand.Rand) (Action, error)
	// decide picks the move on s, a deep copy the bot owns, of a game
	// that is not over.
	decide(s State, r *rand.Rand) (Action, error)
}

// choose is every bot's Choose: it refuses a finished game and gives the
// bot a deep copy of s.
func choose(b Bot, s State, r *rand.Rand) (Action, error) {
	if s.Over() {
		return Action{}, over(&s)
	}
	return b.decide(s.deepCopy(), r)
}

// Level is one bot strength as the app offers it: ID is what records and
// seat rows store ("bot:greedy"), Name is what people read.
type Level struct {
	ID    string
	Name  string
	Blurb string
}

// Levels lists the bot levels from the weakest up; every ID is a key of Bots.
func Levels() []Level {
	return []Level{
		{ID: "random", Name: record.LevelName("random"), Blurb: "plays any legal move, at random"},
		{ID: "greedy", Name: record.LevelName("greedy"), Blurb: "looks one move ahead"},
		{ID: "search", Name: record.LevelName("search"), Blurb: "plays out many games in its head before each move"},
	}
}

// Bots returns the bots by level id, for either side.
func Bots() map[string]func(Side) Bot {
	return map[string]func(Side) Bot{
		"random": func(Side) Bot { return RandomBot{} },
		"greedy": func(sd Side) Bot {
			if sd == Mage {
				return GreedyMage{}
			}
			return GreedyGeneral{}
		},
		"search": func(Side) Bot { return SearchBot{} },
	}
}

// Play runs a game between two bots from s until it ends or maxMoves actions
// were played, and returns the final state and the actions played. A bot
// that fails or picks an illegal action stops the game with an error.
func Play(s State, general, mage Bot, r *rand.Rand, maxMoves int) (State, []Action, error) {
	var acts []Action
	for !s.Over() && len(acts) < maxMoves {
		b := general
		if s.toPlay == Mage {
			b = mage
		}
		a, err := b.Choose(s, r)
		if err != nil {
			return s, acts, fmt.Errorf("tower: %s bot at move %d: %w", b.Name(), len(acts)+1, err)
		}
		t, err := Apply(s, a)
		if err != nil {
			return s, acts, fmt.Errorf("tower: %s bot chose an illegal action at move %d: %w", b.Name(), len(acts)+1, err)
		}
		s = t
		acts = append(acts, a)
	}
	return s, acts, nil
}

// over is the error of asking a bot to move in a finished game.
func over(s *State) error {
	return fmt.Errorf("%w: %s won (%s), no move to choose", ErrGameOver, s.winner.Title(), reasonText(s.reason))
}

// RandomBot plays a random legal action: it first picks uniformly among the
// kinds of move open to it (placing; advancing from a given zone, flipping,
// ending; each damage/spell row pair, skipping), then picks the move's
// details uniformly (how many coins and which, how Lightning is split).
type RandomBot struct{}

// Name is "random".
func (RandomBot) Name() string { return "random" }

// Choose picks a random legal action.
func (b RandomBot) Choose(s State, r *rand.Rand) (Action, error) { return choose(b, s, r) }

func (RandomBot) decide(s State, r *rand.Rand) (Action, error) {
	return randomAction(&s, r), nil
}

func randomAction(s *State, r *rand.Rand) Action {
	c := Legal(*s)
	switch c.Phase {
	case PhasePlace:
		return Action{Type: Place, Coins: pick(r, c.Place, 1+r.IntN(c.PlaceMax))}
	case PhaseAdvance:
		n := len(c.Advance) + 1
		if len(c.Flip) > 0 {
			n++
		}
		k := r.IntN(n)
		if k < len(c.Advance) {
			m := c.Advance[k]
			return Action{Type: Advance, Zone: m.Zone, Coins: pick(r, m.Coins, 1+r.IntN(m.Max))}
		}
		if k == len(c.Advance) {
			return Action{Type: End}
		}
		return Action{Type: Flip, Coin: c.Flip[r.IntN(len(c.Flip))]}
	case PhaseCast:
		pairs := len(c.DamageRows) * len(c.SpellRows)
		n := pairs
		if c.Skip {
			n++
		}
		k := r.IntN(n)
		if k >= pairs {
			return Action{Type: Skip}
		}
		d, sr := c.DamageRows[k/len(c.SpellRows)], c.SpellRows[k%len(c.SpellRows)]
		a := Action{Type: Cast, DamageRow: d.Row, SpellRow: sr.Row, Spell: sr.Spell}
		t := sr.Targets
		switch sr.Spell {
		case Lightning:
			zs := pick(r, t.Zones, 1+r.IntN(min(t.MaxZones, len(t.Zones))))
			var pool []string
			for _, z := range zs {
				pool = append(pool, z.Coins...)
			}
			share := map[string]int{}
			var order []string
			for range d.Damage {
				id := pool[r.IntN(len(pool))]
				if share[id] == 0 {
					order = append(order, id)
				}
				share[id]++
			}
			for _, id := range order {
				a.Hits = append(a.Hits, Hit{Coin: id, Damage: share[id]})
			}
		case Fireball:
			a.Side = Leftmost
			if r.IntN(2) == 1 {
				a.Side = Rightmost
			}
		case Wave:
			a.Zone = t.Zones[r.IntN(len(t.Zones))].Zone
		case Tome:
			a.Coin = t.Coins[r.IntN(len(t.Coins))]
		}
		return a
	}
	return Action{Type: End}
}

// pick returns k distinct elements of xs in random order.
func pick[T any](r *rand.Rand, xs []T, k int) []T {
	p := r.Perm(len(xs))[:k]
	out := make([]T, k)
	for j, i := range p {
		out[j] = xs[i]
	}
	return out
}

// GreedyGeneral trickles and rushes: it places one coin a turn (shielded and
// large first), advances every soldier it may (front zones first, shielded
// and large soldiers preferred) and shields the most advanced heads soldier.
type GreedyGeneral struct {
	// PlaceMax caps how many coins go to the Field per turn; 0 means 1,
	// the measured best (a trickle leaves Wave and Lightning one soldier
	// per zone to hit).
	PlaceMax int
}

// Name is "greedy".
func (GreedyGeneral) Name() string { return "greedy" }

// Choose picks the rush move.
func (g GreedyGeneral) Choose(s State, r *rand.Rand) (Action, error) { return choose(g, s, r) }

func (g GreedyGeneral) decide(s State, r *rand.Rand) (Action, error) {
	return g.choose(&s, r), nil
}

func (g GreedyGeneral) choose(s *State, r *rand.Rand) Action {
	c := Legal(*s)
	switch c.Phase {
	case PhasePlace:
		ids := slices.Clone(c.Place)
		slices.SortStableFunc(ids, func(a, b string) int { return s.worth(a) - s.worth(b) })
		k := min(c.PlaceMax, max(g.PlaceMax, 1))
		return Action{Type: Place, Coins: ids[:k]}
	case PhaseAdvance:
		// Zone 4 first (it wins), then toward the camp.
		for k := len(c.Advance) - 1; k >= 0; k-- {
			m := c.Advance[k]
			ids := slices.Clone(m.Coins)
			slices.SortStableFunc(ids, func(a, b string) int { return s.worth(a) - s.worth(b) })
			return Action{Type: Advance, Zone: m.Zone, Coins: ids[:m.Max]}
		}
		best, bw := "", -1
		for _, id := range c.Flip {
			i, _ := coinIndex(id)
			w := int(s.coins[i].where)*10 + coinSize(i).Health()
			if w > bw {
				best, bw = id, w
			}
		}
		if best != "" {
			return Action{Type: Flip, Coin: best}
		}
		return Action{Type: End}
	}
	return randomAction(s, r)
}

// worth orders coins for the General: lower is preferred (tails, then large).
func (s *State) worth(id string) int {
	i, _ := coinIndex(id)
	w := int(coinSize(i)) * 2
	if s.coins[i].face == Heads {
		w++
	}
	return w
}

// GreedyMage looks one cast ahead: for every pair of rows it may move the
// thumbs to and a handful of sensible aims per spell (Lightning split to
// finish soldiers nearest the Tower, both Fireball sides, every Wave zone,
// every Tome target), plus the skip, it scores the position after the cast
// and plays the best. The score weighs each standing soldier by how close to
// the Tower it is and how hard it is to kill, against the card rows and
// Tome/skip still in hand. It looks only at what the Mage can see (the camp's
// faces play no part).
type GreedyMage struct {
	// W tunes the score; the zero value uses DefaultMageWeights.
	W *MageWeights
}

// MageWeights tune GreedyMage's score.
type MageWeights struct {
	Zone    [NumZones + 1]float64 // per standing soldier, by place (camp, zones 1-4)
	Tough   float64               // extra per point of health or shield
	Removed float64               // per removed soldier
	Row     float64               // per card row still below a thumb
	Tome    float64               // for an unused Tome still reachable
	Skip    float64               // for the unused skip
}

// DefaultMageWeights are the tuned weights of GreedyMage.
func DefaultMageWeights() MageWeights {
	return MageWeights{Zone: [NumZones + 1]float64{2.2, 2.2, 4.8, 18.4, 1e5}, Tough: 0.53, Removed: 11, Row: 5.8, Tome: 21, Skip: 0.76}
}

// Name is "greedy".
func (GreedyMage) Name() string { return "greedy" }

// Choose picks the best-scoring cast or skip.
func (g GreedyMage) Choose(s State, r *rand.Rand) (Action, error) { return choose(g, s, r) }

func (g GreedyMage) decide(s State, r *rand.Rand) (Action, error) {
	w := DefaultMageWeights()
	if g.W != nil {
		w = *g.W
	}
	c := Legal(s)
	if c.Phase != PhaseCast {
		return randomAction(&s, r), nil
	}
	var best Action
	bestScore := -1e18
	try := func(a Action) {
		t := s
		if t.apply(a, nil) != nil {
			return
		}
		if v := mageScore(&t, &w); v > bestScore {
			best, bestScore = a, v
		}
	}
	if c.Skip {
		try(Action{Type: Skip})
	}
	for _, d := range c.DamageRows {
		for _, sr := range c.SpellRows {
			base := Action{Type: Cast, DamageRow: d.Row, SpellRow: sr.Row, Spell: sr.Spell}
			for _, a := range s.aims(base, sr, d.Damage) {
				try(a)
			}
		}
	}
	return best, nil
}

// aims lists candidate targets of one spell for the greedy Mage.
func (s *State) aims(base Action, sr SpellRow, x int) []Action {
	var out []Action
	t := sr.Targets
	switch sr.Spell {
	case Fireball:
		for _, side := range []string{Leftmost, Rightmost} {
			a := base
			a.Side = side
			out = append(out, a)
		}
	case Wave:
		for _, z := range t.Zones {
			a := base
			a.Zone = z.Zone
			out = append(out, a)
		}
	case Tome:
		for _, id := range t.Coins {
			a := base
			a.Coin = id
			out = append(out, a)
		}
	case Lightning:
		// Every single zone and pair of zones; inside, finish the soldiers
		// nearest the Tower (cheapest first), extra damage on the leader.
		for i := range t.Zones {
			for j := i; j < len(t.Zones); j++ {
				var pool []int
				for _, id := range t.Zones[i].Coins {
					k, _ := coinIndex(id)
					pool = append(pool, k)
				}
				if j != i {
					for _, id := range t.Zones[j].Coins {
						k, _ := coinIndex(id)
						pool = append(pool, k)
					}
				}
				for _, cheap := range []bool{true, false} {
					a := base
					a.Hits = s.split(pool, x, cheap)
					out = append(out, a)
				}
			}
		}
	}
	return out
}

// split shares x damage to kill as many of pool as it can, nearest the Tower
// first (then cheapest, or toughest when cheap is false).
func (s *State) split(pool []int, x int, cheap bool) []Hit {
	need := func(i int) int {
		n := coinSize(i).Health()
		if s.coins[i].face == Tails {
			n++
		}
		return n
	}
	p := slices.Clone(pool)
	slices.SortStableFunc(p, func(a, b int) int {
		if d := int(s.coins[b].where) - int(s.coins[a].where); d != 0 {
			return d
		}
		if cheap {
			return need(a) - need(b)
		}
		return need(b) - need(a)
	})
	var hits []Hit
	left := x
	for _, i := range p {
		if left == 0 {
			break
		}
		d := min(need(i), left)
		hits = append(hits, Hit{Coin: coinName(i), Damage: d})
		left -= d
	}
	if left > 0 {
		hits[0].Damage += left
	}
	return hits
}

// mageScore values a position for the Mage (higher is better).
func mageScore(s *State, w *MageWeights) float64 {
	if s.Over() {
		if s.winner == Mage {
			return 1e9
		}
		return -1e9
	}
	v := 0.0
	for i := range s.coins {
		c := s.coins[i]
		if c.where == inRemoved {
			v += w.Removed
			continue
		}
		if c.where > NumZones {
			continue
		}
		tough := float64(coinSize(i).Health())
		if c.where != inCamp && c.face == Tails {
			tough++
		}
		v -= w.Zone[c.where] * (1 + w.Tough*tough)
	}
	n := len(s.card.Rows)
	v += w.Row * float64((n-int(s.left))+(n-int(s.right)))
	if !s.tomeUsed {
		for r := int(s.right) + 1; r <= n; r++ {
			if s.card.Rows[r-1].Spell == Tome {
				v += w.Tome
				break
			}
		}
	}
	if !s.skipUsed {
		v += w.Skip
	}
	return v
}
