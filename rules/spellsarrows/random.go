package spellsarrows

import "math/rand/v2"

// RandomLegal picks a random legal action of s using the caller's generator
// (for fuzzing, benchmarks and bot simulations). Makes and misses are a coin
// flip; the mage ends a half early now and then. It returns the zero Action
// when the game is over.
func RandomLegal(s State, r *rand.Rand) Action {
	c := Legal(s)
	if len(c.Types) == 0 {
		return Action{}
	}
	pick := func(xs []string) string { return xs[r.IntN(len(xs))] }
	typ := c.Types[r.IntN(len(c.Types))]
	switch c.Phase {
	case PhaseResponse:
		// Mostly answer the miss; sometimes pass or let the spy shoot on.
		if r.IntN(4) != 0 && len(c.Types) > 2 {
			typ = c.Types[r.IntN(len(c.Types)-2)]
		}
	case PhaseMage:
		typ = TypeCast
		if r.IntN(12) == 0 {
			typ = TypeEndHalf
		}
	case PhaseCasting:
		typ = TypeSpellShot
		if r.IntN(20) == 0 {
			typ = TypeAbandon
		}
	}
	made := r.IntN(2) == 0
	switch typ {
	case TypeSpyShot:
		return SpyShot(made)
	case TypeMove:
		return Move(pick(c.Moves))
	case TypeArrow:
		return Arrow(made)
	case TypeLeap:
		if !made {
			return Leap(false, "", "")
		}
		return Leap(true, pick(c.LeapGiants), pick(c.LeapSpans))
	case TypePass:
		return Pass()
	case TypeCast:
		var ok []int
		for _, cc := range c.Cards {
			if cc.Castable {
				ok = append(ok, cc.Card.Number)
			}
		}
		return Cast(ok[r.IntN(len(ok))])
	case TypeSpellShot:
		return SpellShot(r.IntN(3) != 0)
	case TypeAbandon:
		return Abandon()
	case TypeTarget:
		if len(c.TargetSpans) > 0 {
			return TargetSpan(pick(c.TargetSpans))
		}
		return TargetAt(pick(c.TargetLocations))
	case TypeBench:
		cut := 0
		if len(c.CutCards) > 0 {
			cut = c.CutCards[r.IntN(len(c.CutCards))]
		}
		return Bench(c.BenchCards[r.IntN(len(c.BenchCards))], cut)
	case TypeEndHalf:
		return EndHalf()
	}
	return Action{}
}
