package handlers_test

import (
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/rules/record"
	sc "github.com/grimoire-games/grimoire/rules/scribes"
	tw "github.com/grimoire-games/grimoire/rules/tower"
)

// benchClient is one phone of an in-process app for benchmarks: cookies,
// the CSRF header, and htmx's header on the taps. With delta it asks for
// the record's change instead of the whole record (X-Grimoire-Record), as
// the page does once it holds the record (static/offline.js).
type benchClient struct {
	tb    testing.TB
	delta bool
	c     *http.Client
	jar   *cookiejar.Jar
	base  *url.URL
}

func newBenchClient(tb testing.TB) *benchClient {
	h, _ := newHandler(tb)
	jar, _ := cookiejar.New(nil)
	base, _ := url.Parse("http://grimoire.test/")
	c := &http.Client{Transport: inProcess{h}, Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	return &benchClient{tb: tb, c: c, jar: jar, base: base}
}

func (p *benchClient) send(method, path string, form url.Values, htmx bool) (*http.Response, []byte) {
	req, _ := http.NewRequest(method, p.base.String()+strings.TrimPrefix(path, "/"), strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	for _, k := range p.jar.Cookies(p.base) {
		if k.Name == "grimoire_csrf" {
			req.Header.Set("X-CSRF-Token", k.Value)
		}
	}
	if htmx {
		req.Header.Set("HX-Request", "true")
		if p.delta {
			req.Header.Set("X-Grimoire-Record", "delta")
		}
	}
	res, err := p.c.Do(req)
	if err != nil {
		p.tb.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	return res, body
}

// importGame imports a record and returns the game's path (/g/ID). An
// imported game is played on one phone by people only.
func (p *benchClient) importGame(rec record.Record) string {
	data, err := json.Marshal(rec)
	if err != nil {
		p.tb.Fatal(err)
	}
	p.send(http.MethodGet, "/import", nil, false)
	res, body := p.send(http.MethodPost, "/import", url.Values{"json": {string(data)}}, false)
	loc := res.Header.Get("Location")
	if res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc, "/g/") {
		p.tb.Fatalf("import: status %d %s\n%.300s", res.StatusCode, loc, body)
	}
	return loc
}

// benchName is BenchmarkTap's name of a run: at-action-N, -delta when the
// phone asks for the record's change.
func benchName(n int, delta bool) string {
	name := fmt.Sprintf("at-action-%d", n)
	if delta {
		name += "-delta"
	}
	return name
}

// towerBotGame is the longest of a few games of two random bots: a Mage's
// Tower game is short (the thumbs only move down the card), so its longest
// is what a long game is.
func towerBotGame(tb testing.TB) (tw.Setup, int64, []tw.Action) {
	var best []tw.Action
	var bestSetup tw.Setup
	var bestSeed int64
	for seed := int64(1); seed <= 40; seed++ {
		st, err := tw.New(tw.Setup{General: "Ana", Mage: "Ben"}, seed)
		if err != nil {
			tb.Fatal(err)
		}
		setup := st.Setup()
		r := rand.New(rand.NewPCG(uint64(seed), 1))
		var acts []tw.Action
		for !st.Over() {
			a, err := tw.Bots()["random"](st.ToPlay()).Choose(st, r)
			if err != nil {
				tb.Fatal(err)
			}
			if st, err = tw.Apply(st, a); err != nil {
				tb.Fatal(err)
			}
			acts = append(acts, a)
		}
		if len(acts) > len(best) {
			best, bestSetup, bestSeed = acts, setup, seed
		}
	}
	return bestSetup, bestSeed, best
}

// towerForm is an action as the table's form posts it (play/tower reads
// it back with actionFromForm).
func towerForm(a tw.Action) url.Values {
	f := url.Values{"type": {string(a.Type)}}
	if len(a.Coins) > 0 {
		f["coins"] = a.Coins
	}
	if a.Coin != "" {
		f.Set("coin", a.Coin)
	}
	switch a.Type {
	case tw.Advance:
		f.Set("zone", strconv.Itoa(a.Zone))
	case tw.Cast:
		f.Set("damageRow", strconv.Itoa(a.DamageRow))
		f.Set("spellRow", strconv.Itoa(a.SpellRow))
		if a.Zone != 0 {
			f.Set("zone", strconv.Itoa(a.Zone))
		}
		if a.Side != "" {
			f.Set("side", a.Side)
		}
		var hits []string
		for _, h := range a.Hits {
			hits = append(hits, fmt.Sprintf("%s:%d", h.Coin, h.Damage))
		}
		if len(hits) > 0 {
			f.Set("hits", strings.Join(hits, ","))
		}
	}
	return f
}

// BenchmarkTapTower is one tap on a Mage's Tower game through the whole
// app, at the game's start and near the end of a long game. A game ends
// soon, so it cannot grow by b.N taps: after each tap (timed) an undo (not
// timed) takes it back, and the next tap is made at the same length.
// Run with a fixed count: -benchtime 200x.
func BenchmarkTapTower(b *testing.B) {
	setup, seed, acts := towerBotGame(b)
	rawSetup, err := json.Marshal(setup)
	if err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct {
		n     int
		delta bool
	}{{2, false}, {len(acts) - 2, false}, {2, true}, {len(acts) - 2, true}} {
		n := bc.n
		b.Run(benchName(n, bc.delta), func(b *testing.B) {
			p := newBenchClient(b)
			p.delta = bc.delta
			rec := record.Record{Game: record.MagesTower, Version: record.FormatVersion, Seed: seed, Setup: rawSetup}
			for _, a := range acts[:n] {
				raw, err := json.Marshal(a)
				if err != nil {
					b.Fatal(err)
				}
				rec.Actions = append(rec.Actions, raw)
			}
			loc := p.importGame(rec)
			form := towerForm(acts[n])
			v, bytes := n, 0
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				form.Set("v", strconv.Itoa(v))
				res, body := p.send(http.MethodPost, loc+"/act", form, true)
				if res.StatusCode != http.StatusOK {
					b.Fatalf("tap %v: status %d\n%.300s", form, res.StatusCode, body)
				}
				bytes += len(body) + len(res.Header.Get("X-Grimoire-Record-Delta"))
				b.StopTimer()
				res, body = p.send(http.MethodPost, loc+"/undo", url.Values{"v": {strconv.Itoa(v + 1)}}, true)
				if res.StatusCode != http.StatusOK {
					b.Fatalf("undo: status %d\n%.300s", res.StatusCode, body)
				}
				v += 2
				b.StartTimer()
			}
			b.ReportMetric(float64(bytes)/float64(b.N), "answer-B/op")
		})
	}
}

// scribesDawdle is a long legal game of The Arcane Scribes: its players
// mostly trade oinks with the supply instead of scribing, the way a game
// drags past thousands of actions.
func scribesDawdle(tb testing.TB, n int) (sc.Setup, int64, []sc.Action) {
	setup := sc.Setup{Players: []string{"Mia", "Ben", "Cy"}}
	const seed = 7
	st, err := sc.New(setup, seed)
	if err != nil {
		tb.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 7))
	var acts []sc.Action
	for len(acts) < n {
		c := sc.Legal(st)
		pick := c.Actions
		switch {
		case len(c.Exchanges) > 0 && r.IntN(20) != 0:
			pick = c.Exchanges
		case len(c.Takes) > 0 && r.IntN(3) != 0:
			pick = c.Takes
		}
		if st.Over() || len(pick) == 0 {
			tb.Fatalf("the dawdling game stopped at action %d", len(acts))
		}
		a := pick[r.IntN(len(pick))]
		if st, err = sc.Apply(st, a); err != nil {
			tb.Fatal(err)
		}
		acts = append(acts, a)
	}
	return setup, seed, acts
}

