package spellsarrows

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
)

// The planners decide only: which way the spy goes, which spell the mage
// casts and where its cones and giants go, whether the mage answers a miss.
// Whether a shot goes in is the simulator's draw from the shooter's rates.

// court is a map as the planners read it: locations by index, spans by
// index, built once per match.
type court struct {
	ids    []string
	idx    map[string]int
	kind   []string
	zone   []string
	adj    [][]int // neighbours by span
	adjSp  [][]int // the span index of each neighbour
	target []int   // a goto's target, else -1
	start  int
	spans  []string // span keys
	spanIx map[string]int
	ends   [][2]int
	dist   [][]int // road distance in moves (portals count as a move)
	// moves are where the spy may go from each location in the order the
	// rules list them (a portal's target, else the neighbours by id), with
	// the span taken (-1 through a portal): the spy's tie-break follows it.
	moves [][]move
	// guardable are the towns and gates by id, the order the rules list
	// the elf cone targets in.
	guardable []int
	gotos     []int   // the portals
	gates     []bool  // by location
	spread    [][]hop // the road out of each location the spy may plan over
	hopAt     []int   // where a location's hops start among all hops
	hops      int
}

// A hop is a neighbour and the span to it, by index.
type hop struct{ to, span int }

type move struct{ to, span int }

func newCourt(m Map) *court {
	c := &court{idx: map[string]int{}, spanIx: map[string]int{}}
	for i, l := range m.Locations {
		c.ids = append(c.ids, l.ID)
		c.idx[l.ID] = i
		c.kind = append(c.kind, l.Kind)
		c.zone = append(c.zone, l.Zone)
		if l.Kind == KindStart {
			c.start = i
		}
	}
	n := len(c.ids)
	c.adj, c.adjSp, c.target = make([][]int, n), make([][]int, n), make([]int, n)
	for i, l := range m.Locations {
		c.target[i] = -1
		if l.Kind == KindGoto {
			c.target[i] = c.idx[l.Target]
		}
	}
	for _, sp := range m.Spans {
		a, b := c.idx[sp[0]], c.idx[sp[1]]
		k := SpanKey(sp[0], sp[1])
		si := len(c.spans)
		c.spans = append(c.spans, k)
		c.spanIx[k] = si
		c.ends = append(c.ends, [2]int{a, b})
		c.adj[a], c.adjSp[a] = append(c.adj[a], b), append(c.adjSp[a], si)
		c.adj[b], c.adjSp[b] = append(c.adj[b], a), append(c.adjSp[b], si)
	}
	c.moves = make([][]move, n)
	for i, l := range m.Locations {
		if c.target[i] >= 0 {
			c.moves[i] = []move{{to: c.target[i], span: c.spanTo(i, c.target[i])}}
			continue
		}
		for _, id := range m.Adjacent(l.ID) {
			c.moves[i] = append(c.moves[i], move{to: c.idx[id], span: c.spanTo(i, c.idx[id])})
		}
	}
	for i := range n {
		if c.kind[i] == KindTown || c.kind[i] == KindGate {
			c.guardable = append(c.guardable, i)
		}
	}
	c.gates, c.spread = make([]bool, n), make([][]hop, n)
	for i := range n {
		switch c.kind[i] {
		case KindGoto:
			c.gotos = append(c.gotos, i)
		case KindGate:
			c.gates[i] = true
		default:
			for j, nb := range c.adj[i] {
				c.spread[i] = append(c.spread[i], hop{nb, c.adjSp[i][j]})
			}
		}
	}
	c.hopAt = make([]int, n)
	for i := range n {
		c.hopAt[i] = c.hops
		c.hops += len(c.spread[i])
	}
	slices.SortFunc(c.guardable, func(a, b int) int { return strings.Compare(c.ids[a], c.ids[b]) })
	c.dist = make([][]int, n)
	for i := range n {
		d := make([]int, n)
		for j := range d {
			d[j] = math.MaxInt32
		}
		d[i] = 0
		queue := []int{i}
		for len(queue) > 0 {
			x := queue[0]
			queue = queue[1:]
			next := c.adj[x]
			if c.target[x] >= 0 {
				next = []int{c.target[x]}
			}
			for _, y := range next {
				if d[y] > d[x]+1 {
					d[y] = d[x] + 1
					queue = append(queue, y)
				}
			}
		}
		c.dist[i] = d
	}
	return c
}

