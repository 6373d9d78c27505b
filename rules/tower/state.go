package tower

import (
	"github.com/grimoire-games/grimoire/rules/say"
	"math/rand/v2"
	"slices"
	"strings"
)

// Where a coin is.
const (
	inCamp    int8 = 0 // 1..4 are the zones
	inRemoved int8 = 5
	inTower   int8 = 6
)

// Phase is the step of the turn being played.
type Phase string

// The phases.
const (
	PhasePlace   Phase = "place"   // General: put 1-3 camp coins on the Field
	PhaseAdvance Phase = "advance" // General: advance, then flip or end
	PhaseCast    Phase = "cast"    // Mage: cast or skip
	PhaseOver    Phase = "over"    // somebody won
)

func (p Phase) String() string { return string(p) }

// Reasons a game ends (Snapshot.Reason).
const (
	ReasonTower    = "tower"     // a soldier advanced from zone 4 into the Tower
	ReasonAllFell  = "all-fell"  // all nine soldiers were removed
	ReasonBookDone = "book-done" // the Mage could neither cast nor skip
)

type coin struct {
	where  int8
	face   Face
	damage int8
	moved  bool  // placed or advanced this General turn
	seq    int32 // order key: smaller is further left in a zone; removal order
}

// State is a whole game position. It is a value: copying it copies the game
// (the card it refers to is never modified). The zero State is not a game;
// make one with New or Replay.
type State struct {
	general, mage string
	opts          Options
	card          Card
	seed          int64
	faces         [NumCoins]Face // faces at the start

	coins    [NumCoins]coin
	seq      int32
	left     int8 // rows uncovered by the left (damage) thumb; 0 = at the top
	right    int8 // rows uncovered by the right (spell) thumb
	tomeUsed bool
	skipUsed bool
	turn     int
	toPlay   Side
	phase    Phase
	leftFrom [NumZones + 1]int8 // soldiers that left each zone this General turn
	winner   Side
	reason   string
	moves    int // actions applied
	// pos is the position the game started from (nil: the opening); it is
	// never written, only handed back by Setup.
	pos *Position
}

// New starts a game. Coin faces come from setup.Faces, or else are drawn from
// seed; everything else about the game is determined by the actions played.
func New(setup Setup, seed int64) (State, error) {
	if err := setup.Validate(); err != nil {
		return State{}, err
	}
	if setup.Position != nil {
		s, _ := build(setup, *setup.Position) // Validate has checked it
		s.seed = seed
		return s, nil
	}
	s := State{general: setup.General, mage: setup.Mage, opts: setup.Options, seed: seed, turn: 1}
	if setup.Card != nil {
		s.card = setup.Card.clone()
	} else {
		s.card = defaultCard()
	}
	if setup.Faces != nil {
		for i, f := range setup.Faces {
			s.coins[i].face = f
		}
	} else {
		r := rand.New(rand.NewPCG(uint64(seed), 0x6d61676573746f77)) // "magestow"
		for i := range s.coins {
			s.coins[i].face = Face(r.IntN(2))
		}
	}
	for i := range s.coins {
		s.faces[i] = s.coins[i].face
	}
	s.startGeneralTurn()
	return s, nil
}

// deepCopy is s sharing no memory with it. A State is arrays but for its
// card, which no code writes (Card's doc); copying the card's rows too
// makes the copy stand alone even so, and it is what every bot is given
// (Bot), so no bot can reach its caller's state whatever it writes.
func (s State) deepCopy() State {
	c := s
	c.card = s.card.clone()
	if s.pos != nil {
		p := s.pos.clone()
		c.pos = &p
	}
	return c
}

// Setup returns a setup that recreates this game: the faces written out, so
// the record no longer depends on the seed (or, for a game started from a
// position, that position), and the card unless it is the default one.
func (s State) Setup() Setup {
	su := Setup{General: s.general, Mage: s.mage, Options: s.opts, Faces: make([]Face, NumCoins)}
	copy(su.Faces, s.faces[:])
	if s.pos != nil {
		p := s.pos.clone()
		su.Faces, su.Position = nil, &p
	}
	if !slices.Equal(s.card.Rows, defaultCard().Rows) {
		c := s.card.clone()
		su.Card = &c
	}
	return su
}

// Seed is the seed the game was created with.
func (s State) Seed() int64 { return s.seed }

