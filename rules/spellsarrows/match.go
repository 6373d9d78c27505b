package spellsarrows

import (
	"fmt"
	"math/rand/v2"
)

// Bot kinds a side may be played by.
const (
	BotRandom  = "random"  // any legal choice (RandomLegal)
	BotPlanner = "planner" // the strategy bots: a route-planning spy, a route-blocking mage
)

// BotKinds lists the bot kinds.
func BotKinds() []string { return []string{BotRandom, BotPlanner} }

// Side is how one side of a simulated game plays: its bot and its
// shooter's make rates (the rates decide every make or miss).
type Side struct {
	Bot   string
	Rates Rates
}

// Match plays simulated games of one setup, spy side against mage side.
// It holds no per-game state: Play may be called any number of times, each
// game drawing from the generator it is given.
type Match struct {
	start     State
	spy, mage Side
	c         *court
	odds      [][]float64 // the mage's odds of casting each card
}

// NewMatch checks the setup, bots and rates of a simulation.
func NewMatch(setup Setup, seed int64, spy, mage Side) (*Match, error) {
	start, err := New(setup, seed)
	if err != nil {
		return nil, fmt.Errorf("match: %w", err)
	}
	for _, sd := range []struct {
		role string
		side Side
	}{{RoleSpy, spy}, {RoleMage, mage}} {
		if sd.side.Bot != BotRandom && sd.side.Bot != BotPlanner {
			return nil, fmt.Errorf("match: %w: unknown %s bot %q (random or planner)", ErrBadSetup, sd.role, sd.side.Bot)
		}
		if err := sd.side.Rates.Validate(); err != nil {
			return nil, fmt.Errorf("match: %s: %w", sd.role, err)
		}
	}
	return &Match{start: start, spy: spy, mage: mage, c: newCourt(start.Map()), odds: deckOdds(start.Deck(), mage.Rates.Spell)}, nil
}

// Outcome is the end of one simulated game.
type Outcome struct {
	Winner  string // "spy", "mage", or "" when the game hit MaxSimActions
	Points  int    // the spy's points at the end
	Actions int
}

// MaxSimActions ends a simulated game that has not finished (only a mage
// who keeps winning spell-clock time could get near it).
const MaxSimActions = 20000

// A chooser is a bot: it picks the next action in phase ph of s. It asks
// Legal only when it has a choice to make, as most actions of a game are
// shots (a spy's toll, a spell spot) where the only choice is to shoot.
type chooser interface {
	choose(s State, ph Phase, r *rand.Rand) Action
}

type randomBot struct{}

func (randomBot) choose(s State, _ Phase, r *rand.Rand) Action {
	a := RandomLegal(s, r)
	if a.Type == TypeLeap {
		// The draw decides the make; a make needs a giant and a span.
		c := Legal(s)
		pick := func(xs []string) string { return xs[r.IntN(len(xs))] }
		return Leap(true, pick(c.LeapGiants), pick(c.LeapSpans))
	}
	return a
}

// bot makes a side's bot for one game. Both planners of a game read the
// same board with the same rates, so they share one plan cache.
func (m *Match) bot(side Side, role string, plans *planCache) chooser {
	if side.Bot == BotRandom {
		return randomBot{}
	}
	if role == RoleSpy {
		return &spyPlanner{c: m.c, spy: m.spy.Rates, mage: m.mage.Rates, plans: plans}
	}
	return &magePlanner{c: m.c, spy: m.spy.Rates, mage: m.mage.Rates, odds: m.odds, plans: plans}
}

// Play plays one game to its end.
func (m *Match) Play(r *rand.Rand) (Outcome, error) { return m.play(r, nil, nil) }

// play is Play that hands every applied action, its make or miss drawn, to
// rec when given (the regression test keeps whole games this way), and
// shares the spy's route tables with the other games of memo when given.
func (m *Match) play(r *rand.Rand, rec func(Action), memo *planMemo) (Outcome, error) {
	plans := &planCache{memo: memo}
	spy, mage := m.bot(m.spy, RoleSpy, plans), m.bot(m.mage, RoleMage, plans)
	s := m.start
	engaged := false
	n := 0
	for ; !s.Over(); n++ {
		if n >= MaxSimActions {
			return Outcome{Points: s.points, Actions: n}, nil
		}
		ph := s.Phase()
		var a Action
		switch ph {
		case PhaseSpyShoot, PhaseSpyMove:
			a = spy.choose(s, ph, r)
		default:
			a = mage.choose(s, ph, r)
		}
		switch a.Type {
		case TypeSpyShot:
			k := ShotToll
			if engaged {
				k = ShotFree
			}
			a.Made = r.Float64() < m.spy.Rates.Of(k)
		case TypeArrow:
			a.Made = r.Float64() < m.mage.Rates.Arrow
		case TypeSpellShot:
			a.Made = r.Float64() < m.mage.Rates.Spell
		case TypeLeap:
			if r.Float64() >= m.mage.Rates.Leap {
				a = Leap(false, "", "")
			}
		}
		next, err := Apply(s, a)
		if err != nil {
			return Outcome{}, fmt.Errorf("match: action %d (%s, phase %s): %w", n, a.Type, ph, err)
		}
		if rec != nil {
			rec(a)
		}
		switch next.Phase() {
		case PhaseSpyShoot, PhaseResponse:
			// Engagement starts with a move onto a giant's span and ends
			// when a made free throw destroys the giant.
			if a.Type == TypeMove || (engaged && a.Type == TypeSpyShot && a.Made) {
				engaged = next.engaged != ""
			}
		default:
			engaged = false
		}
		s = next
	}
	return Outcome{Winner: s.Winner(), Points: s.points, Actions: n}, nil
}
