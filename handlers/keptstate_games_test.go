package handlers_test

import (
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"net/url"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/rules/record"
	sc "github.com/grimoire-games/grimoire/rules/scribes"
	tw "github.com/grimoire-games/grimoire/rules/tower"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/store/sqlite"
)

var hiddenField = regexp.MustCompile(`<input type="hidden" name="([^"]+)" value="([^"]*)"`)

// newGame starts a game through its new-game form and the confirmation,
// which posts back its hidden fields, and returns the game's id.
func (c *client) newGame(game string, form url.Values) string {
	c.t.Helper()
	c.get("/new/"+game, nil)
	res := c.post("/new/"+game, form, nil)
	if res.StatusCode != http.StatusOK {
		c.t.Fatalf("new %s: status %d: %s", game, res.StatusCode, errorText(c.t, res))
	}
	conf := url.Values{}
	for _, m := range hiddenField.FindAllStringSubmatch(res.Body, -1) {
		if m[1] != "_csrf" {
			conf.Set(m[1], htmlUnescape(m[2]))
		}
	}
	if conf.Get("setup") == "" {
		c.t.Fatalf("new %s: no setup on the confirmation\n%.600s", game, res.Body)
	}
	res = c.post("/new/"+game, conf, nil)
	loc := res.Header.Get("Location")
	if res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc, "/g/") {
		c.t.Fatalf("confirm %s: status %d, Location %q\n%.400s", game, res.StatusCode, loc, res.Body)
	}
	return strings.TrimPrefix(loc, "/g/")
}

// keptGame is a game the kept-state test plays: how to start it and, on
// the record as stored, the person's next tap, or that a bot is to move.
type keptGame struct {
	name, id string
	form     url.Values
	next     func(t *testing.T, rec record.Record, r *rand.Rand) (tap url.Values, bot, over bool)
}

// A tap on Mage's Tower and The Arcane Scribes is judged and drawn on the
// game's state kept between requests (play.Stepper), moved on by one Apply
// per stored action. It must be the replay's state: after every step of a
// run with person taps, bot moves, undos (which take the bot's answers back
// too, and step an older kept state again), double taps and stale taps,
// the screens the warm instance answers equal those of an instance on the
// same store that has just replayed the game.
func TestKeptStateIsTheReplayForEveryGame(t *testing.T) {
	for _, g := range []keptGame{
		{
			name: "Mage's Tower, one phone against a bot Mage", id: record.MagesTower,
			form: url.Values{"general": {"Ana"}, "mage": {"Ben"}, "generalPlayer": {"person"}, "magePlayer": {"greedy"}, "mode": {"one"}},
			next: func(t *testing.T, rec record.Record, r *rand.Rand) (url.Values, bool, bool) {
				st, err := tw.Replay(rec)
				if err != nil {
					t.Fatal(err)
				}
				switch {
				case st.Over():
					return nil, false, true
				case st.ToPlay() == tw.Mage:
					return nil, true, false
				}
				a, err := tw.Bots()["random"](tw.General).Choose(st, r)
				if err != nil {
					t.Fatal(err)
				}
				return towerForm(a), false, false
			},
		},
		{
			name: "The Arcane Scribes, one phone, two people and a bot", id: record.ArcaneScribes,
			form: url.Values{"mode": {"one"}, "name0": {"Mia"}, "name1": {"Ben"}, "kind2": {"greedy"}},
			next: func(t *testing.T, rec record.Record, r *rand.Rand) (url.Values, bool, bool) {
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
					return nil, false, true
				case d >= 0 && d < len(setup.Bots) && setup.Bots[d] != "":
					return nil, true, false
				}
				// Reserves often, so the log masks their cards.
				c := sc.Legal(st)
				a := c.Actions[r.IntN(len(c.Actions))]
				for _, b := range c.Actions {
					if b.Type == sc.ActReserve && r.IntN(3) == 0 {
						a = b
					}
				}
				raw, err := json.Marshal(a)
				if err != nil {
					t.Fatal(err)
				}
				return url.Values{"action": {string(raw)}}, false, false
			},
		},
	} {
		t.Run(g.name, func(t *testing.T) { keptStateIsTheReplay(t, g) })
	}
}

