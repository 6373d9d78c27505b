package handlers_test

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"github.com/grimoire-games/grimoire/handlers"
	"github.com/grimoire-games/grimoire/store"
)

// Continue from here: POST /g/:id/fork makes a new game from the first N
// actions in force, for the scorekeeper or a seated player only; every
// refusal is a sentence with a 4xx and stores nothing; both games' pages
// name each other.
func TestGameFork(t *testing.T) {
	a := newTestApp(t)
	owner, stranger := a.phone(), a.phone()
	id := owner.newSAGame("Ana", "Ben", "3")
	owner.mustAct(id, 0, tollMade)
	owner.mustAct(id, 1, moveTo("A"))
	owner.mustAct(id, 2, tollMade)
	before := a.log(id)
	stranger.get("/", nil)
	// The owner's games, forks included (a fork is owned by the device
	// that made it).
	games := func() int {
		gs, err := a.Store.Games(context.Background(), a.game(id).Owner)
		if err != nil {
			t.Fatal(err)
		}
		return len(gs)
	}
	mine := games()

	refusals := []struct {
		name   string
		who    *client
		path   string
		form   url.Values
		raw    bool // no CSRF token
		status int
		words  string
	}{
		{"no CSRF token", owner, "/g/" + id + "/fork", url.Values{"at": {"2"}}, true, http.StatusForbidden, ""},
		{"a device with no seat", stranger, "/g/" + id + "/fork", url.Values{"at": {"2"}}, false, http.StatusForbidden, "Only this game's scorekeeper or a seated player"},
		{"no moment", owner, "/g/" + id + "/fork", url.Values{}, false, http.StatusBadRequest, "Say after how many actions"},
		{"a moment that is no number", owner, "/g/" + id + "/fork", url.Values{"at": {"two"}}, false, http.StatusBadRequest, "Say after how many actions"},
		{"past the end", owner, "/g/" + id + "/fork", url.Values{"at": {"4"}}, false, http.StatusBadRequest, "This game has 3 actions in force"},
		{"before the start", owner, "/g/" + id + "/fork", url.Values{"at": {"-1"}}, false, http.StatusBadRequest, "This game has 3 actions in force"},
		{"an unknown game", owner, "/g/nosuchgame/fork", url.Values{"at": {"0"}}, false, http.StatusNotFound, "There is no such game"},
	}
	for _, tc := range refusals {
		t.Run(tc.name, func(t *testing.T) {
			var res response
			if tc.raw {
				res = tc.who.postRaw(tc.path, tc.form, nil)
			} else {
				res = tc.who.post(tc.path, tc.form, nil)
			}
			if res.StatusCode != tc.status {
				t.Fatalf("status %d, want %d\n%s", res.StatusCode, tc.status, res.Body)
			}
			if tc.words != "" && !strings.Contains(res.doc(t).Text(), tc.words) {
				t.Errorf("answer does not say %q:\n%s", tc.words, res.Body)
			}
			a.unchanged(t, id, len(before))
			if n := games(); n != mine {
				t.Errorf("a refused fork made a game: %d games, want %d", n, mine)
			}
		})
	}

	res := owner.post("/g/"+id+"/fork", url.Values{"at": {"2"}}, nil)
	loc := res.Header.Get("Location")
	if res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc, "/g/") || loc == "/g/"+id {
		t.Fatalf("fork: %d to %q, want a 303 to the new game\n%s", res.StatusCode, loc, res.Body)
	}
	fork := strings.TrimPrefix(loc, "/g/")
	t.Run("the fork is the first N actions", func(t *testing.T) {
		flog := a.log(fork)
		want := store.InForce(before)[:2]
		if len(flog) != 2 {
			t.Fatalf("fork has %d entries, want 2", len(flog))
		}
		for i := range flog {
			if string(flog[i].Action) != string(want[i].Action) || flog[i].Seat != want[i].Seat {
				t.Errorf("fork action %d = %s, want %s", i+1, flog[i].Action, want[i].Action)
			}
		}
		a.unchanged(t, id, len(before))
		if g := a.game(fork); g.Owner != a.game(id).Owner || g.Setup == nil {
			t.Errorf("fork row %+v", g)
		}
	})
	t.Run("a second tap opens the same fork", func(t *testing.T) {
		again := owner.post("/g/"+id+"/fork", url.Values{"at": {"2"}}, htmx)
		if again.StatusCode != http.StatusOK || again.Header.Get("HX-Location") != loc {
			t.Fatalf("htmx fork again: %d HX-Location %q, want 200 to %q", again.StatusCode, again.Header.Get("HX-Location"), loc)
		}
	})
	t.Run("both pages name each other", func(t *testing.T) {
		doc := owner.get("/g/"+fork, nil).doc(t)
		line := strings.Join(strings.Fields(doc.Find(`[data-testid="forks"]`).Text()), " ")
		if !strings.Contains(line, "Continued from Ana (spy) vs Ben (mage) at action 2") {
			t.Errorf("fork's page says %q", line)
		}
		if href, _ := doc.Find(`[data-testid="forks"] a`).Attr("href"); href != "/g/"+id {
			t.Errorf("fork's page links %q, want the original", href)
		}
		doc = owner.get("/g/"+id, nil).doc(t)
		line = strings.Join(strings.Fields(doc.Find(`[data-testid="forks"]`).Text()), " ")
		if !strings.Contains(line, "Continued as Ana (spy) vs Ben (mage) at action 2") {
			t.Errorf("original's page says %q", line)
		}
		if href, _ := doc.Find(`[data-testid="forks"] a`).Attr("href"); href != loc {
			t.Errorf("original's page links %q, want the fork", href)
		}
		watch := stranger.get("/watch/"+a.game(id).SpectatorToken, nil).doc(t)
		if href, _ := watch.Find(`[data-testid="forks"] a`).Attr("href"); href != "/watch/"+a.game(fork).SpectatorToken {
			t.Errorf("a spectator's link %q, want the fork's spectator link", href)
		}
	})
}

