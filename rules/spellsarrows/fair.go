package spellsarrows

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"sync"
)

// FairRequest asks, for both ways of giving two players their roles, for
// the Victory Number at which the spy wins about half its games.
type FairRequest struct {
	A, B    Player
	Games   int    // simulated games per Victory Number tried
	Seed    uint64 // the same seed gives the same answer
	Turns   int    // 0 = DefaultTurns
	Options Options
	Bot     string // "" = BotPlanner
	// Tables, when given, keeps the spy's route tables for a later Advise
	// of the same two players (see AdviceRequest.Tables).
	Tables *AdviceTables
}

// Fair search bounds: a probe is one Victory Number of one assignment.
const (
	MaxFairGames = 2000 // per probe
	// fairFirst is the first Victory Number tried above 1; the search
	// doubles it while the spy still wins half its games.
	fairFirst = 8
)

// Probe is one Victory Number the search tried and what it measured there.
type Probe struct {
	Victory int
	Estimate
}

// Fairness says where the even game lies against the Victory Numbers a
// game allows.
type Fairness int

const (
	// FairInside: the spy wins at least half its games at one Victory
	// Number and fewer at the next one tried; the fair number lies between.
	FairInside Fairness = iota
	// FairAboveRange: the spy wins at least half its games even at
	// MaxVictory (a shooter far better than the other).
	FairAboveRange
	// FairBelowRange: the spy wins fewer than half its games even at 1.
	FairBelowRange
)

// FairAnswer is the search's answer for one role assignment.
type FairAnswer struct {
	Spy, Mage string
	Victory   int      // the number tried whose spy chance is nearest 50%
	At        Estimate // the spy's chance there
	Where     Fairness
	Probes    []Probe // in the order tried
}

// Fair is the answer for both assignments: ASpy with A as the spy (B the
// mage), BSpy with B as the spy.
type Fair struct {
	ASpy, BSpy FairAnswer
	Games      int // games simulated in all
}

// FindFair searches the whole range 1..MaxVictory for the Victory Number
// nearest an even game, for both role assignments. The spy's chance falls
// as the number rises (in expectation), so the search brackets the point
// where it crosses 50%: 1 first, then 8, 16, 32, ... while the spy wins at
// least half its games (MaxVictory at most), then halves the bracket until
// it is about a twentieth of the number wide. Every number tried replays
// the same random stream (the same seed), so neighbouring numbers are
// compared on the same luck and the answer depends only on the request.
// The search stops early at a number where the spy never wins: no higher
// number can be fairer.
//
// It tries about ten numbers per assignment for numbers near 50; Games
// games at each.
func FindFair(req FairRequest) (Fair, error) {
	if req.Bot == "" {
		req.Bot = BotPlanner
	}
	if req.Games < 1 || req.Games > MaxFairGames {
		return Fair{}, fmt.Errorf("%w: games per Victory Number must be 1 to %d, not %d", ErrBadAdvice, MaxFairGames, req.Games)
	}
	a, b := namedPair(req.A, req.B)
	tables := req.Tables
	if tables == nil {
		tables = &AdviceTables{}
	}
	memos := tables.memosFor(1, a.Rates, b.Rates)[0]
	var out Fair
	var errs [2]error
	var wg sync.WaitGroup
	for assign, ans := range [2]*FairAnswer{&out.ASpy, &out.BSpy} {
		spy, mage := a, b
		if assign == 1 {
			spy, mage = b, a
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			*ans, errs[assign] = findFair(req, spy, mage, assign, memos[assign])
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return Fair{}, fmt.Errorf("fair victory number: %w", err)
		}
	}
	for _, ans := range []FairAnswer{out.ASpy, out.BSpy} {
		for _, p := range ans.Probes {
			out.Games += p.Games
		}
	}
	return out, nil
}

// findFair is one assignment's search.
func findFair(req FairRequest, spy, mage Player, assign int, memo *planMemo) (FairAnswer, error) {
	ans := FairAnswer{Spy: spy.Name, Mage: mage.Name}
	tried := map[int]Estimate{}
	probe := func(vn int) (Estimate, error) {
		if e, ok := tried[vn]; ok {
			return e, nil
		}
		setup := Setup{Victory: vn, Spy: spy.Name, Mage: mage.Name, Turns: req.Turns, Options: req.Options}
		m, err := NewMatch(setup, int64(req.Seed), Side{Bot: req.Bot, Rates: spy.Rates}, Side{Bot: req.Bot, Rates: mage.Rates})
		if err != nil {
			return Estimate{}, err
		}
		r := rand.New(rand.NewPCG(req.Seed, uint64(assign)+1))
		e, err := m.estimate(req.Games, r, memo)
		if err != nil {
			return Estimate{}, fmt.Errorf("victory %d: %w", vn, err)
		}
		tried[vn] = e
		ans.Probes = append(ans.Probes, Probe{Victory: vn, Estimate: e})
		return e, nil
	}
	even := func(e Estimate) bool { return 2*e.SpyWins >= e.Games }
	// lo: the spy wins at least half; hi: fewer than half.
	lo, hi := 1, 0
	e, err := probe(1)
	if err != nil {
		return ans, err
	}
	if !even(e) {
		ans.Where, ans.Victory, ans.At = FairBelowRange, 1, e
		return ans, nil
	}
	for vn := fairFirst; hi == 0; vn = min(2*vn, MaxVictory) {
		e, err := probe(vn)
		if err != nil {
			return ans, err
		}
		switch {
		case !even(e):
			hi = vn
		case vn == MaxVictory:
			// Nothing is fairer than the highest number, whatever the
			// luck of lower ones.
			ans.Where, ans.Victory, ans.At = FairAboveRange, vn, e
			return ans, nil
		default:
			lo = vn
		}
	}
	for hi-lo > max(1, hi/20) {
		mid := (lo + hi) / 2
		e, err := probe(mid)
		if err != nil {
			return ans, err
		}
		if even(e) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return nearest(ans, tried), nil
}

// nearest fills the answer with the number tried whose spy chance is
// nearest 50% (the lower number on a tie: the shorter game).
func nearest(ans FairAnswer, tried map[int]Estimate) FairAnswer {
	best := math.Inf(1)
	for vn, e := range tried {
		d := math.Abs(e.SpyWin - 0.5)
		if d < best || (d == best && vn < ans.Victory) {
			best, ans.Victory, ans.At = d, vn, e
		}
	}
	return ans
}

// namedPair gives the two players distinct, non-empty names (the setup
// needs them).
func namedPair(a, b Player) (Player, Player) {
	if strings.TrimSpace(a.Name) == "" {
		a.Name = "A"
	}
	if strings.TrimSpace(b.Name) == "" || strings.EqualFold(strings.TrimSpace(a.Name), strings.TrimSpace(b.Name)) {
		b.Name = a.Name + " (2)"
	}
	return a, b
}
