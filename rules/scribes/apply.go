package scribes

import (
	"github.com/grimoire-games/grimoire/rules/say"
)

// Decider is the seat that must decide now, or -1 when the game is over.
func (s State) Decider() int {
	switch s.phase {
	case PhaseOver:
		return -1
	case PhaseDiscard:
		return s.discardSeat
	case PhaseFollow:
		return s.fol.queue[0]
	}
	return s.active
}

// Apply plays one action and returns the new state. It never changes s; on
// error the returned state is the zero State and s is untouched. Errors wrap
// ErrGameOver (checked first), ErrNotYourTurn, ErrIllegal or ErrCannotAfford.
func Apply(s State, a Action) (State, error) {
	a = a.Canonical()
	if err := validate(s, a); err != nil {
		return State{}, err
	}
	n := s.clone()
	if a.Type == ActProposeEnd || a.Type == ActAgreeEnd {
		n.playEnd(a)
		return n, nil
	}
	n.play(a)
	n.advance()
	return n, nil
}

// validate is the one place legality is decided; Legal lists exactly the
// candidate actions it accepts.
func validate(s State, a Action) error {
	if s.phase == PhaseOver {
		return fail(ErrGameOver, "no more actions can be played")
	}
	if a.Seat < 0 || a.Seat >= len(s.players) {
		return fail(ErrNotYourTurn, "there is no seat %d", a.Seat)
	}
	if a.Type == ActProposeEnd || a.Type == ActAgreeEnd {
		return s.checkEnd(a)
	}
	who := s.Decider()
	if a.Seat != who {
		return fail(ErrNotYourTurn, "%s must %s now, not %s", s.players[who].name, s.waitingFor(), s.players[a.Seat].name)
	}
	p := &s.players[a.Seat]
	switch s.phase {
	case PhaseDiscard:
		if a.Type != ActDiscard {
			return fail(ErrIllegal, "%s holds %d oinks and must first discard down to 5", p.name, total(p.oinks))
		}
		return s.checkDiscard(a)
	case PhaseFollow:
		if a.Type != ActFollow {
			return fail(ErrIllegal, "%s must first resolve the follow-up of the world tile", p.name)
		}
		return s.checkFollow(a)
	}
	switch a.Type {
	case ActTake:
		x, y := a.Elements[0], a.Elements[1]
		if x >= NumElements || y >= NumElements {
			return fail(ErrIllegal, "take names an unknown element")
		}
		if x == y {
			return fail(ErrIllegal, "the 2 oinks taken must be of different elements (not 2 %s)", x)
		}
	case ActExchange:
		if a.Give >= NumElements || a.Take >= NumElements {
			return fail(ErrIllegal, "exchange names an unknown element")
		}
		if p.oinks[a.Give] == 0 {
			return fail(ErrIllegal, "%s holds no %s oink to exchange", p.name, a.Give)
		}
		if a.Give == a.Take {
			return fail(ErrIllegal, "an exchange must take a different element from the one returned (%s)", a.Give)
		}
		if a.Count < 1 || a.Count > 3 {
			return fail(ErrIllegal, "an exchange takes 1 to 3 oinks, not %d", a.Count)
		}
	case ActReserve:
		if a.Index < 0 || a.Index >= RowSize {
			return fail(ErrIllegal, "there is no slot %d in the row (slots 0-4)", a.Index)
		}
		if s.row[a.Index].card < 0 {
			return fail(ErrIllegal, "slot %d holds no card", a.Index)
		}
		if lim := s.ReserveLimit(); len(p.reserve) >= lim {
			return fail(ErrIllegal, "with %d players a scribe may hold only %d reserved card(s), and %s already holds %d", len(s.players), lim, p.name, len(p.reserve))
		}
	case ActScribe:
		var c int
		switch a.From {
		case FromRow:
			if a.Index < 0 || a.Index >= RowSize {
				return fail(ErrIllegal, "there is no slot %d in the row (slots 0-4)", a.Index)
			}
			if c = s.row[a.Index].card; c < 0 {
				return fail(ErrIllegal, "slot %d holds no card", a.Index)
			}
		case FromReserve:
			if a.Index < 0 || a.Index >= len(p.reserve) {
				return fail(ErrIllegal, "%s has no reserved card number %d", p.name, a.Index)
			}
			c = p.reserve[a.Index]
		default:
			return fail(ErrIllegal, "a spell is scribed from the row or from the reserve")
		}
		return checkPayment(p.oinks, s.d.Cards[c], a.Oinks)
	case ActDiscard:
		return fail(ErrIllegal, "%s holds %d oinks; discarding is only for getting down to 5", p.name, total(p.oinks))
	case ActFollow:
		return fail(ErrIllegal, "no follow-up is waiting")
	default:
		return fail(ErrIllegal, "unknown action")
	}
	return nil
}