// spanTo is the span from i to its neighbour nb, -1 if none (the last one
// listed should two join them, as the spy's plan has always read it).
func (c *court) spanTo(i, nb int) int {
	si := -1
	for j, x := range c.adj[i] {
		if x == nb {
			si = c.adjSp[i][j]
		}
	}
	return si
}

func (c *court) travel(i int) int {
	if c.kind[i] != KindTown {
		return 0
	}
	if c.zone[i] == ZoneArc {
		return 3
	}
	return 2
}

func (c *court) arrowBase(i int) int {
	if c.zone[i] == ZoneArc {
		return 3
	}
	return 2
}

func (c *court) elfCap(i int) int {
	if c.kind[i] != KindTown && c.kind[i] != KindGate {
		return 0
	}
	switch c.zone[i] {
	case ZoneArc:
		return 1
	case ZoneInside:
		return 2
	}
	return 0
}

// view is one moment of a game in the planners' terms.
type view struct {
	c          *court
	at         int
	health     int
	armour     int
	travel     int // sum of travel counters
	points     int
	victory    int
	turn       int
	turns      int
	spyHalf    bool
	shotClock  int
	misses     int
	paid       int
	engaged    int // span index, -1 if none
	arrows     int
	leaps      int
	elves      []int // per location
	giants     []int // cones per span
	elvesTotal int
	giantCount int
}

// view reads s into the planners' terms. Its cone counts live in the
// game's plan cache and are overwritten by the next view: a game has one
// moment at a time, and a snapshot per decision was most of a bot's work.
func (c *court) view(s State, pc *planCache) view {
	v := view{
		c: c, at: c.idx[s.at], health: s.health, armour: s.armour,
		points: s.points, victory: s.setup.Victory, turn: s.turn, turns: s.setup.TurnCount(),
		spyHalf: s.half == HalfSpy, shotClock: s.shotClock, misses: s.misses, paid: s.paid,
		engaged: -1, arrows: s.arrows, leaps: s.leaps,
	}
	if len(pc.elves) != len(c.ids) {
		pc.elves, pc.giants = make([]int, len(c.ids)), make([]int, len(c.spans))
	}
	v.elves, v.giants = pc.elves, pc.giants
	clear(v.elves)
	clear(v.giants)
	for _, t := range s.travel {
		v.travel += int(t)
	}
	if s.engaged != "" {
		v.engaged = c.spanIx[s.engaged]
	}
	for id, n := range s.elves {
		if n > 0 {
			v.elves[c.idx[id]] = n
			v.elvesTotal += n
		}
	}
	for k, n := range s.giants {
		if n > 0 {
			v.giants[c.spanIx[k]] = n
			v.giantCount++
		}
	}
	return v
}

func (v view) toll(i int) int {
	if v.c.kind[i] == KindGoto {
		return 0
	}
	return 1 + v.elves[i]
}

// horizon is the most attempts a plan may take: far enough for any escape
// a spy half can make, small enough to keep planning cheap.
const horizon = 40

// planTables are the spy's route tables for one board: best[i][b] is the
// best value of leaving location i (its toll still to pay) and escaping
// within b attempts, next[i][b] the neighbour that achieves it. They depend
// only on the board (see planCache) and the match's rates, never on the
// time left, so one build serves every game of a match that reaches the
// board. Level b needs only the levels below it, so the tables are filled
// as far as a plan reads them (its horizon) and further when one reads more.
type planTables struct {
	pToll, pFree, qArrow float64
	best                 [][horizon + 1]float64
	next                 [][horizon + 1]int16
	// rateB[h] is the points per attempt of the best fresh escape from the
	// start taking 1..h attempts.
	rateB [horizon + 1]float64
	built int // the last level filled, -1 before any

	// The board's prices: a location's exit value, the attempts of a gate's
	// toll, and of each hop (court.hopAt).
	exit, gate []float64
	cost       []int
}

// spyPlan is the tables read at one moment: the time left, and the horizon
// and rate fixed when the game first met the board.
type spyPlan struct {
	*planTables
	v      view
	remain float64 // attempts the spy can still expect in the game
	rateB  float64 // points per attempt of a fresh escape from the start
	h      int     // the tables' horizon: enough for the time left when built
}

