package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/grimoire-games/grimoire/rules/record"
	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
	"github.com/grimoire-games/grimoire/store"
)

// What the reliability suite proves against the real binary (see
// docs/reliability.md for the promises and the figures):
//   - kill -9 at random moments of concurrent play and imports loses no
//     acknowledged write, applies none twice, keeps them in order, stores at
//     most the one write in flight beyond them, and never leaves a game half
//     imported;
//   - the same tap sent two or three times at once is applied once;
//   - two phones taking one seat at once: one wins, the other hears 409.

// entry is a write as the phone that made it knows it.
type entry struct {
	undo   bool
	action json.RawMessage
}

func (e entry) String() string {
	if e.undo {
		return "undo"
	}
	return string(e.action)
}

// inForce is what a record of these entries holds: each undo takes back the
// latest action still in force.
func inForce(es []entry) []json.RawMessage {
	var out []json.RawMessage
	for _, e := range es {
		if e.undo {
			out = out[:len(out)-1]
		} else {
			out = append(out, e.action)
		}
	}
	return out
}

// sameLog says whether the stored log is exactly these entries.
func sameLog(log []store.Entry, es []entry) bool {
	if len(log) != len(es) {
		return false
	}
	for i, e := range es {
		if (log[i].Kind == store.KindUndo) != e.undo {
			return false
		}
		if !e.undo && compact(log[i].Action) != compact(e.action) {
			return false
		}
	}
	return true
}

// saForm is the form a screen's button posts for a Spells & Arrows action.
func saForm(a sa.Action) url.Values {
	f := url.Values{"type": {a.Type}}
	switch a.Type {
	case sa.TypeSpyShot, sa.TypeArrow, sa.TypeSpellShot, sa.TypeLeap:
		f.Set("made", map[bool]string{true: "1", false: "0"}[a.Made])
	}
	for k, v := range map[string]string{"to": a.To, "from": a.From, "at": a.At, "span": a.Span} {
		if v != "" {
			f.Set(k, v)
		}
	}
	if a.Card != 0 {
		f.Set("card", strconv.Itoa(a.Card))
	}
	if a.Cut != 0 {
		f.Set("cut", strconv.Itoa(a.Cut))
	}
	return f
}

// scorer is a phone keeping score of Spells & Arrows games: it plays random
// legal taps (and now and then an undo) and remembers every write the
// server acknowledged, and the one it sent without hearing back.
type scorer struct {
	p      *phone
	r      *rand.Rand
	games  []*scored
	acked  int
	failed []string // answers that were neither an acknowledgement nor a cut connection
}

type scored struct {
	id       string
	rec      record.Record // setup and seed, from the game's first export
	acked    []entry
	inflight *entry
	form     url.Values // the in-flight write's form, resent after the restart
	path     string
}

func (s *scorer) newGame() error {
	id, err := s.p.create("spells-arrows", url.Values{"spy": {"Ana"}, "mage": {"Ben"}, "victory": {"12"}, "turns": {"5"}})
	if err != nil {
		return err
	}
	rec, err := s.p.export(id)
	if err != nil {
		return err
	}
	s.games = append(s.games, &scored{id: id, rec: rec})
	return nil
}

// next picks the next write on the current game: an undo one time in ten,
// otherwise a random legal action.
func (s *scorer) next(g *scored) (entry, string, url.Values, bool, error) {
	in := inForce(g.acked)
	v := url.Values{"v": {strconv.Itoa(len(g.acked))}}
	if len(in) > 0 && s.r.IntN(10) == 0 {
		return entry{undo: true}, "/g/" + g.id + "/undo", v, false, nil
	}
	rec := g.rec
	rec.Actions = in
	st, err := sa.Replay(rec)
	if err != nil {
		return entry{}, "", nil, false, fmt.Errorf("replay %s: %w", g.id, err)
	}
	if st.Over() {
		return entry{}, "", nil, true, nil
	}
	a := sa.RandomLegal(st, s.r)
	raw, err := json.Marshal(a)
	if err != nil {
		return entry{}, "", nil, false, err
	}
	for k, vs := range saForm(a) {
		v[k] = vs
	}
	return entry{action: raw}, "/g/" + g.id + "/act", v, false, nil
}