func keptStateIsTheReplay(t *testing.T, g keptGame) {
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "grimoire.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	keys := sessionKeys(t)
	warm := appOn(t, st, keys)
	p := warm.phone()
	id := p.newGame(g.id, g.form)
	r := rand.New(rand.NewPCG(5, 17))
	recordOf := func() record.Record {
		gm := warm.game(id)
		return record.Record{Game: gm.Kind, Version: record.FormatVersion, Seed: gm.Seed, Setup: gm.Setup, Actions: store.Actions(warm.log(id))}
	}
	v := 0
	var last url.Values // the last person tap, for a double tap
	lastV := -1
	// t: the next move (the person's tap, or the bot's when it is to move),
	// b: ask for a bot move whoever is to move, u: undo, d: the last tap
	// posted again (a double tap), s: another tap on a screen before the
	// last one (stale).
	const run = "tttttdtsuttuttbtuutdttsttttuttttbttuuttttdtttsttutttttttt"
	for i, op := range run {
		name := strconv.Itoa(i) + ":" + string(op)
		tap, bot, over := g.next(t, recordOf(), r)
		if op == 't' && over {
			op = 'u' // the game is over: take the last move back and go on
		}
		path, form, from := "/g/"+id+"/act", url.Values{}, v
		wantCodes := []int{http.StatusOK}
		switch op {
		case 't':
			if bot {
				path = "/g/" + id + "/bot"
			} else {
				form, last, lastV = tap, tap, v
			}
		case 'b':
			path = "/g/" + id + "/bot"
		case 'u':
			path = "/g/" + id + "/undo"
			wantCodes = []int{http.StatusOK, http.StatusUnprocessableEntity} // nothing to undo yet
		case 'd':
			if last == nil {
				continue
			}
			form, from = last, lastV
			wantCodes = []int{http.StatusOK, http.StatusConflict} // the same tap, or one made on an old screen
		case 's':
			if v == 0 {
				continue
			}
			form, from = url.Values{"type": {"end"}, "stale": {"1"}}, v-1
			wantCodes = []int{http.StatusConflict}
		}
		post := url.Values{"v": {strconv.Itoa(from)}}
		for k, x := range form {
			post[k] = x
		}
		res := p.post(path, post, htmx)
		ok := false
		for _, c := range wantCodes {
			ok = ok || res.StatusCode == c
		}
		if !ok {
			t.Fatalf("%s: status %d, want one of %v\n%.400s", name, res.StatusCode, wantCodes, res.Body)
		}
		v = warm.game(id).Version
		// An answer may carry no tap form: nothing changed on the client's
		// screen (a bot asked while a person is to move, a tap already
		// stored), or the screen is a hand-over to the next person. Any form
		// it carries is made on the stored version.
		if versionRE.MatchString(res.Body) {
			if got := shownVersion(t, res.Body); got != v {
				t.Fatalf("%s: the answer shows version %d, the store is at %d", name, got, v)
			}
		}

		// The same phone (same cookies) on an instance that has cached
		// nothing: everything it draws is replayed from the store.
		fresh := appOn(t, st, keys).phone()
		fresh.http.Jar = p.http.Jar
		watch := "/watch/" + warm.game(id).SpectatorToken
		for _, get := range []struct {
			what string
			path string
			h    hdr
		}{
			{"the whole page", "/g/" + id, nil},
			{"the refresh from the version before", "/g/" + id + "?v=" + strconv.Itoa(max(v-1, 0)), htmx},
			{"the refresh with a record delta", "/g/" + id + "?v=" + strconv.Itoa(max(v-1, 0)), hdr{"HX-Request": "true", "X-Grimoire-Record": "delta"}},
			{"the log", "/g/" + id + "/log", nil},
			{"the spectator's page", watch, nil},
			{"the spectator's refresh", watch + "?v=" + strconv.Itoa(max(v-1, 0)), htmx},
		} {
			w, f := p.get(get.path, get.h), fresh.get(get.path, get.h)
			if w.StatusCode != f.StatusCode || withoutRecap(w.Body) != withoutRecap(f.Body) {
				t.Fatalf("%s: %s differs from the replay's (status %d, %d)\nkept:   %.600s\nreplay: %.600s", name, get.what, w.StatusCode, f.StatusCode, w.Body, f.Body)
			}
			if a, b := w.Header.Get("X-Grimoire-Record-Delta"), f.Header.Get("X-Grimoire-Record-Delta"); a != b {
				t.Fatalf("%s: %s: delta %s, the replay's %s", name, get.what, a, b)
			}
		}
	}
	if n := len(recordOf().Actions); n < 10 {
		t.Fatalf("only %d actions in force at the end: the run played too little to test", n)
	}
}
