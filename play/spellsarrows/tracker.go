package spellsarrows

import (
	"fmt"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/a-h/templ"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/rules/record"
	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
	"github.com/grimoire-games/grimoire/views"
	saview "github.com/grimoire-games/grimoire/views/spellsarrows"
)

var (
	_ play.Records = Kind{}
	_ play.Advisor = Kind{}
)

// DefaultLast is how many of the latest games a player page compares with
// the whole record.
const DefaultLast = 5

// CSVHeader is the first row of a player's attempts export.
var csvHeader = []string{"game", "date", "player", "role", "kind", "spot", "made"}

// CSVHeader is the header row of PlayerRows.
func CSVHeader() []string { return append([]string(nil), csvHeader...) }

// attempts lists a table's basket attempts (the game hides nothing, so
// every viewer gets all of them).
func attempts(t play.Table) ([]sa.Attempt, error) {
	at, err := sa.Attempts(t.Record())
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", t.GameID, err)
	}
	return at, nil
}

// Charts are a game's shot charts, the spy's then the mage's.
func Charts(t play.Table) ([]saview.ShotChart, error) {
	setup, err := sa.ParseSetup(t.Setup)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", t.GameID, err)
	}
	at, err := attempts(t)
	if err != nil {
		return nil, err
	}
	m := sa.DefaultMap()
	if setup.Map != nil {
		m = *setup.Map
	}
	return []saview.ShotChart{
		saview.NewShotChart("chart-spy", setup.Spy+" (spy): shots", m, setup.Spy, at),
		saview.NewShotChart("chart-mage", setup.Mage+" (mage): shots", m, setup.Mage, at),
	}, nil
}

// played is one game of a player's record, replayed once.
type played struct {
	play.PlayerGame
	setup    sa.Setup
	snap     sa.Snapshot
	attempts []sa.Attempt // the player's only
}

// playerGames replays the games name plays in (games as given, newest
// first) and keeps name's attempts.
func playerGames(name string, games []play.PlayerGame) ([]played, error) {
	out := make([]played, 0, len(games))
	for _, g := range games {
		if g.Table.Kind != record.SpellsArrows {
			continue
		}
		setup, err := sa.ParseSetup(g.Table.Setup)
		if err != nil {
			return nil, fmt.Errorf("game %s: %w", g.Table.GameID, err)
		}
		if setup.Spy != name && setup.Mage != name {
			continue
		}
		st, _, err := replay(g.Table)
		if err != nil {
			return nil, err
		}
		all, err := attempts(g.Table)
		if err != nil {
			return nil, err
		}
		p := played{PlayerGame: g, setup: setup, snap: st.Snapshot()}
		for _, a := range all {
			if a.Player == name {
				p.attempts = append(p.attempts, a)
			}
		}
		out = append(out, p)
	}
	return out, nil
}

// PlayerView builds a player's record over games (newest first), the
// latest last of them counted apart.
func PlayerView(name string, games []play.PlayerGame, last int) (saview.PlayerView, error) {
	ps, err := playerGames(name, games)
	if err != nil {
		return saview.PlayerView{}, err
	}
	v := saview.PlayerView{
		Name: name, Last: last, Trend: saview.Trend{ID: "trend"},
		CSVURL: "/players/" + record.SpellsArrows + "/attempts.csv?name=" + url.QueryEscape(name),
	}
	var career []sa.Attempt
	kinds := map[sa.ShotKind]*saview.MakeRow{}
	spots := map[string]*saview.MakeRow{}
	var spotOrder []string
	m := sa.DefaultMap()
	for i, p := range ps {
		role, opp := sa.RoleSpy, p.setup.Mage
		if p.setup.Mage == name {
			role, opp = sa.RoleMage, p.setup.Spy
		}
		result := "running"
		if p.snap.Over {
			result = "lost"
			if p.snap.Winner == role {
				result = "won"
			}
		}
		g := saview.PlayerGame{
			URL: p.URL, Date: p.Started.UTC().Format("2 Jan 2006"), Title: p.Table.Title,
			Role: role, Opponent: opp, Result: result, Points: p.snap.Spy.Points, Victory: p.snap.Victory,
		}
		for _, a := range p.attempts {
			g.Tried++
			if a.Made {
				g.Made++
			}
			kr := kinds[a.Kind]
			if kr == nil {
				kr = &saview.MakeRow{Kind: a.Kind, Label: a.Kind.Label()}
				kinds[a.Kind] = kr
			}
			key := string(a.Kind) + "\x00" + a.Spot
			sr := spots[key]
			if sr == nil {
				sr = &saview.MakeRow{Kind: a.Kind, Label: a.Kind.Label() + ": " + spotName(m, a)}
				spots[key] = sr
				spotOrder = append(spotOrder, key)
			}
			for _, r := range []*saview.MakeRow{kr, sr} {
				r.AllTried++
				if a.Made {
					r.AllMade++
				}
				if i < last {
					r.LastTried++
					if a.Made {
						r.LastMade++
					}
				}
			}
		}
		v.Games = append(v.Games, g)
		career = append(career, p.attempts...)
	}
	for _, k := range sa.ShotKinds() {
		if r := kinds[k]; r != nil {
			v.Kinds = append(v.Kinds, *r)
		}
		for _, key := range spotOrder {
			if spots[key].Kind == k {
				v.Spots = append(v.Spots, *spots[key])
			}
		}
	}
	for i := len(v.Games) - 1; i >= 0; i-- {
		g := v.Games[i]
		v.Trend.Points = append(v.Trend.Points, saview.TrendPoint{Label: g.Date, Made: g.Made, Tried: g.Tried})
	}
	v.Career = saview.NewShotChart("chart-career", name+": career shots", m, name, career)
	return v, nil
}