// play taps until the server stops answering (or stop closes); a tap whose
// answer never came stays in flight.
func (s *scorer) play(stop <-chan struct{}) {
	for {
		select {
		case <-stop:
			return
		default:
		}
		if len(s.games) == 0 {
			if s.newGame() != nil {
				return
			}
		}
		g := s.games[len(s.games)-1]
		e, path, form, over, err := s.next(g)
		if err != nil {
			s.failed = append(s.failed, err.Error())
			return
		}
		if over {
			if s.newGame() != nil {
				return
			}
			continue
		}
		res, err := s.p.post(path, form, true)
		if err != nil {
			g.inflight, g.form, g.path = &e, form, path
			return
		}
		if res.Status != http.StatusOK {
			s.failed = append(s.failed, fmt.Sprintf("%s %v: %d %.200s", path, form, res.Status, res.Body))
			return
		}
		g.acked = append(g.acked, e)
		s.acked++
	}
}

// importer imports one long game again and again, each time under a seed
// of its own: a phone that holds a game is offered it rather than given a
// second copy, so each import must be another game.
type importer struct {
	p        *phone
	rec      record.Record
	sent     int // imports sent, for the next seed
	acked    []string
	inflight int
	failed   []string
}

func (im *importer) run(stop <-chan struct{}) {
	for {
		select {
		case <-stop:
			return
		default:
		}
		rec := im.rec
		rec.Seed += int64(im.sent)
		im.sent++
		raw, err := json.Marshal(rec)
		if err != nil {
			im.failed = append(im.failed, fmt.Sprintf("encode record: %v", err))
			return
		}
		res, err := im.p.post("/import", url.Values{"json": {string(raw)}}, false)
		if err != nil {
			im.inflight++
			return
		}
		loc := res.Header.Get("Location")
		if res.Status != http.StatusSeeOther || !strings.HasPrefix(loc, "/g/") {
			im.failed = append(im.failed, fmt.Sprintf("import: %d %q %.200s", res.Status, loc, res.Body))
			return
		}
		im.acked = append(im.acked, strings.TrimPrefix(loc, "/g/"))
		// A pause between imports, as people make them: the phones' taps
		// share the one writer, and the suite is about both.
		time.Sleep(100 * time.Millisecond)
	}
}

// longRecord is a Spells & Arrows record of a few hundred legal actions
// (random play at a high Victory Number), the size of a long real game.
func longRecord(t *testing.T, n int) record.Record {
	t.Helper()
	setup := sa.Setup{Victory: 200, Spy: "Long Spy", Mage: "Long Mage", Turns: sa.MaxTurns}
	for seed := int64(1); seed < 200; seed++ {
		st, err := sa.New(setup, seed)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(seed), 7))
		var actions []sa.Action
		for len(actions) < n && !st.Over() {
			a := sa.RandomLegal(st, r)
			if st, err = sa.Apply(st, a); err != nil {
				t.Fatal(err)
			}
			actions = append(actions, a)
		}
		if len(actions) < n {
			continue
		}
		rec, err := sa.NewRecord(setup, seed, actions)
		if err != nil {
			t.Fatal(err)
		}
		return rec
	}
	t.Fatalf("no random game reached %d actions", n)
	return record.Record{}
}

// killFigures are what the kill test counts, printed for docs/reliability.md.
type killFigures struct {
	kills, acked, inflight, inflightStored, resent int
	imports, importsInFlight, importsStored        int
	lost, doubled, halfImported                    int
}

