package scribes

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/grimoire-games/grimoire/rules/record"
)

// ActionType is the record "type" of an action.
type ActionType uint8

// Action types.
const (
	ActTake       ActionType = iota + 1 // take 2 oinks of different elements
	ActExchange                         // return 1 oink for 1-3 of another element
	ActReserve                          // reserve the card of a row slot
	ActScribe                           // scribe a row card or a reserved card
	ActDiscard                          // get back down to 5 oinks
	ActFollow                           // resolve a follow-up choice
	ActProposeEnd                       // a stalled game: propose to end it now and score it
	ActAgreeEnd                         // agree to the proposal to end the game
)

var actionNames = map[ActionType]string{
	ActTake: "take", ActExchange: "exchange", ActReserve: "reserve",
	ActScribe: "scribe", ActDiscard: "discard", ActFollow: "follow",
	ActProposeEnd: "propose-end", ActAgreeEnd: "agree-end",
}

func (t ActionType) String() string {
	if n, ok := actionNames[t]; ok {
		return n
	}
	return fmt.Sprintf("ActionType(%d)", int(t))
}

// Source says where a scribed card comes from.
type Source uint8

// Scribe sources.
const (
	FromRow     Source = iota // a world tile of the row (Index = slot 0-4)
	FromReserve               // the player's reserve (Index = position in it)
)

// Action is one decision of one seat. Build it with the constructors below
// (Take, Exchange, Reserve, ScribeRow, ScribeReserved, Discard, FollowElement,
// FollowTrade, FollowDecline). Actions are comparable with ==.
type Action struct {
	Type ActionType
	Seat int

	Elements [2]Element       // take
	Give     Element          // exchange; follow trade
	Take     Element          // exchange
	Count    int              // exchange: 1-3
	From     Source           // scribe
	Index    int              // reserve: slot; scribe: slot or reserve position
	Oinks    [NumElements]int // scribe: payment; discard: what goes back; follow trade: what is gained
	Element  Element          // follow choose / arena
	Decline  bool             // follow trade: decline
}

// Take: 2 oinks of two different elements (listed in element order).
func Take(seat int, a, b Element) Action {
	if a > b {
		a, b = b, a
	}
	return Action{Type: ActTake, Seat: seat, Elements: [2]Element{a, b}}
}

// Exchange: return 1 oink of give for count (1-3) oinks of take.
func Exchange(seat int, give, take Element, count int) Action {
	return Action{Type: ActExchange, Seat: seat, Give: give, Take: take, Count: count}
}

// Reserve the card on a slot of the row.
func Reserve(seat, slot int) Action { return Action{Type: ActReserve, Seat: seat, Index: slot} }

// ScribeRow scribes the card on a slot of the row with the given payment.
func ScribeRow(seat, slot int, pay [NumElements]int) Action {
	return Action{Type: ActScribe, Seat: seat, From: FromRow, Index: slot, Oinks: pay}
}

// ScribeReserved scribes the i-th card of the seat's reserve.
func ScribeReserved(seat, i int, pay [NumElements]int) Action {
	return Action{Type: ActScribe, Seat: seat, From: FromReserve, Index: i, Oinks: pay}
}

// Discard returns oinks to the supply to get down to 5.
func Discard(seat int, oinks [NumElements]int) Action {
	return Action{Type: ActDiscard, Seat: seat, Oinks: oinks}
}

// FollowElement picks the oink of a two-element or arena follow-up.
func FollowElement(seat int, e Element) Action {
	return Action{Type: ActFollow, Seat: seat, Element: e}
}

// FollowTrade gives 1 oink not on the tile for the gained oinks (1-3, of the
// tile's elements).
func FollowTrade(seat int, give Element, gain [NumElements]int) Action {
	return Action{Type: ActFollow, Seat: seat, Give: give, Oinks: gain}
}

// FollowDecline declines a three-insignia trade.
func FollowDecline(seat int) Action { return Action{Type: ActFollow, Seat: seat, Decline: true} }

// ProposeEnd proposes to end a stalled game now and score it.
func ProposeEnd(seat int) Action { return Action{Type: ActProposeEnd, Seat: seat} }

// AgreeEnd agrees to the pending proposal to end the game.
func AgreeEnd(seat int) Action { return Action{Type: ActAgreeEnd, Seat: seat} }

// Oinks is a count per element, written in JSON as {"ASHW":1,"TIDE":0,...}.
type Oinks [NumElements]int