// spotName is the spot in words with its id: "West wing (W3)".
func spotName(m sa.Map, a sa.Attempt) string {
	if a.Spot == sa.FreeThrowSpot {
		return "free-throw spot (" + a.Spot + ")"
	}
	if l, ok := m.Location(a.Spot); ok && l.Name != "" {
		return l.Name + " (" + a.Spot + ")"
	}
	for _, s := range m.Spots {
		if s.ID == a.Spot && s.Name != "" {
			return s.Name + " (" + a.Spot + ")"
		}
	}
	return a.Spot
}

// PlayerRecord is the player page's Spells & Arrows section; ?last=N sets
// how many of the latest games are counted apart (1..100).
func (Kind) PlayerRecord(name string, games []play.PlayerGame, q url.Values) (templ.Component, error) {
	last := DefaultLast
	if n, err := strconv.Atoi(q.Get("last")); err == nil && n >= 1 && n <= 100 {
		last = n
	}
	v, err := PlayerView(name, games, last)
	if err != nil {
		return nil, err
	}
	return saview.PlayerRecord(v), nil
}

// PlayerRows is every attempt of the player, oldest game first and in
// record order within a game: game, date, player, role, kind, spot, made
// (1 or 0).
func (Kind) PlayerRows(name string, games []play.PlayerGame) ([][]string, error) {
	ps, err := playerGames(name, games)
	if err != nil {
		return nil, err
	}
	rows := [][]string{CSVHeader()}
	for i := len(ps) - 1; i >= 0; i-- {
		p := ps[i]
		date := p.Started.UTC().Format("2006-01-02")
		for _, a := range p.attempts {
			made := "0"
			if a.Made {
				made = "1"
			}
			rows = append(rows, []string{p.Table.GameID, date, a.Player, a.Role, string(a.Kind), a.Spot, made})
		}
	}
	return rows, nil
}

// Advisor bounds. The search tries about ten Victory Numbers per role
// assignment, fairGames games at each (720 games in all for even default
// rates); the table then plays rounds of adviceRound games a cell while
// the caller's time lasts, at most adviceMaxRound rounds and
// adviceMaxGames games in all (search and table), but always one round.
const (
	fairGames      = 40
	fairSeed       = 0 // the search's stream; the table's rounds use seeds 1..adviceMaxRound
	adviceRound    = 25
	adviceMaxRound = 8
	adviceMaxGames = 3600
	// nearEven: a spy chance within 50% ± nearEven is called near even.
	nearEven = 0.10
)

// AdviceNames are the two names of the form.
func (Kind) AdviceNames(q url.Values) []string {
	var out []string
	for _, k := range []string{"spy", "mage"} {
		if n := strings.TrimSpace(q.Get(k)); n != "" {
			out = append(out, n)
		}
	}
	return out
}

