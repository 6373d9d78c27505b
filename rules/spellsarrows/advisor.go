package spellsarrows

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"sync"
)

// ErrBadAdvice marks an advisor request that cannot be computed.
var ErrBadAdvice = errors.New("bad advisor request")

// Player is one of the two people at the court, with their make rates.
type Player struct {
	Name  string
	Rates Rates
}

// AdviceRequest asks for the spy's chance of winning at each Victory
// Number From..To, for both ways of giving the two players their roles.
type AdviceRequest struct {
	A, B     Player
	From, To int // Victory Numbers, From <= To
	Step     int // between rows; 0 = 1
	// Victories, when given, are the rows instead of From..To by Step:
	// distinct numbers from 1 to MaxVictory, in the order given.
	Victories []int
	Games     int    // simulated games per Victory Number and role assignment
	Seed      uint64 // the same seed gives the same table
	Turns     int    // 0 = DefaultTurns
	Options   Options
	Bot       string // the bot playing both sides; "" = BotPlanner
	// Tables, when given, keeps the spy's route tables for the next call:
	// the rounds of one table (calls that differ in Seed) then share them.
	// The answer is the same with or without.
	Tables *AdviceTables
}

// AdviceTables are route tables kept between Advise calls for the same two
// players' rates. The zero value is ready; use it from one goroutine at a
// time.
type AdviceTables struct {
	rates [2]Rates
	memos [][2]*planMemo // per worker, per role assignment
}

// memosFor hands out the memos of workers for players with rates a and b,
// forgetting tables built for other rates.
func (t *AdviceTables) memosFor(workers int, a, b Rates) [][2]*planMemo {
	if t.rates != [2]Rates{a, b} {
		t.rates, t.memos = [2]Rates{a, b}, nil
	}
	for len(t.memos) < workers {
		t.memos = append(t.memos, [2]*planMemo{newPlanMemo(), newPlanMemo()})
	}
	return t.memos
}

// Advisor limits: a table fits a phone screen and a second of work.
const (
	MaxAdviceRows  = 41
	MaxAdviceGames = 100000 // per cell
	MaxAdviceTotal = 400000 // in all: a request is minutes of work at most
)

// Estimate is the spy's winning chance measured over Games games.
type Estimate struct {
	Games      int
	SpyWins    int
	Unfinished int
	SpyWin     float64 // SpyWins / Games
	Low, High  float64 // 95% Wilson score interval
	Margin     float64 // (High - Low) / 2
	AvgPoints  float64 // the spy's mean points at the end
}

// AdviceRow is one Victory Number: with A as the spy (B the mage), and with
// B as the spy (A the mage).
type AdviceRow struct {
	Victory int
	ASpy    Estimate
	BSpy    Estimate
}

// Advice is the advisor's table.
type Advice struct {
	Rows []AdviceRow
	// FairASpy and FairBSpy are the Victory Numbers of the table whose
	// spy chance is nearest 50% for each assignment.
	FairASpy, FairBSpy int
	Games              int // games simulated in all
}

