package spellsarrows

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Position is a moment of a running game written down, so a record may
// start from it instead of from the opening (the setup's "position"): a
// dispute settled at a real court, or the referee's sandbox. Its keys follow
// the snapshot's. Check says whether a real game could have reached it.
type Position struct {
	Turn      int            `json:"turn"`
	Half      string         `json:"half"`
	Spy       SpyPosition    `json:"spy"`
	ShotClock int            `json:"shotClock"`
	Misses    int            `json:"misses"`
	Mage      MagePosition   `json:"mage"`
	Elves     map[string]int `json:"elves,omitempty"`
	Giants    map[string]int `json:"giants,omitempty"`
	// Only while the mage may answer a spy miss.
	Window *WindowSnapshot `json:"window,omitempty"`
	// Only while a spell is being cast.
	Cast *CastPosition `json:"cast,omitempty"`
	// Only while a succeeded spell waits for its targets or bench choice.
	Pending *PendingSnapshot `json:"pending,omitempty"`
}

// SpyPosition is the spy's part of a position.
type SpyPosition struct {
	At      string `json:"at"`
	Health  int    `json:"health"`
	Armour  int    `json:"armour"`
	Travel  []int  `json:"travel,omitempty"` // 2 or 3 each, in the order earned
	Points  int    `json:"points"`
	Paid    int    `json:"paid,omitempty"`
	Engaged string `json:"engaged,omitempty"` // the span of the giant being fought
}

// MagePosition is the mage's part of a position. Card lists may come in any
// order; the app writes them sorted.
type MagePosition struct {
	Arrows         int   `json:"arrows"`
	Leaps          int   `json:"leaps"`
	SpellClock     int   `json:"spellClock"`
	Fails          int   `json:"fails"`
	Court          []int `json:"court"`
	Bench          []int `json:"bench"`
	Bonus          []int `json:"bonus"`
	LastCourtSpell int   `json:"lastCourtSpell,omitempty"`
}

// CastPosition is a cast under way: the card, the index of the next pattern
// spot (every spot before it was made) and the misses so far.
type CastPosition struct {
	Card   int `json:"card"`
	Spot   int `json:"spot"`
	Misses int `json:"misses"`
}

// clone copies p's lists and maps, so a setup handed out shares nothing
// with the game's own.
func (p Position) clone() Position {
	p.Spy.Travel = slices.Clone(p.Spy.Travel)
	p.Mage.Court, p.Mage.Bench, p.Mage.Bonus = slices.Clone(p.Mage.Court), slices.Clone(p.Mage.Bench), slices.Clone(p.Mage.Bonus)
	p.Elves, p.Giants = maps.Clone(p.Elves), maps.Clone(p.Giants)
	if p.Window != nil {
		w := *p.Window
		p.Window = &w
	}
	if p.Cast != nil {
		c := *p.Cast
		p.Cast = &c
	}
	if p.Pending != nil {
		pd := *p.Pending
		p.Pending = &pd
	}
	return p
}

// PositionError lists every reason a position could not come from a real
// game. It wraps ErrBadSetup: a record starting from it is refused like a
// record with any other bad setup.
type PositionError struct{ Reasons []string }

func (e *PositionError) Error() string {
	return "impossible position: " + strings.Join(e.Reasons, "; ")
}
func (e *PositionError) Unwrap() error { return ErrBadSetup }

// positionKeys are the keys a position must write out, so a left-out number
// never silently reads as 0 (a shot clock of 0 is a real position).
var positionKeys = []struct {
	in   string // "" for the position itself
	keys []string
}{
	{"", []string{"turn", "half", "spy", "shotClock", "misses", "mage"}},
	{"spy", []string{"at", "health", "armour", "points"}},
	{"mage", []string{"arrows", "leaps", "spellClock", "fails", "court", "bench", "bonus"}},
}

