package scribes

import (
	"cmp"
	"slices"
)

// Decision is the kind of decision the game waits for: "main", "discard",
// "follow", or "" when the game is over.
type Decision string

// Decisions.
const (
	DecideMain    Decision = "main"
	DecideDiscard Decision = "discard"
	DecideFollow  Decision = "follow"
	DecideNone    Decision = ""
)

// ScribeOption is one card a seat can scribe now, with its valid payments,
// the cheapest first.
type ScribeOption struct {
	From     Source
	Index    int
	Card     Card
	Payments [][NumElements]int
}

// FollowInfo describes the follow-up being resolved.
type FollowInfo struct {
	Slot int
	Tile Tile
	Kind FollowKind
	// Waiting lists the seats still to resolve, the deciding seat first.
	Waiting []int
}

// Choices is everything the seat that must decide may do now. Legal is the
// only source of legality: Apply accepts exactly the actions listed here.
type Choices struct {
	Seat     int // -1 when the game is over
	Decision Decision
	// Actions lists every legal action in a fixed order.
	Actions []Action

	// Main decision, broken down for a user interface.
	Takes     []Action // take 2 different elements
	Exchanges []Action
	Reserve   []int // reservable slots
	Scribe    []ScribeOption

	// Discard decision: how many oinks must go back.
	DiscardCount int
	// Follow decision.
	Follow *FollowInfo

	// Stalled: nobody can scribe and the row cannot change (Stalled).
	Stalled bool
	// Proposal is the pending proposal to end the game, or nil.
	Proposal *EndProposal
	// End lists the agreement actions Apply accepts now, from any seated
	// person whoever decides: a propose-end per person while stalled and
	// nothing is pending, an agree-end per person still to agree. They are
	// kept out of Actions, which are the moves of the game a bot picks from.
	End []Action
}

// Legal lists what may be done now.
func Legal(s State) Choices {
	c := Choices{Seat: s.Decider()}
	switch s.phase {
	case PhaseOver:
		c.Decision = DecideNone
		return c
	case PhaseDiscard:
		c.Decision = DecideDiscard
		c.DiscardCount = total(s.players[c.Seat].oinks) - MaxOinks
		c.Actions = s.discardOptions(c.Seat)
		return c
	case PhaseFollow:
		c.Decision = DecideFollow
		t := s.d.Tiles[s.fol.tile]
		c.Follow = &FollowInfo{Slot: s.fol.slot, Tile: t, Kind: t.Kind(), Waiting: slices.Clone(s.fol.queue)}
		c.Actions = s.followOptions(c.Seat)
		return c
	}
	c.Decision = DecideMain
	c.Proposal = s.Proposal()
	c.Stalled = Stalled(s)
	for i, p := range s.players {
		if p.bot != "" {
			continue
		}
		switch {
		case c.Proposal == nil && c.Stalled:
			c.End = append(c.End, ProposeEnd(i))
		case c.Proposal != nil && s.endAgreed&(1<<i) == 0:
			c.End = append(c.End, AgreeEnd(i))
		}
	}
	seat := c.Seat
	keep := func(a Action) bool { return validate(s, a) == nil }
	for x := range Element(NumElements) {
		for y := x + 1; y < NumElements; y++ {
			if a := Take(seat, x, y); keep(a) {
				c.Takes = append(c.Takes, a)
			}
		}
	}
	held := s.players[seat].oinks
	for x := range Element(NumElements) {
		if held[x] == 0 {
			continue // nothing to give: validate would refuse
		}
		for y := range Element(NumElements) {
			for k := 1; k <= 3 && x != y; k++ {
				if a := Exchange(seat, x, y, k); keep(a) {
					c.Exchanges = append(c.Exchanges, a)
				}
			}
		}
	}
	for i := range RowSize {
		if len(s.players[seat].reserve) < s.ReserveLimit() && keep(Reserve(seat, i)) {
			c.Reserve = append(c.Reserve, i)
		}
	}
	for i := range RowSize {
		if card, ok := s.RowCard(i); ok {
			if pays := Payments(held, card); len(pays) > 0 {
				c.Scribe = append(c.Scribe, ScribeOption{From: FromRow, Index: i, Card: card, Payments: pays})
			}
		}
	}
	for i, ci := range s.players[seat].reserve {
		card := s.d.Cards[ci]
		if pays := Payments(held, card); len(pays) > 0 {
			c.Scribe = append(c.Scribe, ScribeOption{From: FromReserve, Index: i, Card: card, Payments: pays})
		}
	}
	c.Actions = append(c.Actions, c.Takes...)
	c.Actions = append(c.Actions, c.Exchanges...)
	for _, i := range c.Reserve {
		c.Actions = append(c.Actions, Reserve(seat, i))
	}
	for _, o := range c.Scribe {
		for _, p := range o.Payments {
			c.Actions = append(c.Actions, Action{Type: ActScribe, Seat: seat, From: o.From, Index: o.Index, Oinks: p})
		}
	}
	return c
}