// A running hidden-information game played on two phones is not forked
// (a fork would hand its secrets to one phone); on one phone it is.
func TestGameForkHiddenInformation(t *testing.T) {
	a := startApp(t)
	gen := twNewPhone(t, a)
	id := twCreate(t, gen, url.Values{"general": {"Ana"}, "mage": {"Ben"}, "mode": {"two"}, "myside": {"general"}})
	twJoin(t, a, gen, id)
	gen.get("/g/"+id, false)
	code, body, _ := gen.post("/g/"+id+"/fork", url.Values{"at": {"0"}}, false)
	if code != http.StatusConflict || !strings.Contains(body, "This game hides cards or coins") {
		t.Fatalf("fork of a running two-phone Tower: %d, want 409 with the reason\n%s", code, body)
	}
	if gs, _ := a.Store.Games(context.Background(), a.mustGame(t, id).Owner); len(gs) != 1 {
		t.Errorf("a refused fork made a game: %d games", len(gs))
	}

	one := twNewPhone(t, a)
	id = twCreate(t, one, onePhone("Ana", "Ben"))
	one.get("/g/"+id, false)
	code, _, hdr := one.post("/g/"+id+"/fork", url.Values{"at": {"0"}}, false)
	if code != http.StatusSeeOther || !strings.HasPrefix(hdr.Get("Location"), "/g/") {
		t.Fatalf("fork of a one-phone Tower: %d %q, want a 303 to the new game", code, hdr.Get("Location"))
	}
}