// missingKeys names the required keys raw (a position object) leaves out.
func missingKeys(raw []byte) []string {
	var top map[string]json.RawMessage
	if json.Unmarshal(raw, &top) != nil {
		return nil
	}
	var out []string
	for _, r := range positionKeys {
		obj := top
		if r.in != "" {
			sub, ok := top[r.in]
			if !ok {
				continue
			}
			obj = nil
			if json.Unmarshal(sub, &obj) != nil {
				continue
			}
		}
		for _, k := range r.keys {
			if _, ok := obj[k]; !ok {
				name := k
				if r.in != "" {
					name = r.in + "." + k
				}
				out = append(out, fmt.Sprintf("the position does not say %q", name))
			}
		}
	}
	return out
}

// PositionOf writes down the moment s, ready to start a record from. A
// finished game gives a position Check refuses (a position is a game still
// being played).
func PositionOf(s State) Position {
	p := Position{
		Turn: s.turn, Half: s.half,
		Spy:       SpyPosition{At: s.at, Health: s.health, Armour: s.armour, Points: s.points, Paid: s.paid, Engaged: s.engaged},
		ShotClock: s.shotClock, Misses: s.misses,
		Mage: MagePosition{
			Arrows: s.arrows, Leaps: s.leaps, SpellClock: s.spellClock, Fails: s.fails,
			Court: slices.Clone(s.court), Bench: slices.Clone(s.bench), Bonus: slices.Clone(s.bonus),
			LastCourtSpell: s.lastCourtSpell,
		},
	}
	for _, v := range s.travel {
		p.Spy.Travel = append(p.Spy.Travel, int(v))
	}
	for k, v := range s.elves {
		if v > 0 {
			if p.Elves == nil {
				p.Elves = map[string]int{}
			}
			p.Elves[k] = v
		}
	}
	for k, v := range s.giants {
		if v > 0 {
			if p.Giants == nil {
				p.Giants = map[string]int{}
			}
			p.Giants[k] = v
		}
	}
	if s.win.open {
		p.Window = &WindowSnapshot{VolleyUsed: s.win.volleyUsed, LeapUsed: s.win.leapUsed, Volley: s.win.volley, Leap: s.win.leap}
	}
	if s.cast.card != 0 {
		p.Cast = &CastPosition{Card: s.cast.card, Spot: s.cast.spot, Misses: s.cast.misses}
	}
	if s.pending.kind != "" {
		p.Pending = &PendingSnapshot{Kind: s.pending.kind, Remaining: s.pending.remaining, Size: s.pending.size, Card: s.pending.card}
	}
	if s.over {
		p.Turn = 0 // no position of a finished game: Check says why
	}
	return p
}

// FromPosition is setup (its own position ignored) with p as the moment the
// game starts from, after checking p: the setup of a record that plays on
// from p.
func FromPosition(setup Setup, p Position) (Setup, error) {
	setup.Position = &p
	if err := setup.Validate(); err != nil {
		return Setup{}, err
	}
	return setup, nil
}

// CheckPosition lists every reason p could not be a moment of a game played
// with setup (its own position ignored); none means a real game can reach
// it. A setup that is bad in itself is the one reason.
func CheckPosition(setup Setup, p Position) []string {
	setup.Position = nil
	w, err := setup.world()
	if err != nil {
		return []string{err.Error()}
	}
	_, why := build(w, setup, p)
	return why
}

// start is New for a setup with a position.
func start(w *world, setup Setup, seed int64) (State, error) {
	s, why := build(w, setup, *setup.Position)
	if len(why) > 0 {
		return State{}, &PositionError{Reasons: why}
	}
	s.seed = seed
	p := setup.Position.clone()
	s.setup.Position = &p
	return s, nil
}