func TestReliabilityKillDuringPlayAndImports(t *testing.T) {
	kills := 12
	if testing.Short() {
		kills = 10
	}
	srv := startServer(t)
	rec := longRecord(t, 300)
	seed := uint64(time.Now().UnixNano())
	r := rand.New(rand.NewPCG(seed, 12))
	t.Logf("kill moments drawn from seed %d; the import is a record of %d actions", seed, len(rec.Actions))

	scorers := make([]*scorer, 4)
	for i := range scorers {
		scorers[i] = &scorer{p: srv.phone(), r: rand.New(rand.NewPCG(uint64(i), 99))}
	}
	importers := make([]*importer, 2)
	for i := range importers {
		importers[i] = &importer{p: srv.phone(), rec: rec}
	}
	var fig killFigures
	half := map[string]bool{} // half-imported games, each reported once

	// check reads the stopped server's store: every acknowledged write is
	// there once and in order, beyond them at most the write in flight,
	// and every game an importer holds is its whole record.
	check := func(final bool) {
		t.Helper()
		st := srv.openStore()
		defer st.Close()
		for i, s := range scorers {
			for _, g := range s.games {
				log := storedLog(t, st, g.id)
				switch {
				case sameLog(log, g.acked):
					if g.inflight != nil && final {
						t.Errorf("phone %d game %s: the resent write %v is missing", i, g.id, g.inflight)
						fig.lost++
					}
				case g.inflight != nil && sameLog(log, append(append([]entry{}, g.acked...), *g.inflight)):
					fig.inflightStored++
				default:
					fig.lost++
					t.Errorf("phone %d game %s: stored log of %d entries is not the %d acknowledged writes (+ %v in flight)", i, g.id, len(log), len(g.acked), g.inflight)
				}
			}
		}
		for i, im := range importers {
			games, err := st.Games(context.Background(), im.p.device(t))
			if err != nil {
				t.Fatal(err)
			}
			listed := map[string]bool{}
			for _, g := range games {
				listed[g.ID] = true
				log := storedLog(t, st, g.ID)
				if (len(log) != g.Version || !sameActions(store.Actions(log), rec.Actions)) && !half[g.ID] {
					half[g.ID] = true
					fig.halfImported++
					t.Errorf("importer %d: game %s holds %d of the record's %d actions (version %d)", i, g.ID, len(log), len(rec.Actions), g.Version)
				}
			}
			for _, id := range im.acked {
				if !listed[id] {
					fig.lost++
					t.Errorf("importer %d: acknowledged import %s is gone", i, id)
				}
			}
			if len(games) > len(im.acked)+im.inflight {
				t.Errorf("importer %d: %d games stored for %d acknowledged and %d in flight", i, len(games), len(im.acked), im.inflight)
			}
			if final {
				fig.importsStored += len(games)
			}
		}
	}

	for k := 0; k < kills; k++ {
		stop := make(chan struct{})
		var wg sync.WaitGroup
		for _, s := range scorers {
			wg.Go(func() { s.play(stop) })
		}
		for _, im := range importers {
			wg.Go(func() { im.run(stop) })
		}
		time.Sleep(time.Duration(150+r.IntN(550)) * time.Millisecond)
		srv.kill()
		fig.kills++
		wg.Wait()
		close(stop)
		for _, s := range scorers {
			for _, f := range s.failed {
				t.Errorf("a write got a wrong answer: %s", f)
			}
			s.failed = nil
		}
		for _, im := range importers {
			for _, f := range im.failed {
				t.Errorf("an import got a wrong answer: %s", f)
			}
			im.failed = nil
		}
		lostBefore := fig.lost
		check(false)
		if fig.lost > lostBefore {
			// The phones' picture of their games is wrong from here on.
			t.FailNow()
		}
		srv.start()
		// The phone sends again what it never heard back about, as the
		// offline outbox does: the same tap on the same version, which must
		// be taken once whether or not the first one was stored.
		for i, s := range scorers {
			for _, g := range s.games {
				if g.inflight == nil {
					continue
				}
				fig.inflight++
				res, err := s.p.post(g.path, g.form, true)
				if err != nil || res.Status != http.StatusOK {
					t.Fatalf("phone %d: resending %v after the restart: %v %d %.200s", i, g.inflight, err, res.Status, res.Body)
				}
				g.acked = append(g.acked, *g.inflight)
				g.inflight, g.form = nil, nil
				fig.resent++
			}
		}
	}
	srv.kill()
	check(true)
	for _, s := range scorers {
		fig.acked += s.acked
	}
	fig.acked += fig.resent
	for _, im := range importers {
		fig.imports += len(im.acked)
		fig.importsInFlight += im.inflight
	}
	if fig.acked < 100 {
		t.Errorf("only %d acknowledged taps over %d kills: too few to prove anything", fig.acked, fig.kills)
	}
	t.Logf("kills %d, acknowledged taps %d, taps unanswered at a kill %d (stored before it %d; all resent after the restart and taken once), lost %d, double-applied %d",
		fig.kills, fig.acked, fig.inflight, fig.inflightStored, fig.lost, fig.doubled)
	t.Logf("imports of a %d-action record: acknowledged %d, in flight at a kill %d, games stored %d, half imported %d",
		len(rec.Actions), fig.imports, fig.importsInFlight, fig.importsStored, fig.halfImported)
}