var negInf = math.Inf(-1)

// clampRate keeps a rate away from 0 and 1, where expected costs divide by
// zero.
func clampRate(p float64) float64 { return min(0.97, max(0.03, p)) }

func newPlanTables(c *court, spy, mage Rates) *planTables {
	n := len(c.ids)
	return &planTables{
		pToll: clampRate(spy.Toll), pFree: clampRate(spy.Free), qArrow: clampRate(mage.Arrow),
		best: make([][horizon + 1]float64, n), next: make([][horizon + 1]int16, n),
		exit: make([]float64, n), gate: make([]float64, n), cost: make([]int, c.hops),
	}
}

// price reads the board of v into the tables' prices and empties them.
func (t *planTables) price(v view) {
	c := v.c
	p := spyPlan{planTables: t, v: v}
	for i := range c.ids {
		t.exit[i] = p.exitValue(i)
		for j, h := range c.spread[i] {
			t.cost[c.hopAt[i]+j] = p.stepCost(i, h.span, true)
		}
		t.gate[i] = float64(v.toll(i)) / t.pToll
	}
	t.built = -1
}

// fill computes the levels up to h.
func (t *planTables) fill(c *court, h int) {
	best, next, exit, gate := t.best, t.next, t.exit, t.gate
	for b := t.built + 1; b <= h; b++ {
		fb := float64(b)
		for i := range c.ids {
			bi, ni := negInf, int16(-1)
			if c.gates[i] {
				if fb >= gate[i] {
					bi = exit[i]
				}
			} else {
				ei, ci := exit[i], t.cost[c.hopAt[i]:]
				for j, h := range c.spread[i] {
					if ci[j] > b {
						continue
					}
					if w := best[h.to][b-ci[j]]; w != negInf && ei+w > bi {
						bi, ni = ei+w, int16(h.to)
					}
				}
			}
			best[i][b], next[i][b] = bi, ni
		}
		for _, i := range c.gotos {
			tg := c.target[i]
			best[i][b], next[i][b] = best[tg][b], int16(tg)
		}
		switch {
		case b == 0:
			t.rateB[0] = 0
		case best[c.start][b] > 0:
			t.rateB[b] = max(t.rateB[b-1], best[c.start][b]/float64(b+1))
		default:
			t.rateB[b] = t.rateB[b-1]
		}
	}
	t.built = max(t.built, h)
}

// setView moves the plan to a later moment with the same board: only the
// time left changes what the tables are worth.
func (p *spyPlan) setView(v view) {
	p.v = v
	perHalf := ShotClock + MissesToEnd/(1-p.pToll)
	thisHalf := perHalf
	if v.spyHalf {
		thisHalf = float64(v.shotClock) + float64(MissesToEnd-v.misses)/(1-p.pToll)
	}
	p.remain = thisHalf + float64(v.turns-v.turn)*perHalf
}

// planCache keeps the last plan while the board it was built on stands:
// the elf cones, giants, the spy's health, armour and points, the mage's
// arrows. Most decisions of a half are made on the same board.
type planCache struct {
	key, scratch  []int
	plan          spyPlan
	own           *planTables // tables built for this game alone
	memo          *planMemo   // tables shared by the games of one estimate, or nil
	elves, giants []int       // the current view's cones
	route, spans  []int       // the mage's reading of the spy's route
	onPath        []int
	gen           int      // counts the boards met; a route is read afresh on a new one
	routeOf       routeKey // what route and spans were read for
}

// routeKey is what the spy's expected route depends on beside the board:
// the mage's decisions of one half mostly share it.
type routeKey struct {
	gen, at, travel, points int
	remain                  float64
}

// planMemo keeps the tables of the boards the games of one estimate have
// met: the early boards of a game (no cones, no giants, few points) come
// round again and again.
type planMemo struct {
	tables map[string]*planTables
	key    []byte
	// slab and rows are tables and table rows not yet handed out: a memo
	// takes them from blocks rather than one allocation each.
	slab []planTables
	best [][horizon + 1]float64
	next [][horizon + 1]int16
}

// slabBoards is how many boards' tables a memo allocates at once.
const slabBoards = 32

