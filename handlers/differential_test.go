package handlers_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/handlers"
	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/rules/record"
	sc "github.com/grimoire-games/grimoire/rules/scribes"
	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
	tw "github.com/grimoire-games/grimoire/rules/tower"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/store/sqlite"
)

// One truth on every screen: a server keeps each game's state between
// requests and draws screens and judges taps from it, so that state must be
// the replay of the stored record at every moment, whatever the bots do on
// it. These games are played through the real handlers, people's taps
// picked among the legal moves of the record's own replay and bots moving
// between them, and after every stored action:
//   - the kept state is the cold replay of the stored record (the cache
//     read back, besides the check every write makes in every test);
//   - every phone's screen and the spectator's, drawn by the warm server,
//     are the screens a server with an empty cache draws from the store;
//   - the stored record replays to the end (play.Kind.Replay).
//
// The Archmage of The Arcane Scribes once wrote its guesses of the hidden
// cards into the kept state: screens showed cards the record does not hold,
// and taps legal only on that drawn state were stored, so the record no
// longer replayed.

// diffGame is one game of the differential test: how to start it, how many
// phones hold its seats, and, on the record as stored, the next tap for a
// person and the phone that makes it, or that a bot is to move.
type diffGame struct {
	name, kind string
	form       url.Values
	// joined are the seats (besides the host's) taken by phones of their
	// own through their join links; empty for a game on one phone.
	joined int
	next   func(t *testing.T, rec record.Record, r *rand.Rand) (tap url.Values, phone int, bot, over bool)
}

// diffMaxActions caps each game: enough for reserves, refills and scribes
// in The Arcane Scribes and for several casts in Mage's Tower.
const diffMaxActions = 36

func TestScreensAndCacheAgreeWithTheRecord(t *testing.T) {
	var games []diffGame
	games = append(games, diffGame{
		name: "spells-arrows", kind: record.SpellsArrows,
		form: url.Values{"spy": {"Ana"}, "mage": {"Ben"}, "victory": {"12"}, "turns": {"5"}},
		next: saNext,
	})
	for _, l := range sc.Levels() {
		for seats := 2; seats <= 4; seats++ {
			f := url.Values{"mode": {"one"}, "name0": {"Ivy"}}
			for i := 1; i < seats; i++ {
				f.Set("kind"+strconv.Itoa(i), l.ID)
			}
			games = append(games, diffGame{
				name: fmt.Sprintf("arcane-scribes/one-phone/%d-seats/%s", seats, l.ID), kind: record.ArcaneScribes,
				form: f, next: scNext(false),
			})
		}
		// Two people on phones of their own and the bot.
		games = append(games, diffGame{
			name: "arcane-scribes/phones/3-seats/" + l.ID, kind: record.ArcaneScribes,
			form:   url.Values{"mode": {"phones"}, "name0": {"Ivy"}, "name1": {"Bo"}, "kind2": {l.ID}},
			joined: 1, next: scNext(true),
		})
	}
	// The game of the report: a person, an Archmage and an Adept.
	games = append(games, diffGame{
		name: "arcane-scribes/one-phone/person-archmage-adept", kind: record.ArcaneScribes,
		form: url.Values{"mode": {"one"}, "name0": {"Ivy"}, "kind1": {"search"}, "kind2": {"greedy"}},
		next: scNext(false),
	})
	for _, l := range tw.Levels() {
		for _, botSide := range []tw.Side{tw.Mage, tw.General} {
			f := url.Values{"general": {"Ana"}, "mage": {"Ben"}, "generalPlayer": {"person"}, "magePlayer": {"person"}, "mode": {"one"}}
			if botSide == tw.Mage {
				f.Set("magePlayer", l.ID)
			} else {
				f.Set("generalPlayer", l.ID)
			}
			games = append(games, diffGame{
				name: "mages-tower/bot-" + strings.ToLower(botSide.Title()) + "/" + l.ID, kind: record.MagesTower,
				form: f, next: twNext(botSide),
			})
		}
	}
	for i, g := range games {
		t.Run(g.name, func(t *testing.T) { screensAgree(t, g, uint64(i+1)) })
	}
}

var joinLink = regexp.MustCompile(`href="(/join/[^"]+)"`)

