package spellsarrows

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/grimoire-games/grimoire/rules/say"
)

// Apply plays one action. It never changes s: on success it returns the new
// state; on error it returns s itself and an error wrapping one of the
// sentinels (ErrGameOver first, then ErrNotNow, ErrIllegal) whose text is the
// broken rule in player words.
func Apply(s State, a Action) (State, error) {
	if err := Check(s, a); err != nil {
		return s, err
	}
	n := s.cloneFor(a)
	switch a.Type {
	case TypeSpyShot:
		n.spyShot(a.Made)
	case TypeMove:
		n.move(a.To)
	case TypeArrow:
		n.arrow(a.Made)
	case TypeLeap:
		n.leap(a)
	case TypePass:
		n.win = window{}
	case TypeCast:
		n.startCast(a.Card)
	case TypeSpellShot:
		n.spellShot(a.Made)
	case TypeAbandon:
		n.cast = castState{}
		n.fails++
		n.finishAttempt()
	case TypeTarget:
		n.target(a)
	case TypeBench:
		n.benchChoice(a.Card, a.Cut)
	case TypeEndHalf:
		n.endMageHalf()
	}
	return n, nil
}

// Check says whether Apply would play the action: nil, or Apply's very
// error. It builds no new state, so a caller that only asks (a tap checked
// before it is stored, then played once) pays for the checks alone.
func Check(s State, a Action) error {
	if s.w == nil {
		return fail(ErrNotNow, "the game has not been set up (use New)")
	}
	if s.over {
		return fail(ErrGameOver, "the game is over: %s", s.reason)
	}
	// The lean checks below decide legality without building Choices or any
	// text; only a refused action pays for Legal and its reason.
	if !s.allows(a.Type) {
		return s.notNow(a)
	}
	if !s.fine(a) {
		return s.check(Legal(s), a)
	}
	return nil
}

// check validates the details of an action whose type is legal now.
func (s State) check(c Choices, a Action) error {
	switch a.Type {
	case TypeMove:
		if !slices.Contains(c.Moves, a.To) {
			if _, ok := s.w.loc[a.To]; !ok {
				return fail(ErrIllegal, "there is no location %q on the map", a.To)
			}
			if s.w.loc[s.at].Kind == KindGoto {
				return fail(ErrIllegal, "from the portal %s the only way is to %s", s.at, s.w.loc[s.at].Target)
			}
			return fail(ErrIllegal, "%s is not next to %s: the spy can go to %s", a.To, s.at, strings.Join(c.Moves, ", "))
		}
	case TypeLeap:
		if !a.Made {
			return nil
		}
		from, err := s.spanArg(a.From)
		if err != nil {
			return err
		}
		to, err := s.spanArg(a.To)
		if err != nil {
			return err
		}
		if !slices.Contains(c.LeapGiants, from) {
			if from == s.engaged && s.giants[from] > 0 {
				return fail(ErrIllegal, "the giant on %s is fighting the spy and cannot leap", from)
			}
			return fail(ErrIllegal, "no giant stands on %s", from)
		}
		if !slices.Contains(c.LeapSpans, to) {
			return fail(ErrIllegal, "a giant already stands on %s: one giant per span", to)
		}
	case TypeCast:
		if why := s.whyNotCast(a.Card); !why.IsZero() {
			return fail(ErrIllegal, "%s", why)
		}
	case TypeTarget:
		if s.pending.kind == EffectElf {
			if a.Span != "" || a.At == "" {
				return fail(ErrIllegal, "an elf cone goes on a town or gate (\"at\"), not on a span")
			}
			if slices.Contains(c.TargetLocations, a.At) {
				return nil
			}
			l, ok := s.w.loc[a.At]
			switch {
			case !ok:
				return fail(ErrIllegal, "there is no location %q on the map", a.At)
			case l.Kind != KindTown && l.Kind != KindGate:
				return fail(ErrIllegal, "%s cannot be guarded: only towns and gates hold elf cones", a.At)
			default:
				return fail(ErrIllegal, "%s already holds %s, the most a %s %s can hold", a.At, elfCones(s.elves[a.At]), zoneWords(l.Zone), kindWords(l.Kind))
			}
		}
		if a.At != "" || a.Span == "" {
			return fail(ErrIllegal, "a giant stands on a span (\"span\"), not on a location")
		}
		k, err := s.spanArg(a.Span)
		if err != nil {
			return err
		}
		if s.giants[k] > 0 {
			return fail(ErrIllegal, "a giant already stands on %s: one giant per span", k)
		}
	case TypeBench:
		if !slices.Contains(c.BenchCards, a.Card) {
			return fail(ErrIllegal, "card %d is not on the bench (bench: %s)", a.Card, ints(s.bench))
		}
		if len(c.CutCards) == 0 && a.Cut != 0 {
			return fail(ErrIllegal, "the court has room (%d of %d spells): nothing is cut", len(s.court), courtSize)
		}
		if len(c.CutCards) > 0 {
			if a.Cut == 0 {
				return fail(ErrIllegal, "the court would hold %d spells: cut one of %s to the bench", len(s.court)+1, ints(s.court))
			}
			if !slices.Contains(c.CutCards, a.Cut) {
				return fail(ErrIllegal, "card %d is not on the court and cannot be cut (court: %s)", a.Cut, ints(s.court))
			}
		}
	}
	return nil
}

