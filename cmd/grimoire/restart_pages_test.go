package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
)

// One truth on every screen, seen from outside (issue 28): games are played
// against the real binary through the forms its pages offer, every page a
// person can reach for each game is kept, the server is stopped with
// SIGTERM and started again on the same data, and every page must come back
// byte for byte: a screen drawn from the server's memory must be the screen
// drawn from its record. The exported record must replay with `grimoire
// replay`, and the cards The Arcane Scribes' page shows must be the
// snapshot's.
//
// GRIMOIRE_TEST_BINARY names another build to test instead of this tree's
// (an older commit's, to see the test fail on it).

// restartGame is one game of the test and how to start it.
type restartGame struct {
	name, kind string
	form       url.Values
	joined     int // seats taken by phones of their own through join links
	actions    int // at most this many stored actions
}

// restartPlayed is a game being played: its phones (the host first), a
// spectator and the watch token read from the host's page.
type restartPlayed struct {
	restartGame
	id        string
	phones    []*phone
	spectator *phone
	watch     string
}

var watchHref = regexp.MustCompile(`"(/watch/[A-Za-z0-9_-]+)"`)

func TestEveryPageIsTheSameAfterARestart(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the binary twice")
	}
	t.Parallel()
	bin := os.Getenv("GRIMOIRE_TEST_BINARY")
	if bin == "" {
		bin = grimoireBinary(t)
	}
	srv := startServerWith(t, bin)
	games := []restartGame{
		{name: "scribes one phone, person and Archmage", kind: "arcane-scribes",
			form: url.Values{"mode": {"one"}, "name0": {"Ivy"}, "kind1": {"search"}}, actions: 30},
		{name: "scribes one phone, person, Archmage and Adept", kind: "arcane-scribes",
			form: url.Values{"mode": {"one"}, "name0": {"Ivy"}, "kind1": {"search"}, "kind2": {"greedy"}}, actions: 30},
		{name: "scribes phones, two people and the Archmage", kind: "arcane-scribes",
			form:   url.Values{"mode": {"phones"}, "name0": {"Ivy"}, "name1": {"Bo"}, "kind2": {"search"}},
			joined: 1, actions: 24},
		{name: "tower, the person as General against the Archmage", kind: "mages-tower",
			form: url.Values{"general": {"Ana"}, "mage": {"Ben"}, "generalPlayer": {"person"}, "magePlayer": {"search"}, "mode": {"one"}}, actions: 16},
		{name: "tower, the person as Mage against the Archmage", kind: "mages-tower",
			form: url.Values{"general": {"Ana"}, "mage": {"Ben"}, "generalPlayer": {"search"}, "magePlayer": {"person"}, "mode": {"one"}}, actions: 16},
		{name: "spells and arrows", kind: "spells-arrows",
			form: url.Values{"spy": {"Ana"}, "mage": {"Ben"}, "victory": {"12"}, "turns": {"5"}}, actions: 12},
	}
	r := rand.New(rand.NewPCG(28, 2026))
	var played []*restartPlayed
	for _, g := range games {
		p := srv.startGame(t, g)
		played = append(played, p)
		for n, tries := 0, 0; n < g.actions && tries < 8*g.actions; tries++ {
			moved, over := p.tap(t, r)
			if over {
				break
			}
			if moved {
				n++
				if n%15 == 0 {
					// Mid-game too: hidden cards are in play now, and
					// the screens must survive a restart as well.
					restartAndCompare(t, srv, bin, []*restartPlayed{p}, fmt.Sprintf("after %d moves", n))
				}
			}
		}
		n := p.version(t)
		t.Logf("%s: %d actions stored", g.name, n)
		if n < 4 {
			t.Fatalf("%s: only %d actions stored: the game played too little to test", g.name, n)
		}
	}
	restartAndCompare(t, srv, bin, played, "at the end")
}

// restartAndCompare keeps every page of the games, checks their records
// with `grimoire replay`, stops the server with SIGTERM, starts it again on
// the same data and asks for every page again: each must be the same, byte
// for byte.
func restartAndCompare(t *testing.T, srv *server, bin string, played []*restartPlayed, when string) {
	t.Helper()
	before := map[string]string{}
	for _, p := range played {
		// The first look of each phone since its last moves its "since you
		// last looked" mark and may show the recap panel; the second look
		// is the page as it stays, and the mark is in the store, so the
		// page after the restart must be that one.
		p.pages(t)
		for k, v := range p.pages(t) {
			before[p.name+": "+k] = v
		}
		p.replayAgrees(t, bin)
	}
	srv.stop()
	srv.start()
	after := map[string]string{}
	for _, p := range played {
		for k, v := range p.pages(t) {
			after[p.name+": "+k] = v
		}
	}
	keys := make([]string, 0, len(before))
	for k := range before {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if before[k] != after[k] {
			t.Errorf("%s, %s differs after the restart:\n%s", when, k, pageDifference(before[k], after[k]))
		}
	}
	if len(after) != len(before) {
		t.Errorf("%s: %d pages before the restart, %d after", when, len(before), len(after))
	}
	if t.Failed() {
		t.FailNow()
	}
}

