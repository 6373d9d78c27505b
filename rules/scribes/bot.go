package scribes

import (
	"fmt"
	"math/rand/v2"

	"github.com/grimoire-games/grimoire/rules/record"
)

// Bot chooses an action for a seat that must decide. Bots are pure: the same
// state, seat and random source give the same action, and the state they are
// given reads the same afterwards. Asked for a seat that does not decide now,
// Choose returns an error wrapping ErrGameOver or ErrNotYourTurn.
//
// Only this package's bots are Bots (decide is unexported), and every one's
// Choose is choose(b, ...): the one way into a bot, which hands it a deep
// copy of the state. A bot may then write anything into its state (the
// search deals guesses into the hidden cards) without reaching its caller's.
type Bot interface {
	Name() string
	Choose(s State, seat int, r *rand.Rand) (Action, error)
	// decide picks seat's action on s, a deep copy the bot owns; seat is
	// the decider of a game that is not over.
	decide(s State, seat int, r *rand.Rand) (Action, error)
}

// choose is every bot's Choose: it checks that seat decides now and gives
// the bot a deep copy of s.
func choose(b Bot, s State, seat int, r *rand.Rand) (Action, error) {
	if err := mayChoose(&s, seat); err != nil {
		return Action{}, err
	}
	return b.decide(s.deepCopy(), seat, r)
}

// Level is one bot strength as the app offers it: ID is what records and
// seat rows store ("bot:greedy"), Name is what people read.
type Level struct {
	ID    string
	Name  string
	Blurb string
}

// Levels lists the bot levels from the weakest up; BotByName knows every ID.
func Levels() []Level {
	return []Level{
		{ID: "random", Name: record.LevelName("random"), Blurb: "plays any legal move, at random"},
		{ID: "greedy", Name: record.LevelName("greedy"), Blurb: "looks one move ahead"},
		{ID: "search", Name: record.LevelName("search"), Blurb: "tries its best moves against the others' replies before each turn"},
	}
}

// BotByName returns the bot of a level id ("random", "greedy", "search"),
// or nil.
func BotByName(name string) Bot {
	switch name {
	case "random":
		return RandomBot{}
	case "greedy":
		return GreedyBot{}
	case "search":
		return SearchBot{}
	}
	return nil
}

// mayChoose says why seat cannot be asked for a move now, or nil.
func mayChoose(s *State, seat int) error {
	if s.Over() {
		return fmt.Errorf("%w: no move to choose", ErrGameOver)
	}
	if d := s.Decider(); seat != d {
		return fmt.Errorf("%w: seat %d was asked to move but seat %d decides", ErrNotYourTurn, seat, d)
	}
	return nil
}

// RandomBot plays a uniformly random legal action.
type RandomBot struct{}

// Name is "random".
func (RandomBot) Name() string { return "random" }

// Choose picks any legal action.
func (b RandomBot) Choose(s State, seat int, r *rand.Rand) (Action, error) {
	return choose(b, s, seat, r)
}

func (RandomBot) decide(s State, seat int, r *rand.Rand) (Action, error) {
	acts := Legal(s).Actions
	if len(acts) == 0 {
		return Action{}, fmt.Errorf("%w: seat %d has no legal action", ErrIllegal, seat)
	}
	return acts[r.IntN(len(acts))], nil
}

// GreedyBot looks one decision ahead: it plays every legal action and keeps
// the one whose result it rates best (its lead in points, plus how close its
// oinks bring it to the best spells in reach).
type GreedyBot struct{}

// Name is "greedy".
func (GreedyBot) Name() string { return "greedy" }

// Choose picks the best-rated legal action, breaking ties at random.
func (b GreedyBot) Choose(s State, seat int, r *rand.Rand) (Action, error) {
	return choose(b, s, seat, r)
}

func (GreedyBot) decide(s State, seat int, r *rand.Rand) (Action, error) {
	a, ok := greedy(s, seat, r)
	if !ok {
		return Action{}, fmt.Errorf("%w: seat %d has no legal action", ErrIllegal, seat)
	}
	return a, nil
}

// greedy is GreedyBot's choice; ok is false when nothing is legal.
func greedy(s State, seat int, r *rand.Rand) (Action, bool) {
	acts := Legal(s).Actions
	if len(acts) == 0 {
		return Action{}, false
	}
	best, bestV, ties := 0, -1e18, 0
	for i, a := range acts {
		n, err := Apply(s, a)
		if err != nil {
			continue
		}
		v := evaluate(n, seat)
		switch {
		case v > bestV+1e-9:
			best, bestV, ties = i, v, 1
		case v > bestV-1e-9:
			ties++
			if r.IntN(ties) == 0 {
				best = i
			}
		}
	}
	return acts[best], true
}

// evaluate rates a state from one seat's point of view.
func evaluate(s State, seat int) float64 {
	scores := Score(s)
	other := 0
	for i, ps := range scores {
		if i != seat && ps.Points > other {
			other = ps.Points
		}
	}
	mine := scores[seat].Points
	v := 10 * float64(mine-other/2)
	if s.Over() {
		if scores[seat].Winner {
			v += 1000
		}
		return v
	}
	return v + potential(&s, seat)
}

// potential rates how close a seat's oinks bring it to the best spell in its
// reach (row or reserve), plus a little for every oink held.
func potential(s *State, seat int) float64 {
	p := s.players[seat]
	held := total(p.oinks)
	// Potential: the best spell in reach (row or reserve) weighted by how much
	// of its cost the oinks already cover.
	reach := func(c Card, reserved bool) float64 {
		units := held + p.oinks[c.Element]
		cover := min(1, float64(units)/float64(c.Value))
		w := 0.5
		if reserved {
			w = 0.8 // nobody else can take it
		}
		return w * float64(c.Value) * cover * cover
	}
	pot := 0.0
	for i := range RowSize {
		if c, ok := s.RowCard(i); ok {
			pot = max(pot, reach(c, false))
		}
	}
	for _, ci := range p.reserve {
		pot = max(pot, reach(s.d.Cards[ci], true))
	}
	return 8*pot + 0.5*float64(held)
}

// PlayGame plays a whole game with one bot per seat from New(setup, seed),
// drawing the bots' random choices from a source seeded by seed too. It stops
// after maxActions (then the state is not over). It returns the final state
// and the actions played.
func PlayGame(setup Setup, seed int64, bots []Bot, maxActions int) (State, []Action, error) {
	s, err := New(setup, seed)
	if err != nil {
		return State{}, nil, err
	}
	r := rand.New(rand.NewPCG(uint64(seed), 0xb075))
	var played []Action
	for !s.Over() && len(played) < maxActions {
		seat := s.Decider()
		a, err := bots[seat].Choose(s, seat, r)
		if err != nil {
			return s, played, fmt.Errorf("scribes: the %s bot of seat %d at action %d: %w", bots[seat].Name(), seat, len(played)+1, err)
		}
		next, err := Apply(s, a)
		if err != nil {
			return s, played, fmt.Errorf("scribes: the %s bot of seat %d chose an illegal action at %d: %w", bots[seat].Name(), seat, len(played)+1, err)
		}
		s = next
		played = append(played, a)
	}
	return s, played, nil
}