func (s State) waitingFor() say.Text {
	switch s.phase {
	case PhaseDiscard:
		return say.F("discard down to 5 oinks")
	case PhaseFollow:
		return say.F("resolve the follow-up")
	}
	return say.F("take the turn")
}

// Payment faults, in the order they are checked.
const (
	payOK = iota
	payNegative
	payNotHeld
	payShort
	payWaste
)

// payFault is the payment rule: the payment must be held, cover the face
// value (own-element oinks count 2, others 1), and contain no oink that
// could be left out while still covering it. It returns the first fault, the
// element at fault and the units the payment covers.
func payFault(held [NumElements]int, c Card, pay [NumElements]int) (fault int, at Element, units int) {
	n := 0
	for e, k := range pay {
		if k < 0 {
			return payNegative, Element(e), 0
		}
		if k > held[e] {
			return payNotHeld, Element(e), 0
		}
		n += k
		if Element(e) == c.Element {
			units += 2 * k
		} else {
			units += k
		}
	}
	if units < c.Value {
		return payShort, 0, units
	}
	// The cheapest oink to leave out: an off-element one counts 1, own 2.
	least := 2
	if n > pay[c.Element] {
		least = 1
	}
	if units-least >= c.Value {
		return payWaste, 0, units
	}
	return payOK, 0, units
}

// checkPayment explains payFault to a player.
func checkPayment(held [NumElements]int, c Card, pay [NumElements]int) error {
	fault, e, units := payFault(held, c, pay)
	switch fault {
	case payNegative:
		return fail(ErrCannotAfford, "a payment cannot be negative")
	case payNotHeld:
		return fail(ErrCannotAfford, "the payment uses %d %s but only %d are held", pay[e], e, held[e])
	case payShort:
		return fail(ErrCannotAfford, "%s (%s %d) costs %d and the payment covers %d (an oink of %s counts 2, any other 1)", c.Name, c.Element, c.Value, c.Value, units, c.Element)
	case payWaste:
		return fail(ErrCannotAfford, "the payment covers %d for a cost of %d; an oink could be left out (no oink may be spent that is not needed)", units, c.Value)
	}
	return nil
}

func (s State) checkDiscard(a Action) error {
	p := s.players[a.Seat]
	need := total(p.oinks) - MaxOinks
	for e, k := range a.Oinks {
		if k < 0 || k > p.oinks[e] {
			return fail(ErrIllegal, "%s cannot discard %d %s (holds %d)", p.name, k, Element(e), p.oinks[e])
		}
	}
	if got := total(a.Oinks); got != need {
		return fail(ErrIllegal, "%s holds %d oinks and must discard exactly %d, not %d", p.name, total(p.oinks), need, got)
	}
	return nil
}

func (s State) checkFollow(a Action) error {
	t := s.d.Tiles[s.fol.tile]
	p := s.players[a.Seat]
	switch t.Kind() {
	case KindChoose, KindArena:
		if a.Decline || a.Oinks != [NumElements]int{} {
			return fail(ErrIllegal, "this tile gives one oink: choose its element")
		}
		if a.Element >= NumElements || !(t.Kind() == KindArena || t.has(a.Element)) {
			return fail(ErrIllegal, "the oink must be of an element shown on the tile")
		}
		if s.supply[a.Element] == 0 {
			return fail(ErrIllegal, "the supply has no %s oink left", a.Element)
		}
	case KindTrade:
		if a.Decline {
			return nil
		}
		if a.Give >= NumElements || t.has(a.Give) {
			return fail(ErrIllegal, "the oink given back must be of an element not on the tile")
		}
		if p.oinks[a.Give] == 0 {
			return fail(ErrIllegal, "%s holds no %s oink to give back", p.name, a.Give)
		}
		n := 0
		for e, k := range a.Oinks {
			if k < 0 || (k > 0 && !t.has(Element(e))) {
				return fail(ErrIllegal, "the oinks gained must be of the tile's elements")
			}
			if k > s.supply[e] {
				return fail(ErrIllegal, "the supply holds only %d %s", s.supply[e], Element(e))
			}
			n += k
		}
		if n < 1 || n > 3 {
			return fail(ErrIllegal, "the trade gains 1 to 3 oinks, not %d", n)
		}
	default:
		return fail(ErrIllegal, "this follow-up needs no choice")
	}
	return nil
}