// BenchmarkTapScribes is one tap on an Arcane Scribes game through the
// whole app, on a game already n actions long; the game grows by one action
// per tap. The record has 1,000 actions more than n to tap: run with
// -benchtime 300x (at most 1000x).
func BenchmarkTapScribes(b *testing.B) {
	const room = 1000
	setup, seed, acts := scribesDawdle(b, 3000+room)
	rawSetup, err := json.Marshal(setup)
	if err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct {
		n     int
		delta bool
	}{{10, false}, {3000, false}, {10, true}, {3000, true}} {
		n := bc.n
		b.Run(benchName(n, bc.delta), func(b *testing.B) {
			p := newBenchClient(b)
			p.delta = bc.delta
			rec := record.Record{Game: record.ArcaneScribes, Version: record.FormatVersion, Seed: seed, Setup: rawSetup}
			raws := make([]json.RawMessage, len(acts))
			for i, a := range acts {
				if raws[i], err = json.Marshal(a); err != nil {
					b.Fatal(err)
				}
			}
			rec.Actions = raws[:n]
			loc := p.importGame(rec)
			v, bytes := n, 0
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				if v == n+room {
					b.Fatalf("the record has %d taps to make; run with -benchtime %dx or less", room, room)
				}
				res, body := p.send(http.MethodPost, loc+"/act", url.Values{"v": {strconv.Itoa(v)}, "action": {string(raws[v])}}, true)
				if res.StatusCode != http.StatusOK {
					b.Fatalf("tap %d: status %d\n%.300s", v, res.StatusCode, body)
				}
				bytes += len(body) + len(res.Header.Get("X-Grimoire-Record-Delta"))
				v++
			}
			b.ReportMetric(float64(bytes)/float64(b.N), "answer-B/op")
		})
	}
}
