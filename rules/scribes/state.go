package scribes

import (
	"fmt"
	"math/rand/v2"
	"slices"
)

// Phase is what the game waits for.
type Phase uint8

// Phases. Decision strings are "main", "discard", "follow"; "over" when the
// game has ended.
const (
	PhaseMain Phase = iota
	PhaseDiscard
	PhaseFollow
	PhaseOver
)

func (p Phase) String() string {
	switch p {
	case PhaseMain:
		return "main"
	case PhaseDiscard:
		return "discard"
	case PhaseFollow:
		return "follow"
	case PhaseOver:
		return "over"
	}
	return fmt.Sprintf("Phase(%d)", int(p))
}

// MarshalText writes the phase name.
func (p Phase) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// FollowKind is the kind of follow-up effect a tile gives.
type FollowKind uint8

// Follow-up kinds.
const (
	KindGain   FollowKind = iota // 1 insignia, or 2 of the same: that oink
	KindChoose                   // 2 different: one of the two
	KindTrade                    // 3: may give 1 oink not on the tile for up to 3 of the tile's
	KindArena                    // 4: one oink of any element
)

func (k FollowKind) String() string {
	switch k {
	case KindGain:
		return "gain"
	case KindChoose:
		return "choose"
	case KindTrade:
		return "trade"
	case KindArena:
		return "arena"
	}
	return fmt.Sprintf("FollowKind(%d)", int(k))
}

