package scribes

import (
	"github.com/grimoire-games/grimoire/rules/say"
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
		return fail(ErrIllegal, "%s is a bot; bots never propose and are not asked", p.name)
	}
	switch a.Type {
	case ActProposeEnd:
		if s.endBy >= 0 {
			return fail(ErrIllegal, "%s already proposed to end the game; agree to it instead", s.players[s.endBy].name)
		}
		if !Stalled(s) {
			return fail(ErrIllegal, "the game is not stalled (%s), so it goes on to its normal end", s.stallBreaker())
		}
	case ActAgreeEnd:
		if s.endBy < 0 {
			return fail(ErrIllegal, "nobody has proposed to end the game")
		}
		if s.endAgreed&(1<<a.Seat) != 0 {
			return fail(ErrIllegal, "%s has already agreed to end the game", p.name)
		}
	}
	return nil
}

// stallBreaker says why the game is not stalled, for a refused proposal.
func (s State) stallBreaker() say.Text {
	if s.phase != PhaseMain {
		return say.F("a decision is under way")
	}
	lim := s.ReserveLimit()
	for _, p := range s.players {
		if len(p.reserve) < lim {
			return say.F("%s can still reserve a spell", p.name)
		}
	}
	for _, p := range s.players {
		for i := range RowSize {
			if c, ok := s.RowCard(i); ok && len(Payments(p.oinks, c)) > 0 {
				return say.F("%s can scribe %s", p.name, c.Name)
			}
		}
		for _, ci := range p.reserve {
			if len(Payments(p.oinks, s.d.Cards[ci])) > 0 {
				return say.F("%s can scribe a reserved spell", p.name)
			}
		}
	}
	return say.F("it is stalled")
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

func (s State) describeEnd(a Action, after State) say.Text {
	who := s.players[a.Seat].name
	var b say.Text
	if a.Type == ActProposeEnd {
		b = say.F("%s proposed to end the stalled game now and score it", who)
	} else {
		b = say.F("%s agreed to end the game", who)
	}
	if after.Over() {
		b = b.Then(say.F(". Everyone agreed: the game is over and scored; won by %s", after.winnerNames()))
	} else if p := after.Proposal(); p != nil {
		b = b.Then(say.F("; waiting for %s", after.names(p.Waiting)))
	}
	return b
}