// newTables hands out empty tables for a court of n locations.
func (pm *planMemo) newTables(c *court, spy, mage Rates) *planTables {
	n := len(c.ids)
	if len(pm.slab) == 0 {
		pm.slab = make([]planTables, slabBoards)
	}
	if len(pm.best) < n {
		pm.best, pm.next = make([][horizon + 1]float64, n*slabBoards), make([][horizon + 1]int16, n*slabBoards)
	}
	t := &pm.slab[0]
	pm.slab = pm.slab[1:]
	t.pToll, t.pFree, t.qArrow = clampRate(spy.Toll), clampRate(spy.Free), clampRate(mage.Arrow)
	t.best, t.next = pm.best[:n:n], pm.next[:n:n]
	t.exit, t.gate, t.cost = make([]float64, n), make([]float64, n), make([]int, c.hops)
	pm.best, pm.next = pm.best[n:], pm.next[n:]
	return t
}

// maxMemoBoards bounds a memo's memory (a board's tables are some 7 KB).
const maxMemoBoards = 1024

func newPlanMemo() *planMemo { return &planMemo{tables: map[string]*planTables{}} }

func (pc *planCache) get(v view, spy, mage Rates) *spyPlan {
	key := append(append(pc.scratch[:0], v.elves...), v.giants...)
	key = append(key, v.health, v.armour, v.arrows, v.points)
	if pc.plan.planTables != nil && slices.Equal(key, pc.key) {
		pc.scratch = key
		pc.plan.setView(v)
		return &pc.plan
	}
	pc.key, pc.scratch = key, pc.key
	pc.gen++
	t := pc.tables(v, key, spy, mage)
	pc.plan.planTables = t
	pc.plan.setView(v)
	pc.plan.h = min(horizon, int(math.Ceil(pc.plan.remain))+2)
	if t.built < pc.plan.h {
		t.fill(v.c, pc.plan.h)
	}
	pc.plan.rateB = t.rateB[pc.plan.h]
	return &pc.plan
}

// tables finds or builds the tables of the board of v.
func (pc *planCache) tables(v view, key []int, spy, mage Rates) *planTables {
	if pc.memo == nil {
		if pc.own == nil {
			pc.own = newPlanTables(v.c, spy, mage)
		}
		pc.own.price(v)
		return pc.own
	}
	// The tables read the points only through the stake of a capture
	// (exitValue), so boards that differ only in points beyond its bounds
	// share tables.
	mk := pc.memo.key[:0]
	for _, x := range key[:len(key)-1] {
		mk = binary.AppendVarint(mk, int64(x))
	}
	mk = binary.AppendVarint(mk, int64(stakeNeeded(v)))
	pc.memo.key = mk
	if t, ok := pc.memo.tables[string(mk)]; ok {
		return t
	}
	if len(pc.memo.tables) >= maxMemoBoards {
		if pc.own == nil {
			pc.own = newPlanTables(v.c, spy, mage)
		}
		pc.own.price(v)
		return pc.own
	}
	t := pc.memo.newTables(v.c, spy, mage)
	t.price(v)
	pc.memo.tables[string(mk)] = t
	return t
}

// stepCost is the attempts, rounded, of leaving i over span si: the toll
// (unless paid) and the free throws at a giant on the span.
func (p *spyPlan) stepCost(i, si int, withToll bool) int {
	c := 0.0
	if withToll {
		c += float64(p.v.toll(i)) / p.pToll
	}
	if g := p.v.giants[si]; g > 0 {
		c += float64(g) / p.pFree
	}
	return max(1, int(math.Round(c)))
}

// needed is how many points the spy still lacks.
func (p *spyPlan) needed() int { return max(1, p.v.victory-p.v.points) }

// stakeNeeded is the points still needed within the bounds a capture's
// stake takes them in.
func stakeNeeded(v view) int { return min(max(max(1, v.victory-v.points), 6), 40) }