// Over reports whether the game has ended, and Winner who won it.
func (s State) Over() bool { return s.phase == PhaseOver }

// Winner is the side that won, or NoSide while the game goes on.
func (s State) Winner() Side { return s.winner }

// ToPlay is the side whose decision it is (NoSide when the game is over).
func (s State) ToPlay() Side { return s.toPlay }

// Card is the card this game is played with.
func (s State) Card() Card { return s.card.clone() }

// Options are the house rules this game is played with.
func (s State) Options() Options { return s.opts }

// Moves is the number of actions applied since New.
func (s State) Moves() int { return s.moves }

// zone returns the coins of zone z (0 = camp) from left to right.
func (s *State) zone(z int8) []int {
	var out []int
	for i := range s.coins {
		if s.coins[i].where == z {
			out = append(out, i)
		}
	}
	slices.SortFunc(out, func(a, b int) int { return int(s.coins[a].seq - s.coins[b].seq) })
	return out
}

func (s *State) moveTo(i int, z int8) {
	s.seq++
	s.coins[i].where = z
	s.coins[i].seq = s.seq
}

func (s *State) count(z int8) int {
	n := 0
	for i := range s.coins {
		if s.coins[i].where == z {
			n++
		}
	}
	return n
}

func (s *State) inPlay() int {
	n := 0
	for i := range s.coins {
		if w := s.coins[i].where; w >= 1 && w <= NumZones {
			n++
		}
	}
	return n
}

func (s *State) startGeneralTurn() {
	s.toPlay = General
	s.leftFrom = [NumZones + 1]int8{}
	for i := range s.coins {
		s.coins[i].moved = false
		s.coins[i].damage = 0
	}
	if s.count(inCamp) > 0 {
		s.phase = PhasePlace
	} else {
		s.phase = PhaseAdvance
	}
}

func (s *State) startMageTurn() {
	s.toPlay = Mage
	s.phase = PhaseCast
	if !s.canCast() && s.skipUsed {
		s.finish(General, ReasonBookDone)
	}
}

func (s *State) finish(w Side, reason string) {
	s.phase = PhaseOver
	s.toPlay = NoSide
	s.winner = w
	s.reason = reason
}

// Apply plays one action and returns the new state. It never modifies s; on
// error it returns s unchanged and an error wrapping ErrGameOver,
// ErrNotYourTurn, ErrIllegal or ErrBadAction.
func Apply(s State, a Action) (State, error) {
	t := s
	if err := t.apply(a, nil); err != nil {
		return s, err
	}
	return t, nil
}

// apply plays a on s in place; out, when not nil, collects what happened.
// On error s may be half changed: callers work on a copy.
func (s *State) apply(a Action, out *Outcome) error {
	if s.phase == PhaseOver {
		if s.winner == Mage {
			return fail(ErrGameOver, "Mage won (%s)", reasonText(s.reason))
		}
		return fail(ErrGameOver, "General won (%s)", reasonText(s.reason))
	}
	side := a.Type.Side()
	if side == NoSide {
		return fail(ErrBadAction, "unknown action type %q", a.Type)
	}
	if side != s.toPlay {
		if s.toPlay == Mage {
			return fail(ErrNotYourTurn, "it is the Mage's turn, and %q is a General action", a.Type)
		}
		return fail(ErrNotYourTurn, "it is the General's turn, and %q is a Mage action", a.Type)
	}
	if out != nil {
		out.Type = a.Type
	}
	var err error
	switch a.Type {
	case Place:
		err = s.place(a.Coins)
	case Advance:
		err = s.advance(a.Zone, a.Coins, out)
	case Flip:
		err = s.flip(a.Coin)
	case End:
		err = s.end()
	case Cast:
		err = s.cast(a, out)
	case Skip:
		err = s.skip()
	}
	if err != nil {
		return err
	}
	s.moves++
	if out != nil {
		out.Winner, out.Reason = s.winner, s.reason
	}
	return nil
}

// coinList checks a list of coin ids: known, no repeats.
func coinList(ids []string) ([]int, error) {
	out := make([]int, 0, len(ids))
	for _, id := range ids {
		i, ok := coinIndex(id)
		if !ok {
			return nil, fail(ErrBadAction, "unknown coin %q (coins: L1-L3, M1-M3, S1-S3)", id)
		}
		if slices.Contains(out, i) {
			return nil, fail(ErrIllegal, "%s is listed twice", id)
		}
		out = append(out, i)
	}
	return out, nil
}