// build checks p and, when nothing is wrong, returns the state it
// describes. Each rule below is what the play of a game keeps true (apply.go);
// the reasons say so in player words.
func build(w *world, setup Setup, p Position) (State, []string) {
	var why []string
	bad := func(format string, args ...any) { why = append(why, fmt.Sprintf(format, args...)) }
	turns := setup.TurnCount()

	// The turn and the half.
	switch {
	case p.Turn < 1 || p.Turn > turns:
		bad("turn %d: the game has turns 1 to %d", p.Turn, turns)
	case p.Half == HalfMage && p.Turn == turns:
		bad("the mage half of the last turn (%d) is never played: the game ends with the spy's last half", turns)
	}
	spyHalf := p.Half == HalfSpy
	if !spyHalf && p.Half != HalfMage {
		bad("the half is %q or %q, not %q", HalfSpy, HalfMage, p.Half)
	}

	// The spy.
	_, known := w.loc[p.Spy.At]
	if !known {
		bad("the spy stands on %q, which is not a place on the map", p.Spy.At)
	}
	if p.Spy.Health < 1 || p.Spy.Health > MaxHealth {
		if p.Spy.Health < 1 {
			bad("health %d: a spy at 0 or less is captured and the game is over", p.Spy.Health)
		} else {
			bad("health %d: health is at most %d", p.Spy.Health, MaxHealth)
		}
	}
	if p.Spy.Armour < 0 || p.Spy.Armour > MaxArmour {
		bad("armour %d: the spy holds 0 to %d armour counters", p.Spy.Armour, MaxArmour)
	}
	for i, v := range p.Spy.Travel {
		if v != 2 && v != 3 {
			bad("travel counter %d is worth %d: a travel counter is worth 2 (inside town) or 3 (town on the arc)", i+1, v)
		}
	}
	switch {
	case p.Spy.Points < 0:
		bad("points %d: points are never negative", p.Spy.Points)
	case p.Spy.Points >= setup.Victory:
		bad("points %d reach the Victory Number %d: the spy has won and the game is over", p.Spy.Points, setup.Victory)
	case p.Spy.Points == 1:
		bad("points 1: an escape scores travel counters of 2 and 3 (or nothing), so no total is 1")
	}
	if p.Spy.Paid < 0 {
		bad("%d baskets paid: the count is never negative", p.Spy.Paid)
	}

	// The shot clock.
	if p.ShotClock < 0 || p.ShotClock > ShotClock {
		bad("shot clock %d: it counts down from %d to 0", p.ShotClock, ShotClock)
	}
	switch {
	case p.Misses < 0 || p.Misses >= MissesToEnd:
		bad("%s: the spy holds 0 to %d miss counters (the %s ends the half)", plural(p.Misses, "miss counter"), MissesToEnd-1, ordinal(MissesToEnd))
	case p.Misses > 0 && p.ShotClock > 0:
		bad("%s with the shot clock at %d: miss counters are only added once the clock is out", plural(p.Misses, "miss counter"), p.ShotClock)
	}

	// The mage's counters.
	if p.Mage.Arrows < 0 || p.Mage.Arrows > MaxArrows {
		bad("%s: the mage holds 0 to %d", plural(p.Mage.Arrows, "arrow"), MaxArrows)
	}
	if p.Mage.Leaps < 0 || p.Mage.Leaps > MaxLeaps {
		bad("%s: the mage holds 0 to %d", plural(p.Mage.Leaps, "leap"), MaxLeaps)
	}
	if p.Mage.SpellClock < 0 {
		bad("spell clock %d: it never goes below 0", p.Mage.SpellClock)
	}
	if p.Mage.Fails < 0 || p.Mage.Fails >= FailsToEnd {
		bad("%s: the mage holds 0 to %d (the %s ends the half)", plural(p.Mage.Fails, "spell fail"), FailsToEnd-1, ordinal(FailsToEnd))
	}

	// The spell cards: each card but Librarian's Bench in exactly one place.
	court, bench, bonus := sorted(p.Mage.Court), sorted(p.Mage.Bench), sorted(p.Mage.Bonus)
	cardsOK := true
	where := map[int]string{}
	for _, list := range []struct {
		name  string
		cards []int
	}{{"the court", court}, {"the bench", bench}, {"the bonus spells", bonus}} {
		for _, n := range list.cards {
			switch {
			case n < 1 || n > len(w.d.Cards):
				bad("%s lists card %d: the deck has cards 1 to %d", list.name, n, len(w.d.Cards))
				cardsOK = false
			case n == BenchCard:
				bad("%s lists card 9: Librarian's Bench is never on the court, the bench or among the bonus spells", list.name)
				cardsOK = false
			case where[n] == list.name:
				bad("card %d (%s) is listed twice on %s", n, w.card(n).Name, list.name)
				cardsOK = false
			case where[n] != "":
				bad("card %d (%s) is in two places: %s and %s", n, w.card(n).Name, where[n], list.name)
				cardsOK = false
			default:
				where[n] = list.name
			}
		}
	}
	for _, c := range w.d.Cards {
		if c.Number != BenchCard && where[c.Number] == "" {
			bad("card %d (%s) is nowhere: every card but Librarian's Bench is on the court, the bench or among the bonus spells", c.Number, c.Name)
			cardsOK = false
		}
	}
	if cardsOK {
		if len(court) != courtSize {
			bad("%s on the court: the court always holds %d (Librarian's Bench cuts one for each it adds)", plural(len(court), "spell"), courtSize)
		}
		for _, n := range bonus {
			if n < firstBonus {
				bad("card %d (%s) is among the bonus spells, but it starts the game on the %s and never goes there", n, w.card(n).Name, startPlace(n))
			}
		}
		// Bonus spells join the bench lowest number first, so those still
		// out are the highest numbers.
	order:
		for i := firstBonus; i <= len(w.d.Cards); i++ {
			if where[i] == "the bonus spells" {
				continue
			}
			for _, n := range bonus {
				if n < i && n >= firstBonus {
					bad("bonus spell %d (%s) has joined the bench while %d (%s) is still out: bonus spells join lowest number first", i, w.card(i).Name, n, w.card(n).Name)
					break order
				}
			}
		}
	}

	// Elf cones and giants.
	elves := map[string]int{}
	for _, id := range slices.Sorted(maps.Keys(p.Elves)) {
		n := p.Elves[id]
		el, ok := w.loc[id]
		s := State{w: w}
		switch {
		case !ok:
			bad("elf cones on %q, which is not a place on the map", id)
		case el.Kind != KindTown && el.Kind != KindGate:
			bad("elf cones on %s: only towns and gates can be guarded", id)
		case n < 1:
			bad("%d elf cones on %s: leave out a place with none", n, id)
		case n > s.elfCap(id):
			bad("%d elf cones on %s: an %s %s holds at most %d", n, id, zoneWords(el.Zone), el.Kind, s.elfCap(id))
		default:
			elves[id] = n
		}
	}
	biggest := 0
	for _, c := range w.d.Cards {
		if c.Effect.Kind == EffectGiant {
			biggest = max(biggest, c.Potency(0))
		}
	}
	giants := map[string]int{}
	for _, raw := range slices.Sorted(maps.Keys(p.Giants)) {
		n := p.Giants[raw]
		a, b, err := ParseSpan(raw)
		k := SpanKey(a, b)
		switch {
		case err != nil:
			bad("a giant on %q: %v", raw, err)
		case !w.isSpan[k]:
			bad("a giant on %s, which is not a road span of the map", k)
		case giants[k] > 0:
			bad("two giants on %s: one giant per span", k)
		case n < 1:
			bad("a giant of %d cones on %s: a giant has at least 1 (leave out a span with none)", n, k)
		case n > biggest:
			bad("a giant of %d cones on %s: the biggest giant the deck can raise has %d", n, k, biggest)
		default:
			giants[k] = n
		}
	}

	// What each half leaves as it was.
	if spyHalf {
		if p.Mage.SpellClock != SpellClock {
			bad("spell clock %d in the spy half: it is %d until the mage's half starts", p.Mage.SpellClock, SpellClock)
		}
		if p.Mage.Fails != 0 {
			bad("%s in the spy half: spell fails only count in the mage's half", plural(p.Mage.Fails, "spell fail"))
		}
		if p.Mage.LastCourtSpell != 0 {
			bad("a last court spell in the spy half: the rule against two court spells in a row starts afresh each mage half")
		}
		if p.Cast != nil {
			bad("a cast in the spy half: spells are cast in the mage's half")
		}
		if p.Pending != nil {
			bad("a spell waiting for targets in the spy half: they are placed in the mage's half")
		}
	} else if p.Half == HalfMage {
		if p.ShotClock != ShotClock || p.Misses != 0 {
			bad("shot clock %d with %s in the mage half: the spy's half ending resets them to %d and none", p.ShotClock, plural(p.Misses, "miss counter"), ShotClock)
		}
		if p.Spy.Paid != 0 {
			bad("%s paid in the mage half: the spy's half ending forgets them", plural(p.Spy.Paid, "basket"))
		}
		if p.Spy.Engaged != "" {
			bad("the spy fights a giant in the mage half: the spy's half ending sends it back to its place")
		}
		if p.Window != nil {
			bad("a response window in the mage half: the mage answers spy misses in the spy half")
		}
	}
	if p.Turn == 1 && spyHalf {
		if p.ShotClock == ShotClock && (p.Spy.At != w.start || p.Spy.Health != StartHealth || p.Spy.Armour != 0 || len(p.Spy.Travel) > 0) {
			bad("the game's first shot is still to come, so the spy stands at %s with health %d, no armour and no travel counters", w.start, StartHealth)
		}
		if p.Spy.Points != 0 {
			bad("points %d in turn 1's spy half: an escape ends the half, so there has been none yet", p.Spy.Points)
		}
		if p.Mage.Arrows != 0 || p.Mage.Leaps != 0 || len(elves) > 0 || len(giants) > 0 {
			bad("arrows, leaps, elf cones or giants in turn 1's spy half: the mage has not had a half yet")
		}
		if cardsOK && (!slices.Equal(court, startCards(w, courtPlace)) || !slices.Equal(bench, startCards(w, benchPlace))) {
			bad("the spells have moved in turn 1's spy half: the mage has not had a half yet (court %s, bench %s)", ints(startCards(w, courtPlace)), ints(startCards(w, benchPlace)))
		}
	}
	if len(elves) == 0 && len(p.Elves) == 0 && p.Spy.Health != StartHealth && p.Spy.Health != min(MaxHealth, StartHealth+PharmacyBoost) && p.Spy.Health >= 1 && p.Spy.Health <= MaxHealth {
		bad("health %d with no elf cone on the map: elf cones are never taken away, so no arrow has hit the spy, and its health is %d, or %d after the pharmacy", p.Spy.Health, StartHealth, min(MaxHealth, StartHealth+PharmacyBoost))
	}

	if len(why) > 0 || !known {
		return State{}, why
	}
	engaged := p.Spy.Engaged
	if a, b, err := ParseSpan(engaged); err == nil {
		engaged = SpanKey(a, b)
	}

	s := State{
		w: w, setup: setup,
		turn: p.Turn, half: p.Half,
		at: p.Spy.At, here: w.locp[p.Spy.At], health: p.Spy.Health, armour: p.Spy.Armour, travel: []int8{},
		points: p.Spy.Points, paid: p.Spy.Paid, engaged: engaged,
		shotClock: p.ShotClock, misses: p.Misses,
		arrows: p.Mage.Arrows, leaps: p.Mage.Leaps, spellClock: p.Mage.SpellClock, fails: p.Mage.Fails,
		court: court, bench: bench, bonus: bonus, lastCourtSpell: p.Mage.LastCourtSpell,
		elves: elves, giants: giants,
	}
	for _, v := range p.Spy.Travel {
		s.travel = append(s.travel, int8(v))
	}
	if p.Window != nil {
		s.win = window{open: true, volleyUsed: p.Window.VolleyUsed, leapUsed: p.Window.LeapUsed, volley: p.Window.Volley, leap: p.Window.Leap}
	}
	if p.Cast != nil {
		s.cast = castState{card: p.Cast.Card, spot: p.Cast.Spot, made: p.Cast.Spot, misses: p.Cast.Misses}
	}
	if p.Pending != nil {
		s.pending = pendingState{kind: p.Pending.Kind, remaining: p.Pending.Remaining, size: p.Pending.Size, card: p.Pending.Card}
	}
	if spyHalf {
		s.checkSpyHalf(p, bad)
	} else {
		s.checkMageHalf(p, bad)
	}
	if len(why) > 0 {
		return State{}, why
	}
	return s, nil
}

