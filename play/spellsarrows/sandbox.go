package spellsarrows

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"github.com/grimoire-games/grimoire/play"
	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
	"github.com/grimoire-games/grimoire/views"
	saview "github.com/grimoire-games/grimoire/views/spellsarrows"
)

// The sandbox form (docs/sandbox.md) is a GET form: its fields are the
// position, so a position is a link. Card places are "card<N>", elf cones
// "elf<ID>", giants the repeated pair giantSpan/giantCones.
const (
	placeCourt = "court"
	placeBench = "bench"
	placeBonus = "bonus"
	// maxListed bounds the repeated fields read, so a query cannot make
	// the check walk an endless list: the map has 24 spans and no spy
	// earns 40 travel counters in 20 turns of 5 towns.
	maxListed = 40
)

// sandboxValues writes setup and p as the sandbox's fields: the form's
// first filling, and what a test reads back.
func sandboxValues(setup sa.Setup, p sa.Position) url.Values {
	v := url.Values{}
	num := func(k string, n int) { v.Set(k, strconv.Itoa(n)) }
	yes := func(k string, b bool) {
		if b {
			v.Set(k, "on")
		}
	}
	v.Set("spy", setup.Spy)
	v.Set("mage", setup.Mage)
	num("victory", setup.Victory)
	num("turns", setup.TurnCount())
	yes("sameSpellOnly", setup.Options.SameSpellOnly)
	num("turn", p.Turn)
	v.Set("half", p.Half)
	v.Set("at", p.Spy.At)
	num("health", p.Spy.Health)
	num("armour", p.Spy.Armour)
	var travel []string
	for _, t := range p.Spy.Travel {
		travel = append(travel, strconv.Itoa(t))
	}
	v.Set("travel", strings.Join(travel, " "))
	num("points", p.Spy.Points)
	num("paid", p.Spy.Paid)
	v.Set("engaged", p.Spy.Engaged)
	num("shotClock", p.ShotClock)
	num("misses", p.Misses)
	num("arrows", p.Mage.Arrows)
	num("leaps", p.Mage.Leaps)
	num("spellClock", p.Mage.SpellClock)
	num("fails", p.Mage.Fails)
	num("lastCourt", p.Mage.LastCourtSpell)
	for _, l := range []struct {
		place string
		cards []int
	}{{placeCourt, p.Mage.Court}, {placeBench, p.Mage.Bench}, {placeBonus, p.Mage.Bonus}} {
		for _, n := range l.cards {
			v.Set("card"+strconv.Itoa(n), l.place)
		}
	}
	for id, n := range p.Elves {
		num("elf"+id, n)
	}
	for _, span := range slices.Sorted(maps.Keys(p.Giants)) {
		v.Add("giantSpan", span)
		v.Add("giantCones", strconv.Itoa(p.Giants[span]))
	}
	if w := p.Window; w != nil {
		v.Set("window", "on")
		yes("volleyUsed", w.VolleyUsed)
		yes("leapUsed", w.LeapUsed)
		yes("volley", w.Volley)
		yes("leap", w.Leap)
	}
	if c := p.Cast; c != nil {
		num("castCard", c.Card)
		num("castSpot", c.Spot)
		num("castMisses", c.Misses)
	}
	if pd := p.Pending; pd != nil {
		v.Set("pendingKind", pd.Kind)
		num("pendingCard", pd.Card)
		num("pendingRemaining", pd.Remaining)
		num("pendingSize", pd.Size)
	}
	return v
}

// fieldNames are the words a problem uses for each number field.
var fieldNames = map[string]string{
	"victory": "the Victory Number", "turns": "the number of turns", "turn": "the turn",
	"health": "health", "armour": "armour", "points": "points", "paid": "baskets paid",
	"shotClock": "the shot clock", "misses": "miss counters", "arrows": "arrows", "leaps": "leaps",
	"spellClock": "the spell clock", "fails": "spell fails", "lastCourt": "the last court spell",
	"castCard": "the card being cast", "castSpot": "the cast's next spot", "castMisses": "the cast's misses",
	"pendingCard": "the spell waiting", "pendingRemaining": "what the spell still places", "pendingSize": "the giant's size",
}