// play performs a validated action on a cloned state.
func (s *State) play(a Action) {
	p := &s.players[a.Seat]
	switch a.Type {
	case ActTake, ActExchange, ActReserve, ActScribe:
		s.withdrawEnd()
	}
	switch a.Type {
	case ActTake:
		for _, e := range a.Elements {
			s.give(a.Seat, e, 1)
		}
		s.afterMain = true
		s.discardSeat = a.Seat
	case ActExchange:
		p.oinks[a.Give]--
		s.supply[a.Give]++
		s.give(a.Seat, a.Take, a.Count)
		s.afterMain = true
		s.discardSeat = a.Seat
	case ActReserve:
		p.reserve = append(p.reserve[:len(p.reserve):len(p.reserve)], s.row[a.Index].card)
		s.leaveRow(a.Index)
	case ActScribe:
		for e, k := range a.Oinks {
			p.oinks[e] -= k
			s.supply[e] += k
		}
		if a.From == FromReserve {
			p.scribed = append(p.scribed[:len(p.scribed):len(p.scribed)], p.reserve[a.Index])
			p.reserve = append(p.reserve[:a.Index:a.Index], p.reserve[a.Index+1:]...)
			s.afterMain = true
		} else {
			p.scribed = append(p.scribed[:len(p.scribed):len(p.scribed)], s.row[a.Index].card)
			s.leaveRow(a.Index)
		}
	case ActDiscard:
		for e, k := range a.Oinks {
			p.oinks[e] -= k
			s.supply[e] += k
		}
		s.discardSeat = -1
	case ActFollow:
		s.resolveFollow(a)
	}
}

// give moves up to k oinks of e from the supply; what the supply lacks is
// not given.
func (s *State) give(seat int, e Element, k int) {
	k = min(k, s.supply[e])
	s.supply[e] -= k
	s.players[seat].oinks[e] += k
}

// leaveRow starts the follow-up of a slot whose card just left.
func (s *State) leaveRow(slotIdx int) {
	s.row[slotIdx].card = -1
	n := len(s.players)
	q := make([]int, 0, n-1)
	for i := 1; i < n; i++ {
		q = append(q, (s.active+i)%n)
	}
	s.fol = &follow{slot: slotIdx, tile: s.row[slotIdx].tile, queue: q}
	s.afterMain = true
}

// resolveFollow applies the head follower's resolution (chosen or automatic).
func (s *State) resolveFollow(a Action) {
	seat := s.fol.queue[0]
	p := &s.players[seat]
	switch {
	case a.Decline:
	case a.Oinks != [NumElements]int{}:
		p.oinks[a.Give]--
		s.supply[a.Give]++
		for e, k := range a.Oinks {
			s.give(seat, Element(e), k)
		}
	default:
		s.give(seat, a.Element, 1)
	}
	s.fol.queue = s.fol.queue[1:]
	s.discardSeat = seat
}

// autoFollow returns the resolution for the head follower when there is
// nothing to choose (ok true), e.g. a single insignia, or a two-element tile
// whose supply holds only one of the two.
func (s State) autoFollow() (Action, bool) {
	seat := s.fol.queue[0]
	t := s.d.Tiles[s.fol.tile]
	if t.Kind() == KindGain {
		return FollowElement(seat, t.Insignias[0]), true
	}
	opts := s.followOptions(seat)
	switch len(opts) {
	case 0:
		return FollowDecline(seat), true // nothing can be had
	case 1:
		return opts[0], true
	}
	return Action{}, false
}

// advance resolves everything automatic until someone must decide.
func (s *State) advance() {
	for {
		if s.discardSeat >= 0 {
			p := &s.players[s.discardSeat]
			if total(p.oinks) <= MaxOinks {
				s.discardSeat = -1
				continue
			}
			opts := s.discardOptions(s.discardSeat)
			if len(opts) == 1 {
				s.play(opts[0])
				continue
			}
			s.phase = PhaseDiscard
			return
		}
		if s.fol != nil {
			if len(s.fol.queue) > 0 {
				if a, ok := s.autoFollow(); ok {
					s.resolveFollow(a)
					continue
				}
				s.phase = PhaseFollow
				return
			}
			s.refill(s.fol.slot)
			s.fol = nil
			if len(s.pile) < len(s.players) {
				s.phase = PhaseOver
				s.afterMain = false
				return
			}
		}
		if s.afterMain {
			s.afterMain = false
			s.active = (s.active + 1) % len(s.players)
			s.turn++
		}
		s.phase = PhaseMain
		return
	}
}

// refill discards the slot's tile and puts the next tile and card there. An
// empty tile stack leaves the old tile in place; an empty pile leaves the
// slot without a card (the end condition makes that unreachable).
func (s *State) refill(i int) {
	if len(s.stack) > 0 {
		s.spent = append(s.spent[:len(s.spent):len(s.spent)], s.row[i].tile)
		s.row[i].tile = s.stack[0]
		s.stack = s.stack[1:]
	}
	if len(s.pile) > 0 {
		s.row[i].card = s.pile[0]
		s.pile = s.pile[1:]
	}
}
