package scribes

// CardView is a face-up card.
type CardView struct {
	ID      string  `json:"id"`
	Name    string  `json:"name"`
	Element Element `json:"element"`
	Value   int     `json:"value"`
}

// TileView is a world tile.
type TileView struct {
	ID        string     `json:"id"`
	Insignias []Element  `json:"insignias"`
	Kind      FollowKind `json:"kind"`
}

// SlotView is one place of the row.
type SlotView struct {
	Slot int       `json:"slot"`
	Tile TileView  `json:"tile"`
	Card *CardView `json:"card"` // null when empty
}

// PlayerView is one seat.
type PlayerView struct {
	Seat  int    `json:"seat"`
	Name  string `json:"name"`
	Bot   string `json:"bot,omitempty"`
	Oinks Oinks  `json:"oinks"`
	// Reserved lists the reserved cards face up, or is null when the viewer
	// may not see them (ReservedCount still tells how many).
	Reserved      []CardView  `json:"reserved"`
	ReservedCount int         `json:"reservedCount"`
	Scribed       []CardView  `json:"scribed"`
	Score         PlayerScore `json:"score"`
}

// FollowView is the follow-up being resolved.
type FollowView struct {
	Slot    int      `json:"slot"`
	Tile    TileView `json:"tile"`
	Waiting []int    `json:"waiting"`
}

// DrawView is one round of the first-player draw.
type DrawView struct {
	Seat int      `json:"seat"`
	Card CardView `json:"card"`
}

// Snapshot is the state as JSON: what `grimoire replay` prints and what a
// table shows.
type Snapshot struct {
	Game         string       `json:"game"`
	Seed         int64        `json:"seed"`
	Viewer       *int         `json:"viewer,omitempty"` // the seat of a View; absent in the full snapshot
	Turn         int          `json:"turn"`
	Active       int          `json:"active"`
	Decider      int          `json:"decider"` // seat that must decide now, -1 when over
	Phase        Phase        `json:"phase"`
	Over         bool         `json:"over"`
	Winners      []int        `json:"winners"`
	Scores       []int        `json:"scores"`
	Supply       Oinks        `json:"supply"`
	Row          []SlotView   `json:"row"`
	DrawPile     int          `json:"drawPile"`
	TilesLeft    int          `json:"tilesLeft"`
	TilesSpent   int          `json:"tilesSpent"`
	ReserveLimit int          `json:"reserveLimit"`
	First        int          `json:"first"`
	Draw         [][]DrawView `json:"draw"`
	Follow       *FollowView  `json:"follow"`
	Players      []PlayerView `json:"players"`
	// Stalled, the pending proposal to end the game and an end by
	// agreement are written only when they apply.
	Stalled  bool         `json:"stalled,omitempty"`
	Proposal *EndProposal `json:"endProposal,omitempty"`
	Agreed   bool         `json:"endedByAgreement,omitempty"`
}

func cardView(c Card) CardView { return CardView{c.ID, c.Name, c.Element, c.Value} }

func tileView(t Tile) TileView {
	return TileView{t.ID, append([]Element(nil), t.Insignias...), t.Kind()}
}

// Snapshot shows everything, reserved cards included.
func (s State) Snapshot() Snapshot { return s.snapshot(-2) }

// View shows what one seat may see: other seats' reserved cards are face
// down (count only). Seat -1 is a spectator and sees no reserved card.
func (s State) View(seat int) Snapshot {
	if seat < -1 || seat >= len(s.players) {
		seat = -1
	}
	v := s.snapshot(seat)
	v.Viewer = &seat
	return v
}

func (s State) snapshot(viewer int) Snapshot {
	scores := Score(s)
	snap := Snapshot{
		Game: "arcane-scribes", Seed: s.seed, Turn: s.turn, Active: s.active, Decider: s.Decider(),
		Phase: s.phase, Over: s.Over(), Winners: Winners(s), Supply: s.supply,
		DrawPile: len(s.pile), TilesLeft: len(s.stack), TilesSpent: len(s.spent),
		ReserveLimit: s.ReserveLimit(), First: s.first,
		Scores: make([]int, len(scores)), Draw: [][]DrawView{},
		Stalled: Stalled(s), Proposal: s.Proposal(), Agreed: s.agreed,
	}
	if snap.Winners == nil {
		snap.Winners = []int{}
	}
	for i, ps := range scores {
		snap.Scores[i] = ps.Points
		if !snap.Over {
			scores[i].Winner = false
		}
	}
	for _, round := range s.draw {
		r := make([]DrawView, len(round))
		for i, dc := range round {
			r[i] = DrawView{dc.Seat, cardView(dc.Card)}
		}
		snap.Draw = append(snap.Draw, r)
	}
	for i, sl := range s.row {
		v := SlotView{Slot: i, Tile: tileView(s.d.Tiles[sl.tile])}
		if sl.card >= 0 {
			cv := cardView(s.d.Cards[sl.card])
			v.Card = &cv
		}
		snap.Row = append(snap.Row, v)
	}
	if s.fol != nil {
		snap.Follow = &FollowView{Slot: s.fol.slot, Tile: tileView(s.d.Tiles[s.fol.tile]), Waiting: append([]int{}, s.fol.queue...)}
	}
	for i, p := range s.players {
		pv := PlayerView{Seat: i, Name: p.name, Bot: p.bot, Oinks: p.oinks, ReservedCount: len(p.reserve), Scribed: []CardView{}, Score: scores[i]}
		if viewer == -2 || viewer == i {
			pv.Reserved = []CardView{}
			for _, c := range p.reserve {
				pv.Reserved = append(pv.Reserved, cardView(s.d.Cards[c]))
			}
		}
		for _, c := range p.scribed {
			pv.Scribed = append(pv.Scribed, cardView(s.d.Cards[c]))
		}
		snap.Players = append(snap.Players, pv)
	}
	return snap
}