// exitValue is what leaving location i is worth beyond the attempts it
// costs: its travel counter, a boost at the pharmacy or armoury while the
// mage can hurt the spy, minus the expected arrow damage of paying its
// toll, weighed by what a capture would cost.
func (p *spyPlan) exitValue(i int) float64 {
	v, c := p.v, p.v.c
	val := float64(c.travel(i))
	// What a capture costs: the points still needed, within bounds (a
	// Victory Number out of reach must not make the spy fear every elf).
	stake := float64(stakeNeeded(v)) / 2
	threat := v.elvesTotal > 0 || v.arrows > 0
	health := max(1, v.health)
	switch c.kind[i] {
	case KindPharmacy:
		if threat {
			heal := min(MaxHealth, v.health+PharmacyBoost) - v.health
			val += stake * 0.25 * float64(heal) / float64(health)
		}
	case KindArmoury:
		if threat && v.armour < MaxArmour {
			val += stake * 0.2
		}
	}
	if v.elves[i] > 0 {
		misses := float64(v.toll(i)) * (1 - p.pToll) / p.pToll
		arrows := min(MaxArrows, v.arrows+1)
		hits := 0.0
		for k, q := 1, p.qArrow; k <= arrows; k, q = k+1, q*p.qArrow {
			hits += q
		}
		dmg := float64(max(0, c.arrowBase(i)-v.armour))
		val -= stake * misses * hits * dmg / float64(health)
	}
	return val
}

// score rates an escape worth gain (travel included) that takes b
// attempts. An escape that wins and fits in the time left (with a margin:
// the attempts left are only an expectation) is worth most, the cheaper the
// better; then a winning escape that might still fit; then points plus what
// the attempts left could still earn; one that cannot finish in the game is
// worth almost nothing (travel counters are lost when the game ends).
func (p *spyPlan) score(gain float64, b int) float64 {
	win := gain+float64(p.v.points) >= float64(p.v.victory)
	fits := float64(b) <= 0.8*p.remain+1
	switch {
	case win && fits:
		return 1000 - float64(b)
	case win && float64(b) <= 1.3*p.remain+1:
		return 500 - float64(b)
	case !fits:
		return -1000 - float64(b) + gain/100
	}
	return gain + p.rateB*max(0, p.remain-float64(b))
}

// choose picks where the spy goes from its location, toll paid.
func (p *spyPlan) choose() int {
	v, c := p.v, p.v.c
	moves := c.moves[v.at]
	if len(moves) == 1 {
		return moves[0].to
	}
	bestScore, pick := math.Inf(-1), moves[0].to
	here := float64(v.travel) + p.exitValue(v.at)
	for _, mv := range moves {
		nb, si := mv.to, mv.span
		extra := 0
		if si >= 0 && v.giants[si] > 0 {
			extra = p.stepCost(v.at, si, false)
		}
		for b := extra; b <= p.h; b++ {
			w := p.best[nb][b-extra]
			if w == negInf {
				continue
			}
			if sc := p.score(here+w, b); sc > bestScore {
				bestScore, pick = sc, nb
			}
		}
	}
	return pick
}

// route is the spy's expected way from its location to a gate: the
// locations in order (the spy's own first) and the spans between them.
func (p *spyPlan) route(locs, spans []int) ([]int, []int) {
	v, c := p.v, p.v.c
	b0, bestScore := -1, math.Inf(-1)
	for b := 0; b <= p.h; b++ {
		if w := p.best[v.at][b]; w != negInf {
			if sc := p.score(float64(v.travel)+w, b); sc > bestScore {
				b0, bestScore = b, sc
			}
		}
	}
	locs = append(locs[:0], v.at)
	spans = spans[:0]
	if b0 < 0 {
		return locs, spans
	}
	i, b := v.at, b0
	for steps := 0; steps < 2*horizon && c.kind[i] != KindGate; steps++ {
		nb := int(p.next[i][b])
		if nb < 0 {
			break
		}
		if c.target[i] >= 0 {
			locs, i = append(locs, nb), nb
			continue
		}
		si := c.spanTo(i, nb)
		b -= p.stepCost(i, si, true)
		spans = append(spans, si)
		locs, i = append(locs, nb), nb
		if b < 0 {
			break
		}
	}
	return locs, spans
}

// --- the mage ---

// castOdds is the chance that a cast of n spots with g grace succeeds with
// exactly k misses, for k = 0..g, at make rate p: the last shot is a make,
// and k of the n-1+k before it are misses.
func castOdds(n, g int, p float64) []float64 {
	out := make([]float64, g+1)
	for k := 0; k <= g; k++ {
		out[k] = binom(n-1+k, k) * math.Pow(p, float64(n)) * math.Pow(1-p, float64(k))
	}
	return out
}