// Advice is the Victory Number advisor for the form's fields: rates from
// each name's record (or typed in, or the default), the search for the
// fair number of each role assignment, then rounds of simulated games of
// the table around them while more says time is left.
func (k Kind) Advice(p views.Page, q url.Values, games []play.PlayerGame, more func() bool, partial bool) (templ.Component, error) {
	v, err := AdviceFor(q, games, more)
	if err != nil {
		return nil, err
	}
	if partial {
		return saview.AdviceTable(v), nil
	}
	p.Title = "Victory Number advisor"
	return saview.AdvicePage(p, v), nil
}

// AdviceOffline is Advice's fragment drawn by the phone's module: the same
// reading and simulation over the games saved on the phone.
func (Kind) AdviceOffline(q url.Values, games []play.PlayerGame, more func() bool) (templ.Component, error) {
	v, err := AdviceFor(q, games, more)
	if err != nil {
		return nil, err
	}
	v.OnPhone = true
	return saview.AdviceTable(v), nil
}

// AdviceFor computes the advisor's view; see Advice.
func AdviceFor(q url.Values, games []play.PlayerGame, more func() bool) (saview.AdviceView, error) {
	spy, mage := strings.TrimSpace(q.Get("spy")), strings.TrimSpace(q.Get("mage"))
	back := formBack(q)
	v := saview.AdviceView{BackURL: "/new/" + record.SpellsArrows + "?" + back.Encode()}
	vn, err := strconv.Atoi(strings.TrimSpace(q.Get("victory")))
	if err != nil || vn < 1 || vn > sa.MaxVictory {
		v.Problems = append(v.Problems, fmt.Sprintf("The Victory Number must be a whole number from 1 to %d.", sa.MaxVictory))
	}
	turns, err := strconv.Atoi(strings.TrimSpace(q.Get("turns")))
	if q.Get("turns") == "" {
		turns = 0
	} else if err != nil || turns < 1 || turns > 20 {
		v.Problems = append(v.Problems, "The number of turns must be a whole number from 1 to 20.")
	}
	if spy == "" || mage == "" || len(v.Problems) > 0 {
		return v, nil
	}
	v.Ready, v.Victory = true, vn
	var probs []string
	if v.A, err = advicePlayer(spy, q.Get("spyRates"), games); err != nil {
		probs = append(probs, "Spy's rates: "+err.Error())
	}
	if v.B, err = advicePlayer(mage, q.Get("mageRates"), games); err != nil {
		probs = append(probs, "Mage's rates: "+err.Error())
	}
	if len(probs) > 0 {
		v.Problems = probs
		return v, nil
	}
	a, b := sa.Player{Name: spy, Rates: v.A.Rates}, sa.Player{Name: mage, Rates: v.B.Rates}
	opts := sa.Options{SameSpellOnly: q.Get("sameSpellOnly") == "on"}
	fair, err := fairFor(a, b, turns, opts)
	if err != nil {
		return v, fmt.Errorf("advice: %w", err)
	}
	v.SearchGames = fair.Games
	v.Tried = len(fair.ASpy.Probes) + len(fair.BSpy.Probes)
	req := sa.AdviceRequest{
		A: a, B: b, Victories: tableRows(vn, fair.ASpy.Victory, fair.BSpy.Victory),
		Games: adviceRound, Turns: turns, Options: opts,
		Tables: &sa.AdviceTables{}, // the rounds share the spy's route tables
	}
	var total sa.Advice
	roundGames := 2 * len(req.Victories) * adviceRound
	for round := range adviceMaxRound {
		if round > 0 && (fair.Games+(round+1)*roundGames > adviceMaxGames || !more()) {
			break
		}
		req.Seed = uint64(round + 1)
		adv, err := sa.Advise(req)
		if err != nil {
			return v, fmt.Errorf("advice: %w", err)
		}
		total = mergeAdvice(total, adv)
		v.PerCell += adviceRound
		v.Rounds++
	}
	v.TableGames = total.Games
	v.Games = v.SearchGames + v.TableGames
	for _, r := range total.Rows {
		v.Rows = append(v.Rows, saview.AdviceRowView{Victory: r.Victory, ASpy: r.ASpy, BSpy: r.BSpy, Entered: r.Victory == vn})
		v.Margin = max(v.Margin, r.ASpy.Margin, r.BSpy.Margin)
		if r.Victory == vn {
			v.TypedAt = r.ASpy
		}
	}
	v.FairA = fairView(total.Rows, fair.ASpy, func(r sa.AdviceRow) sa.Estimate { return r.ASpy })
	v.FairB = fairView(total.Rows, fair.BSpy, func(r sa.AdviceRow) sa.Estimate { return r.BSpy })
	v.TypedFar = v.TypedAt.Games > 0 && vn != v.FairA.Victory && !nearHalf(v.TypedAt)
	use := formBack(q)
	use.Set("victory", strconv.Itoa(v.FairA.Victory))
	use.Set("useVictory", strconv.Itoa(v.FairA.Victory))
	v.UseURL = "/new/" + record.SpellsArrows + "?" + use.Encode()
	return v, nil
}