func ints(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprint(x)
	}
	return strings.Join(parts, ", ")
}

// spanArg reads a span written in either order and checks it is a road span.
func (s State) spanArg(raw string) (string, error) {
	a, b, err := ParseSpan(raw)
	if err != nil {
		return "", fail(ErrIllegal, "%v", err)
	}
	k := SpanKey(a, b)
	if !s.w.isSpan[k] {
		return "", fail(ErrIllegal, "%s is not a road span of the map", k)
	}
	return k, nil
}

// notNow explains why an action type is not expected now.
func (s State) notNow(a Action) error {
	ph := s.phase()
	known := slices.Contains(actionTypes[:], a.Type)
	if !known {
		return fail(ErrBadAction, "unknown action type %q", a.Type)
	}
	spySide := a.Type == TypeSpyShot || a.Type == TypeMove
	switch ph {
	case PhaseSpyShoot, PhaseResponse:
		switch a.Type {
		case TypeMove:
			if s.engaged != "" {
				return fail(ErrNotNow, "the giant on %s still blocks the way (%s left)", s.engaged, cones(s.giants[s.engaged]))
			}
			return fail(ErrNotNow, "toll not paid: %d of %s made at %s", s.paid, baskets(s.Toll()), s.at)
		case TypeArrow:
			if ph != PhaseResponse {
				return fail(ErrNotNow, "elf arrows answer a spy miss, right after it")
			}
			switch {
			case s.win.volleyUsed:
				return fail(ErrNotNow, "the volley of this response is over: one volley per miss")
			case s.arrows == 0:
				return fail(ErrNotNow, "the mage has no arrows")
			default:
				return fail(ErrNotNow, "the spy's location %s is not guarded by elves: no arrows from there", s.at)
			}
		case TypeLeap:
			if ph != PhaseResponse {
				return fail(ErrNotNow, "giants leap in answer to a spy miss, right after it")
			}
			switch {
			case s.win.leapUsed:
				return fail(ErrNotNow, "the leap run of this response is over: one leap run per miss")
			case s.leaps == 0:
				return fail(ErrNotNow, "the mage has no leaps")
			default:
				return fail(ErrNotNow, "no giant can leap: none stands free of the spy, or no span is free")
			}
		case TypePass:
			return fail(ErrNotNow, "there is no response window to close: the mage answers only right after a spy miss")
		}
		return fail(ErrNotNow, "it is the spy's half: the mage casts spells in the mage half")
	case PhaseSpyMove:
		if a.Type == TypeSpyShot {
			if s.w.loc[s.at].Kind == KindGoto {
				return fail(ErrNotNow, "a portal needs no basket: the spy goes on to %s", s.w.loc[s.at].Target)
			}
			return fail(ErrNotNow, "the toll at %s is paid: the spy moves now", s.at)
		}
		return fail(ErrNotNow, "the spy is choosing where to go from %s", s.at)
	case PhaseMage:
		if spySide {
			return fail(ErrNotNow, "it is the mage's half")
		}
		switch a.Type {
		case TypeSpellShot, TypeAbandon:
			return fail(ErrNotNow, "no cast is in progress: choose a spell first")
		case TypeTarget, TypeBench:
			return fail(ErrNotNow, "no succeeded spell is waiting for a choice")
		}
		return fail(ErrNotNow, "there is no spy miss to answer in the mage half")
	case PhaseCasting:
		name := s.w.card(s.cast.card).Name
		if spySide {
			return fail(ErrNotNow, "it is the mage's half")
		}
		return fail(ErrNotNow, "%s is being cast: shoot its pattern or abandon it first", name)
	case PhaseTarget:
		if spySide {
			return fail(ErrNotNow, "it is the mage's half")
		}
		what := say.F("the elf cones")
		if s.pending.kind == EffectGiant {
			what = say.F("the giant")
		}
		return fail(ErrNotNow, "%s of %s must be placed first", what, s.w.card(s.pending.card).Name)
	case PhaseBench:
		if spySide {
			return fail(ErrNotNow, "it is the mage's half")
		}
		return fail(ErrNotNow, "Librarian's Bench succeeded: choose the bench spell that joins the court first")
	}
	return fail(ErrNotNow, "%s is not possible now", a.Type)
}

