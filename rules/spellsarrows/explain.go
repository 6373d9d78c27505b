package spellsarrows

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Explanation is what may happen next from a moment of a game, for a
// referee: every legal action with what it does, and the actions a table
// might try that the rules refuse, each with the broken rule.
type Explanation struct {
	Phase   Phase      `json:"phase"`
	Prompt  string     `json:"prompt"`
	Legal   []Possible `json:"legal"`
	Refused []Refusal  `json:"refused"`
}

// Possible is one legal action: the log line it would write (Describe) and
// every count it changes, "health 3 → 1".
type Possible struct {
	Action  Action   `json:"action"`
	Says    string   `json:"says"`
	Changes []string `json:"changes"`
}

// Refusal is an action the rules refuse now, why (Apply's error), and the
// ruling of the rules page it runs into ("" when it is only not that
// side's half).
type Refusal struct {
	Action Action `json:"action"`
	Reason string `json:"reason"`
	Ruling string `json:"ruling,omitempty"`
}

// Explain lists what may happen next from s. The legal actions come from
// Legal and each is played on a copy by Apply; the refusals are Apply's own
// errors, so nothing here decides a rule.
func Explain(s State) Explanation {
	c := Legal(s)
	e := Explanation{Phase: c.Phase, Prompt: c.Prompt.String(), Legal: []Possible{}, Refused: []Refusal{}}
	if s.w == nil {
		return e
	}
	before := s.Snapshot()
	for _, a := range legalActions(s, c) {
		after, err := Apply(s, a)
		if err != nil {
			// Legal offered it, so Apply must take it; say so rather than
			// hide it.
			e.Refused = append(e.Refused, Refusal{Action: a, Reason: err.Error()})
			continue
		}
		e.Legal = append(e.Legal, Possible{Action: a, Says: Describe(s, a, after).String(), Changes: changes(before, after.Snapshot())})
	}
	seen := map[string]bool{}
	for _, a := range tries(s, c) {
		err := Check(s, a)
		if err == nil || seen[err.Error()] {
			continue
		}
		seen[err.Error()] = true
		e.Refused = append(e.Refused, Refusal{Action: a, Reason: err.Error(), Ruling: rulingOf(s, a)})
	}
	return e
}

// legalActions spells out every action the choices allow.
func legalActions(s State, c Choices) []Action {
	var out []Action
	for _, t := range c.Types {
		switch t {
		case TypeSpyShot:
			out = append(out, SpyShot(true), SpyShot(false))
		case TypeMove:
			for _, to := range c.Moves {
				out = append(out, Move(to))
			}
		case TypeArrow:
			out = append(out, Arrow(true), Arrow(false))
		case TypeLeap:
			for _, from := range c.LeapGiants {
				for _, to := range c.LeapSpans {
					out = append(out, Leap(true, from, to))
				}
			}
			out = append(out, Leap(false, "", ""))
		case TypePass:
			out = append(out, Pass())
		case TypeCast:
			for _, cc := range c.Cards {
				if cc.Castable {
					out = append(out, Cast(cc.Card.Number))
				}
			}
		case TypeSpellShot:
			out = append(out, SpellShot(true), SpellShot(false))
		case TypeAbandon:
			out = append(out, Abandon())
		case TypeTarget:
			for _, at := range c.TargetLocations {
				out = append(out, TargetAt(at))
			}
			for _, sp := range c.TargetSpans {
				out = append(out, TargetSpan(sp))
			}
		case TypeBench:
			for _, card := range c.BenchCards {
				if len(c.CutCards) == 0 {
					out = append(out, Bench(card, 0))
				}
				for _, cut := range c.CutCards {
					out = append(out, Bench(card, cut))
				}
			}
		case TypeEndHalf:
			out = append(out, EndHalf())
		}
	}
	return out
}