// formBack is the new-game form's fields of q, to fill the form again.
func formBack(q url.Values) url.Values {
	back := url.Values{"change": {"1"}}
	for _, f := range []string{"spy", "mage", "victory", "turns", "sameSpellOnly", "spyRates", "mageRates"} {
		if x := q.Get(f); x != "" {
			back.Set(f, x)
		}
	}
	return back
}

// tableRows are the Victory Numbers of the advisor's table: five around
// each fair number (a step of about a twentieth of it) and the one typed,
// low to high.
func tableRows(typed int, fairs ...int) []int {
	set := map[int]bool{typed: true}
	for _, f := range fairs {
		step := max(1, (f+10)/20)
		for k := -2; k <= 2; k++ {
			if vn := f + k*step; vn >= 1 && vn <= sa.MaxVictory {
				set[vn] = true
			}
		}
	}
	out := make([]int, 0, len(set))
	for vn := range set {
		out = append(out, vn)
	}
	slices.Sort(out)
	return out
}

// fairView is one assignment's fairest number of the table (whose cells
// hold more games than the search's), and where the search found the
// even game.
func fairView(rows []sa.AdviceRow, ans sa.FairAnswer, col func(sa.AdviceRow) sa.Estimate) saview.FairView {
	f := saview.FairView{Where: ans.Where}
	best := 2.0
	for _, r := range rows {
		d := math.Abs(col(r).SpyWin - 0.5)
		if ans.Where != sa.FairInside {
			// Out of range: the end of the range is the answer.
			d = float64(abs(r.Victory - ans.Victory))
		}
		if d < best {
			best, f.Victory, f.At = d, r.Victory, col(r)
		}
	}
	f.Near = nearHalf(f.At)
	return f
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// nearHalf says whether the spy's chance is near even.
func nearHalf(e sa.Estimate) bool { return math.Abs(e.SpyWin-0.5) <= nearEven }

// fairCache keeps the search's answers, and the form's proposals, by the
// two players' rates and the game's rules: the answer depends on nothing
// else (the names are labels), the new-game form asks for the same few
// again and again (two new players: the default rates), and one search is
// a tenth of a CPU second or more. One search runs at a time, so a burst of
// forms cannot take every core of a public server.
var fairCache = struct {
	sync.Mutex
	fair      map[fairKey]sa.Fair
	proposals map[fairKey]proposal
}{fair: map[fairKey]sa.Fair{}, proposals: map[fairKey]proposal{}}

type fairKey struct {
	a, b  sa.Rates
	turns int
	opts  sa.Options
}

// fairCacheSize bounds each map of the cache; a full one starts again
// empty.
const fairCacheSize = 256

// fairFor is FindFair for the two players, from the cache when it holds
// their rates.
func fairFor(a, b sa.Player, turns int, opts sa.Options) (sa.Fair, error) {
	fairCache.Lock()
	defer fairCache.Unlock()
	return fairLocked(a, b, turns, opts)
}

// fairLocked is fairFor with the cache's lock held.
func fairLocked(a, b sa.Player, turns int, opts sa.Options) (sa.Fair, error) {
	key := fairKey{a: a.Rates, b: b.Rates, turns: turns, opts: opts}
	f, ok := fairCache.fair[key]
	if !ok {
		var err error
		f, err = sa.FindFair(sa.FairRequest{A: a, B: b, Games: fairGames, Seed: fairSeed, Turns: turns, Options: opts})
		if err != nil {
			return sa.Fair{}, err
		}
		if len(fairCache.fair) >= fairCacheSize {
			clear(fairCache.fair)
		}
		fairCache.fair[key] = f
	}
	f.ASpy.Spy, f.ASpy.Mage, f.BSpy.Spy, f.BSpy.Mage = a.Name, b.Name, b.Name, a.Name
	return f, nil
}

// proposal is the new-game form's Victory Number for a spy and a mage:
// the search's answer checked by the first proposalRounds rounds of the
// advisor's table around it (the same games the advisor plays first, so
// an advisor given that much time agrees), the fairest row of those.
type proposal struct {
	fair  saview.FairView
	games int // simulated in all, search and table
}

// proposalRounds: 100 games a cell, a margin of about ±10 points.
const proposalRounds = 4

// proposalFor is the proposal for a as spy and b as mage, from the cache
// when it holds their rates.
func proposalFor(a, b sa.Player, turns int, opts sa.Options) (proposal, error) {
	key := fairKey{a: a.Rates, b: b.Rates, turns: turns, opts: opts}
	fairCache.Lock()
	defer fairCache.Unlock()
	if p, ok := fairCache.proposals[key]; ok {
		return p, nil
	}
	f, err := fairLocked(a, b, turns, opts)
	if err != nil {
		return proposal{}, err
	}
	req := sa.AdviceRequest{
		A: a, B: b, Victories: tableRows(f.ASpy.Victory, f.ASpy.Victory),
		Games: adviceRound, Turns: turns, Options: opts, Tables: &sa.AdviceTables{},
	}
	var total sa.Advice
	for round := range proposalRounds {
		req.Seed = uint64(round + 1)
		adv, err := sa.Advise(req)
		if err != nil {
			return proposal{}, err
		}
		total = mergeAdvice(total, adv)
	}
	p := proposal{fair: fairView(total.Rows, f.ASpy, func(r sa.AdviceRow) sa.Estimate { return r.ASpy }), games: f.Games + total.Games}
	if len(fairCache.proposals) >= fairCacheSize {
		clear(fairCache.proposals)
	}
	fairCache.proposals[key] = p
	return p, nil
}

// advicePlayer is a name's rates: typed in over the record, the record
// over the default.
func advicePlayer(name, typed string, games []play.PlayerGame) (saview.AdvicePlayer, error) {
	pl := saview.AdvicePlayer{Name: name, Rates: sa.DefaultRates(), Source: "default: no games on this phone yet"}
	ps, err := playerGames(name, games)
	if err != nil {
		return pl, err
	}
	var at []sa.Attempt
	for _, p := range ps {
		at = append(at, p.attempts...)
	}
	if len(at) > 0 {
		pl.Rates = sa.RatesOf(at, name, sa.DefaultRates())
		pl.Source = "from " + counted(len(at), "shot", "shots") + " in " + counted(len(ps), "game", "games")
	}
	if strings.TrimSpace(typed) != "" {
		r, err := sa.ParseRates(typed, pl.Rates)
		if err != nil {
			return pl, err
		}
		pl.Rates, pl.Source = r, "typed in ("+pl.Source+" for the rest)"
	}
	return pl, nil
}

// mergeAdvice adds round b to the table so far; both rounds have the same
// rows.
func mergeAdvice(a, b sa.Advice) sa.Advice {
	if len(a.Rows) == 0 {
		return b
	}
	for i := range a.Rows {
		a.Rows[i].ASpy = mergeEstimate(a.Rows[i].ASpy, b.Rows[i].ASpy)
		a.Rows[i].BSpy = mergeEstimate(a.Rows[i].BSpy, b.Rows[i].BSpy)
	}
	a.Games += b.Games
	return a
}

func mergeEstimate(a, b sa.Estimate) sa.Estimate {
	e := sa.Estimate{Games: a.Games + b.Games, SpyWins: a.SpyWins + b.SpyWins, Unfinished: a.Unfinished + b.Unfinished}
	e.SpyWin = float64(e.SpyWins) / float64(e.Games)
	e.Low, e.High = sa.Wilson(e.SpyWins, e.Games)
	e.Margin = (e.High - e.Low) / 2
	e.AvgPoints = (a.AvgPoints*float64(a.Games) + b.AvgPoints*float64(b.Games)) / float64(e.Games)
	return e
}

// counted is a count with its noun: "1 shot", "12 shots".
func counted(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