// --- spy half ---

func (s *State) spyShot(made bool) {
	s.win = window{}
	clockOut := s.shotClock == 0
	if !clockOut {
		s.shotClock--
	}
	if made {
		if s.engaged != "" {
			s.giants[s.engaged]--
			if s.giants[s.engaged] <= 0 {
				delete(s.giants, s.engaged)
				dest := otherEnd(s.engaged, s.at)
				s.engaged = ""
				s.arrive(dest)
			}
			return
		}
		s.paid++
		if s.paid >= s.Toll() && s.here.Kind == KindGate {
			s.escape()
		}
		return
	}
	if clockOut {
		s.misses++
		if s.misses >= MissesToEnd {
			s.endSpyHalf()
			return
		}
	}
	if s.hasResponse() {
		s.win = window{open: true}
	}
}

func otherEnd(span, from string) string {
	a, b, _ := strings.Cut(span, "-")
	if a == from {
		return b
	}
	return a
}

func (s *State) move(to string) {
	if s.here.Kind == KindGoto {
		s.arrive(to)
		return
	}
	if len(s.giants) == 0 {
		// No giant anywhere: no span key to build (a move is the commonest
		// action of a simulated game).
		s.arrive(to)
		return
	}
	k := SpanKey(s.at, to)
	if s.giants[k] > 0 {
		s.engaged = k
		return
	}
	s.arrive(to)
}

// arrive: the spy leaves s.at (its exit effects happen now) and stands at to.
func (s *State) arrive(to string) {
	l := s.here
	switch l.Kind {
	case KindPharmacy:
		s.health = min(MaxHealth, s.health+PharmacyBoost)
	case KindArmoury:
		s.armour = min(MaxArmour, s.armour+1)
	case KindTown:
		// A full slice expression: the old state's array is never written.
		s.travel = append(s.travel[:len(s.travel):len(s.travel)], travelValue(l.Zone))
	}
	s.at, s.here = to, s.w.locp[to]
	s.paid = 0
}

func travelValue(zone string) int8 {
	if zone == ZoneArc {
		return 3
	}
	return 2
}

func (s *State) escape() {
	gate := s.at
	gained := 0
	for _, v := range s.travel {
		gained += int(v)
	}
	s.points += gained
	if s.points >= s.setup.Victory {
		s.over, s.winner = true, WinnerSpy
		s.reason = say.F("the spy escaped through %s for %d, reaching %d of %s", gate, gained, s.points, points(s.setup.Victory))
		s.paid = 0
		return
	}
	s.at, s.here, s.health, s.armour, s.travel = s.w.start, s.w.locp[s.w.start], StartHealth, 0, []int8{}
	s.endSpyHalf()
}

func (s *State) endSpyHalf() {
	s.shotClock, s.misses, s.paid, s.engaged = ShotClock, 0, 0, ""
	s.win = window{}
	if s.turn >= s.setup.TurnCount() {
		s.over, s.winner = true, WinnerMage
		s.reason = say.F("the spy's last half (turn %d) ended with %d of %s", s.turn, s.points, points(s.setup.Victory))
		return
	}
	s.half = HalfMage
	s.spellClock, s.fails, s.lastCourtSpell = SpellClock, 0, 0
	s.cast, s.pending = castState{}, pendingState{}
}

// --- responses ---

func (s *State) arrow(made bool) {
	s.arrows--
	s.win.volleyUsed, s.win.leap = true, false
	if made {
		s.health -= s.arrowDamage()
		if s.health <= 0 {
			s.over, s.winner = true, WinnerMage
			s.reason = say.F("the spy was captured at %s by an elf arrow", s.at)
			s.win = window{}
			return
		}
	}
	s.win.volley = made && s.arrows > 0
	s.closeWindowIfDone()
}

func (s *State) leap(a Action) {
	s.leaps--
	s.win.leapUsed, s.win.volley = true, false
	if a.Made {
		from, _ := canonSpan(a.From)
		to, _ := canonSpan(a.To)
		s.giants[to] = s.giants[from]
		delete(s.giants, from)
	}
	s.win.leap = a.Made && s.leaps > 0
	s.closeWindowIfDone()
}

func (s *State) closeWindowIfDone() {
	if !s.canArrow() && !s.canLeap() {
		s.win = window{}
	}
}

// --- mage half ---

func (s *State) startCast(card int) {
	s.spellClock--
	s.cast = castState{card: card}
	if card == BenchCard {
		s.lastCourtSpell = 0
	} else {
		s.lastCourtSpell = card
	}
}