func binom(n, k int) float64 {
	r := 1.0
	for i := 1; i <= k; i++ {
		r = r * float64(n-k+i) / float64(i)
	}
	return r
}

// mageMind is the mage planner's reading of one moment: the spy's expected
// route and what each effect is worth against it, in spy attempts.
type mageMind struct {
	v      view
	spy    Rates
	mage   Rates
	odds   [][]float64 // castOdds of each card by number, at the mage's spell rate
	route  []int
	spans  []int
	onPath []int // position of a location on the route, -1 if not on it
}

// newMageMind reads the moment v into the scratch arrays of pc (a mind
// lasts one decision).
func newMageMind(v view, spy, mage Rates, pc *planCache, odds [][]float64) mageMind {
	m := mageMind{v: v, spy: spy, mage: mage, odds: odds}
	p := pc.get(v, spy, mage)
	if rk := (routeKey{pc.gen, v.at, v.travel, v.points, p.remain}); rk != pc.routeOf || pc.onPath == nil {
		pc.routeOf = rk
		pc.route, pc.spans = p.route(pc.route, pc.spans)
		if len(pc.onPath) != len(v.c.ids) {
			pc.onPath = make([]int, len(v.c.ids))
		}
		for i := range pc.onPath {
			pc.onPath[i] = -1
		}
		for pos, i := range pc.route {
			if pc.onPath[i] < 0 {
				pc.onPath[i] = pos
			}
		}
	}
	m.route, m.spans, m.onPath = pc.route, pc.spans, pc.onPath
	return m
}

// effectValue is what an effect of size n is worth now.
func (m *mageMind) effectValue(kind string, n int) float64 {
	v, c := m.v, m.v.c
	pT, pF := clampRate(m.spy.Toll), clampRate(m.spy.Free)
	switch kind {
	case EffectElf:
		room := 0
		for _, i := range m.route {
			room += c.elfCap(i) - v.elves[i]
		}
		on := min(n, max(0, room))
		return float64(on)*(1/pT+0.5) + float64(n-on)*0.3
	case EffectGiant:
		return float64(n) / pF * 0.8
	case EffectArrows:
		n = min(n, MaxArrows-v.arrows)
		guarded := 0.0
		for _, i := range m.route {
			if v.elves[i] > 0 {
				guarded = 1
			}
		}
		if v.elvesTotal > 0 {
			guarded = max(guarded, 0.4)
		}
		return float64(n) * clampRate(m.mage.Arrow) * 2.5 * (0.2 + guarded) * 4 / float64(max(1, v.health))
	case EffectLeaps:
		n = min(n, MaxLeaps-v.leaps)
		if v.giantCount == 0 {
			return float64(n) * 0.1
		}
		return float64(n) * clampRate(m.mage.Leap) * 0.6
	case EffectClock:
		return float64(n) * 0.9
	case EffectBench:
		return 0.6
	}
	return 0
}

// deckOdds is castOdds of every card of d at spell rate p, by card number:
// the same for every decision of a match.
func deckOdds(d Deck, p float64) [][]float64 {
	out := make([][]float64, len(d.Cards)+1)
	for _, card := range d.Cards {
		out[card.Number] = castOdds(len(card.Pattern), card.Grace, clampRate(p))
	}
	return out
}

// cardValue is the expected worth of casting card now.
func (m *mageMind) cardValue(card Card) float64 {
	ev := 0.0
	for k, pk := range m.odds[card.Number] {
		ev += pk * m.effectValue(card.Effect.Kind, card.Potency(k))
	}
	return ev
}

// elfSpot picks where an elf cone hurts the spy's route most, among the
// towns and gates with room for one ("" if none has).
func (m *mageMind) elfSpot() string {
	v, c := m.v, m.v.c
	bestScore, pick := math.Inf(-1), -1
	for _, i := range c.guardable {
		if v.elves[i] >= c.elfCap(i) {
			continue
		}
		sc := 0.0
		if pos := m.onPath[i]; pos >= 0 {
			sc = 20 - float64(pos)
		} else {
			sc = 4 / float64(1+c.dist[v.at][i])
		}
		if c.zone[i] == ZoneArc {
			sc += 0.7
		}
		if c.kind[i] == KindGate {
			sc += 0.5
		}
		if sc > bestScore {
			bestScore, pick = sc, i
		}
	}
	if pick < 0 {
		return ""
	}
	return c.ids[pick]
}

