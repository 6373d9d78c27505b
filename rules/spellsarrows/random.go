package spellsarrows

import "math/rand/v2"

// RandomLegal picks a random legal action of s using the caller's generator
// (for fuzzing, benchmarks and bot simulations). Makes and misses are a coin
// flip; the mage ends a half early now and then. It returns the zero Action
// when the game is over.
func RandomLegal(s State, r *rand.Rand) Action {
	// The same draws, in the same order, as picking from Legal(s); the lists
	// are read from the state so that no prompt or card text is built.
	var buf [4]string
	types := s.typesInto(buf[:0])
	if s.w == nil || len(types) == 0 {
		return Action{}
	}
	pick := func(xs []string) string { return xs[r.IntN(len(xs))] }
	typ := types[r.IntN(len(types))]
	switch s.phase() {
	case PhaseResponse:
		// Mostly answer the miss; sometimes pass or let the spy shoot on.
		if r.IntN(4) != 0 && len(types) > 2 {
			typ = types[r.IntN(len(types)-2)]
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
		if l := s.here; l.Kind == KindGoto {
			return Move(pick([]string{l.Target}))
		}
		return Move(pick(s.w.adj[s.at]))
	case TypeArrow:
		return Arrow(made)
	case TypeLeap:
		if !made {
			return Leap(false, "", "")
		}
		return Leap(true, pick(s.leapGiants()), pick(s.freeSpans()))
	case TypePass:
		return Pass()
	case TypeCast:
		var buf [courtSize + 1]int
		ok := buf[:0]
		for _, c := range s.court {
			if s.castable(c) {
				ok = append(ok, c)
			}
		}
		ok = append(ok, BenchCard)
		return Cast(ok[r.IntN(len(ok))])
	case TypeSpellShot:
		return SpellShot(r.IntN(3) != 0)
	case TypeAbandon:
		return Abandon()
	case TypeTarget:
		if s.pending.kind != EffectElf {
			if spans := s.freeSpans(); len(spans) > 0 {
				return TargetSpan(pick(spans))
			}
		}
		return TargetAt(pick(s.elfTargets()))
	case TypeBench:
		cut := 0
		if len(s.court) >= courtSize {
			cut = s.court[r.IntN(len(s.court))]
		}
		return Bench(s.bench[r.IntN(len(s.bench))], cut)
	case TypeEndHalf:
		return EndHalf()
	}
	return Action{}
}