// Payments lists every valid payment for a card from the oinks held, the
// cheapest first: fewest oinks, then the fewest of the card's own element
// (keeping the double-counting oinks), then in element order.
func Payments(held [NumElements]int, c Card) [][NumElements]int {
	var out [][NumElements]int
	eachSub(held, func(p [NumElements]int) {
		if f, _, _ := payFault(held, c, p); f == payOK {
			out = append(out, p)
		}
	})
	slices.SortFunc(out, func(a, b [NumElements]int) int {
		if d := cmp.Compare(total(a), total(b)); d != 0 {
			return d
		}
		if d := cmp.Compare(a[c.Element], b[c.Element]); d != 0 {
			return d
		}
		return slices.Compare(b[:], a[:])
	})
	return out
}

// eachSub calls f for every count vector p with 0 <= p <= held.
func eachSub(held [NumElements]int, f func([NumElements]int)) {
	var p [NumElements]int
	for p[0] = 0; p[0] <= held[0]; p[0]++ {
		for p[1] = 0; p[1] <= held[1]; p[1]++ {
			for p[2] = 0; p[2] <= held[2]; p[2]++ {
				for p[3] = 0; p[3] <= held[3]; p[3]++ {
					f(p)
				}
			}
		}
	}
}

// discardOptions lists the ways to get down to exactly 5.
func (s State) discardOptions(seat int) []Action {
	held := s.players[seat].oinks
	need := total(held) - MaxOinks
	var out []Action
	eachSub(held, func(p [NumElements]int) {
		if total(p) == need {
			out = append(out, Discard(seat, p))
		}
	})
	return out
}

// followOptions lists the choices of a follow-up that needs one (choose,
// trade, arena); an element the supply lacks is never offered.
func (s State) followOptions(seat int) []Action {
	t := s.d.Tiles[s.fol.tile]
	var out []Action
	switch t.Kind() {
	case KindChoose, KindArena:
		for e := range Element(NumElements) {
			if (t.Kind() == KindArena || t.has(e)) && s.supply[e] > 0 {
				out = append(out, FollowElement(seat, e))
			}
		}
	case KindTrade:
		held := s.players[seat].oinks
		var gains [][NumElements]int
		var avail [NumElements]int
		for e := range Element(NumElements) {
			if t.has(e) {
				avail[e] = min(3, s.supply[e])
			}
		}
		eachSub(avail, func(p [NumElements]int) {
			if n := total(p); n >= 1 && n <= 3 {
				gains = append(gains, p)
			}
		})
		for g := range Element(NumElements) {
			if t.has(g) || held[g] == 0 {
				continue
			}
			for _, p := range gains {
				out = append(out, FollowTrade(seat, g, p))
			}
		}
		if len(out) > 0 {
			out = append([]Action{FollowDecline(seat)}, out...)
		}
	}
	return out
}
