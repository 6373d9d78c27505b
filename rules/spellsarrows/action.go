package spellsarrows

import (
	"encoding/json"
	"fmt"

	"github.com/grimoire-games/grimoire/rules/record"
)

// Action types, exactly as the record spells them.
const (
	TypeSpyShot   = "spy-shot"
	TypeMove      = "move"
	TypeArrow     = "arrow"
	TypeLeap      = "leap"
	TypePass      = "pass"
	TypeCast      = "cast"
	TypeSpellShot = "spell-shot"
	TypeAbandon   = "abandon"
	TypeTarget    = "target"
	TypeBench     = "bench"
	TypeEndHalf   = "end-half"
)

// ActionTypes lists every action type.
var actionTypes = [...]string{TypeSpyShot, TypeMove, TypeArrow, TypeLeap, TypePass, TypeCast, TypeSpellShot, TypeAbandon, TypeTarget, TypeBench, TypeEndHalf}

// Action is one record action. Only the fields of its type are meaningful.
type Action struct {
	Type string
	Made bool   // spy-shot, arrow, leap, spell-shot
	To   string // move: location; leap: span
	From string // leap: span
	At   string // target: location (elf cone)
	Span string // target: span (giant)
	Card int    // cast, bench
	Cut  int    // bench (0 = no cut)
}

// Constructors.
func SpyShot(made bool) Action { return Action{Type: TypeSpyShot, Made: made} }
func Move(to string) Action    { return Action{Type: TypeMove, To: to} }
func Arrow(made bool) Action   { return Action{Type: TypeArrow, Made: made} }
func Leap(made bool, from, to string) Action {
	if !made {
		return Action{Type: TypeLeap}
	}
	return Action{Type: TypeLeap, Made: true, From: from, To: to}
}
func Pass() Action                  { return Action{Type: TypePass} }
func Cast(card int) Action          { return Action{Type: TypeCast, Card: card} }
func SpellShot(made bool) Action    { return Action{Type: TypeSpellShot, Made: made} }
func Abandon() Action               { return Action{Type: TypeAbandon} }
func TargetAt(id string) Action     { return Action{Type: TypeTarget, At: id} }
func TargetSpan(span string) Action { return Action{Type: TypeTarget, Span: span} }
func Bench(card, cut int) Action    { return Action{Type: TypeBench, Card: card, Cut: cut} }
func EndHalf() Action               { return Action{Type: TypeEndHalf} }

type wireAction struct {
	Type string  `json:"type"`
	Made *bool   `json:"made,omitempty"`
	To   *string `json:"to,omitempty"`
	From *string `json:"from,omitempty"`
	At   *string `json:"at,omitempty"`
	Span *string `json:"span,omitempty"`
	Card *int    `json:"card,omitempty"`
	Cut  *int    `json:"cut,omitempty"`
}

// MarshalJSON writes the record form: the type and only the fields of that
// type (spy-shot, arrow, spell-shot and leap always carry "made"; a missed
// leap has no spans; a bench without a cut has no "cut").
func (a Action) MarshalJSON() ([]byte, error) {
	w := wireAction{Type: a.Type}
	switch a.Type {
	case TypeSpyShot, TypeArrow, TypeSpellShot:
		w.Made = &a.Made
	case TypeLeap:
		w.Made = &a.Made
		if a.Made {
			w.From, w.To = &a.From, &a.To
		}
	case TypeMove:
		w.To = &a.To
	case TypeCast:
		w.Card = &a.Card
	case TypeTarget:
		if a.Span != "" {
			w.Span = &a.Span
		} else {
			w.At = &a.At
		}
	case TypeBench:
		w.Card = &a.Card
		if a.Cut != 0 {
			w.Cut = &a.Cut
		}
	}
	return json.Marshal(w)
}

// UnmarshalJSON is ParseAction.
func (a *Action) UnmarshalJSON(b []byte) error {
	x, err := ParseAction(b)
	if err != nil {
		return err
	}
	*a = x
	return nil
}