// checkSpyHalf: where the spy stands, what it paid and the response window
// agree with how a spy half is played.
func (s State) checkSpyHalf(p Position, bad func(string, ...any)) {
	l := s.w.loc[s.at]
	toll := s.Toll()
	switch {
	case l.Kind == KindGoto:
		if s.paid != 0 {
			bad("%s paid on the portal %s: a portal asks for no basket", plural(s.paid, "basket"), s.at)
		}
		if s.shotClock == ShotClock {
			bad("the spy on the portal %s with the shot clock at %d: it reached the portal by paying a toll, and a half never ends on a portal", s.at, ShotClock)
		}
	case s.engaged == "" && l.Kind == KindGate && s.paid >= toll:
		bad("%s paid at the gate %s, whose toll is %d: paying a gate's toll is the escape", plural(s.paid, "basket"), s.at, toll)
	case s.paid > toll:
		bad("%s paid at %s, whose toll is %d: once the toll is met the spy moves on", plural(s.paid, "basket"), s.at, toll)
	}
	if s.engaged != "" {
		a, b, err := ParseSpan(s.engaged)
		k := s.engaged
		switch {
		case err != nil || !s.w.isSpan[k]:
			bad("the spy fights a giant on %q, which is not a road span of the map", s.engaged)
		case a != s.at && b != s.at:
			bad("the spy at %s fights the giant on %s: a giant blocks a span that leads away from where the spy stands", s.at, k)
		case s.giants[k] == 0:
			bad("the spy fights a giant on %s, but no giant stands there", k)
		case l.Kind == KindGoto:
			bad("the spy fights a giant from the portal %s: a portal's link is not a span and no giant blocks it", s.at)
		case s.paid != toll:
			bad("the spy fights the giant on %s with %d of %s paid at %s: it set out only once the toll was met", k, s.paid, plural(toll, "basket"), s.at)
		}
	}
	if s.shotClock == ShotClock && (s.paid > 0 || s.engaged != "" || p.Window != nil) {
		bad("baskets paid, a giant fought or a miss answered with the shot clock at %d: every spy attempt turns the clock down", ShotClock)
	}
	if p.Window != nil {
		w := p.Window
		switch {
		case l.Kind == KindGoto || (s.engaged == "" && s.paid >= toll):
			bad("a response window with nothing left to shoot at %s: the mage answers a spy miss, and the spy shoots only while the toll is unpaid or a giant blocks it", s.at)
		case w.Volley && w.Leap:
			bad("a volley and a leap run both under way: starting one ends the other")
		case w.Volley && !w.VolleyUsed, w.Leap && !w.LeapUsed:
			bad("a volley or leap run under way that the window does not count as used")
		case !s.canArrow() && !s.canLeap():
			bad("a response window with no answer left (arrows and an elf cone where the spy stands, or leaps and a giant free to leap): it closes by itself")
		}
	}
}