// readSandbox reads the sandbox's fields into a setup and a position. The
// problems are what could not be read at all, in sentences; whether a
// game could reach the position is sa.CheckPosition's to say.
func readSandbox(v url.Values) (sa.Setup, sa.Position, []string) {
	var problems []string
	bad := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	text := func(k string) string { return strings.TrimSpace(v.Get(k)) }
	// num reads a whole number; required ones may not be left empty, so
	// an empty field never reads as a real 0.
	num := func(k string, required bool) int {
		s := text(k)
		if s == "" {
			if required {
				bad("Write %s (a whole number).", fieldNames[k])
			}
			return 0
		}
		n, err := strconv.Atoi(s)
		if err != nil || len(s) > 6 {
			bad("%s must be a whole number, not %q.", capital(fieldNames[k]), s)
			return 0
		}
		return n
	}
	on := func(k string) bool { return v.Get(k) != "" }

	setup := sa.Setup{Spy: text("spy"), Mage: text("mage")}
	if setup.Spy == "" {
		setup.Spy = "Spy"
	}
	if setup.Mage == "" {
		setup.Mage = "Mage"
	}
	setup.Victory = num("victory", true)
	setup.Turns = num("turns", true)
	setup.Options.SameSpellOnly = on("sameSpellOnly")

	p := sa.Position{
		Turn: num("turn", true), Half: text("half"),
		Spy: sa.SpyPosition{
			At: text("at"), Health: num("health", true), Armour: num("armour", true),
			Points: num("points", true), Paid: num("paid", false), Engaged: text("engaged"),
		},
		ShotClock: num("shotClock", true), Misses: num("misses", true),
		Mage: sa.MagePosition{
			Arrows: num("arrows", true), Leaps: num("leaps", true), SpellClock: num("spellClock", true),
			Fails: num("fails", true), LastCourtSpell: num("lastCourt", false),
			Court: []int{}, Bench: []int{}, Bonus: []int{},
		},
	}
	if p.Half != sa.HalfSpy && p.Half != sa.HalfMage {
		bad("Choose whose half it is: the spy's or the mage's.")
	}
	if p.Spy.At == "" {
		bad("Choose where the spy stands.")
	}
	travel := strings.FieldsFunc(text("travel"), func(r rune) bool { return r == ' ' || r == ',' || r == '+' })
	if len(travel) > maxListed {
		bad("%d travel counters: write at most %d.", len(travel), maxListed)
		travel = nil
	}
	for _, t := range travel {
		n, err := strconv.Atoi(t)
		if err != nil || len(t) > 6 {
			bad("Travel counters are numbers (2 or 3) with spaces between, not %q.", t)
			continue
		}
		p.Spy.Travel = append(p.Spy.Travel, n)
	}

	for _, c := range sa.DefaultDeck().Cards {
		if c.Number == sa.BenchCard {
			continue
		}
		switch where := v.Get("card" + strconv.Itoa(c.Number)); where {
		case placeCourt:
			p.Mage.Court = append(p.Mage.Court, c.Number)
		case placeBench:
			p.Mage.Bench = append(p.Mage.Bench, c.Number)
		case placeBonus:
			p.Mage.Bonus = append(p.Mage.Bonus, c.Number)
		case "":
			bad("Say where card %d (%s) is: on the court, on the bench or among the bonus spells.", c.Number, c.Name)
		default:
			bad("Card %d (%s) is on the court, the bench or among the bonus spells, not %q.", c.Number, c.Name, where)
		}
	}

	for _, l := range sa.DefaultMap().Locations {
		if l.Kind != sa.KindTown && l.Kind != sa.KindGate {
			continue
		}
		if s := text("elf" + l.ID); s != "" {
			n, err := strconv.Atoi(s)
			switch {
			case err != nil || len(s) > 6:
				bad("Elf cones on %s must be a whole number, not %q.", l.ID, s)
			case n != 0:
				if p.Elves == nil {
					p.Elves = map[string]int{}
				}
				p.Elves[l.ID] = n
			}
		}
	}

	spans, cones := v["giantSpan"], v["giantCones"]
	if len(spans) > maxListed || len(cones) > maxListed {
		bad("Too many giants: write at most %d.", maxListed)
		spans, cones = nil, nil
	}
	for i, span := range spans {
		span = strings.TrimSpace(span)
		c := ""
		if i < len(cones) {
			c = strings.TrimSpace(cones[i])
		}
		if span == "" {
			if c != "" && c != "0" {
				bad("A giant of %s cones has no span: choose the span it stands on.", c)
			}
			continue
		}
		n, err := strconv.Atoi(c)
		if err != nil || len(c) > 6 {
			bad("Write the cones of the giant on %s (a whole number).", span)
			continue
		}
		if p.Giants == nil {
			p.Giants = map[string]int{}
		}
		if _, twice := p.Giants[span]; twice {
			bad("Two giants on %s: one giant per span.", span)
			continue
		}
		p.Giants[span] = n
	}

	if on("window") {
		p.Window = &sa.WindowSnapshot{VolleyUsed: on("volleyUsed"), LeapUsed: on("leapUsed"), Volley: on("volley"), Leap: on("leap")}
	}
	if text("castCard") != "" && text("castCard") != "0" {
		p.Cast = &sa.CastPosition{Card: num("castCard", true), Spot: num("castSpot", true), Misses: num("castMisses", true)}
	}
	if k := text("pendingKind"); k != "" {
		p.Pending = &sa.PendingSnapshot{Kind: k, Card: num("pendingCard", true), Remaining: num("pendingRemaining", true), Size: num("pendingSize", false)}
	}
	return setup, p, problems
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// opening is the position the empty sandbox is filled with: the first
// moment of a standard game.
func opening() (sa.Setup, sa.Position) {
	setup := sa.Setup{Spy: "Spy", Mage: "Mage", Victory: 12, Turns: sa.DefaultTurns}
	st, err := sa.New(setup, 1)
	if err != nil {
		// The standard setup always starts: a failure here is a broken
		// build, which the tests catch.
		return setup, sa.Position{}
	}
	return setup, sa.PositionOf(st)
}

// SandboxPage is the sandbox: the form, and for a position given in q its
// problems or what may happen next.
func (Kind) SandboxPage(p views.Page, q url.Values) (templ.Component, bool) {
	p.Title = "Referee's sandbox: Spells & Arrows"
	sb, ok := sandbox(q)
	return saview.SandboxPage(p, sb), ok
}

// SandboxBody is the sandbox without its page, for the phone's module.
func (Kind) SandboxBody(csrf string, q url.Values) (templ.Component, bool) {
	sb, ok := sandbox(q)
	return saview.SandboxBody(csrf, sb), ok
}

// sandbox reads q into the sandbox's view: ok is false for a position
// that cannot be read or that no game reaches.
func sandbox(q url.Values) (saview.Sandbox, bool) {
	sb := saview.Sandbox{Map: sa.DefaultMap(), Deck: sa.DefaultDeck(), Rulings: sa.Rulings()}
	if len(q) == 0 {
		setup, pos := opening()
		sb.Values = sandboxValues(setup, pos)
		return sb, true
	}
	sb.Values, sb.Checked = q, true
	sb.Query = q.Encode()
	setup, pos, problems := readSandbox(q)
	sb.Names = [2]string{setup.Spy, setup.Mage}
	if len(problems) == 0 {
		problems = sa.CheckPosition(setup, pos)
	}
	if len(problems) > 0 {
		sb.Problems = problems
		return sb, false
	}
	setup.Position = &pos
	st, err := sa.New(setup, 1)
	if err != nil {
		sb.Problems = []string{err.Error()}
		return sb, false
	}
	sb.Snap = st.Snapshot()
	sb.Next = next(st)
	return sb, true
}

// next is Explain in the words of the page.
func next(st sa.State) views.SandboxNext {
	e := sa.Explain(st)
	n := views.SandboxNext{Prompt: e.Prompt}
	for _, l := range e.Legal {
		n.Legal = append(n.Legal, views.SandboxLegal{Says: l.Says, Changes: l.Changes})
	}
	rulings := map[string]sa.Ruling{}
	for _, r := range sa.Rulings() {
		rulings[r.ID] = r
	}
	for _, r := range e.Refused {
		ref := views.SandboxRefused{Tried: tried(r.Action), Reason: strings.TrimSuffix(r.Reason, ".")}
		if rl, ok := rulings[r.Ruling]; ok {
			ref.RulingTitle, ref.RulingText = rl.Title, rl.Text
		}
		n.Refused = append(n.Refused, ref)
	}
	return n
}

// tried names an action the way a table would say it.
func tried(a sa.Action) string {
	made := func(what string) string {
		if a.Made {
			return what + ", made"
		}
		return what + ", missed"
	}
	name := func(n int) string {
		for _, c := range sa.DefaultDeck().Cards {
			if c.Number == n {
				return fmt.Sprintf("card %d (%s)", n, c.Name)
			}
		}
		return fmt.Sprintf("card %d", n)
	}
	switch a.Type {
	case sa.TypeSpyShot:
		return made("The spy shoots")
	case sa.TypeMove:
		return "The spy moves to " + a.To
	case sa.TypeArrow:
		return made("The mage shoots an elf arrow")
	case sa.TypeLeap:
		if a.Made {
			return fmt.Sprintf("The mage's giant leaps from %s to %s, made", a.From, a.To)
		}
		return "The mage shoots a giant leap, missed"
	case sa.TypePass:
		return "The mage passes"
	case sa.TypeCast:
		return "The mage casts " + name(a.Card)
	case sa.TypeSpellShot:
		return made("The mage shoots a spell spot")
	case sa.TypeAbandon:
		return "The mage abandons the cast"
	case sa.TypeTarget:
		if a.Span != "" {
			return "The mage places a giant on " + a.Span
		}
		return "The mage places an elf cone on " + a.At
	case sa.TypeBench:
		if a.Cut != 0 {
			return fmt.Sprintf("The mage takes %s from the bench and cuts %s", name(a.Card), name(a.Cut))
		}
		return "The mage takes " + name(a.Card) + " from the bench"
	case sa.TypeEndHalf:
		return "The mage ends the half"
	}
	return a.Type
}

// StartSandbox is a game that plays on from the position in fields.
func (Kind) StartSandbox(fields url.Values, seed int64) (play.NewGame, error) {
	setup, pos, problems := readSandbox(fields)
	if len(problems) > 0 {
		return play.NewGame{}, errors.New(strings.Join(problems, " "))
	}
	setup, err := sa.FromPosition(setup, pos)
	if pe := (*sa.PositionError)(nil); errors.As(err, &pe) {
		return play.NewGame{}, fmt.Errorf("No game could reach this position: %s.", strings.Join(pe.Reasons, "; "))
	}
	if err != nil {
		return play.NewGame{}, fmt.Errorf("The game cannot start: %w", err)
	}
	raw, err := json.Marshal(setup)
	if err != nil {
		return play.NewGame{}, fmt.Errorf("encode setup: %w", err)
	}
	if _, err := sa.ParseSetup(raw); err != nil {
		return play.NewGame{}, fmt.Errorf("The game cannot start: %w", err)
	}
	return start(setup, seed)
}