// blockSpan picks the free span a giant blocks best: the route's first
// free span, else the free span nearest the spy.
func (m *mageMind) blockSpan(free []string) string {
	v, c := m.v, m.v.c
	for _, si := range m.spans {
		if v.giants[si] == 0 && slices.Contains(free, c.spans[si]) {
			return c.spans[si]
		}
	}
	bestD, pick := math.MaxInt, free[0]
	for _, k := range free {
		e := c.ends[c.spanIx[k]]
		if d := min(c.dist[v.at][e[0]], c.dist[v.at][e[1]]); d < bestD {
			bestD, pick = d, k
		}
	}
	return pick
}

// spyPlanner is the strategy bot of the spy.
type spyPlanner struct {
	c         *court
	spy, mage Rates
	plans     *planCache // shared with the mage planner of the same game
}

func (b *spyPlanner) choose(s State, ph Phase, _ *rand.Rand) Action {
	if ph == PhaseSpyMove {
		return Move(b.c.ids[b.plans.get(b.c.view(s, b.plans), b.spy, b.mage).choose()])
	}
	return SpyShot(true)
}

// magePlanner is the strategy bot of the mage.
type magePlanner struct {
	c         *court
	spy, mage Rates
	odds      [][]float64 // deckOdds at the mage's spell rate
	plans     *planCache
	halfTurn  int // the turn of the half being counted
	attempts  int // cast attempts this half, a guard against endless clock spells
}

// maxCastsPerHalf stops a mage who keeps winning spell-clock time.
const maxCastsPerHalf = 30

// choose reads the state itself rather than Legal's choices: the same
// lists in the same order, without the prompts and reasons a screen needs.
func (b *magePlanner) choose(s State, ph Phase, _ *rand.Rand) Action {
	switch ph {
	case PhaseCasting:
		return SpellShot(true)
	case PhaseResponse:
		if s.canArrow() && s.arrowDamage() > 0 {
			return Arrow(true)
		}
		if s.canLeap() {
			m := b.mind(s)
			if from, to, ok := m.leap(s.leapGiants(), s.freeSpans()); ok {
				return Leap(true, from, to)
			}
		}
		return Pass()
	case PhaseMage:
		if s.turn != b.halfTurn {
			b.halfTurn, b.attempts = s.turn, 0
		}
		b.attempts++
		if b.attempts > maxCastsPerHalf {
			return EndHalf()
		}
		m := b.mind(s)
		bestV, pick := -1.0, 0
		consider := func(n int) {
			if val := m.cardValue(s.w.card(n)); val > bestV {
				bestV, pick = val, n
			}
		}
		for _, n := range s.court {
			if s.castable(n) {
				consider(n)
			}
		}
		consider(BenchCard)
		if pick == 0 {
			return EndHalf()
		}
		return Cast(pick)
	case PhaseTarget:
		m := b.mind(s)
		if s.pending.kind != EffectElf {
			if free := s.freeSpans(); len(free) > 0 {
				return TargetSpan(m.blockSpan(free))
			}
		}
		return TargetAt(m.elfSpot())
	case PhaseBench:
		m := b.mind(s)
		value := func(n int) float64 { return m.cardValue(s.w.card(n)) }
		join := s.bench[0]
		for _, n := range s.bench {
			if value(n) > value(join) {
				join = n
			}
		}
		cut := 0
		if len(s.court) >= courtSize {
			cut = s.court[0]
			for _, n := range s.court {
				if value(n) < value(cut) {
					cut = n
				}
			}
		}
		return Bench(join, cut)
	}
	return Pass()
}

func (b *magePlanner) mind(s State) mageMind {
	return newMageMind(b.c.view(s, b.plans), b.spy, b.mage, b.plans, b.odds)
}

// leap picks a giant off the spy's route and a free span on it.
func (m *mageMind) leap(giants, free []string) (from, to string, ok bool) {
	c := m.v.c
	for _, g := range giants {
		if slices.Contains(m.spans, c.spanIx[g]) {
			continue
		}
		for _, si := range m.spans {
			if k := c.spans[si]; m.v.giants[si] == 0 && slices.Contains(free, k) {
				return g, k, true
			}
		}
	}
	return "", "", false
}
