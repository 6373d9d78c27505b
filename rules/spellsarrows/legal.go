package spellsarrows

import (
	"fmt"
	"slices"

	"github.com/grimoire-games/grimoire/rules/say"
)

// Phase is what the game waits for.
type Phase string

// Phases.
const (
	PhaseSpyShoot Phase = "spy-shoot" // the spy shoots at the toll, or a free throw at the engaged giant
	PhaseSpyMove  Phase = "spy-move"  // toll paid (or standing on a goto): the spy chooses where to go
	PhaseResponse Phase = "response"  // mage response window after a spy miss
	PhaseMage     Phase = "mage"      // the mage chooses a card, or ends the half
	PhaseCasting  Phase = "casting"   // the mage shoots the pattern of a card
	PhaseTarget   Phase = "target"    // the mage places elf cones or a giant
	PhaseBench    Phase = "bench"     // Librarian's Bench: choose the card joining the court
	PhaseOver     Phase = "over"
)

func (p Phase) String() string { return string(p) }

// Phase is what the game waits for now.
func (s State) Phase() Phase { return s.phase() }

func (s State) phase() Phase {
	switch {
	case s.over || s.w == nil:
		return PhaseOver
	case s.half == HalfSpy:
		if s.win.open {
			return PhaseResponse
		}
		if s.engaged == "" && s.paid >= s.Toll() {
			return PhaseSpyMove
		}
		return PhaseSpyShoot
	case s.pending.kind == EffectBench:
		return PhaseBench
	case s.pending.kind != "":
		return PhaseTarget
	case s.cast.card != 0:
		return PhaseCasting
	default:
		return PhaseMage
	}
}

// Choices is everything that is legal now, with the detail a screen needs.
type Choices struct {
	Phase           Phase
	Shooter         string   // "spy", "mage" or "" (a choice, not a shot, is pending)
	Prompt          say.Text // what the screen says now
	Types           []string // action types legal now
	Moves           []string // destinations for "move"
	ArrowFrom       string   // where an arrow is shot from
	ArrowDamage     int      // damage a made arrow deals now (after armour)
	LeapGiants      []string // span keys of giants that may leap now
	LeapSpans       []string // free spans a giant may land on
	Cards           []CardChoice
	Spot            string   // pattern spot of the current cast shot
	TargetLocations []string // for an elf cone
	TargetSpans     []string // for a giant
	BenchCards      []int    // bench cards that may join the court
	CutCards        []int    // court cards that may be cut (empty when no cut is needed)
}

// CardChoice is a card the mage may pick in the mage phase.
type CardChoice struct {
	Card     Card
	Castable bool
	Reason   say.Text // why not, when not castable
}

// Allows reports whether an action type is legal now.
func (c Choices) Allows(typ string) bool { return slices.Contains(c.Types, typ) }

// Legal is the single source of legality: Apply checks every action
// against it.
func Legal(s State) Choices {
	c := Choices{Phase: s.phase()}
	if s.w == nil {
		c.Prompt = say.F("No game: start one with New")
		return c
	}
	switch c.Phase {
	case PhaseOver:
		c.Prompt = say.F("Game over: %s", s.reason)
	case PhaseSpyShoot:
		c.Shooter = "spy"
		c.Types = []string{TypeSpyShot}
		// One bracket holds both asides: "(2 cones left, shot clock 4)",
		// never two brackets side by side.
		if s.engaged != "" {
			c.Prompt = say.F("Spy: free throw at giant %s (%s left, %s)", s.engaged, cones(s.giants[s.engaged]), s.clockNote())
		} else {
			c.Prompt = say.F("Spy: toll at %s, %d of %d made (%s)", s.at, s.paid, s.Toll(), s.clockNote())
		}
	case PhaseSpyMove:
		c.Types = []string{TypeMove}
		c.Moves = s.moves()
		if s.w.loc[s.at].Kind == KindGoto {
			c.Prompt = say.F("Spy: take the portal %s → %s", s.at, s.w.loc[s.at].Target)
		} else {
			c.Prompt = say.F("Spy: toll paid at %s, choose where to go", s.at)
		}
	case PhaseResponse:
		c.Shooter = "mage"
		if s.canArrow() {
			c.Types = append(c.Types, TypeArrow)
			c.ArrowFrom = s.at
			c.ArrowDamage = s.arrowDamage()
		}
		if s.canLeap() {
			c.Types = append(c.Types, TypeLeap)
			c.LeapGiants = s.leapGiants()
			c.LeapSpans = s.freeSpans()
		}
		c.Types = append(c.Types, TypePass, TypeSpyShot)
		switch {
		case s.win.volley:
			c.Prompt = say.F("Mage: volley goes on from %s (%s left), or stop", s.at, arrowsLeft(s.arrows))
		case s.win.leap:
			c.Prompt = say.F("Mage: leap run goes on (%s left), or stop", leapsLeft(s.leaps))
		default:
			c.Prompt = say.F("Mage: answer the miss")
			if c.ArrowFrom != "" {
				c.Prompt = c.Prompt.Then(say.F(", arrows from %s for %d", s.at, c.ArrowDamage))
			}
			if len(c.LeapGiants) > 0 {
				c.Prompt = c.Prompt.Then(say.F(", giant leap"))
			}
			c.Prompt = c.Prompt.Then(say.F(", or pass"))
		}
	case PhaseMage:
		c.Types = []string{TypeCast, TypeEndHalf}
		c.Cards = s.cardChoices()
		c.Prompt = say.F("Mage: choose a spell (%s left, %s)", attempts(s.spellClock), fails(s.fails))
	case PhaseCasting:
		c.Shooter = "mage"
		c.Types = []string{TypeSpellShot, TypeAbandon}
		card := s.w.card(s.cast.card)
		c.Spot = card.Pattern[s.cast.spot]
		c.Prompt = say.F("Mage: %s, spot %d of %d (%s), %s left", card.Name, s.cast.spot+1, len(card.Pattern), c.Spot, graces(card.Grace-s.cast.misses))
	case PhaseTarget:
		c.Types = []string{TypeTarget}
		if s.pending.kind == EffectElf {
			c.TargetLocations = s.elfTargets()
			c.Prompt = say.F("Mage: place an elf cone (%d to place)", s.pending.remaining)
		} else {
			c.TargetSpans = s.freeSpans()
			c.Prompt = say.F("Mage: place a giant of %s on a free span", cones(s.pending.size))
		}
	case PhaseBench:
		c.Types = []string{TypeBench}
		c.BenchCards = slices.Clone(s.bench)
		if len(s.court) >= courtSize {
			c.CutCards = slices.Clone(s.court)
			c.Prompt = say.F("Mage: choose a bench spell for the court, and a court spell to cut")
		} else {
			c.Prompt = say.F("Mage: choose a bench spell for the court")
		}
	}
	return c
}