func (s *State) place(ids []string) error {
	if s.phase != PhasePlace {
		if s.count(inCamp) == 0 && s.moved() == 0 {
			return fail(ErrIllegal, "the camp is empty, so there is nothing to place this turn")
		}
		return fail(ErrIllegal, "coins are placed only at the start of the General's turn, before any advance")
	}
	idx, err := coinList(ids)
	if err != nil {
		return err
	}
	if len(idx) < 1 || len(idx) > 3 {
		return fail(ErrIllegal, "the General places 1 to 3 coins on the Field, not %d", len(idx))
	}
	for _, i := range idx {
		if s.coins[i].where != inCamp {
			return fail(ErrIllegal, "%s is not in the camp, only camp coins are placed", coinName(i))
		}
	}
	for _, i := range idx {
		s.moveTo(i, 1)
		s.coins[i].moved = true
	}
	s.phase = PhaseAdvance
	return nil
}

func (s *State) moved() int {
	n := 0
	for i := range s.coins {
		if s.coins[i].moved {
			n++
		}
	}
	return n
}

func (s *State) advance(z int, ids []string, out *Outcome) error {
	if s.phase == PhasePlace {
		return fail(ErrIllegal, "place 1 to 3 coins on the Field before advancing")
	}
	if z < 1 || z > NumZones {
		return fail(ErrIllegal, "soldiers advance from zone 1 to 4, there is no zone %d", z)
	}
	idx, err := coinList(ids)
	if err != nil {
		return err
	}
	if len(idx) == 0 {
		return fail(ErrIllegal, "advance at least one soldier (advancing none needs no action)")
	}
	if left := 3 - int(s.leftFrom[z]); len(idx) > left {
		return fail(ErrIllegal, "at most 3 soldiers advance from each zone per turn; %d more may leave zone %d", left, z)
	}
	for _, i := range idx {
		c := s.coins[i]
		if c.where != int8(z) {
			return fail(ErrIllegal, "%s is not in zone %d", coinName(i), z)
		}
		if c.moved {
			return fail(ErrIllegal, "%s already moved this turn (a soldier moves one zone per turn, and placed soldiers wait)", coinName(i))
		}
	}
	s.leftFrom[z] += int8(len(idx))
	to := int8(z + 1)
	if z == NumZones {
		to = inTower
	}
	for _, i := range idx {
		s.moveTo(i, to)
		s.coins[i].moved = true
		if to == inTower && out != nil {
			out.Tower = append(out.Tower, coinName(i))
		}
	}
	if to == inTower {
		s.finish(General, ReasonTower)
	}
	return nil
}

func (s *State) flip(id string) error {
	if s.phase == PhasePlace {
		return fail(ErrIllegal, "place 1 to 3 coins on the Field before flipping")
	}
	i, ok := coinIndex(id)
	if !ok {
		return fail(ErrBadAction, "unknown coin %q", id)
	}
	c := s.coins[i]
	if c.where == inRemoved {
		return fail(ErrIllegal, "%s has been removed", id)
	}
	if c.face != Heads {
		return fail(ErrIllegal, "%s is tails already: only a heads coin may be flipped to give it a shield", id)
	}
	s.coins[i].face = Tails
	s.startMageTurn()
	return nil
}

func (s *State) end() error {
	if s.phase == PhasePlace {
		return fail(ErrIllegal, "place 1 to 3 coins on the Field before ending the turn")
	}
	s.startMageTurn()
	return nil
}

func (s *State) skip() error {
	if s.skipUsed {
		return fail(ErrIllegal, "the Mage has used the one skip of the game")
	}
	s.skipUsed = true
	s.endMageTurn()
	return nil
}

func (s *State) endMageTurn() {
	for i := range s.coins {
		s.coins[i].damage = 0
	}
	if s.count(inRemoved) == NumCoins {
		s.finish(Mage, ReasonAllFell)
		return
	}
	s.turn++
	s.startGeneralTurn()
}

// rowOK says whether a thumb now uncovering `from` rows may move to row.
func (s *State) rowOK(from int8, row int) bool {
	if row < 1 || row > len(s.card.Rows) {
		return false
	}
	if s.opts.ThumbsMayStay {
		return row >= int(from)
	}
	return row > int(from)
}