// The same tap sent two or three times at once (a finger bouncing on a
// slow network) is applied once, and every copy gets the current screen.
func TestReliabilityDuplicateTaps(t *testing.T) {
	rounds := 25
	if testing.Short() {
		rounds = 15
	}
	srv := startServer(t)
	scorers := make([]*scorer, 3)
	for i := range scorers {
		scorers[i] = &scorer{p: srv.phone(), r: rand.New(rand.NewPCG(uint64(i), 3))}
		if err := scorers[i].newGame(); err != nil {
			t.Fatal(err)
		}
	}
	var mu sync.Mutex
	sent, taps, notOK := 0, 0, map[int]int{}
	var wg sync.WaitGroup
	for _, s := range scorers {
		wg.Go(func() {
			for n := 0; n < rounds; n++ {
				g := s.games[len(s.games)-1]
				e, path, form, over, err := s.next(g)
				if err != nil {
					t.Error(err)
					return
				}
				if over {
					if err := s.newGame(); err != nil {
						t.Error(err)
						return
					}
					continue
				}
				copies := 2 + s.r.IntN(2)
				var cw sync.WaitGroup
				codes := make([]int, copies)
				for c := range copies {
					cw.Go(func() {
						res, err := s.p.post(path, form, true)
						if err != nil {
							t.Errorf("copy %d of %s: %v", c, path, err)
						}
						codes[c] = res.Status
					})
				}
				cw.Wait()
				mu.Lock()
				sent += copies
				taps++
				for _, code := range codes {
					if code != http.StatusOK {
						notOK[code]++
					}
				}
				mu.Unlock()
				g.acked = append(g.acked, e)
			}
		})
	}
	wg.Wait()
	srv.kill()
	st := srv.openStore()
	defer st.Close()
	doubled := 0
	for i, s := range scorers {
		for _, g := range s.games {
			log := storedLog(t, st, g.id)
			if !sameLog(log, g.acked) {
				doubled++
				t.Errorf("phone %d game %s: %d entries stored for %d distinct taps", i, g.id, len(log), len(g.acked))
			}
		}
	}
	if len(notOK) > 0 {
		t.Errorf("copies of a tap answered other than 200: %v (status: count)", notOK)
	}
	t.Logf("taps %d sent as %d copies at once: games with a tap applied twice %d, answers other than 200 %v", taps, sent, doubled, notOK)
}

// Two phones open one join link at the same moment: one holds the seat,
// the other is told in words (409) that it is taken.
func TestReliabilitySeatRace(t *testing.T) {
	games := 8
	if testing.Short() {
		games = 4
	}
	srv := startServer(t)
	host := srv.phone()
	won, refused := 0, 0
	for n := 0; n < games; n++ {
		id, err := host.create("mages-tower", url.Values{"general": {"Ana"}, "mage": {"Ben"}, "mode": {"two"}, "myside": {"general"}})
		if err != nil {
			t.Fatal(err)
		}
		links, err := host.joinLinks(id)
		if err != nil || len(links) != 1 {
			t.Fatalf("game %s: join links %v (%v), want the Mage's", id, links, err)
		}
		a, b := srv.phone(), srv.phone()
		// Both phones have their page first: the race is the POSTs.
		var ans [2]answer
		var errs [2]error
		var forms [2]string
		for i, p := range []*phone{a, b} {
			res, err := p.get(links[0])
			if err != nil {
				t.Fatal(err)
			}
			if forms[i], err = seatForm(res); err != nil {
				t.Fatalf("game %s: %v", id, err)
			}
		}
		var wg sync.WaitGroup
		for i, p := range []*phone{a, b} {
			wg.Go(func() { ans[i], errs[i] = p.post(forms[i], url.Values{}, false) })
		}
		wg.Wait()
		winners := 0
		for i := range ans {
			if errs[i] != nil {
				t.Fatalf("game %s: phone %d: %v", id, i, errs[i])
			}
			switch ans[i].Status {
			case http.StatusSeeOther:
				winners++
				if loc := ans[i].Header.Get("Location"); loc != "/g/"+id {
					t.Errorf("game %s: the winner is sent to %q", id, loc)
				}
			case http.StatusConflict:
				refused++
				if !strings.Contains(ans[i].Body, "taken") {
					t.Errorf("game %s: the 409 does not say the seat is taken: %.300s", id, ans[i].Body)
				}
			default:
				t.Errorf("game %s: phone %d got %d: %.200s", id, i, ans[i].Status, ans[i].Body)
			}
		}
		if winners != 1 {
			t.Errorf("game %s: %d phones hold the seat, want exactly 1", id, winners)
		}
		won += winners
	}
	t.Logf("seat races %d: won %d, refused with 409 %d", games, won, refused)
}