// clockNote is the shot clock as an aside: "shot clock 4", or once it is
// out "shot clock out with 1 miss".
func (s State) clockNote() say.Text {
	if s.shotClock > 0 {
		return say.F("shot clock %d", s.shotClock)
	}
	return say.F("shot clock out with %s", misses(s.misses))
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	switch word {
	case "miss":
		return fmt.Sprintf("%d misses", n)
	case "grace":
		return fmt.Sprintf("%d grace", n)
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// moves lists where the spy may go once the toll is paid.
func (s State) moves() []string {
	l := s.w.loc[s.at]
	if l.Kind == KindGoto {
		return []string{l.Target}
	}
	return slices.Clone(s.w.adj[s.at])
}

func (s State) guarded() bool { return s.elves[s.at] > 0 }

func (s State) canArrow() bool {
	return s.arrows > 0 && s.guarded() && (!s.win.volleyUsed || s.win.volley)
}

func (s State) canLeap() bool {
	return s.leaps > 0 && (!s.win.leapUsed || s.win.leap) && s.leapPossible()
}

func (s State) leapPossible() bool {
	free := false
	for _, k := range s.w.spans {
		if s.giants[k] == 0 {
			free = true
			break
		}
	}
	if !free {
		return false
	}
	for k, n := range s.giants {
		if n > 0 && k != s.engaged {
			return true
		}
	}
	return false
}

// hasResponse: the mage could answer a spy miss now.
func (s State) hasResponse() bool {
	return (s.arrows > 0 && s.guarded()) || (s.leaps > 0 && s.leapPossible())
}

func (s State) arrowDamage() int {
	d := 2
	if s.here.Zone == ZoneArc {
		d = 3
	}
	return max(0, d-s.armour)
}

func (s State) leapGiants() []string {
	var out []string
	for _, k := range s.w.spans {
		if s.giants[k] > 0 && k != s.engaged {
			out = append(out, k)
		}
	}
	return out
}

func (s State) freeSpans() []string {
	var out []string
	for _, k := range s.w.spans {
		if s.giants[k] == 0 {
			out = append(out, k)
		}
	}
	return out
}

// elfRoom is len(s.elfTargets()) > 0 without the list.
func (s State) elfRoom() bool {
	for _, id := range s.w.towns {
		if s.elves[id] < s.elfCap(id) {
			return true
		}
	}
	return false
}

// freeSpan is len(s.freeSpans()) > 0 without the list.
func (s State) freeSpan() bool {
	for _, k := range s.w.spans {
		if s.giants[k] == 0 {
			return true
		}
	}
	return false
}

func (s State) elfTargets() []string {
	var out []string
	for _, id := range s.w.towns {
		if s.elves[id] < s.elfCap(id) {
			out = append(out, id)
		}
	}
	slices.Sort(out)
	return out
}

// cardChoices: every court card, then Librarian's Bench.
func (s State) cardChoices() []CardChoice {
	out := make([]CardChoice, 0, len(s.court)+1)
	for _, n := range s.court {
		cc := CardChoice{Card: s.w.card(n), Castable: true}
		cc.Card.Pattern = slices.Clone(cc.Card.Pattern)
		if why := s.whyNotCast(n); !why.IsZero() {
			cc.Castable, cc.Reason = false, why
		}
		out = append(out, cc)
	}
	lb := s.w.card(BenchCard)
	lb.Pattern = slices.Clone(lb.Pattern)
	out = append(out, CardChoice{Card: lb, Castable: true})
	return out
}

// whyNotCast says why card n cannot be cast now (nothing if it can),
// assuming it is the mage phase.
func (s State) whyNotCast(n int) say.Text {
	if n == BenchCard {
		return say.Text{}
	}
	if n < 1 || n > len(s.w.d.Cards) {
		return say.F("there is no card %d in the deck", n)
	}
	if !slices.Contains(s.court, n) {
		if slices.Contains(s.bench, n) {
			return say.F("%s is not on the court: it is among the bench (cast Librarian's Bench to bring it to the court)", s.w.card(n).Name)
		}
		return say.F("%s is not on the court: it is among bonus spells", s.w.card(n).Name)
	}
	if s.lastCourtSpell == 0 {
		return say.Text{}
	}
	last := s.w.card(s.lastCourtSpell).Name
	if s.setup.Options.SameSpellOnly {
		if s.lastCourtSpell == n {
			return say.F("%s was the last attempt: the same court spell cannot be cast twice in a row", last)
		}
		return say.Text{}
	}
	return say.F("the last attempt was a court spell (%s): cast Librarian's Bench before another court spell", last)
}

// typesInto appends the action types legal now to dst, in the order Legal
// lists them.
func (s State) typesInto(dst []string) []string {
	switch s.phase() {
	case PhaseSpyShoot:
		return append(dst, TypeSpyShot)
	case PhaseSpyMove:
		return append(dst, TypeMove)
	case PhaseResponse:
		if s.canArrow() {
			dst = append(dst, TypeArrow)
		}
		if s.canLeap() {
			dst = append(dst, TypeLeap)
		}
		return append(dst, TypePass, TypeSpyShot)
	case PhaseMage:
		return append(dst, TypeCast, TypeEndHalf)
	case PhaseCasting:
		return append(dst, TypeSpellShot, TypeAbandon)
	case PhaseTarget:
		return append(dst, TypeTarget)
	case PhaseBench:
		return append(dst, TypeBench)
	}
	return dst
}

// allows is Legal(s).Allows(typ) without building the choices.
func (s State) allows(typ string) bool {
	switch s.phase() {
	case PhaseSpyShoot:
		return typ == TypeSpyShot
	case PhaseSpyMove:
		return typ == TypeMove
	case PhaseResponse:
		switch typ {
		case TypePass, TypeSpyShot:
			return true
		case TypeArrow:
			return s.canArrow()
		case TypeLeap:
			return s.canLeap()
		}
	case PhaseMage:
		return typ == TypeCast || typ == TypeEndHalf
	case PhaseCasting:
		return typ == TypeSpellShot || typ == TypeAbandon
	case PhaseTarget:
		return typ == TypeTarget
	case PhaseBench:
		return typ == TypeBench
	}
	return false
}

// fine reports whether check(Legal(s), a) would pass for an action whose
// type s allows, reading the state directly: no lists, no text.
func (s State) fine(a Action) bool {
	switch a.Type {
	case TypeMove:
		if l := s.here; l.Kind == KindGoto {
			return a.To == l.Target
		}
		return slices.Contains(s.w.adj[s.at], a.To)
	case TypeLeap:
		if !a.Made {
			return true
		}
		from, ok := canonSpan(a.From)
		if !ok || !s.w.isSpan[from] {
			return false
		}
		to, ok := canonSpan(a.To)
		if !ok || !s.w.isSpan[to] {
			return false
		}
		return s.giants[from] > 0 && from != s.engaged && s.giants[to] == 0
	case TypeCast:
		return s.castable(a.Card)
	case TypeTarget:
		if s.pending.kind == EffectElf {
			return a.Span == "" && a.At != "" && s.elves[a.At] < s.elfCap(a.At)
		}
		if a.At != "" || a.Span == "" {
			return false
		}
		k, ok := canonSpan(a.Span)
		return ok && s.w.isSpan[k] && s.giants[k] == 0
	case TypeBench:
		if !slices.Contains(s.bench, a.Card) {
			return false
		}
		if len(s.court) >= courtSize {
			return a.Cut != 0 && slices.Contains(s.court, a.Cut)
		}
		return a.Cut == 0
	}
	return true
}

// castable is whyNotCast(n) == "" without the words.
func (s State) castable(n int) bool {
	switch {
	case n == BenchCard:
		return true
	case n < 1 || n > len(s.w.d.Cards) || !slices.Contains(s.court, n):
		return false
	case s.lastCourtSpell == 0:
		return true
	case s.setup.Options.SameSpellOnly:
		return s.lastCourtSpell != n
	}
	return false
}