// spellOK says whether the right thumb may end on row (the Tome only once).
func (s *State) spellOK(row int) bool {
	return s.rowOK(s.right, row) && !(s.card.Rows[row-1].Spell == Tome && s.tomeUsed)
}

func (s *State) canCast() bool {
	if s.inPlay() == 0 {
		return false
	}
	d, sp := false, false
	for r := 1; r <= len(s.card.Rows); r++ {
		d = d || s.rowOK(s.left, r)
		sp = sp || s.spellOK(r)
	}
	return d && sp
}

func (s *State) thumbError(which say.Text, from int8, row int) error {
	n := len(s.card.Rows)
	if row < 1 || row > n {
		return fail(ErrIllegal, "the card has rows 1 to %d, not %d", n, row)
	}
	if s.opts.ThumbsMayStay {
		return fail(ErrIllegal, "the %s thumb is on row %d and never moves back up (house rule: it may stay)", which, from)
	}
	if int(from) == n {
		return fail(ErrIllegal, "the %s thumb is at the bottom of the card and cannot move down", which)
	}
	return fail(ErrIllegal, "the %s thumb has uncovered row %d and must move down at least one row (thumbs never move back up)", which, from)
}

func (s *State) cast(a Action, out *Outcome) error {
	if !s.rowOK(s.left, a.DamageRow) {
		return s.thumbError(say.F("left"), s.left, a.DamageRow)
	}
	if !s.rowOK(s.right, a.SpellRow) {
		return s.thumbError(say.F("right"), s.right, a.SpellRow)
	}
	row := s.card.Rows[a.SpellRow-1]
	sp := row.Spell
	x := s.card.Rows[a.DamageRow-1].Damage
	if a.Spell != 0 && a.Spell != sp {
		return fail(ErrIllegal, "row %d holds %s, not %s", a.SpellRow, sp.Title(), a.Spell.Title())
	}
	if sp == Tome && s.tomeUsed {
		return fail(ErrIllegal, "the Tome may be cast once per game, and it has been")
	}
	hits, err := s.targets(sp, x, a)
	if err != nil {
		return err
	}
	if out != nil {
		out.Spell, out.Damage, out.DamageRow, out.SpellRow = sp, x, a.DamageRow, a.SpellRow
		out.Side, out.Zone = a.Side, a.Zone
	}
	s.left, s.right = int8(a.DamageRow), int8(a.SpellRow)
	for _, h := range hits {
		s.hit(h.i, h.d, out)
	}
	if sp == Wave {
		for _, i := range s.zone(int8(a.Zone)) {
			s.moveTo(i, int8(a.Zone-1))
			if out != nil {
				out.MovedBack = append(out.MovedBack, coinName(i))
			}
		}
	}
	if sp == Tome {
		s.tomeUsed = true
		s.left, s.right = 0, 0
		if out != nil {
			out.ThumbsReset = true
		}
	}
	s.endMageTurn()
	return nil
}

type hitAt struct{ i, d int }

