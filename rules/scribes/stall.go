package scribes

import (
	"fmt"
	"strings"
)

// Stalled reports whether the game is stuck as the "stall" ruling defines
// it: a turn is to be played, every seat's reserve is full (so the row can
// change only through a scribe) and no seat can scribe any spell of the row
// or of its own reserve with the oinks it holds. Players could still gather
// oinks, which is why ending needs everyone's agreement rather than the app
// ending the game by itself.
func Stalled(s State) bool {
	if s.phase != PhaseMain {
		return false
	}
	lim := s.ReserveLimit()
	for _, p := range s.players {
		if len(p.reserve) < lim {
			return false
		}
	}
	for seat, p := range s.players {
		for i := range RowSize {
			if c, ok := s.RowCard(i); ok && len(Payments(p.oinks, c)) > 0 {
				return false
			}
		}
		for _, c := range p.reserve {
			if len(Payments(s.players[seat].oinks, s.d.Cards[c])) > 0 {
				return false
			}
		}
	}
	return true
}

// EndProposal is a pending proposal to end the game now and score it.
type EndProposal struct {
	By int `json:"by"`
	// Waiting lists the people still to agree, in seat order. The proposer
	// and the bots count as agreeing.
	Waiting []int `json:"waiting"`
}

// Proposal is the pending proposal to end the game, or nil.
func (s State) Proposal() *EndProposal {
	if s.endBy < 0 || s.phase == PhaseOver {
		return nil
	}
	p := &EndProposal{By: s.endBy, Waiting: []int{}}
	for i := range s.players {
		if s.endAgreed&(1<<i) == 0 {
			p.Waiting = append(p.Waiting, i)
		}
	}
	return p
}

// EndedByAgreement reports that the game was ended and scored by everyone's
// agreement instead of by the draw pile running low.
func (s State) EndedByAgreement() bool { return s.agreed }

// checkEnd is validate for the two agreement actions. Any seated person may
// make them, whoever is to decide: the proposal waits on everyone.
func (s State) checkEnd(a Action) error {
	p := s.players[a.Seat]
	if p.bot != "" {
		return fmt.Errorf("%w: %s is a bot; bots never propose and are not asked", ErrIllegal, p.name)
	}
	switch a.Type {
	case ActProposeEnd:
		if s.endBy >= 0 {
			return fmt.Errorf("%w: %s already proposed to end the game; agree to it instead", ErrIllegal, s.players[s.endBy].name)
		}
		if !Stalled(s) {
			return fmt.Errorf("%w: the game is not stalled (%s), so it goes on to its normal end", ErrIllegal, s.stallBreaker())
		}
	case ActAgreeEnd:
		if s.endBy < 0 {
			return fmt.Errorf("%w: nobody has proposed to end the game", ErrIllegal)
		}
		if s.endAgreed&(1<<a.Seat) != 0 {
			return fmt.Errorf("%w: %s has already agreed to end the game", ErrIllegal, p.name)
		}
	}
	return nil
}

// stallBreaker says why the game is not stalled, for a refused proposal.
func (s State) stallBreaker() string {
	if s.phase != PhaseMain {
		return "a decision is under way"
	}
	lim := s.ReserveLimit()
	for _, p := range s.players {
		if len(p.reserve) < lim {
			return p.name + " can still reserve a spell"
		}
	}
	for _, p := range s.players {
		for i := range RowSize {
			if c, ok := s.RowCard(i); ok && len(Payments(p.oinks, c)) > 0 {
				return fmt.Sprintf("%s can scribe %s", p.name, c.Name)
			}
		}
		for _, ci := range p.reserve {
			if len(Payments(p.oinks, s.d.Cards[ci])) > 0 {
				return p.name + " can scribe a reserved spell"
			}
		}
	}
	return "it is stalled"
}

// playEnd records a proposal or an agreement; when nobody is left to
// agree the game is over and scored as at its normal end.
func (s *State) playEnd(a Action) {
	if a.Type == ActProposeEnd {
		s.endBy = a.Seat
		s.endAgreed = 0
		for i, p := range s.players {
			if p.bot != "" {
				s.endAgreed |= 1 << i
			}
		}
	}
	s.endAgreed |= 1 << a.Seat
	if s.endAgreed == 1<<len(s.players)-1 {
		s.phase = PhaseOver
		s.agreed = true
		s.endBy = -1
	}
}

// withdrawEnd: a move of the game (take, exchange, reserve, scribe) plays
// on, which declines a pending proposal.
func (s *State) withdrawEnd() {
	s.endBy, s.endAgreed = -1, 0
}

func (s State) describeEnd(a Action, after State) string {
	who := s.players[a.Seat].name
	var b strings.Builder
	if a.Type == ActProposeEnd {
		fmt.Fprintf(&b, "%s proposed to end the stalled game now and score it", who)
	} else {
		fmt.Fprintf(&b, "%s agreed to end the game", who)
	}
	if after.Over() {
		var names []string
		for _, w := range Winners(after) {
			names = append(names, after.players[w].name)
		}
		fmt.Fprintf(&b, ". Everyone agreed: the game is over and scored; won by %s", strings.Join(names, " and "))
	} else if p := after.Proposal(); p != nil {
		var names []string
		for _, w := range p.Waiting {
			names = append(names, after.players[w].name)
		}
		fmt.Fprintf(&b, "; waiting for %s", strings.Join(names, " and "))
	}
	return b.String()
}