// checkMageHalf: the cast or waiting spell agrees with the cards.
func (s State) checkMageHalf(p Position, bad func(string, ...any)) {
	if p.Cast != nil && p.Pending != nil {
		bad("a cast under way and a spell waiting for targets at once: targets are placed once a cast succeeds")
		return
	}
	last := p.Mage.LastCourtSpell
	if last != 0 && !slices.Contains(s.court, last) {
		bad("the last court spell is card %d, which is not on the court: only Librarian's Bench moves cards, and casting it clears the last court spell", last)
	}
	if c := p.Cast; c != nil {
		if c.Card != BenchCard && !slices.Contains(s.court, c.Card) {
			bad("card %d is being cast but is not on the court: only court spells and Librarian's Bench are cast", c.Card)
			return
		}
		card := s.w.card(c.Card)
		if c.Spot < 0 || c.Spot >= len(card.Pattern) {
			bad("%s is cast at spot %d: its pattern has spots 0 to %d (the last make completes the spell)", card.Name, c.Spot, len(card.Pattern)-1)
		}
		if c.Misses < 0 || c.Misses > card.Grace {
			bad("%s is cast with %s: it has %s, and one more miss fails it", card.Name, plural(c.Misses, "miss"), plural(card.Grace, "grace"))
		}
		s.checkLast(c.Card, last, bad)
		return
	}
	if pd := p.Pending; pd != nil {
		if pd.Card < 1 || pd.Card > len(s.w.d.Cards) {
			bad("a spell waiting for targets is card %d: the deck has cards 1 to %d", pd.Card, len(s.w.d.Cards))
			return
		}
		card := s.w.card(pd.Card)
		if pd.Card != BenchCard && !slices.Contains(s.court, pd.Card) {
			bad("%s waits for targets but is not on the court", card.Name)
		}
		if card.Effect.Kind != pd.Kind {
			bad("%s waits for %q, but its effect is %q", card.Name, pd.Kind, card.Effect.Kind)
			return
		}
		switch pd.Kind {
		case EffectElf:
			if pd.Remaining < 1 || pd.Remaining > card.Potency(0) {
				bad("%s waits to place %s: it places 1 to %d", card.Name, plural(pd.Remaining, "elf cone"), card.Potency(0))
			}
			if pd.Size != 0 {
				bad("elf cones have no size")
			}
			if !s.elfRoom() {
				bad("%s waits to place elf cones, but every town and gate is full: cones that fit nowhere are lost at once", card.Name)
			}
		case EffectGiant:
			if pd.Remaining != 1 {
				bad("%s places one giant, not %d", card.Name, pd.Remaining)
			}
			if pd.Size < 1 || pd.Size > card.Potency(0) {
				bad("%s raises a giant of 1 to %d cones, not %d", card.Name, card.Potency(0), pd.Size)
			}
			if !s.freeSpan() {
				bad("%s waits to place a giant, but no span is free: a giant with nowhere to stand is lost at once", card.Name)
			}
		case EffectBench:
			if pd.Remaining != 1 || pd.Size != 0 {
				bad("Librarian's Bench waits for one choice: remaining 1, no size")
			}
			if len(s.bench) == 0 {
				bad("Librarian's Bench waits for a choice from an empty bench: with none to choose it ends at once")
			}
		default:
			bad("a spell waits for %q: only elf cones, a giant or a bench choice are waited for", pd.Kind)
		}
		s.checkLast(pd.Card, last, bad)
		return
	}
	if s.spellClock == 0 {
		bad("spell clock 0 between casts: the mage's half ends when the clock runs out")
	}
}