// targets checks the targets of a cast and lists the damage per coin.
func (s *State) targets(sp Spell, x int, a Action) ([]hitAt, error) {
	foreign := func(allowed string) error {
		var f []string
		if a.Hits != nil && allowed != "hits" {
			f = append(f, "hits")
		}
		if a.Side != "" && allowed != "side" {
			f = append(f, "side")
		}
		if a.Zone != 0 && allowed != "zone" {
			f = append(f, "zone")
		}
		if a.Coin != "" && allowed != "coin" {
			f = append(f, "coin")
		}
		if len(f) > 0 {
			return fail(ErrBadAction, "%s is aimed with %q, not %s", sp.Title(), allowed, strings.Join(f, ", "))
		}
		return nil
	}
	if err := foreign(map[Spell]string{Lightning: "hits", Fireball: "side", Wave: "zone", Tome: "coin"}[sp]); err != nil {
		return nil, err
	}
	switch sp {
	case Lightning:
		if len(a.Hits) == 0 {
			return nil, fail(ErrIllegal, "Lightning needs at least one soldier to hit")
		}
		var hits []hitAt
		zones := map[int8]bool{}
		sum := 0
		for _, h := range a.Hits {
			i, ok := coinIndex(h.Coin)
			if !ok {
				return nil, fail(ErrBadAction, "unknown coin %q", h.Coin)
			}
			if h.Damage < 1 {
				return nil, fail(ErrIllegal, "each soldier Lightning hits takes at least 1 damage, not %d", h.Damage)
			}
			// A share above X cannot be part of a split of X; refusing it
			// here also keeps the sum below from wrapping round to X.
			if h.Damage > x {
				return nil, fail(ErrIllegal, "Lightning splits %d damage, so no soldier takes %d", x, h.Damage)
			}
			for _, o := range hits {
				if o.i == i {
					return nil, fail(ErrIllegal, "%s is listed twice", h.Coin)
				}
			}
			w := s.coins[i].where
			if w < 1 || w > NumZones {
				return nil, fail(ErrIllegal, "%s is not on the board (spells hit soldiers in the zones only)", h.Coin)
			}
			zones[w] = true
			sum += h.Damage
			hits = append(hits, hitAt{i, h.Damage})
		}
		if len(zones) > 2 {
			return nil, fail(ErrIllegal, "Lightning strikes soldiers of at most 2 zones, not %d", len(zones))
		}
		if sum != x {
			return nil, fail(ErrIllegal, "Lightning splits exactly %d damage, the hits add up to %d", x, sum)
		}
		return hits, nil
	case Fireball:
		t, err := s.fireballTargets(a.Side)
		if err != nil {
			return nil, err
		}
		hits := make([]hitAt, len(t))
		for k, i := range t {
			hits[k] = hitAt{i, x}
		}
		return hits, nil
	case Wave:
		if a.Zone < 1 || a.Zone > NumZones {
			return nil, fail(ErrIllegal, "Wave hits one zone, 1 to 4, not %d", a.Zone)
		}
		z := s.zone(int8(a.Zone))
		if len(z) == 0 {
			return nil, fail(ErrIllegal, "zone %d is empty: Wave must hit an occupied zone", a.Zone)
		}
		hits := make([]hitAt, len(z))
		for k, i := range z {
			hits[k] = hitAt{i, x}
		}
		return hits, nil
	case Tome:
		i, ok := coinIndex(a.Coin)
		if !ok {
			return nil, fail(ErrIllegal, "the Tome hits one soldier: name it with \"coin\"")
		}
		if w := s.coins[i].where; w < 1 || w > NumZones {
			return nil, fail(ErrIllegal, "%s is not on the board (spells hit soldiers in the zones only)", a.Coin)
		}
		return []hitAt{{i, x}}, nil
	}
	return nil, fail(ErrIllegal, "row holds no spell")
}

// fireballTargets lists the leftmost or rightmost soldier of every occupied zone.
func (s *State) fireballTargets(side string) ([]int, error) {
	if side != Leftmost && side != Rightmost {
		return nil, fail(ErrIllegal, "Fireball hits the leftmost or the rightmost soldier of every zone: side is \"left\" or \"right\", not %q", side)
	}
	var out []int
	for z := int8(1); z <= NumZones; z++ {
		c := s.zone(z)
		if len(c) == 0 {
			continue
		}
		if side == Leftmost {
			out = append(out, c[0])
		} else {
			out = append(out, c[len(c)-1])
		}
	}
	if len(out) == 0 {
		return nil, fail(ErrIllegal, "there is no soldier to hit")
	}
	return out, nil
}

// hit deals d damage to coin i: a shield takes the first point and flips the
// coin to heads; damage reaching the health removes the soldier.
func (s *State) hit(i, d int, out *Outcome) {
	c := &s.coins[i]
	res := CoinResult{Coin: coinName(i), Damage: d}
	if c.face == Tails && d > 0 {
		c.face = Heads
		d--
		res.ShieldBroken = true
	}
	c.damage += int8(d)
	if int(c.damage) >= coinSize(i).Health() {
		s.moveTo(i, inRemoved)
		res.Falls = true
	}
	if out != nil {
		out.Hits = append(out.Hits, res)
		if res.Falls {
			out.Falls = append(out.Falls, res.Coin)
		}
	}
}

func reasonText(r string) say.Text {
	switch r {
	case ReasonTower:
		return say.F("a soldier reached the Tower")
	case ReasonAllFell:
		return say.F("all nine soldiers fell")
	case ReasonBookDone:
		return say.F("the Mage could neither cast a spell nor skip")
	}
	return say.Verbatim(r)
}