// tries are actions a table might attempt now: one of each type, and for
// the types allowed now the details people get wrong (a place two steps
// away, a spell on the bench, a full town, a taken span, a missing cut).
// Only those Check refuses are kept.
func tries(s State, c Choices) []Action {
	w := s.w
	first := func(xs []string) string {
		if len(xs) == 0 {
			return ""
		}
		return xs[0]
	}
	var out []Action
	// One of each type, as the table would name it.
	neighbour := first(w.adj[s.at])
	if l := w.loc[s.at]; l.Kind == KindGoto {
		neighbour = l.Target
	}
	free, taken := first(s.freeSpans()), first(s.leapGiants())
	out = append(out, SpyShot(true), Move(neighbour), Arrow(true))
	if taken != "" && free != "" {
		out = append(out, Leap(true, taken, free))
	} else {
		out = append(out, Leap(false, "", ""))
	}
	out = append(out, Pass(), Cast(BenchCard), SpellShot(true), Abandon(), TargetAt(first(w.towns)))
	if len(s.bench) > 0 {
		out = append(out, Bench(s.bench[0], 0))
	} else {
		out = append(out, Bench(firstBonus, 0))
	}
	out = append(out, EndHalf())

	// The details of what is allowed now.
	if c.Allows(TypeMove) {
		near := map[string]bool{s.at: true}
		for _, n := range c.Moves {
			near[n] = true
		}
		var far []string
		for _, n := range c.Moves {
			for _, m := range w.adj[n] {
				if !near[m] && !slices.Contains(far, m) {
					far = append(far, m)
				}
			}
		}
		slices.Sort(far)
		for _, m := range far {
			out = append(out, Move(m))
		}
	}
	if c.Allows(TypeLeap) {
		if s.engaged != "" && free != "" {
			out = append(out, Leap(true, s.engaged, free)) // the giant being fought
		}
		if taken != "" {
			out = append(out, Leap(true, taken, taken)) // onto a giant
		}
		if free != "" {
			out = append(out, Leap(true, free, free)) // from an empty span
		}
	}
	if c.Allows(TypeCast) {
		for _, card := range w.d.Cards {
			out = append(out, Cast(card.Number))
		}
	}
	if c.Allows(TypeTarget) {
		if s.pending.kind == EffectElf {
			for _, id := range w.towns {
				if s.elves[id] >= s.elfCap(id) {
					out = append(out, TargetAt(id))
				}
			}
			out = append(out, TargetAt(w.start), TargetSpan(first(w.spans)))
		} else {
			for _, k := range slices.Sorted(maps.Keys(s.giants)) {
				out = append(out, TargetSpan(k))
			}
			out = append(out, TargetAt(first(w.towns)))
		}
	}
	if c.Allows(TypeBench) && len(s.bench) > 0 {
		card := s.bench[0]
		if len(s.court) >= courtSize {
			out = append(out, Bench(card, 0), Bench(card, card))
		} else {
			out = append(out, Bench(card, s.court[0]))
		}
		out = append(out, Bench(s.court[0], 0))
	}
	return out
}

// rulingOf names the ruling (an id of Rulings) a refused action runs into,
// from the action and the moment it was tried.
func rulingOf(s State, a Action) string {
	ph := s.phase()
	spyHalf := s.half == HalfSpy
	if !spyHalf && (a.Type == TypeSpyShot || a.Type == TypeMove) {
		return "" // only not the spy's half
	}
	switch a.Type {
	case TypeSpyShot:
		if ph == PhaseSpyMove {
			if s.here.Kind == KindGoto {
				return "portal"
			}
			return "toll-met"
		}
	case TypeMove:
		switch {
		case ph == PhaseSpyMove:
			if s.here.Kind == KindGoto {
				return "portal"
			}
			return "map"
		case spyHalf && s.engaged != "":
			return "giant-fight"
		case spyHalf:
			return "toll"
		}
	case TypeArrow, TypeLeap:
		switch {
		case ph != PhaseResponse && spyHalf:
			return "response-window"
		case ph == PhaseResponse && (a.Type == TypeArrow && s.win.volleyUsed || a.Type == TypeLeap && s.win.leapUsed):
			return "response-order"
		case ph == PhaseResponse && a.Type == TypeArrow:
			return "arrows"
		case ph == PhaseResponse:
			if a.Made && a.To != "" && s.giants[SpanKey(spanIDs(a.To))] > 0 {
				return "giants"
			}
			return "leaps"
		}
	case TypePass:
		if spyHalf {
			return "response-window"
		}
	case TypeCast:
		switch ph {
		case PhaseMage:
			if slices.Contains(s.court, a.Card) {
				if s.setup.Options.SameSpellOnly {
					return "same-spell-only"
				}
				return "court-spells"
			}
			return "bench-bonus"
		case PhaseCasting:
			return "casting"
		}
	case TypeSpellShot, TypeAbandon:
		if ph == PhaseMage {
			return "casting"
		}
	case TypeEndHalf:
		if !spyHalf {
			return "end-half"
		}
	case TypeBench:
		if ph == PhaseBench {
			return "bench-cut"
		}
	case TypeTarget:
	}
	switch ph {
	case PhaseCasting:
		return "casting"
	case PhaseTarget:
		if s.pending.kind == EffectElf {
			return "elf-cones"
		}
		return "giants"
	case PhaseBench:
		return "bench-bonus"
	}
	return ""
}