// checkLast: an attempt under way at card is the last attempt of the half.
func (s State) checkLast(card, last int, bad func(string, ...any)) {
	want := card
	if card == BenchCard {
		want = 0
	}
	if last != want {
		if want == 0 {
			bad("Librarian's Bench is under way but the last court spell is %d: casting Librarian's Bench clears it", last)
		} else {
			bad("card %d is under way but the last court spell is %d: starting a court spell makes it the last one", card, last)
		}
	}
}

const (
	courtPlace = iota
	benchPlace
)

// startCards are the cards the game starts with on the court or the bench.
func startCards(w *world, place int) []int {
	var out []int
	for _, c := range w.d.Cards {
		switch {
		case place == courtPlace && c.Number <= courtSize:
			out = append(out, c.Number)
		case place == benchPlace && c.Number > courtSize && c.Number < BenchCard:
			out = append(out, c.Number)
		}
	}
	return out
}

func startPlace(n int) string {
	if n <= courtSize {
		return "court"
	}
	return "bench"
}

func sorted(xs []int) []int {
	out := slices.Clone(xs)
	if out == nil {
		out = []int{}
	}
	slices.Sort(out)
	return out
}

func ordinal(n int) string {
	switch n {
	case 2:
		return "second"
	case 3:
		return "third"
	}
	return fmt.Sprintf("%dth", n)
}
