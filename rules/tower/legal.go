package tower

// Choices is everything the side to play may do now. Apply accepts exactly
// the actions these choices describe.
type Choices struct {
	Side  Side  `json:"side"` // NoSide when the game is over
	Phase Phase `json:"phase"`

	// PhasePlace: 1 to PlaceMax of these camp coins go to the Field.
	Place    []string `json:"place,omitempty"`
	PlaceMax int      `json:"placeMax,omitempty"`

	// PhaseAdvance: per zone, the soldiers that may still advance and how many
	// more may leave it this turn; the heads coins that may be flipped (a
	// flip ends the turn); End is always allowed then.
	Advance []ZoneMove `json:"advance,omitempty"`
	Flip    []string   `json:"flip,omitempty"`
	End     bool       `json:"end,omitempty"`

	// PhaseCast: the rows each thumb may move to (no cast when either is
	// empty), and whether the once-per-game skip is left.
	DamageRows []DamageRow `json:"damageRows,omitempty"`
	SpellRows  []SpellRow  `json:"spellRows,omitempty"`
	Skip       bool        `json:"skip,omitempty"`
}

// ZoneMove: Coins of Zone may advance, Max of them at most (joining the next
// zone in the order given; zone 4 leads into the Tower).
type ZoneMove struct {
	Zone  int      `json:"zone"`
	Coins []string `json:"coins"`
	Max   int      `json:"max"`
}

// DamageRow is a row the left thumb may move down to and the X it gives.
type DamageRow struct {
	Row    int `json:"row"`
	Damage int `json:"damage"`
}

// SpellRow is a row the right thumb may move down to, its spell and the
// spell's legal targets now.
type SpellRow struct {
	Row     int     `json:"row"`
	Spell   Spell   `json:"spell"`
	Targets Targets `json:"targets"`
}

// Targets are the legal aims of one spell:
//
//	Lightning  Zones: hits go to coins of at most MaxZones (2) of these zones,
//	           any split adding up to X, at least 1 per coin hit
//	Fireball   Left, Right: the soldiers each side would hit
//	Wave       Zones: any one of these (occupied) zones
//	Tome       Coins: any one of these soldiers
type Targets struct {
	Zones    []ZoneCoins `json:"zones,omitempty"`
	MaxZones int         `json:"maxZones,omitempty"`
	Left     []string    `json:"left,omitempty"`
	Right    []string    `json:"right,omitempty"`
	Coins    []string    `json:"coins,omitempty"`
}

// ZoneCoins lists the soldiers of a zone from left to right.
type ZoneCoins struct {
	Zone  int      `json:"zone"`
	Coins []string `json:"coins"`
}

func names(idx []int) []string {
	out := make([]string, len(idx))
	for k, i := range idx {
		out[k] = coinName(i)
	}
	return out
}

// Legal lists the choices of the side to play.
func Legal(s State) Choices {
	c := Choices{Side: s.toPlay, Phase: s.phase}
	switch s.phase {
	case PhasePlace:
		c.Place = names(s.zone(inCamp))
		c.PlaceMax = min(3, len(c.Place))
	case PhaseAdvance:
		for z := 1; z <= NumZones; z++ {
			var ok []int
			for _, i := range s.zone(int8(z)) {
				if !s.coins[i].moved {
					ok = append(ok, i)
				}
			}
			if max := 3 - int(s.leftFrom[z]); len(ok) > 0 && max > 0 {
				c.Advance = append(c.Advance, ZoneMove{Zone: z, Coins: names(ok), Max: min(max, len(ok))})
			}
		}
		for i := range s.coins {
			if w := s.coins[i].where; w <= NumZones && s.coins[i].face == Heads {
				c.Flip = append(c.Flip, coinName(i))
			}
		}
		c.End = true
	case PhaseCast:
		c.Skip = !s.skipUsed
		if s.inPlay() == 0 {
			break
		}
		var dr []DamageRow
		var sr []SpellRow
		for r := 1; r <= len(s.card.Rows); r++ {
			if s.rowOK(s.left, r) {
				dr = append(dr, DamageRow{Row: r, Damage: s.card.Rows[r-1].Damage})
			}
			if s.spellOK(r) {
				sp := s.card.Rows[r-1].Spell
				sr = append(sr, SpellRow{Row: r, Spell: sp, Targets: s.targetsOf(sp)})
			}
		}
		if len(dr) > 0 && len(sr) > 0 {
			c.DamageRows, c.SpellRows = dr, sr
		}
	}
	return c
}

func (s *State) targetsOf(sp Spell) Targets {
	var t Targets
	switch sp {
	case Lightning, Wave:
		for z := 1; z <= NumZones; z++ {
			if c := s.zone(int8(z)); len(c) > 0 {
				t.Zones = append(t.Zones, ZoneCoins{Zone: z, Coins: names(c)})
			}
		}
		if sp == Lightning {
			t.MaxZones = 2
		}
	case Fireball:
		l, _ := s.fireballTargets(Leftmost)
		r, _ := s.fireballTargets(Rightmost)
		t.Left, t.Right = names(l), names(r)
	case Tome:
		for z := 1; z <= NumZones; z++ {
			t.Coins = append(t.Coins, names(s.zone(int8(z)))...)
		}
	}
	return t
}