// stop is a clean stop, as a deploy does: SIGTERM, then wait for the exit.
func (s *server) stop() {
	s.t.Helper()
	if s.cmd == nil {
		return
	}
	if err := s.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		s.t.Fatalf("SIGTERM: %v", err)
	}
	// tryStart's goroutine is the one that waits for the process; its
	// exit status is read once s.done is closed.
	select {
	case <-s.done:
		if st := s.cmd.ProcessState; st == nil || !st.Success() {
			s.t.Errorf("grimoire after SIGTERM: %v\n%s", st, s.errs)
		}
	case <-time.After(20 * time.Second):
		s.cmd.Process.Kill()
		<-s.done
		s.t.Fatalf("grimoire did not stop within 20 s of SIGTERM")
	}
	s.cmd = nil
}

func (s *server) startGame(t *testing.T, g restartGame) *restartPlayed {
	t.Helper()
	host := s.phone()
	id, err := host.create(g.kind, g.form)
	if err != nil {
		t.Fatalf("%s: %v", g.name, err)
	}
	p := &restartPlayed{restartGame: g, id: id, phones: []*phone{host}, spectator: s.phone()}
	if g.joined > 0 {
		links, err := host.joinLinks(id)
		if err != nil {
			t.Fatal(err)
		}
		for i := range g.joined {
			// The host's seat is taken: the links are the others'.
			if len(links) < i+1 {
				t.Fatalf("%s: %d join links on the host's page", g.name, len(links))
			}
			ph := s.phone()
			if res, err := ph.takeSeat(links[i]); err != nil || res.Status != http.StatusSeeOther {
				t.Fatalf("%s: take seat %d: %v (status %d)", g.name, i+1, err, res.Status)
			}
			p.phones = append(p.phones, ph)
		}
	}
	res, err := host.get("/g/" + id)
	if err != nil {
		t.Fatal(err)
	}
	m := watchHref.FindStringSubmatch(res.Body)
	if m == nil {
		t.Fatalf("%s: no spectator link on the host's page", g.name)
	}
	p.watch = m[1]
	return p
}

// version is the game's version as the host's page names it (its live
// element's data-version): the export may be refused to a player while
// others' cards are hidden.
func (p *restartPlayed) version(t *testing.T) int {
	t.Helper()
	res, err := p.phones[0].get("/g/" + p.id)
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != http.StatusOK {
		t.Fatalf("%s: the host's page answered %d:\n%.600s", p.name, res.Status, res.Body)
	}
	doc, err := res.doc()
	if err != nil {
		t.Fatal(err)
	}
	v, ok := doc.Find("[data-live][data-version]").Attr("data-version")
	n, err := strconv.Atoi(v)
	if !ok || err != nil {
		t.Fatalf("%s: the host's page names no version", p.name)
	}
	return n
}

// choice is one thing a screen offers: a form's submit (or a bot's pending
// move, which the page posts by itself) or a link to the same game's page
// with a selection in its query.
type choice struct {
	post   string
	form   url.Values
	get    string
	htmx   bool
	botRun bool
}