// ParseAction reads one record action strictly: an unknown type, an unknown
// field, a field that does not belong to the type or a missing one is an
// error wrapping ErrBadAction.
func ParseAction(raw []byte) (Action, error) {
	if a, sh, ok := parseWireFast(raw); ok && wellFormed(a.Type, sh) {
		return a, nil
	}
	return parseActionStrict(raw)
}

// parseActionStrict is ParseAction through encoding/json, with the reason
// for every refusal.
func parseActionStrict(raw []byte) (Action, error) {
	var w wireAction
	if err := record.DecodeStrict(raw, &w); err != nil {
		return Action{}, fmt.Errorf("%w: %v", ErrBadAction, err)
	}
	bad := func(format string, args ...any) (Action, error) {
		return Action{}, fmt.Errorf("%w: %s", ErrBadAction, fmt.Sprintf(format, args...))
	}
	type field struct {
		name    string
		present bool
	}
	fields := []field{{"made", w.Made != nil}, {"to", w.To != nil}, {"from", w.From != nil}, {"at", w.At != nil}, {"span", w.Span != nil}, {"card", w.Card != nil}, {"cut", w.Cut != nil}}
	allow := func(names ...string) (Action, error) {
		for _, f := range fields {
			if !f.present {
				continue
			}
			ok := false
			for _, n := range names {
				ok = ok || n == f.name
			}
			if !ok {
				return bad("a %q action has no %q field", w.Type, f.name)
			}
		}
		return Action{}, nil
	}
	need := func(name string, present bool) (Action, error) {
		if !present {
			return bad("a %q action needs a %q field", w.Type, name)
		}
		return Action{}, nil
	}
	str := func(p *string) string {
		if p == nil {
			return ""
		}
		return *p
	}
	num := func(p *int) int {
		if p == nil {
			return 0
		}
		return *p
	}
	var err error
	a := Action{Type: w.Type}
	switch w.Type {
	case TypeSpyShot, TypeArrow, TypeSpellShot:
		if _, err = allow("made"); err == nil {
			_, err = need("made", w.Made != nil)
		}
	case TypeLeap:
		if _, err = allow("made", "from", "to"); err == nil {
			_, err = need("made", w.Made != nil)
		}
		if err == nil && *w.Made && (w.From == nil || w.To == nil) {
			_, err = bad("a made leap needs \"from\" and \"to\" spans")
		}
		if err == nil && !*w.Made && (w.From != nil || w.To != nil) {
			_, err = bad("a missed leap moves no giant: leave out \"from\" and \"to\"")
		}
	case TypeMove:
		if _, err = allow("to"); err == nil {
			_, err = need("to", w.To != nil)
		}
	case TypeCast:
		if _, err = allow("card"); err == nil {
			_, err = need("card", w.Card != nil)
		}
	case TypeTarget:
		if _, err = allow("at", "span"); err == nil && (w.At == nil) == (w.Span == nil) {
			_, err = bad("a \"target\" action needs either \"at\" (a location) or \"span\", not both")
		}
	case TypeBench:
		if _, err = allow("card", "cut"); err == nil {
			_, err = need("card", w.Card != nil)
		}
		if err == nil && w.Cut != nil && *w.Cut == 0 {
			_, err = bad("\"cut\" must name a card; leave it out when nothing is cut")
		}
	case TypePass, TypeAbandon, TypeEndHalf:
		_, err = allow()
	case "":
		return bad("the action has no \"type\"")
	default:
		return bad("unknown action type %q", w.Type)
	}
	if err != nil {
		return Action{}, err
	}
	// A location or span written out must name one: Action keeps "" for
	// "not given", so an empty one would be read as another field's absence
	// (an empty span as a target location).
	for _, f := range []struct {
		name string
		p    *string
	}{{"to", w.To}, {"from", w.From}, {"at", w.At}, {"span", w.Span}} {
		if f.p != nil && *f.p == "" {
			return bad("%q is empty: it must name a location or span", f.name)
		}
	}
	if w.Made != nil {
		a.Made = *w.Made
	}
	a.To, a.From, a.At, a.Span = str(w.To), str(w.From), str(w.At), str(w.Span)
	a.Card, a.Cut = num(w.Card), num(w.Cut)
	return a, nil
}