// Advise simulates Games games for every Victory Number and both role
// assignments. It is pure: the table depends only on the request. Every
// Victory Number of one assignment replays the same random stream, so the
// differences down a column come from the number, not from luck.
func Advise(req AdviceRequest) (Advice, error) {
	if req.Bot == "" {
		req.Bot = BotPlanner
	}
	if req.Step == 0 {
		req.Step = 1
	}
	bad := func(format string, args ...any) (Advice, error) {
		return Advice{}, fmt.Errorf("%w: %s", ErrBadAdvice, fmt.Sprintf(format, args...))
	}
	if len(req.Victories) > 0 {
		seen := map[int]bool{}
		for _, vn := range req.Victories {
			if vn < 1 || vn > MaxVictory || seen[vn] {
				return bad("Victory Numbers must be distinct, from 1 to %d (not %d)", MaxVictory, vn)
			}
			seen[vn] = true
		}
		if len(req.Victories) > MaxAdviceRows {
			return bad("at most %d Victory Numbers in one table (not %d)", MaxAdviceRows, len(req.Victories))
		}
		req.From, req.To, req.Step = 1, len(req.Victories), 1 // one row each, for the bounds below
	}
	switch {
	case req.From < 1 || req.To > MaxVictory || req.From > req.To:
		return bad("Victory Numbers must run from 1 to %d, low to high (not %d..%d)", MaxVictory, req.From, req.To)
	case req.Step < 1:
		return bad("the step between Victory Numbers must be at least 1, not %d", req.Step)
	case (req.To-req.From)/req.Step+1 > MaxAdviceRows:
		return bad("at most %d Victory Numbers in one table (not %d)", MaxAdviceRows, (req.To-req.From)/req.Step+1)
	case req.Games < 1 || req.Games > MaxAdviceGames:
		return bad("games per cell must be 1 to %d, not %d", MaxAdviceGames, req.Games)
	case 2*((req.To-req.From)/req.Step+1)*req.Games > MaxAdviceTotal:
		return bad("at most %d games in all, not %d", MaxAdviceTotal, 2*((req.To-req.From)/req.Step+1)*req.Games)
	}
	a, b := namedPair(req.A, req.B)
	type cell struct {
		row, assign int
		m           *Match
		e           Estimate
		err         error
	}
	var cells []*cell
	out := Advice{}
	vns := req.Victories
	if len(vns) == 0 {
		for vn := req.From; vn <= req.To; vn += req.Step {
			vns = append(vns, vn)
		}
	}
	for _, vn := range vns {
		out.Rows = append(out.Rows, AdviceRow{Victory: vn})
		for assign, roles := range [2][2]Player{{a, b}, {b, a}} {
			spy, mage := roles[0], roles[1]
			setup := Setup{Victory: vn, Spy: spy.Name, Mage: mage.Name, Turns: req.Turns, Options: req.Options}
			m, err := NewMatch(setup, int64(req.Seed), Side{Bot: req.Bot, Rates: spy.Rates}, Side{Bot: req.Bot, Rates: mage.Rates})
			if err != nil {
				return Advice{}, fmt.Errorf("advise: %w", err)
			}
			cells = append(cells, &cell{row: len(out.Rows) - 1, assign: assign, m: m})
		}
	}
	// Each cell draws from its own generator, so the table is the same
	// whatever the number of workers and the order they finish in.
	// A worker keeps one memo of route tables per role assignment: the
	// tables depend on the board and the rates, not on the Victory Number
	// (beyond the capture stake), so the rows of a column share them.
	workers := min(len(cells), runtime.GOMAXPROCS(0))
	tables := req.Tables
	if tables == nil {
		tables = &AdviceTables{}
	}
	memos := tables.memosFor(workers, a.Rates, b.Rates)
	work := make(chan *cell)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			memos := memos[w]
			for c := range work {
				r := rand.New(rand.NewPCG(req.Seed, uint64(c.assign)+1))
				c.e, c.err = c.m.estimate(req.Games, r, memos[c.assign])
			}
		}()
	}
	for _, c := range cells {
		work <- c
	}
	close(work)
	wg.Wait()
	for _, c := range cells {
		if c.err != nil {
			return Advice{}, fmt.Errorf("advise: victory %d: %w", out.Rows[c.row].Victory, c.err)
		}
		out.Games += c.e.Games
		if c.assign == 0 {
			out.Rows[c.row].ASpy = c.e
		} else {
			out.Rows[c.row].BSpy = c.e
		}
	}
	out.FairASpy = fairest(out.Rows, func(r AdviceRow) Estimate { return r.ASpy })
	out.FairBSpy = fairest(out.Rows, func(r AdviceRow) Estimate { return r.BSpy })
	return out, nil
}

func fairest(rows []AdviceRow, col func(AdviceRow) Estimate) int {
	best, vn := math.Inf(1), 0
	for _, r := range rows {
		if d := math.Abs(col(r).SpyWin - 0.5); d < best {
			best, vn = d, r.Victory
		}
	}
	return vn
}

// Estimate plays n games and measures the spy's winning chance.
func (m *Match) Estimate(n int, r *rand.Rand) (Estimate, error) {
	// The games share route tables: a board's tables are the same in any
	// game that meets it, and most games meet the same early boards.
	return m.estimate(n, r, newPlanMemo())
}

// estimate is Estimate with the route tables of memo, which must come from
// matches of the same map and rates.
func (m *Match) estimate(n int, r *rand.Rand, memo *planMemo) (Estimate, error) {
	e := Estimate{Games: n}
	points := 0
	for range n {
		o, err := m.play(r, nil, memo)
		if err != nil {
			return Estimate{}, err
		}
		switch o.Winner {
		case WinnerSpy:
			e.SpyWins++
		case "":
			e.Unfinished++
		}
		points += o.Points
	}
	e.SpyWin = float64(e.SpyWins) / float64(n)
	e.Low, e.High = Wilson(e.SpyWins, n)
	e.Margin = (e.High - e.Low) / 2
	e.AvgPoints = float64(points) / float64(n)
	return e, nil
}

// Wilson is the 95% Wilson score interval of k successes in n trials
// (it stays inside 0..1 and is sensible at 0 and n).
func Wilson(k, n int) (lo, hi float64) {
	const z = 1.959964
	p, nf := float64(k)/float64(n), float64(n)
	den := 1 + z*z/nf
	mid := (p + z*z/(2*nf)) / den
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / den
	return max(0, mid-half), min(1, mid+half)
}