// offered reads what a whole page offers to the phone that got it: the
// bot's pending move when there is one (the page posts it by itself, and
// nothing else is to be done), otherwise every action form's submit
// buttons and select options, and the links that select something.
func offered(body, id string) ([]choice, error) {
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(body))
	if err != nil {
		return nil, err
	}
	var out []choice
	doc.Find(`[hx-post][hx-trigger^="load"]`).Each(func(_ int, s *goquery.Selection) {
		post, _ := s.Attr("hx-post")
		vals := map[string]string{}
		if raw, ok := s.Attr("hx-vals"); ok {
			json.Unmarshal([]byte(raw), &vals)
		}
		f := url.Values{}
		for k, v := range vals {
			f.Set(k, v)
		}
		if strings.HasPrefix(post, "/g/"+id+"/") {
			out = append(out, choice{post: post, form: f, htmx: true, botRun: true})
		}
	})
	if len(out) > 0 {
		return out, nil
	}
	doc.Find(`form[method="post"]`).Each(func(_ int, f *goquery.Selection) {
		action, _ := f.Attr("action")
		if action != "/g/"+id+"/act" {
			return // undo, delete, join: not a move
		}
		base := url.Values{}
		f.Find("input[name]").Each(func(_ int, in *goquery.Selection) {
			name, _ := in.Attr("name")
			val, _ := in.Attr("value")
			if typ, _ := in.Attr("type"); (typ == "radio" || typ == "checkbox") && !in.Is("[checked]") {
				return
			}
			base.Add(name, val)
		})
		var selects []url.Values
		f.Find("select[name]").Each(func(_ int, sel *goquery.Selection) {
			name, _ := sel.Attr("name")
			sel.Find("option").Each(func(_ int, o *goquery.Selection) {
				if v, ok := o.Attr("value"); ok && v != "" && !o.Is("[disabled]") {
					selects = append(selects, url.Values{name: {v}})
				}
			})
		})
		buttons := f.Find(`button[type="submit"], button:not([type])`)
		buttons.Each(func(_ int, b *goquery.Selection) {
			if b.Is("[disabled]") {
				return // nothing to tap yet
			}
			form := clone(base)
			if name, ok := b.Attr("name"); ok {
				v, _ := b.Attr("value")
				form.Set(name, v)
			}
			if len(selects) == 0 {
				out = append(out, choice{post: action, form: form})
				return
			}
			for _, s := range selects {
				g := clone(form)
				for k, v := range s {
					g[k] = v
				}
				out = append(out, choice{post: action, form: g})
			}
		})
	})
	doc.Find(`a[href^="/g/` + id + `?"]`).Each(func(_ int, a *goquery.Selection) {
		href, _ := a.Attr("href")
		out = append(out, choice{get: href})
	})
	return out, nil
}

func clone(v url.Values) url.Values {
	out := url.Values{}
	for k, x := range v {
		out[k] = append([]string(nil), x...)
	}
	return out
}

// tap makes one move on the game: the phone whose page offers something
// takes one of its choices at random (a selection link leads to another
// page and its own choices). moved says an action was stored; over that no
// page offers anything.
func (p *restartPlayed) tap(t *testing.T, r *rand.Rand) (moved, over bool) {
	t.Helper()
	before := p.version(t)
	offers := false
	for i, ph := range p.phones {
		path := "/g/" + p.id
		for range 8 {
			res, err := ph.get(path)
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != http.StatusOK {
				t.Fatalf("%s: GET %s as phone %d: %d", p.name, path, i, res.Status)
			}
			cs, err := offered(res.Body, p.id)
			if err != nil {
				t.Fatal(err)
			}
			if len(cs) == 0 {
				break
			}
			offers = true
			c := cs[r.IntN(len(cs))]
			var posts []choice
			for _, c := range cs {
				if c.get == "" {
					posts = append(posts, c)
				}
			}
			if len(posts) > 0 && r.IntN(3) > 0 {
				// Mostly a move; now and then a selection first.
				c = posts[r.IntN(len(posts))]
			}
			if c.get != "" {
				path = c.get
				continue
			}
			// Half the taps as htmx posts them (the answer is fragments,
			// the kept state steps), half as a page without script posts
			// them (a redirect to the page).
			hx := c.htmx || r.IntN(2) == 0
			a, err := ph.post(c.post, c.form, hx)
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case hx && a.Status == http.StatusOK, !hx && a.Status == http.StatusSeeOther:
			case a.Status == http.StatusUnprocessableEntity:
				// The rules refused what the page offered: a selection
				// the page lets one make before it is complete. Nothing
				// was stored.
				if c.botRun {
					t.Fatalf("%s: the bot's move was refused: %.300s", p.name, a.Body)
				}
				continue
			default:
				t.Fatalf("%s: POST %s %v as phone %d: %d\n%.400s", p.name, c.post, c.form, i, a.Status, a.Body)
			}
			return p.version(t) > before, false
		}
	}
	return false, !offers
}

