package handlers_test

import (
	"context"
	"encoding/json"
	"html"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	sc "github.com/grimoire-games/grimoire/rules/scribes"
	"github.com/grimoire-games/grimoire/store"
	scview "github.com/grimoire-games/grimoire/views/scribes"
)

// scPhone is one browser's cookies, talking plain HTTP.
type scPhone struct {
	t    *testing.T
	base string
	c    *http.Client
	csrf string
}

func newSCPhone(t *testing.T, base string) *scPhone {
	jar, _ := cookiejar.New(nil)
	p := &scPhone{t: t, base: base, c: &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
	_, body := p.get("/new/arcane-scribes", false)
	m := regexp.MustCompile(`name="_csrf" value="([^"]+)"`).FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no CSRF token in the new-game form")
	}
	p.csrf = m[1]
	return p
}

func (p *scPhone) get(path string, hx bool) (*http.Response, string) {
	p.t.Helper()
	req, _ := http.NewRequest(http.MethodGet, p.base+path, nil)
	if hx {
		req.Header.Set("HX-Request", "true")
	}
	res, err := p.c.Do(req)
	if err != nil {
		p.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res, string(b)
}

func (p *scPhone) post(path string, form url.Values, hx bool) (*http.Response, string) {
	p.t.Helper()
	form.Set("_csrf", p.csrf)
	req, _ := http.NewRequest(http.MethodPost, p.base+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if hx {
		req.Header.Set("HX-Request", "true")
	}
	res, err := p.c.Do(req)
	if err != nil {
		p.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res, string(b)
}

// scNew creates a game through the form and its confirmation; seats are
// "name" for a person or "=greedy"/"=random" for a bot.
func (p *scPhone) scNew(mode string, seats ...string) string {
	p.t.Helper()
	f := url.Values{"mode": {mode}}
	for i, s := range seats {
		if strings.HasPrefix(s, "=") {
			f.Set("kind"+strconv.Itoa(i), s[1:])
		} else {
			f.Set("name"+strconv.Itoa(i), s)
		}
	}
	res, body := p.post("/new/arcane-scribes", f, false)
	if res.StatusCode != http.StatusOK {
		p.t.Fatalf("new game form: %d %s", res.StatusCode, body)
	}
	m := regexp.MustCompile(`name="setup" value="([^"]+)"`).FindStringSubmatch(body)
	if m == nil {
		p.t.Fatalf("no setup in the confirmation")
	}
	setup := strings.ReplaceAll(m[1], "&#34;", `"`)
	res, _ = p.post("/new/arcane-scribes", url.Values{"confirm": {"1"}, "mode": {mode}, "setup": {setup}}, false)
	loc := res.Header.Get("Location")
	if res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc, "/g/") {
		p.t.Fatalf("start: %d, location %q", res.StatusCode, loc)
	}
	return strings.TrimPrefix(loc, "/g/")
}

// scState replays a stored game.
func scState(t *testing.T, st store.Store, id string) (sc.State, int) {
	t.Helper()
	ctx := context.Background()
	g, err := st.Game(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	log, err := st.Log(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	states, _, _, err := scview.Play(g.Setup, g.Seed, store.Actions(log))
	if err != nil {
		t.Fatal(err)
	}
	return states[len(states)-1], g.Version
}

func actForm(a sc.Action, v int) url.Values {
	raw, _ := json.Marshal(a)
	return url.Values{"action": {string(raw)}, "v": {strconv.Itoa(v)}}
}

func TestScribesNewGameValidation(t *testing.T) {
	a := startApp(t)
	p := newSCPhone(t, a.URL)
	for _, tc := range []struct {
		name string
		form url.Values
		want string
	}{
		{"one player", url.Values{"name0": {"Mia"}}, "at least 2 players"},
		{"same names", url.Values{"name0": {"Mia"}, "name1": {"mia"}}, "Two seats are called"},
		{"only bots", url.Values{"kind0": {"greedy"}, "kind1": {"random"}}, "must be a person"},
		{"long name", url.Values{"name0": {strings.Repeat("x", 30)}, "name1": {"Ben"}}, "24 letters"},
	} {
		res, body := p.post("/new/arcane-scribes", tc.form, false)
		if res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(body, tc.want) {
			t.Errorf("%s: status %d, want 422 with %q", tc.name, res.StatusCode, tc.want)
		}
	}
	res, body := p.post("/new/arcane-scribes", url.Values{"name0": {"Mia"}, "kind1": {"greedy"}, "name2": {"Cy"}}, false)
	if res.StatusCode != http.StatusOK || !strings.Contains(body, `data-testid="confirm"`) || !strings.Contains(body, "Scribe 2") {
		t.Fatalf("valid form: %d", res.StatusCode)
	}
	if res, _ := p.get("/rules/arcane-scribes", false); res.StatusCode != http.StatusOK {
		t.Fatalf("rules page: %d", res.StatusCode)
	}
}

func TestScribesActUndoPageAndFragments(t *testing.T) {
	a := startApp(t)
	p := newSCPhone(t, a.URL)
	id := p.scNew("one", "Mia", "Ben")

	res, page := p.get("/g/"+id, false)
	if res.StatusCode != http.StatusOK || !strings.Contains(page, "<html") || !strings.Contains(page, `data-testid="privacy"`) {
		t.Fatalf("full page: %d, privacy screen expected on a shared phone", res.StatusCode)
	}
	_, frag := p.get("/g/"+id+"?v=0&seen=0", true)
	if strings.Contains(frag, "<html") || !strings.Contains(frag, `hx-swap-oob="innerHTML:#sc-controls"`) || !strings.Contains(frag, `data-testid="main-actions"`) {
		t.Fatalf("reveal fragment: %s", frag)
	}

	st, v := scState(t, a.Store, id)
	d := st.Decider()
	// Illegal: the other seat, then a malformed exchange: 422, nothing stored.
	bad := sc.Take(1-d, sc.ASHW, sc.TIDE)
	if res, body := p.post("/g/"+id+"/act", actForm(bad, v), true); res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(body, "Not allowed") {
		t.Fatalf("wrong seat: %d", res.StatusCode)
	}
	if res, _ := p.post("/g/"+id+"/act", actForm(sc.Reserve(d, 9), v), true); res.StatusCode != http.StatusUnprocessableEntity {
		t.Fatalf("bad slot: %d", res.StatusCode)
	}
	if _, v2 := scState(t, a.Store, id); v2 != 0 {
		t.Fatalf("an illegal tap stored something: version %d", v2)
	}
	// A legal take, posted twice: applied once.
	take := sc.Legal(st).Takes[0]
	for range 2 {
		if res, _ := p.post("/g/"+id+"/act", actForm(take, 0), true); res.StatusCode != http.StatusOK {
			t.Fatalf("take: %d", res.StatusCode)
		}
	}
	st, v = scState(t, a.Store, id)
	if v != 1 || st.Turn() != 2 {
		t.Fatalf("after one take posted twice: version %d, turn %d", v, st.Turn())
	}
	// Undo the take.
	if res, _ := p.post("/g/"+id+"/undo", url.Values{"v": {"1"}}, true); res.StatusCode != http.StatusOK {
		t.Fatalf("undo: %d", res.StatusCode)
	}
	if st, v = scState(t, a.Store, id); v != 2 || st.Turn() != 1 {
		t.Fatalf("after undo: version %d, turn %d", v, st.Turn())
	}
}

func TestScribesSeatsHiddenReserveStaleAndStranger(t *testing.T) {
	a := startApp(t)
	mia := newSCPhone(t, a.URL)
	id := mia.scNew("phones", "Mia", "Ben")
	_, page := mia.get("/g/"+id, false)
	m := regexp.MustCompile(`href="(/join/[^"]+)"`).FindStringSubmatch(page)
	if m == nil || !strings.Contains(page, `src="/qr.svg?path=/join/`) {
		t.Fatalf("no join link or QR code for Ben on Mia's page")
	}
	ben := newSCPhone(t, a.URL)
	if res, _ := ben.get(m[1], false); res.StatusCode != http.StatusOK {
		t.Fatalf("join page: %d", res.StatusCode)
	}
	if res, _ := ben.post(m[1], url.Values{}, false); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("take the seat: %d", res.StatusCode)
	}
	phones := []*scPhone{mia, ben}

	// Play until someone reserves: the deciding phone reserves slot 0.
	st, v := scState(t, a.Store, id)
	d := st.Decider()
	card, _ := st.RowCard(0)
	if res, _ := phones[d].post("/g/"+id+"/act", actForm(sc.Reserve(d, 0), v), true); res.StatusCode != http.StatusOK {
		t.Fatalf("reserve: %d", res.StatusCode)
	}
	_, own := phones[d].get("/g/"+id, false)
	_, other := phones[1-d].get("/g/"+id, false)
	// Names like "Leviathan's Song" reach the page HTML-escaped.
	if !strings.Contains(own, html.EscapeString(card.Name)) {
		t.Fatalf("the reserving seat does not see its card %q", card.Name)
	}
	if strings.Contains(other, html.EscapeString(card.Name)) || strings.Contains(other, card.Name) {
		t.Fatalf("the other seat's page shows the reserved card %q", card.Name)
	}
	// Stale: the other phone taps on version v after it moved on.
	st, v2 := scState(t, a.Store, id)
	var any sc.Action
	if l := sc.Legal(st); len(l.Actions) > 0 {
		any = l.Actions[0]
	}
	if res, _ := phones[1-d].post("/g/"+id+"/act", actForm(any, v), true); res.StatusCode != http.StatusConflict {
		t.Fatalf("stale tap: %d, want 409", res.StatusCode)
	}
	// A phone without a seat may not act.
	stranger := newSCPhone(t, a.URL)
	if res, _ := stranger.post("/g/"+id+"/act", actForm(any, v2), true); res.StatusCode != http.StatusForbidden {
		t.Fatalf("stranger: %d, want 403", res.StatusCode)
	}
	if res, _ := stranger.get("/g/"+id, false); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("stranger view: %d, want a redirect to the spectator view", res.StatusCode)
	}
	// A seated phone may not play the other seat's decision.
	if st.Decider() >= 0 {
		other := 1 - st.Decider()
		if res, _ := phones[other].post("/g/"+id+"/act", actForm(any, v2), true); res.StatusCode != http.StatusUnprocessableEntity {
			t.Fatalf("other seat's turn: %d, want 422", res.StatusCode)
		}
	}
}