// MarshalText writes the kind name.
func (k FollowKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

type player struct {
	name    string
	bot     string
	oinks   [NumElements]int
	reserve []int // card indexes, in the order reserved
	scribed []int // card indexes, in the order scribed
}

type slot struct {
	tile int
	card int // -1 = empty
}

// follow is the follow-up being resolved.
type follow struct {
	slot  int
	tile  int
	queue []int // seats still to resolve, the head first
}

// State is one moment of a game. It is a value: Apply returns a new State and
// never changes the one it was given, so States may be kept (undo, search).
// All randomness happens in New (the seeded shuffles); play needs none.
type State struct {
	d       *Data
	seed    int64
	players []player
	supply  [NumElements]int
	row     [RowSize]slot
	pile    []int // draw pile, top first
	stack   []int // tile stack, top first
	spent   []int // discarded tiles, in order
	draw    [][]DrawCard
	first   int

	active int
	turn   int // 1-based count of main actions begun
	phase  Phase

	// pending work after a main action
	discardSeat int     // seat that must get down to 5, or -1
	fol         *follow // follow-up in progress, or nil
	afterMain   bool    // the active player's main action is done

	// The proposal to end a stalled game (see the "stall" ruling).
	endBy     int    // seat that proposed, or -1 when none is pending
	endAgreed uint16 // bit per seat that agreed (the proposer and every bot)
	agreed    bool   // the game ended by everyone's agreement
}

// DrawCard is one card of the first-player draw.
type DrawCard struct {
	Seat int  `json:"seat"`
	Card Card `json:"card"`
}

// drawTieLimit bounds the first-player draw: after this many tied rounds the
// lowest tied seat starts (only reachable with odd custom decks).
const drawTieLimit = 64

// New starts a game. Everything random (the first-player draw, the deck and
// tile orders) is decided here from the seed, unless the setup fixes it.
func New(setup Setup, seed int64) (State, error) {
	d, err := setup.check()
	if err != nil {
		return State{}, err
	}
	n := len(setup.Players)
	r := rand.New(rand.NewPCG(uint64(seed), 0x5c41b35))
	s := State{d: d, seed: seed, discardSeat: -1, turn: 1, endBy: -1}
	s.players = make([]player, n)
	for i, name := range setup.Players {
		s.players[i].name = name
		if setup.Bots != nil {
			s.players[i].bot = setup.Bots[i]
		}
	}
	for e := range s.supply {
		s.supply[e] = OinksPerElementPerPlayer * n
	}

	// First player.
	switch {
	case setup.First != nil:
		s.first = *setup.First
	case setup.Draw != nil:
		s.draw, s.first, err = explicitDraw(d, setup.Draw, n)
		if err != nil {
			return State{}, err
		}
	default:
		s.draw, s.first = seededDraw(d, r, n)
	}
	s.active = s.first

	// Deck (re-shuffled after the draw) and tiles.
	var deck, tiles []int
	if setup.Deck != nil {
		if deck, err = permutation("deck", setup.Deck, d.cardIndex); err != nil {
			return State{}, err
		}
	} else {
		deck = identity(len(d.Cards))
		r.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	}
	if setup.Tiles != nil {
		if tiles, err = permutation("tile", setup.Tiles, d.tileIndex); err != nil {
			return State{}, err
		}
	} else {
		tiles = identity(len(d.Tiles))
		r.Shuffle(len(tiles), func(i, j int) { tiles[i], tiles[j] = tiles[j], tiles[i] })
	}
	for i := range s.row {
		s.row[i] = slot{tile: tiles[i], card: deck[i]}
	}
	s.pile = deck[RowSize:]
	s.stack = tiles[RowSize:]
	if len(s.pile) < n {
		return State{}, fmt.Errorf("%w: after dealing the row only %d cards are left for %d players", ErrBadSetup, len(s.pile), n)
	}
	return s, nil
}

func identity(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// seededDraw plays the first-player draw on its own shuffled copy of the deck:
// contenders draw from the top in seat order, drawn cards go to the bottom,
// the tied highest draw again.
func seededDraw(d *Data, r *rand.Rand, n int) ([][]DrawCard, int) {
	deck := identity(len(d.Cards))
	r.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	contenders := identity(n)
	var rounds [][]DrawCard
	for {
		round := make([]DrawCard, len(contenders))
		for i, seat := range contenders {
			c := deck[0]
			deck = append(deck[1:], c)
			round[i] = DrawCard{Seat: seat, Card: d.Cards[c]}
		}
		rounds = append(rounds, round)
		contenders = highest(round)
		if len(contenders) == 1 || len(rounds) >= drawTieLimit {
			return rounds, contenders[0]
		}
	}
}

func highest(round []DrawCard) []int {
	best := -1
	var seats []int
	for _, dc := range round {
		switch {
		case dc.Card.Value > best:
			best, seats = dc.Card.Value, []int{dc.Seat}
		case dc.Card.Value == best:
			seats = append(seats, dc.Seat)
		}
	}
	return seats
}

func explicitDraw(d *Data, ids [][]string, n int) ([][]DrawCard, int, error) {
	contenders := identity(n)
	var rounds [][]DrawCard
	for ri, ridx := range ids {
		if len(ridx) != len(contenders) {
			return nil, 0, fmt.Errorf("%w: draw round %d lists %d cards but %d seats draw", ErrBadSetup, ri+1, len(ridx), len(contenders))
		}
		round := make([]DrawCard, len(ridx))
		dealt := make(map[string]bool, len(ridx))
		for i, id := range ridx {
			c, ok := d.Card(id)
			if !ok {
				return nil, 0, fmt.Errorf("%w: draw round %d names unknown card %q", ErrBadSetup, ri+1, id)
			}
			// Each contender draws its own card from one deck: a round
			// that deals a card twice cannot have happened.
			if dealt[c.ID] {
				return nil, 0, fmt.Errorf("%w: draw round %d deals %q twice", ErrBadSetup, ri+1, id)
			}
			dealt[c.ID] = true
			round[i] = DrawCard{Seat: contenders[i], Card: c}
		}
		rounds = append(rounds, round)
		contenders = highest(round)
		if len(contenders) == 1 {
			if ri != len(ids)-1 {
				return nil, 0, fmt.Errorf("%w: the draw was decided in round %d but lists more rounds", ErrBadSetup, ri+1)
			}
			return rounds, contenders[0], nil
		}
	}
	return nil, 0, fmt.Errorf("%w: the draw ends in a tie; add a round for the tied seats", ErrBadSetup)
}

// clone copies what Apply writes in place, and only that: Apply's one
// copy per action stays cheap. It is not a deep copy. The players (their
// oinks are arrays) and the follow-up are copied; the card and tile slices
// (reserve, scribed, pile, stack, spent), the follow-up's queue and the
// first-player draw are shared with s. That is safe for Apply alone
// because play, advance and refill never write an element of those slices:
// they only reslice them (pile[1:], queue[1:]) or grow them through full
// slice expressions (append(x[:n:n], ...)), which always copy, so the old
// state and the new one never see each other's changes
// (TestApplyLeavesEveryStateAsItWas). Anything else that writes into a
// state's slices, a bot's search above all, must work on deepCopy.
func (s State) clone() State {
	c := s
	c.players = slices.Clone(s.players)
	if s.fol != nil {
		f := *s.fol
		c.fol = &f
	}
	return c
}

// deepCopy is s with every slice freshly allocated: nothing done to the
// copy, in place or not, can reach s or any state s shares memory with.
// Bots get one (Choose) and the search makes its information sets and
// samples with it, because they write guesses into the hidden cards and
// tiles; on a shared slice those guesses would land in the caller's state
// (a server's kept state, the screens drawn from it, the taps judged by
// it). The game's Data is read-only and stays shared.
func (s State) deepCopy() State {
	c := s
	c.players = make([]player, len(s.players))
	for i, p := range s.players {
		p.reserve = slices.Clone(p.reserve)
		p.scribed = slices.Clone(p.scribed)
		c.players[i] = p
	}
	c.pile = slices.Clone(s.pile)
	c.stack = slices.Clone(s.stack)
	c.spent = slices.Clone(s.spent)
	if s.draw != nil {
		c.draw = make([][]DrawCard, len(s.draw))
		for i, round := range s.draw {
			c.draw[i] = slices.Clone(round)
		}
	}
	if s.fol != nil {
		f := *s.fol
		f.queue = slices.Clone(s.fol.queue)
		c.fol = &f
	}
	return c
}

// Players is the number of seats.
func (s State) Players() int { return len(s.players) }

// Name is a seat's name.
//
// A seat that is not at the table (an action read from a tap or a record
// may name any number) is called "seat N", so a message about it can be
// written before the rules refuse it.
func (s State) Name(seat int) string {
	if seat < 0 || seat >= len(s.players) {
		return fmt.Sprintf("seat %d", seat)
	}
	return s.players[seat].name
}

// Over reports whether the game has ended.
func (s State) Over() bool { return s.phase == PhaseOver }

// Phase is what the game waits for.
func (s State) Phase() Phase { return s.phase }

// Active is the seat whose turn it is.
func (s State) Active() int { return s.active }

// Turn counts main actions, from 1.
func (s State) Turn() int { return s.turn }

// Data is the material this game is played with.
func (s State) Data() *Data { return s.d }

// Oinks is what a seat holds, per element.
func (s State) Oinks(seat int) [NumElements]int { return s.players[seat].oinks }

// Supply is the common supply, per element.
func (s State) Supply() [NumElements]int { return s.supply }

// RowCard is the card on a slot of the row (ok false when empty).
func (s State) RowCard(slot int) (Card, bool) {
	if slot < 0 || slot >= RowSize || s.row[slot].card < 0 {
		return Card{}, false
	}
	return s.d.Cards[s.row[slot].card], true
}

// RowTile is the world tile on a slot.
func (s State) RowTile(slot int) Tile { return s.d.Tiles[s.row[slot].tile] }

// Reserved lists a seat's reserved cards (the caller decides who may see them).
func (s State) Reserved(seat int) []Card { return s.cards(s.players[seat].reserve) }

// Scribed lists a seat's scribed cards.
func (s State) Scribed(seat int) []Card { return s.cards(s.players[seat].scribed) }

// PileSize is the number of cards in the draw pile.
func (s State) PileSize() int { return len(s.pile) }

// ReserveLimit is how many cards a player may hold in reserve: 2, or 1 with
// 5 to 8 players.
func (s State) ReserveLimit() int {
	if len(s.players) >= 5 {
		return 1
	}
	return 2
}

func (s State) cards(idx []int) []Card {
	out := make([]Card, len(idx))
	for i, c := range idx {
		out[i] = s.d.Cards[c]
	}
	return out
}

func total(o [NumElements]int) int { return o[0] + o[1] + o[2] + o[3] }

// TilesLeft is the number of tiles in the stack.
func (s State) TilesLeft() int { return len(s.stack) }

// TilesSpent is the number of discarded tiles.
func (s State) TilesSpent() int { return len(s.spent) }