// pages is every page a person can reach for the game, by who asks and
// path, each as its status and body. Only the clock is normalised
// (byTheClock): the CSRF token is the phone's (its cookie, kept in its jar
// across the restart, and the session keys are the same), a spectator's
// page carries none, and the pages hold no nonce.
func (p *restartPlayed) pages(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	fetch := func(who string, ph *phone, path string) {
		res, err := ph.get(path)
		if err != nil {
			t.Fatalf("%s: GET %s as %s: %v", p.name, path, who, err)
		}
		// A spectator's export of a game with hidden cards is refused
		// until the end (403): the refusal is a page too, and compared.
		if res.Status != http.StatusOK && res.Status != http.StatusForbidden {
			t.Fatalf("%s: GET %s as %s: %d\n%.300s", p.name, path, who, res.Status, res.Body)
		}
		out[who+" "+path] = strconv.Itoa(res.Status) + "\n" + byTheClock(res.Body)
	}
	g := "/g/" + p.id
	for i, ph := range p.phones {
		who := "phone " + strconv.Itoa(i)
		for _, path := range []string{g, g + "/sheet", g + "/export", g + "/log", "/"} {
			fetch(who, ph, path)
		}
	}
	for _, path := range []string{p.watch, p.watch + "/sheet", p.watch + "/export"} {
		fetch("spectator", p.spectator, path)
	}
	return out
}

// printedAt and updatedAgo are the pages' readings of the clock: a
// sheet's "Printed 4 Dec 2026 18:59 UTC" and the home list's "just now",
// "3 min ago". A restart across a minute's end changes them and nothing
// else may change.
var (
	printedAt  = regexp.MustCompile(`Printed \d{1,2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2} UTC`)
	updatedAgo = regexp.MustCompile(`just now|\d+ min ago|\d+ h ago`)
)

func byTheClock(body string) string {
	body = printedAt.ReplaceAllString(body, "Printed (time)")
	return updatedAgo.ReplaceAllString(body, "(time ago)")
}

// replayAgrees runs `grimoire replay` on the game's export: it must exit
// 0, and the cards of The Arcane Scribes that the host's page shows (the
// row and the host's reserve) must be the snapshot's.
func (p *restartPlayed) replayAgrees(t *testing.T, bin string) {
	t.Helper()
	host := p.phones[0]
	res, err := host.get("/g/" + p.id + "/export")
	if err != nil {
		t.Fatal(err)
	}
	if res.Status == http.StatusForbidden {
		// People on phones of their own may not read each other's hidden
		// cards before the end: the record is read from the store.
		t.Logf("%s: the export is refused to the players (403) before the end: not replayed", p.name)
		return
	}
	if res.Status != http.StatusOK {
		t.Fatalf("%s: export: %d", p.name, res.Status)
	}
	file := filepath.Join(t.TempDir(), "record.json")
	if err := os.WriteFile(file, []byte(res.Body), 0o600); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(bin, "replay", file)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Errorf("%s: grimoire replay of the export: %v: %s", p.name, err, stderr.String())
		return
	}
	if p.kind != "arcane-scribes" {
		return
	}
	var snap struct {
		Row []struct {
			Slot int `json:"slot"`
			Card *struct {
				Name string `json:"name"`
			} `json:"card"`
		} `json:"row"`
		Players []struct {
			Reserved []struct {
				Name string `json:"name"`
			} `json:"reserved"`
		} `json:"players"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &snap); err != nil {
		t.Fatalf("%s: the snapshot: %v", p.name, err)
	}
	page, err := host.get("/g/" + p.id)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := page.doc()
	if err != nil {
		t.Fatal(err)
	}
	shown := 0
	for _, s := range snap.Row {
		if s.Card == nil {
			continue
		}
		el := doc.Find(`[data-testid="slot-` + strconv.Itoa(s.Slot) + `"]`)
		if el.Length() == 0 {
			continue // the game is over: the row is not drawn
		}
		shown++
		if !strings.Contains(el.Text(), s.Card.Name) {
			t.Errorf("%s: slot %d of the page shows %q, the record's replay holds %q", p.name, s.Slot, strings.Join(strings.Fields(el.Text()), " "), s.Card.Name)
		}
	}
	reserved := doc.Find(`[data-testid^="reserved-"]`)
	if len(snap.Players) > 0 && reserved.Length() > 0 {
		want := snap.Players[0].Reserved
		if reserved.Length() != len(want) {
			t.Errorf("%s: the page shows %d reserved spells, the record's replay %d", p.name, reserved.Length(), len(want))
		}
		reserved.Each(func(i int, s *goquery.Selection) {
			shown++
			if i < len(want) && !strings.Contains(s.Text(), want[i].Name) {
				t.Errorf("%s: reserved spell %d of the page shows %q, the record's replay holds %q", p.name, i, strings.Join(strings.Fields(s.Text()), " "), want[i].Name)
			}
		})
	}
	if shown == 0 && !strings.Contains(page.Body, "reserves-at-end") {
		t.Errorf("%s: the page names no spell to compare with the snapshot", p.name)
	}
}

// pageDifference shows where two pages part.
func pageDifference(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(i-200, 0)
	return fmt.Sprintf("before: …%.400s\nafter:  …%.400s", a[from:], b[from:])
}