// MarshalJSON writes all four elements in their fixed order.
func (o Oinks) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for e, n := range o {
		if e > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%q:%d", elementCodes[e], n)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// UnmarshalJSON reads element codes to non-negative counts.
func (o *Oinks) UnmarshalJSON(data []byte) error {
	var m map[string]int
	if err := json.Unmarshal(data, &m); err != nil {
		return fmt.Errorf("oinks must be an object of element codes to counts: %w", err)
	}
	var out Oinks
	for k, v := range m {
		e, err := ParseElement(k)
		if err != nil {
			return err
		}
		if v < 0 {
			return fmt.Errorf("%d %s oinks: a count cannot be negative", v, k)
		}
		out[e] = v
	}
	*o = out
	return nil
}

// compact is the record form of a count: only non-zero elements.
func compact(o [NumElements]int) map[string]int {
	m := map[string]int{}
	for e, n := range o {
		if n != 0 {
			m[elementCodes[e]] = n
		}
	}
	return m
}

type actionJSON struct {
	Type     string    `json:"type"`
	Seat     *int      `json:"seat"`
	Elements []Element `json:"elements,omitempty"`
	Give     *Element  `json:"give,omitempty"`
	Take     *Element  `json:"take,omitempty"`
	Count    *int      `json:"count,omitempty"`
	Slot     *int      `json:"slot,omitempty"`
	Reserve  *int      `json:"reserve,omitempty"`
	Pay      *Oinks    `json:"pay,omitempty"`
	Oinks    *Oinks    `json:"oinks,omitempty"`
	Element  *Element  `json:"element,omitempty"`
	Gain     *Oinks    `json:"gain,omitempty"`
	// Decline is a pointer so that "decline": false is seen, and refused
	// like any field a type does not use.
	Decline *bool `json:"decline,omitempty"`
}

// MarshalJSON writes the record form of the action.
func (a Action) MarshalJSON() ([]byte, error) {
	type kv = map[string]any
	m := kv{"type": a.Type.String(), "seat": a.Seat}
	switch a.Type {
	case ActTake:
		m["elements"] = []Element{a.Elements[0], a.Elements[1]}
	case ActExchange:
		m["give"], m["take"], m["count"] = a.Give, a.Take, a.Count
	case ActReserve:
		m["slot"] = a.Index
	case ActScribe:
		if a.From == FromReserve {
			m["reserve"] = a.Index
		} else {
			m["slot"] = a.Index
		}
		m["pay"] = compact(a.Oinks)
	case ActDiscard:
		m["oinks"] = compact(a.Oinks)
	case ActFollow:
		switch {
		case a.Decline:
			m["decline"] = true
		case a.Oinks != [NumElements]int{}:
			m["give"], m["gain"] = a.Give, compact(a.Oinks)
		default:
			m["element"] = a.Element
		}
	case ActProposeEnd, ActAgreeEnd:
		// The seat is the whole action.
	default:
		return nil, fmt.Errorf("%w: unknown action type %d", ErrBadAction, a.Type)
	}
	return json.Marshal(m)
}

// UnmarshalJSON reads the record form (see ParseAction).
func (a *Action) UnmarshalJSON(data []byte) error {
	v, err := ParseAction(data)
	if err != nil {
		return err
	}
	*a = v
	return nil
}

// ParseAction reads one action of a record strictly: unknown keys, missing
// fields and fields that do not belong to the type are errors.
func ParseAction(raw []byte) (Action, error) {
	var j actionJSON
	if err := record.DecodeStrict(raw, &j); err != nil {
		return Action{}, fmt.Errorf("%w: %v", ErrBadAction, err)
	}
	bad := func(format string, args ...any) (Action, error) {
		return Action{}, fmt.Errorf("%w: %s action: %s", ErrBadAction, j.Type, fmt.Sprintf(format, args...))
	}
	if j.Seat == nil {
		return Action{}, fmt.Errorf("%w: every action names its \"seat\"", ErrBadAction)
	}
	// No table has a seat outside 0..MaxPlayers-1; whether this table has
	// the seat is the rules' question (ErrNotYourTurn).
	if *j.Seat < 0 || *j.Seat >= MaxPlayers {
		return Action{}, fmt.Errorf("%w: there is no seat %d (seats are numbered 0 to %d)", ErrBadAction, *j.Seat, MaxPlayers-1)
	}
	a := Action{Seat: *j.Seat}
	// allowed lists the fields a type may carry.
	present := map[string]bool{
		"elements": j.Elements != nil, "give": j.Give != nil, "take": j.Take != nil,
		"count": j.Count != nil, "slot": j.Slot != nil, "reserve": j.Reserve != nil,
		"pay": j.Pay != nil, "oinks": j.Oinks != nil, "element": j.Element != nil,
		"gain": j.Gain != nil, "decline": j.Decline != nil,
	}
	only := func(allowed ...string) error {
		for k, on := range present {
			if on && !strings.Contains(" "+strings.Join(allowed, " ")+" ", " "+k+" ") {
				return fmt.Errorf("%w: a %s action has no %q field", ErrBadAction, j.Type, k)
			}
		}
		return nil
	}
	var err error
	switch j.Type {
	case "take":
		a.Type = ActTake
		if err = only("elements"); err != nil {
			return Action{}, err
		}
		if len(j.Elements) != 2 {
			return bad("\"elements\" must list exactly 2 elements")
		}
		a.Elements = Take(0, j.Elements[0], j.Elements[1]).Elements
	case "exchange":
		a.Type = ActExchange
		if err = only("give", "take", "count"); err != nil {
			return Action{}, err
		}
		if j.Give == nil || j.Take == nil || j.Count == nil {
			return bad("needs \"give\", \"take\" and \"count\"")
		}
		a.Give, a.Take, a.Count = *j.Give, *j.Take, *j.Count
	case "reserve":
		a.Type = ActReserve
		if err = only("slot"); err != nil {
			return Action{}, err
		}
		if j.Slot == nil {
			return bad("needs \"slot\"")
		}
		a.Index = *j.Slot
	case "scribe":
		a.Type = ActScribe
		if err = only("slot", "reserve", "pay"); err != nil {
			return Action{}, err
		}
		switch {
		case j.Slot != nil && j.Reserve == nil:
			a.From, a.Index = FromRow, *j.Slot
		case j.Reserve != nil && j.Slot == nil:
			a.From, a.Index = FromReserve, *j.Reserve
		default:
			return bad("needs exactly one of \"slot\" and \"reserve\"")
		}
		if j.Pay == nil {
			return bad("needs \"pay\"")
		}
		a.Oinks = *j.Pay
	case "discard":
		a.Type = ActDiscard
		if err = only("oinks"); err != nil {
			return Action{}, err
		}
		if j.Oinks == nil {
			return bad("needs \"oinks\"")
		}
		a.Oinks = *j.Oinks
	case "follow":
		a.Type = ActFollow
		if err = only("element", "give", "gain", "decline"); err != nil {
			return Action{}, err
		}
		// Exactly one reading, or none: a follow that both declines and
		// chooses contradicts itself.
		switch {
		case j.Decline != nil && !*j.Decline:
			return bad("\"decline\" is only ever true; leave it out to choose or trade")
		case j.Decline != nil && j.Element == nil && j.Give == nil && j.Gain == nil:
			a.Decline = true
		case j.Decline == nil && j.Element != nil && j.Give == nil && j.Gain == nil:
			a.Element = *j.Element
		case j.Decline == nil && j.Give != nil && j.Gain != nil && j.Element == nil:
			a.Give, a.Oinks = *j.Give, *j.Gain
			if a.Oinks == [NumElements]int{} {
				return bad("\"gain\" must gain at least 1 oink (or use \"decline\")")
			}
		default:
			return bad("needs \"element\", or \"give\" with \"gain\", or \"decline\": true")
		}
	case "propose-end", "agree-end":
		a.Type = ActProposeEnd
		if j.Type == "agree-end" {
			a.Type = ActAgreeEnd
		}
		if err = only(); err != nil {
			return Action{}, err
		}
	case "":
		return Action{}, fmt.Errorf("%w: the action has no \"type\"", ErrBadAction)
	default:
		return Action{}, fmt.Errorf("%w: unknown action type %q (take, exchange, reserve, scribe, discard, follow, propose-end, agree-end)", ErrBadAction, j.Type)
	}
	return a, nil
}

// Canonical keeps only the fields the action's type uses (and orders a
// take's elements), so two actions that play the same compare equal. Apply
// plays the canonical form; Legal lists canonical actions.
func (a Action) Canonical() Action {
	c := Action{Type: a.Type, Seat: a.Seat}
	switch a.Type {
	case ActTake:
		c.Elements = Take(0, a.Elements[0], a.Elements[1]).Elements
	case ActExchange:
		c.Give, c.Take, c.Count = a.Give, a.Take, a.Count
	case ActReserve:
		c.Index = a.Index
	case ActScribe:
		c.From, c.Index, c.Oinks = a.From, a.Index, a.Oinks
	case ActDiscard:
		c.Oinks = a.Oinks
	case ActFollow:
		switch {
		case a.Decline:
			c.Decline = true
		case a.Oinks != [NumElements]int{}:
			c.Give, c.Oinks = a.Give, a.Oinks
		default:
			c.Element = a.Element
		}
	case ActProposeEnd, ActAgreeEnd:
	default:
		return a
	}
	return c
}
