package handlers_test

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// TestReplayPages: a replay answers for the player, the spectator and a
// stranger; a bad ?at= is a 400 in words and one out of range is taken to
// the nearest end; nothing on it may change the game, but the player's
// offers "Continue from here" with the token; nothing answers 500.
func TestReplayPages(t *testing.T) {
	a := newTestApp(t)
	owner := a.phone()
	id := owner.newSAGame("Zoë", "Max", "10")
	owner.mustAct(id, 0, tollMade)
	owner.mustAct(id, 1, moveTo("A"))
	owner.mustAct(id, 2, tollMade)
	token := a.game(id).SpectatorToken

	game := owner.get("/g/"+id, nil)
	if !strings.Contains(game.Body, `href="/g/`+id+`/replay"`) {
		t.Fatal("the game page has no Replay link")
	}
	watch := a.phone().get("/watch/"+token, nil)
	if !strings.Contains(watch.Body, `href="/watch/`+token+`/replay"`) {
		t.Fatal("the spectator page has no Replay link")
	}

	for _, tc := range []struct {
		name   string
		c      *client
		path   string
		code   int
		moment string // the moment's words, for a 200
		fork   bool
		says   string // in the body
	}{
		{"player, now", owner, "/g/" + id + "/replay", http.StatusOK, "Action 3 of 3 (now)", true, ""},
		{"player, at 1", owner, "/g/" + id + "/replay?at=1", http.StatusOK, "Action 1 of 3", true, ""},
		{"player, the start", owner, "/g/" + id + "/replay?at=0", http.StatusOK, "Start, before the first of 3 actions", true, ""},
		{"player, past the end", owner, "/g/" + id + "/replay?at=99", http.StatusOK, "Action 3 of 3 (now)", true, ""},
		{"player, before the start", owner, "/g/" + id + "/replay?at=-5", http.StatusOK, "Start, before the first of 3 actions", true, ""},
		{"player, not a number", owner, "/g/" + id + "/replay?at=two", http.StatusBadRequest, "", false, "is not a moment of this game"},
		{"spectator", a.phone(), "/watch/" + token + "/replay?at=2", http.StatusOK, "Action 2 of 3", false, ""},
		{"spectator, not a number", a.phone(), "/watch/" + token + "/replay?at=1e3", http.StatusBadRequest, "", false, "from 0 (the start) to 3 (now)"},
		{"unknown game", owner, "/g/nosuchgame/replay", http.StatusNotFound, "", false, "There is no such game"},
		{"unknown token", a.phone(), "/watch/nosuchtoken/replay?at=1", http.StatusNotFound, "", false, "does not lead to a game"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := tc.c.get(tc.path, nil)
			if res.StatusCode != tc.code {
				t.Fatalf("status %d, want %d\n%.600s", res.StatusCode, tc.code, res.Body)
			}
			if tc.says != "" && !strings.Contains(res.Body, tc.says) {
				t.Fatalf("the page does not say %q:\n%.1500s", tc.says, res.Body)
			}
			if tc.code != http.StatusOK {
				return
			}
			d := res.doc(t)
			if got := strings.TrimSpace(d.Find(`[data-testid="replay-moment"]`).Text()); got != tc.moment {
				t.Fatalf("moment %q, want %q", got, tc.moment)
			}
			// Read-only: no tap, no undo, no bot, no other POST form.
			if strings.Contains(res.Body, "hx-post") || strings.Contains(res.Body, `/act"`) || strings.Contains(res.Body, `/undo"`) {
				t.Fatal("the replay offers a tap")
			}
			// The footer's language switch changes no game.
			forms := d.Find(`form[method="post"]:not([action="/language"])`)
			fork := d.Find(`form[method="post"][action="/g/` + id + `/fork"]`)
			if forms.Length() != fork.Length() {
				t.Fatalf("the replay has %d POST forms, %d of them the fork", forms.Length(), fork.Length())
			}
			if tc.fork != (fork.Length() == 1) {
				t.Fatalf("Continue from here offered: %v, want %v", fork.Length() == 1, tc.fork)
			}
			if tc.fork {
				at, _ := fork.Find(`input[name="at"]`).Attr("value")
				csrf, _ := fork.Find(`input[name="_csrf"]`).Attr("value")
				if at != d.Find(`#replay`).AttrOr("data-at", "?") || csrf == "" || csrf != owner.csrf() {
					t.Fatalf("fork form at=%q csrf=%q", at, csrf)
				}
			}
			// The log marks the moment's line, and only it.
			cur := d.Find(`[data-testid="replay-log"] [aria-current="step"]`)
			if cur.Length() != 1 || !strings.HasPrefix(strings.TrimSpace(cur.Text()), d.Find(`#replay`).AttrOr("data-at", "?")+".") {
				t.Fatalf("log marks %d lines: %q", cur.Length(), cur.Text())
			}
			// Each fragment in its place: no element id twice (the court's
			// overlay lies inside its map, the log's lines under its links).
			ids := map[string]bool{}
			d.Find("[id]").Each(func(_ int, e *goquery.Selection) {
				id := e.AttrOr("id", "")
				if ids[id] {
					t.Fatalf("the id %q is on the page twice", id)
				}
				ids[id] = true
			})
			if d.Find(`#sa-court #sa-court-now`).Length() != 1 {
				t.Fatal("the court's overlay is not inside the court")
			}
			if d.Find(`input[type="range"][name="at"]`).Length() != 1 {
				t.Fatal("no range control")
			}
		})
	}

	// A device that holds no seat watches: the same moment, as spectators see it.
	res := a.phone().get("/g/"+id+"/replay?at=2", nil)
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/watch/"+token+"/replay?at=2" {
		t.Fatalf("a stranger's replay: %d to %q", res.StatusCode, res.Header.Get("Location"))
	}
}

// TestReplayTowerForTheMage: on two phones, the Mage's replay of a running
// game never carries a camp face, the General's does.
func TestReplayTowerForTheMage(t *testing.T) {
	a := startApp(t)
	gen := twNewPhone(t, a)
	id := twCreate(t, gen, url.Values{"general": {"Ana"}, "mage": {"Ben"}, "mode": {"two"}, "myside": {"general"}})
	mage := twJoin(t, a, gen, id)
	toMage(t, gen, id, 0, "L1", "L2")
	faces := regexp.MustCompile(`class="coin [a-z]+ (heads|tails)`)
	for _, at := range []string{"0", "1", "2"} {
		code, body := mage.get("/g/"+id+"/replay?at="+at, false)
		if code != http.StatusOK {
			t.Fatalf("Mage's replay at %s: %d", at, code)
		}
		camp := campRE.FindString(body)
		if camp == "" || faces.MatchString(camp) || strings.Contains(body, `"faces"`) || strings.Contains(body, `id="grimoire-record"`) {
			t.Fatalf("at %s the Mage's replay shows the camp's faces:\n%s", at, camp)
		}
		if strings.Contains(body, `action="/g/`+id+`/fork"`) != true {
			t.Fatalf("at %s the Mage's replay offers no Continue from here", at)
		}
		_, body = gen.get("/g/"+id+"/replay?at="+at, false)
		if !faces.MatchString(campRE.FindString(body)) {
			t.Fatalf("at %s the General's replay hides the camp from the General", at)
		}
	}
}