func screensAgree(t *testing.T, g diffGame, seed uint64) {
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "grimoire.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	keys := sessionKeys(t)
	h, err := handlers.New(handlers.Config{Store: st, Games: testGames(), SessionKeys: keys})
	if err != nil {
		t.Fatal(err)
	}
	checkKept(t, h)
	warm := &testApp{t: t, Store: st, Handler: h.Echo()}
	host := warm.phone()
	id := host.newGame(g.kind, g.form)
	phones := []*client{host}
	for range g.joined {
		page := host.get("/g/"+id, nil)
		m := joinLink.FindStringSubmatch(page.Body)
		if m == nil {
			t.Fatalf("no join link on the host's page")
		}
		p := warm.phone()
		p.get(m[1], nil)
		if res := p.post(m[1], url.Values{}, nil); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("take the seat: status %d", res.StatusCode)
		}
		phones = append(phones, p)
	}
	kind, ok := play.Find(testGames(), g.kind)
	if !ok {
		t.Fatalf("no kind %s", g.kind)
	}
	recordOf := func() record.Record {
		gm := warm.game(id)
		return record.Record{Game: gm.Kind, Version: record.FormatVersion, Seed: gm.Seed, Setup: gm.Setup, Actions: store.Actions(warm.log(id))}
	}
	spectator := warm.phone()
	r := rand.New(rand.NewPCG(seed, 28))
	kept := 0
	limit := diffMaxActions
	if testing.Short() {
		limit = diffMaxActions / 2
	}
	for step := 0; step < limit; step++ {
		tap, phone, bot, over := g.next(t, recordOf(), r)
		if over {
			break
		}
		v := warm.game(id).Version
		path, form, by := "/g/"+id+"/act", url.Values{"v": {strconv.Itoa(v)}}, phones[phone]
		if bot {
			path, by = "/g/"+id+"/bot", host
		}
		for k, x := range tap {
			form[k] = x
		}
		name := fmt.Sprintf("action %d (%s %v)", v+1, path, tap)
		if res := by.post(path, form, htmx); res.StatusCode != http.StatusOK {
			t.Fatalf("%s: status %d\n%.400s", name, res.StatusCode, res.Body)
		}
		if got := warm.game(id).Version; got != v+1 {
			t.Fatalf("%s: the store is at version %d, want %d", name, got, v+1)
		}

		// The record as stored replays to its end.
		if _, err := kind.Replay(recordOf()); err != nil {
			t.Fatalf("%s: the stored record does not replay: %v", name, err)
		}
		// The kept state is the record's replay.
		has, err := handlers.KeptStateIsTheReplay(h, id)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if has {
			kept++
		}
		// Every screen is the one a server with nothing cached draws.
		cold := appOn(t, st, keys)
		ver := warm.game(id).Version
		watch := "/watch/" + warm.game(id).SpectatorToken
		type view struct {
			who        string
			warm, cold *client
			path       string
		}
		var views []view
		for i, p := range phones {
			c := cold.phone()
			c.http.Jar = p.http.Jar
			views = append(views, view{"phone " + strconv.Itoa(i), p, c, "/g/" + id})
		}
		cs := cold.phone()
		cs.http.Jar = spectator.http.Jar
		views = append(views, view{"the spectator", spectator, cs, watch})
		for _, vw := range views {
			for _, get := range []struct {
				what string
				path string
				h    hdr
			}{
				{"the whole page", vw.path, nil},
				{"the refresh from the version before", vw.path + "?v=" + strconv.Itoa(ver-1), htmx},
			} {
				w, c := vw.warm.get(get.path, get.h), vw.cold.get(get.path, get.h)
				if w.StatusCode != c.StatusCode || withoutRecap(w.Body) != withoutRecap(c.Body) {
					t.Fatalf("%s: %s of %s differs from the record's (status %d, %d)\n%s", name, get.what, vw.who, w.StatusCode, c.StatusCode, firstDifference(w.Body, c.Body))
				}
			}
		}
	}
	if n := len(recordOf().Actions); n < 8 {
		t.Fatalf("only %d actions stored: the game played too little to test", n)
	}
	if kept == 0 {
		t.Fatalf("the cache never kept a state to compare")
	}
}

// firstDifference shows where two bodies part.
func firstDifference(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(i-200, 0)
	return fmt.Sprintf("warm: …%.400s\ncold: …%.400s", a[from:], b[from:])
}

func saNext(t *testing.T, rec record.Record, r *rand.Rand) (url.Values, int, bool, bool) {
	st, err := sa.Replay(rec)
	if err != nil {
		t.Fatal(err)
	}
	if st.Over() {
		return nil, 0, false, true
	}
	a := sa.RandomLegal(st, r)
	if a.Type == sa.TypeLeap {
		a = sa.Leap(false, "", "") // a make needs a giant and a span
	}
	return saForm(a), 0, false, false
}

// saForm is an action as the court's buttons post it.
func saForm(a sa.Action) url.Values {
	f := url.Values{"type": {a.Type}}
	switch a.Type {
	case sa.TypeSpyShot, sa.TypeArrow, sa.TypeSpellShot, sa.TypeLeap:
		if a.Made {
			f.Set("made", "1")
		} else {
			f.Set("made", "0")
		}
	}
	for k, x := range map[string]string{"to": a.To, "from": a.From, "at": a.At, "span": a.Span} {
		if x != "" {
			f.Set(k, x)
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

// scNext picks a legal action of the replayed record for the person who
// decides (reserving often, so hidden cards are in play), on the phone of
// that seat when the people play on phones of their own.
func scNext(phones bool) func(t *testing.T, rec record.Record, r *rand.Rand) (url.Values, int, bool, bool) {
	return func(t *testing.T, rec record.Record, r *rand.Rand) (url.Values, int, bool, bool) {
		st, err := sc.Replay(rec)
		if err != nil {
			t.Fatal(err)
		}
		setup, err := sc.ParseSetup(rec.Setup)
		if err != nil {
			t.Fatal(err)
		}
		d := st.Decider()
		switch {
		case st.Over():
			return nil, 0, false, true
		case d < len(setup.Bots) && setup.Bots[d] != "":
			return nil, 0, true, false
		}
		c := sc.Legal(st)
		a := c.Actions[r.IntN(len(c.Actions))]
		for _, b := range c.Actions {
			if (b.Type == sc.ActReserve || b.Type == sc.ActScribe) && r.IntN(3) == 0 {
				a = b
			}
		}
		raw, err := json.Marshal(a)
		if err != nil {
			t.Fatal(err)
		}
		phone := 0
		if phones {
			phone = d
		}
		return url.Values{"action": {string(raw)}}, phone, false, false
	}
}

// twNext is a random legal move for the person's side, or the bot's turn.
func twNext(botSide tw.Side) func(t *testing.T, rec record.Record, r *rand.Rand) (url.Values, int, bool, bool) {
	return func(t *testing.T, rec record.Record, r *rand.Rand) (url.Values, int, bool, bool) {
		st, err := tw.Replay(rec)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case st.Over():
			return nil, 0, false, true
		case st.ToPlay() == botSide:
			return nil, 0, true, false
		}
		a, err := tw.RandomBot{}.Choose(st, r)
		if err != nil {
			t.Fatal(err)
		}
		return towerForm(a), 0, false, false
	}
}