// spanIDs is ParseSpan's two ids, or two empty ones.
func spanIDs(raw string) (string, string) {
	a, b, err := ParseSpan(raw)
	if err != nil {
		return "", ""
	}
	return a, b
}

// changes lists every count that differs between two snapshots, in words.
func changes(b, a Snapshot) []string {
	out := []string{}
	num := func(what string, x, y int) {
		if x != y {
			out = append(out, fmt.Sprintf("%s %d → %d", what, x, y))
		}
	}
	str := func(what, x, y string) {
		if x != y {
			out = append(out, fmt.Sprintf("%s %s → %s", what, orNone(x), orNone(y)))
		}
	}
	if a.Over && !b.Over {
		out = append(out, fmt.Sprintf("game over: the %s wins", a.Winner))
	}
	num("turn", b.Turn, a.Turn)
	str("half", b.Half, a.Half)
	str("phase", string(b.Phase), string(a.Phase))
	str("spy at", b.Spy.At, a.Spy.At)
	num("health", b.Spy.Health, a.Spy.Health)
	num("armour", b.Spy.Armour, a.Spy.Armour)
	if !slices.Equal(b.Spy.Travel, a.Spy.Travel) {
		out = append(out, fmt.Sprintf("travel counters %s → %s", travelWords(b.Spy.Travel), travelWords(a.Spy.Travel)))
	}
	num("points", b.Spy.Points, a.Spy.Points)
	num("baskets paid", b.Spy.Paid, a.Spy.Paid)
	num("toll", b.Spy.Toll, a.Spy.Toll)
	str("fighting the giant on", b.Spy.Engaged, a.Spy.Engaged)
	num("shot clock", b.ShotClock, a.ShotClock)
	num("miss counters", b.Misses, a.Misses)
	num("arrows", b.Mage.Arrows, a.Mage.Arrows)
	num("leaps", b.Mage.Leaps, a.Mage.Leaps)
	num("spell clock", b.Mage.SpellClock, a.Mage.SpellClock)
	num("spell fails", b.Mage.Fails, a.Mage.Fails)
	for _, l := range []struct {
		what string
		x, y []int
	}{{"court", b.Mage.Court, a.Mage.Court}, {"bench", b.Mage.Bench, a.Mage.Bench}, {"bonus spells", b.Mage.Bonus, a.Mage.Bonus}} {
		if !slices.Equal(l.x, l.y) {
			out = append(out, fmt.Sprintf("%s %s → %s", l.what, listWords(l.x), listWords(l.y)))
		}
	}
	countMap("elf cones on", b.Elves, a.Elves, &out)
	countMap("giant on", b.Giants, a.Giants, &out)
	if (b.Window == nil) != (a.Window == nil) {
		if a.Window != nil {
			out = append(out, "response window opens")
		} else {
			out = append(out, "response window closes")
		}
	}
	return out
}

func countMap(what string, b, a map[string]int, out *[]string) {
	keys := slices.Sorted(maps.Keys(b))
	for k := range a {
		if _, ok := b[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	for _, k := range keys {
		if b[k] != a[k] {
			*out = append(*out, fmt.Sprintf("%s %s %d → %d", what, k, b[k], a[k]))
		}
	}
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

func listWords(xs []int) string {
	if len(xs) == 0 {
		return "none"
	}
	return ints(xs)
}

func travelWords(xs []int8) string {
	if len(xs) == 0 {
		return "none"
	}
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprint(x)
	}
	return strings.Join(parts, " + ")
}