func (s *State) spellShot(made bool) {
	c := s.w.card(s.cast.card)
	if made {
		s.cast.spot++
		s.cast.made++
		if s.cast.spot >= len(c.Pattern) {
			misses := s.cast.misses
			s.cast = castState{}
			s.succeed(c, misses)
		}
		return
	}
	s.cast.misses++
	if s.cast.misses > c.Grace {
		s.cast = castState{}
		s.fails++
		s.finishAttempt()
	}
}

func (s *State) succeed(c Card, misses int) {
	p := c.Potency(misses)
	switch c.Effect.Kind {
	case EffectElf:
		s.pending = pendingState{kind: EffectElf, remaining: p, card: c.Number}
		if !s.elfRoom() {
			s.pending = pendingState{}
		}
	case EffectGiant:
		s.pending = pendingState{kind: EffectGiant, remaining: 1, size: p, card: c.Number}
		if !s.freeSpan() {
			s.pending = pendingState{}
		}
	case EffectArrows:
		s.arrows = min(MaxArrows, s.arrows+p)
	case EffectLeaps:
		s.leaps = min(MaxLeaps, s.leaps+p)
	case EffectClock:
		s.spellClock += p
	case EffectBench:
		if misses == 0 && len(s.bonus) > 0 {
			s.bench = append(s.bench, s.bonus[0])
			slices.Sort(s.bench)
			s.bonus = s.bonus[1:]
		}
		if len(s.bench) > 0 {
			s.pending = pendingState{kind: EffectBench, remaining: 1, card: c.Number}
		}
	}
	if s.pending.kind == "" {
		s.finishAttempt()
	}
}

func (s *State) target(a Action) {
	if s.pending.kind == EffectElf {
		s.elves[a.At]++
		s.pending.remaining--
		if s.pending.remaining > 0 && s.elfRoom() {
			return
		}
	} else {
		k, _ := canonSpan(a.Span)
		s.giants[k] = s.pending.size
	}
	s.pending = pendingState{}
	s.finishAttempt()
}

func (s *State) benchChoice(card, cut int) {
	s.bench = slices.DeleteFunc(s.bench, func(x int) bool { return x == card })
	s.court = append(s.court, card)
	if cut != 0 {
		s.court = slices.DeleteFunc(s.court, func(x int) bool { return x == cut })
		s.bench = append(s.bench, cut)
	}
	slices.Sort(s.court)
	slices.Sort(s.bench)
	s.pending = pendingState{}
	s.finishAttempt()
}

// finishAttempt ends the mage half when the spell clock is out or two
// spells failed.
func (s *State) finishAttempt() {
	if s.spellClock <= 0 || s.fails >= FailsToEnd {
		s.endMageHalf()
	}
}

func (s *State) endMageHalf() {
	s.turn++
	s.half = HalfSpy
	s.cast, s.pending = castState{}, pendingState{}
	s.spellClock, s.fails, s.lastCourtSpell = SpellClock, 0, 0
}

// cloneFor copies what applying a may write and shares the rest: a State is
// never written once returned, so the maps and slices an action leaves alone
// can be shared by the old state and the new one.
func (s State) cloneFor(a Action) State {
	switch a.Type {
	case TypeSpyShot:
		if a.Made && s.engaged != "" {
			s.giants = maps.Clone(s.giants)
		}
	case TypeLeap:
		if a.Made {
			s.giants = maps.Clone(s.giants)
		}
	case TypeTarget:
		// An elf cone writes the elves, a giant the giants (target).
		if s.pending.kind == EffectElf {
			s.elves = maps.Clone(s.elves)
		} else {
			s.giants = maps.Clone(s.giants)
		}
	case TypeSpellShot:
		// Only the make that completes a clean Librarian's Bench writes the
		// bench (a bonus spell joins it); the other shots of the cast do not.
		if s.cast.card == BenchCard && a.Made && s.cast.misses == 0 && len(s.bonus) > 0 && s.cast.spot+1 >= len(s.w.card(BenchCard).Pattern) {
			s.bench = slices.Clone(s.bench)
			s.bonus = slices.Clone(s.bonus)
		}
	case TypeBench:
		s.court = slices.Clone(s.court)
		s.bench = slices.Clone(s.bench)
	}
	return s
}

// canonSpan is the span key of raw ("W4-E4" → "E4-W4") and whether raw reads
// as a span; a key already in order is returned as it is, without a copy.
func canonSpan(raw string) (string, bool) {
	a, b, ok := strings.Cut(raw, "-")
	if !ok || a == "" || b == "" || strings.IndexByte(b, '-') >= 0 {
		return "", false
	}
	if a <= b {
		return raw, true
	}
	return SpanKey(a, b), true
}
