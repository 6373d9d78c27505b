package scribes

// ElementScore is one element's part of a player's score.
type ElementScore struct {
	Element Element `json:"element"`
	Cards   int     `json:"cards"`   // cards of this element scribed
	Face    int     `json:"face"`    // their face values added up
	Doubled bool    `json:"doubled"` // every other player has fewer cards of it
	Points  int     `json:"points"`  // Face, or 2 x Face when doubled
}

// PlayerScore is a seat's score with its breakdown and tie-breakers.
type PlayerScore struct {
	Seat      int                       `json:"seat"`
	Name      string                    `json:"name"`
	Points    int                       `json:"points"`
	Face      int                       `json:"face"` // without doubling
	ByElement [NumElements]ElementScore `json:"byElement"`
	Elements  int                       `json:"elements"` // different elements scribed (1st tie-breaker)
	Oinks     int                       `json:"oinks"`    // oinks held (2nd tie-breaker)
	Winner    bool                      `json:"winner"`   // among the leaders by points and tie-breakers
}

// Score computes every seat's current score. Winner marks the leaders by the
// same comparison used at the end (points, then elements, then oinks); the
// game's winners are these seats once it is over.
func Score(s State) []PlayerScore {
	n := len(s.players)
	counts := make([][NumElements]int, n)
	for i, p := range s.players {
		for _, c := range p.scribed {
			counts[i][s.d.Cards[c].Element]++
		}
	}
	out := make([]PlayerScore, n)
	for i, p := range s.players {
		ps := PlayerScore{Seat: i, Name: p.name, Oinks: total(p.oinks)}
		for e := range Element(NumElements) {
			ps.ByElement[e].Element = e
		}
		for _, c := range p.scribed {
			card := s.d.Cards[c]
			ps.ByElement[card.Element].Face += card.Value
			ps.Face += card.Value
		}
		for e := range Element(NumElements) {
			es := &ps.ByElement[e]
			es.Cards = counts[i][e]
			if es.Cards > 0 {
				ps.Elements++
				es.Doubled = true
				for j := range n {
					if j != i && counts[j][e] >= es.Cards {
						es.Doubled = false
						break
					}
				}
			}
			es.Points = es.Face
			if es.Doubled {
				es.Points *= 2
			}
			ps.Points += es.Points
		}
		out[i] = ps
	}
	better := func(a, b PlayerScore) int {
		switch {
		case a.Points != b.Points:
			return a.Points - b.Points
		case a.Elements != b.Elements:
			return a.Elements - b.Elements
		}
		return a.Oinks - b.Oinks
	}
	best := out[0]
	for _, ps := range out[1:] {
		if better(ps, best) > 0 {
			best = ps
		}
	}
	for i := range out {
		out[i].Winner = better(out[i], best) == 0
	}
	return out
}

// Winners lists the winning seats of a finished game (more than one = a
// shared win), or nil while it is running.
func Winners(s State) []int {
	if !s.Over() {
		return nil
	}
	var w []int
	for _, ps := range Score(s) {
		if ps.Winner {
			w = append(w, ps.Seat)
		}
	}
	return w
}