func (a *app) mustGame(t *testing.T, id string) store.Game {
	t.Helper()
	g, err := a.Store.Game(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// Since you last looked: a device's first visit shows nothing; coming
// back after others acted lists those actions; htmx refreshes never bring
// it; dismissing works as a plain form and with htmx, and a stale or
// repeated dismiss changes nothing.
func TestRecap(t *testing.T) {
	a := newTestApp(t)
	owner, fan := a.phone(), a.phone()
	id := owner.newSAGame("Ana", "Ben", "3")
	watch := "/watch/" + a.game(id).SpectatorToken
	recap := func(c *client, path string, h hdr) string {
		t.Helper()
		res := c.get(path, h)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %d", path, res.StatusCode)
		}
		return strings.Join(strings.Fields(res.doc(t).Find(`[data-testid="recap"]`).Text()), " ")
	}
	if got := recap(fan, watch, nil); got != "" {
		t.Fatalf("first visit shows a recap: %q", got)
	}
	if got := recap(owner, "/g/"+id, nil); got != "" {
		t.Fatalf("owner's first visit shows a recap: %q", got)
	}
	owner.mustAct(id, 0, tollMade)
	owner.mustAct(id, 1, moveTo("A"))
	if got := recap(owner, "/g/"+id, nil); got != "" {
		t.Errorf("the owner's own taps come back as a recap: %q", got)
	}
	if got := recap(fan, watch+"?v=0", htmx); got != "" {
		t.Errorf("an htmx refresh brings a recap: %q", got)
	}
	got := recap(fan, watch, nil)
	if !strings.HasPrefix(got, "Since you last looked") || !strings.Contains(got, "Got it") {
		t.Fatalf("coming back shows %q", got)
	}
	if n := fan.get(watch, nil).doc(t).Find(`[data-testid="recap"] li`).Length(); n != 0 {
		t.Fatalf("the recap is shown twice")
	}

	owner.mustAct(id, 2, tollMade)
	res := fan.get(watch, nil)
	lines := res.doc(t).Find(`[data-testid="recap"] li`)
	if lines.Length() != 1 {
		t.Fatalf("recap after one more action lists %d lines, want 1:\n%s", lines.Length(), res.Body)
	}
	if v, _ := lines.First().Attr("value"); v != "3" {
		t.Errorf("the line is numbered %q, want 3 (the log's numbering)", v)
	}
	if n := res.doc(t).Find(`[data-testid="recap"] form, [data-testid="recap"] [hx-post]`).Length(); n != 0 {
		t.Error("the recap offers a write on a spectator's page")
	}
	dismiss := res.doc(t).Find(`[data-testid="recap-dismiss"]`)
	if href, _ := dismiss.Attr("href"); href != watch {
		t.Errorf("without JavaScript the dismiss goes to %q, want the page", href)
	}
	if get, _ := dismiss.Attr("hx-get"); get != watch+"/recap?dismiss=3" {
		t.Fatalf("htmx dismisses with %q", get)
	}
	shows := func(want int) {
		t.Helper()
		if n := fan.get(watch, nil).doc(t).Find(`[data-testid="recap"] li`).Length(); n != want {
			t.Errorf("the page shows %d recap lines, want %d", n, want)
		}
	}
	steps := []struct {
		name   string
		act    bool   // the owner plays one more action first
		query  string // the dismiss asked
		status int
		shows  int // recap lines the page shows next
	}{
		{"a stale dismiss does not move the mark back", false, "?dismiss=1", http.StatusOK, 0},
		{"a dismiss moves the mark up", true, "?dismiss=4", http.StatusOK, 0},
		{"a repeated one changes nothing", false, "?dismiss=4", http.StatusOK, 0},
		{"one past the game stops at its version", false, "?dismiss=99", http.StatusOK, 1},
		{"no version", false, "?dismiss=x", http.StatusBadRequest, 0},
	}
	v := 3
	for _, tc := range steps {
		t.Run(tc.name, func(t *testing.T) {
			if tc.act {
				owner.mustAct(id, v, moveTo("W3"))
				v++
			}
			res := fan.get(watch+"/recap"+tc.query, htmx)
			if res.StatusCode != tc.status {
				t.Fatalf("status %d, want %d\n%s", res.StatusCode, tc.status, res.Body)
			}
			if tc.status == http.StatusOK && res.Body != "" {
				t.Errorf("the dismiss answers %q, want nothing (htmx swaps the panel away)", res.Body)
			}
			if tc.shows > 0 {
				owner.mustAct(id, v, tollMade)
				v++
			}
			shows(tc.shows)
		})
	}
	if res := fan.get("/watch/nosuchtoken/recap?dismiss=1", htmx); res.StatusCode != http.StatusNotFound {
		t.Errorf("dismiss on an unknown spectator link: %d, want 404", res.StatusCode)
	}
	if res := fan.get("/g/nosuchgame/recap?dismiss=1", htmx); res.StatusCode != http.StatusNotFound {
		t.Errorf("dismiss on an unknown game: %d, want 404", res.StatusCode)
	}
}

// A recap is the viewer's own log: in Mage's Tower on two phones the
// Mage's recap of the General's turn says what the Mage's log says, in
// the same words (hidden information follows the viewer), and the
// General's own turn is no news to the General.
func TestRecapFollowsTheViewer(t *testing.T) {
	a := startApp(t)
	gen := twNewPhone(t, a)
	id := twCreate(t, gen, url.Values{"general": {"Ana"}, "mage": {"Ben"}, "mode": {"two"}, "myside": {"general"}})
	mage := twJoin(t, a, gen, id)
	texts := func(body, css string) []string {
		t.Helper()
		doc, err := goquery.NewDocumentFromReader(strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		doc.Find(css).Each(func(_ int, s *goquery.Selection) {
			s.Find(".n").Remove()
			out = append(out, strings.Join(strings.Fields(s.Text()), " "))
		})
		return out
	}
	for _, p := range []*twPhone{gen, mage} {
		if _, body := p.get("/g/"+id, false); len(texts(body, `[data-testid="recap"]`)) != 0 {
			t.Fatal("a first visit shows a recap")
		}
	}
	toMage(t, gen, id, 0, "L1", "L2")
	_, body := mage.get("/g/"+id, false)
	got := texts(body, `[data-testid="recap"] li`)
	_, logPage := mage.get("/g/"+id+"/log", false)
	want := texts(logPage, `[data-testid="log"] li`)
	if len(want) != 2 || !slices.Equal(got, want) {
		t.Errorf("the Mage's recap says %q, want the Mage's log %q", got, want)
	}
	if _, body := gen.get("/g/"+id, false); len(texts(body, `[data-testid="recap"]`)) != 0 {
		t.Error("the General's own turn comes back to the General as a recap")
	}
}

// GET .../recap?since=N is the panel alone, for a page looked at again:
// the actions since N as this viewer reads them, a 204 when there are
// none, and the device's mark moved to now (so the next page load shows
// nothing more).
func TestRecapPanel(t *testing.T) {
	a := newTestApp(t)
	owner, fan, stranger := a.phone(), a.phone(), a.phone()
	id := owner.newSAGame("Ana", "Ben", "3")
	watch := "/watch/" + a.game(id).SpectatorToken
	fan.get(watch, nil)
	stranger.get("/", nil)
	owner.mustAct(id, 0, tollMade)
	owner.mustAct(id, 1, moveTo("A"))
	for _, tc := range []struct {
		name   string
		who    *client
		path   string
		status int
		lines  int
	}{
		{"no version", fan, watch + "/recap", http.StatusBadRequest, 0},
		{"a bad version", fan, watch + "/recap?since=x", http.StatusBadRequest, 0},
		{"a device with no seat on the player's path", stranger, "/g/" + id + "/recap?since=0", http.StatusForbidden, 0},
		{"an unknown game", fan, "/watch/nosuchtoken/recap?since=0", http.StatusNotFound, 0},
		{"since the one action", fan, watch + "/recap?since=1", http.StatusOK, 1},
		{"since before both", fan, watch + "/recap?since=0", http.StatusOK, 2},
		{"nothing since (a version past the end)", fan, watch + "/recap?since=9", http.StatusNoContent, 0},
		{"the owner's own actions", owner, "/g/" + id + "/recap?since=0", http.StatusNoContent, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := tc.who.get(tc.path, htmx)
			if res.StatusCode != tc.status {
				t.Fatalf("status %d, want %d\n%s", res.StatusCode, tc.status, res.Body)
			}
			if tc.status != http.StatusOK {
				return
			}
			if n := res.doc(t).Find(`#recap[data-testid="recap"] li`).Length(); n != tc.lines {
				t.Errorf("%d lines, want %d:\n%s", n, tc.lines, res.Body)
			}
		})
	}
	if n := fan.get(watch, nil).doc(t).Find(`[data-testid="recap"]`).Length(); n != 0 {
		t.Error("the page shows again what the panel showed")
	}
}

// A fork is one more game of the device that made it: the creation limit
// counts it and refuses the one past the limit (429, saying when).
func TestForkCountsAsANewGame(t *testing.T) {
	clk := &clock{t: time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)}
	a := newLimitedApp(t, handlers.Limits{GamesPerHour: 2}, clk.now, nil)
	p := a.phone()
	id := p.newSAGame("Ana", "Ben", "12")
	p.mustAct(id, 0, tollMade)
	if res := p.post("/g/"+id+"/fork", url.Values{"at": {"1"}}, nil); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("the second game, a fork: %d\n%s", res.StatusCode, errorText(t, res))
	}
	res := p.post("/g/"+id+"/fork", url.Values{"at": {"0"}}, nil)
	if res.StatusCode != http.StatusTooManyRequests || !strings.Contains(res.Body, "started 2 games in the last hour") {
		t.Fatalf("a third game, a fork: %d, want 429\n%s", res.StatusCode, errorText(t, res))
	}
}

var recapRE = regexp.MustCompile(`(?s)<section id="recap".*?</section>`)

// withoutRecap is a page without its "since you last looked" panel. The
// panel belongs to one device's visit (of two loads in a row the first
// shows it, the second not), not to the game's state the caches keep, so
// the tests that load a page twice to compare a warm server with a cold
// one compare the rest.
func withoutRecap(body string) string { return recapRE.ReplaceAllString(body, "") }
