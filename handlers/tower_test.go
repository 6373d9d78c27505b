package handlers_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	tw "github.com/grimoire-games/grimoire/rules/tower"
	"github.com/grimoire-games/grimoire/store"
)

// twPhone is one device talking to a real test server: its own cookies,
// redirects not followed so the tests see them.
type twPhone struct {
	t    *testing.T
	a    *app
	c    *http.Client
	csrf string
}

func twNewPhone(t *testing.T, a *app) *twPhone {
	t.Helper()
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	p := &twPhone{t: t, a: a, c: &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
	p.get("/new/mages-tower", false)
	return p
}

var csrfRE = regexp.MustCompile(`name="_csrf" value="([^"]+)"`)

func (p *twPhone) do(req *http.Request, hx bool) (int, string, http.Header) {
	p.t.Helper()
	if hx {
		req.Header.Set("HX-Request", "true")
	}
	if p.csrf != "" {
		req.Header.Set("X-CSRF-Token", p.csrf)
	}
	res, err := p.c.Do(req)
	if err != nil {
		p.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if m := csrfRE.FindSubmatch(b); m != nil {
		p.csrf = string(m[1])
	}
	return res.StatusCode, string(b), res.Header
}

func (p *twPhone) get(path string, hx bool) (int, string) {
	p.t.Helper()
	req, _ := http.NewRequest(http.MethodGet, p.a.URL+path, nil)
	code, body, _ := p.do(req, hx)
	return code, body
}

func (p *twPhone) post(path string, form url.Values, hx bool) (int, string, http.Header) {
	p.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, p.a.URL+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return p.do(req, hx)
}

// twCreate starts a game through the form and its confirmation and
// returns its id.
func twCreate(t *testing.T, p *twPhone, form url.Values) string {
	t.Helper()
	code, body, _ := p.post("/new/mages-tower", form, false)
	if code != http.StatusOK || !strings.Contains(body, `data-testid="confirm"`) {
		t.Fatalf("form: %d, want the confirmation\n%s", code, body)
	}
	conf := url.Values{}
	for _, m := range regexp.MustCompile(`<input type="hidden" name="([^"]+)" value="([^"]*)"`).FindAllStringSubmatch(body, -1) {
		if m[1] != "_csrf" {
			conf.Set(m[1], htmlUnescape(m[2]))
		}
	}
	if conf.Get("setup") == "" || conf.Get("confirm") != "1" {
		t.Fatal("no setup on the confirmation page")
	}
	code, _, hdr := p.post("/new/mages-tower", conf, false)
	if code != http.StatusSeeOther || !strings.HasPrefix(hdr.Get("Location"), "/g/") {
		t.Fatalf("confirm: %d %q, want a redirect to the game", code, hdr.Get("Location"))
	}
	return strings.TrimPrefix(hdr.Get("Location"), "/g/")
}

func htmlUnescape(s string) string {
	return strings.NewReplacer("&#34;", `"`, "&quot;", `"`, "&amp;", "&", "&lt;", "<", "&gt;", ">", "&#39;", "'").Replace(s)
}

func twVersion(t *testing.T, a *app, id string) int {
	t.Helper()
	g, err := a.Store.Game(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return g.Version
}

// act posts one action at version v.
func (p *twPhone) act(id string, v int, hx bool, kv ...string) (int, string) {
	p.t.Helper()
	f := url.Values{"v": {strconv.Itoa(v)}}
	for i := 0; i+1 < len(kv); i += 2 {
		f.Add(kv[i], kv[i+1])
	}
	code, body, _ := p.post("/g/"+id+"/act", f, hx)
	return code, body
}

func onePhone(general, mage string) url.Values {
	return url.Values{"general": {general}, "mage": {mage}, "generalPlayer": {"person"}, "magePlayer": {"person"}, "mode": {"one"}}
}

func TestTowerNewGameFormErrors(t *testing.T) {
	a := startApp(t)
	p := twNewPhone(t, a)
	for name, form := range map[string]url.Values{
		"no names":         {"generalPlayer": {"person"}, "magePlayer": {"person"}},
		"bad player":       {"general": {"Ana"}, "mage": {"Ben"}, "generalPlayer": {"robot"}},
		"two phones + bot": {"general": {"Ana"}, "mage": {"Ben"}, "magePlayer": {"greedy"}, "mode": {"two"}},
		"bad mode":         {"general": {"Ana"}, "mage": {"Ben"}, "mode": {"three"}},
	} {
		code, body, _ := p.post("/new/mages-tower", form, false)
		if code != http.StatusUnprocessableEntity || !strings.Contains(body, `data-testid="error"`) {
			t.Errorf("%s: %d, want 422 with the problems listed", name, code)
		}
	}
	games, _ := a.Store.Games(context.Background(), "")
	if len(games) != 0 {
		t.Fatalf("a refused form stored %d games", len(games))
	}
}

func TestTowerConfirmCreatesGameWithFacesAndSeats(t *testing.T) {
	a := startApp(t)
	p := twNewPhone(t, a)
	form := url.Values{"general": {"Ana"}, "mage": {""}, "generalPlayer": {"person"}, "magePlayer": {"greedy"}, "mode": {"one"}, "thumbsMayStay": {"on"}}
	id := twCreate(t, p, form)
	g, err := a.Store.Game(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	setup, err := tw.ParseSetup(g.Setup)
	if err != nil {
		t.Fatal(err)
	}
	if len(setup.Faces) != tw.NumCoins || setup.Mage != "Adept" || !setup.Options.ThumbsMayStay {
		t.Fatalf("setup = %+v, want faces written out, the bot named, the house rule on", setup)
	}
	seats, _ := a.Store.Seats(context.Background(), id)
	if len(seats) != 1 || seats[0].Index != 1 || seats[0].Holder != "bot:greedy" {
		t.Fatalf("seats = %+v, want only the Mage's bot seat", seats)
	}
	code, body := p.get("/g/"+id, false)
	if code != 200 || !strings.Contains(body, "<html") || !strings.Contains(body, `data-testid="coin-L1"`) {
		t.Fatalf("game page: %d", code)
	}
	// The rules page lists every ruling with its anchor.
	code, body = p.get("/rules/mages-tower", false)
	if code != 200 {
		t.Fatalf("rules: %d", code)
	}
	for _, r := range tw.Rulings() {
		if !strings.Contains(body, `id="rule-`+r.ID+`"`) {
			t.Errorf("rules page lacks rule-%s", r.ID)
		}
	}
}

func TestTowerFullPageVersusFragments(t *testing.T) {
	a := startApp(t)
	p := twNewPhone(t, a)
	id := twCreate(t, p, onePhone("Ana", "Ben"))
	_, full := p.get("/g/"+id, false)
	if !strings.Contains(full, "<html") || !strings.Contains(full, `data-testid="privacy"`) {
		t.Fatal("the first screen of a one-phone game is a whole page behind the hand-over screen")
	}
	if strings.Contains(full, `coin large heads`) || strings.Contains(full, `coin large tails`) {
		t.Fatal("the hand-over screen shows camp faces")
	}
	_, frag := p.get("/g/"+id+"?ui=1&v=0&seen=0", true)
	if strings.Contains(frag, "<html") || !strings.Contains(frag, `hx-swap-oob="innerHTML:#tw-controls"`) {
		t.Fatalf("htmx step should answer with fragments:\n%.300s", frag)
	}
	if strings.Contains(frag, `#tw-status"`) {
		t.Fatal("a selection step re-sent the unchanged status strip")
	}
	if !strings.Contains(frag, `data-testid="place"`) {
		t.Fatal("after the hand-over the General gets the place button")
	}
	// Selecting coins is a GET: nothing is stored.
	_, frag = p.get("/g/"+id+"?ui=1&v=0&seen=0&sel=L1,S2", true)
	if !strings.Contains(frag, "Place L1, S2 on the Field") || twVersion(t, a, id) != 0 {
		t.Fatal("selection did not show in the place button, or it changed the game")
	}
}

// toMage plays a General turn that places coins and ends, at v.
func toMage(t *testing.T, p *twPhone, id string, v int, coins ...string) int {
	t.Helper()
	kv := []string{"type", "place"}
	for _, c := range coins {
		kv = append(kv, "coins", c)
	}
	if code, body := p.act(id, v, false, kv...); code != http.StatusSeeOther {
		t.Fatalf("place: %d\n%s", code, body)
	}
	if code, _ := p.act(id, v+1, false, "type", "end"); code != http.StatusSeeOther {
		t.Fatalf("end: %d", code)
	}
	return v + 2
}

func TestTowerIllegalCastIs422AndStoresNothing(t *testing.T) {
	a := startApp(t)
	p := twNewPhone(t, a)
	id := twCreate(t, p, onePhone("Ana", "Ben"))
	v := toMage(t, p, id, 0, "L1", "M1")
	// Wave on an empty zone, and a row the thumb cannot reach.
	for _, kv := range [][]string{
		{"type", "cast", "damageRow", "1", "spellRow", "2", "spell", "wave", "zone", "3"},
		{"type", "cast", "damageRow", "0", "spellRow", "2", "spell", "wave", "zone", "1"},
		{"type", "cast", "damageRow", "1", "spellRow", "1", "spell", "lightning", "hits", "L1:5"},
	} {
		code, body := p.act(id, v, true, kv...)
		if code != http.StatusUnprocessableEntity || !strings.Contains(body, "Not allowed") {
			t.Errorf("%v: %d, want 422 with the reason", kv, code)
		}
	}
	if got := twVersion(t, a, id); got != v {
		t.Fatalf("version %d after refused casts, want %d", got, v)
	}
	// The General cannot act in the Mage's turn either.
	if code, _ := p.act(id, v, true, "type", "end"); code != http.StatusUnprocessableEntity {
		t.Fatalf("General's end in the Mage's turn: %d, want 422", code)
	}
	// A legal cast is stored once, even when the tap is repeated.
	for i := 0; i < 2; i++ {
		code, _ := p.act(id, v, false, "type", "cast", "damageRow", "1", "spellRow", "2", "spell", "wave", "zone", "1")
		if code != http.StatusSeeOther {
			t.Fatalf("cast #%d: %d, want 303", i+1, code)
		}
	}
	if got := twVersion(t, a, id); got != v+1 {
		t.Fatalf("version %d after a repeated cast, want %d", got, v+1)
	}
}

func TestTowerStaleVersionIs409WithCurrentScreen(t *testing.T) {
	a := startApp(t)
	gen := twNewPhone(t, a)
	id := twCreate(t, gen, url.Values{"general": {"Ana"}, "mage": {"Ben"}, "mode": {"two"}, "myside": {"general"}})
	mage := twJoin(t, a, gen, id)
	v := toMage(t, gen, id, 0, "L1")
	if code, _ := mage.act(id, v, false, "type", "cast", "damageRow", "1", "spellRow", "2", "spell", "wave", "zone", "1"); code != http.StatusSeeOther {
		t.Fatalf("Mage's cast: %d", code)
	}
	// The General's phone still shows version v and taps on it.
	code, body := gen.act(id, v, false, "type", "place", "coins", "M1")
	if code != http.StatusConflict || !strings.Contains(body, `data-version-src="`+strconv.Itoa(v+1)+`"`) {
		t.Fatalf("stale tap: %d, want 409 with the screen at version %d", code, v+1)
	}
	code, body = gen.act(id, v, true, "type", "place", "coins", "M1")
	if code != http.StatusConflict || !strings.Contains(body, "hx-swap-oob") || !strings.Contains(body, "The game changed") {
		t.Fatalf("stale htmx tap: %d, want 409 fragments with the notice", code)
	}
	if got := twVersion(t, a, id); got != v+1 {
		t.Fatalf("stale taps changed the game: version %d", got)
	}
}

// twJoin opens the join link of a two-phone game on a new phone.
func twJoin(t *testing.T, a *app, host *twPhone, id string) *twPhone {
	t.Helper()
	_, body := host.get("/g/"+id, false)
	m := regexp.MustCompile(`href="(/join/[^"]+)" data-testid="join-link"`).FindStringSubmatch(body)
	if m == nil {
		t.Fatal("the host's phone shows no join link")
	}
	p := twNewPhone(t, a)
	if code, _ := p.get(m[1], false); code != http.StatusOK {
		t.Fatalf("join page: %d", code)
	}
	if code, _, _ := p.post(m[1], url.Values{}, false); code != http.StatusSeeOther {
		t.Fatalf("take the seat: %d", code)
	}
	return p
}

var campRE = regexp.MustCompile(`(?s)data-testid="camp".*?class="zones"`)

func TestTowerMageNeverSeesCampFaces(t *testing.T) {
	a := startApp(t)
	gen := twNewPhone(t, a)
	id := twCreate(t, gen, url.Values{"general": {"Ana"}, "mage": {"Ben"}, "mode": {"two"}, "myside": {"general"}})
	_, body := gen.get("/g/"+id, false)
	m := regexp.MustCompile(`href="(/join/[^"]+)" data-testid="join-link"`).FindStringSubmatch(body)
	if m == nil {
		t.Fatal("the General's phone shows no join link")
	}
	if !strings.Contains(body, `/qr.svg?path=`+m[1]) {
		t.Fatal("no QR code of the join link")
	}
	camp := campRE.FindString(body)
	if !strings.Contains(camp, "heads") && !strings.Contains(camp, "tails") {
		t.Fatal("the General should see the camp's faces")
	}
	mage := twNewPhone(t, a)
	if code, _ := mage.get(m[1], false); code != http.StatusOK {
		t.Fatalf("join page: %d", code)
	}
	if code, _, _ := mage.post(m[1], url.Values{}, false); code != http.StatusSeeOther {
		t.Fatalf("take the seat: %d", code)
	}
	check := func(when string) {
		_, body := mage.get("/g/"+id, false)
		camp := campRE.FindString(body)
		if camp == "" {
			t.Fatalf("%s: no camp on the Mage's screen", when)
		}
		if strings.Contains(camp, "heads") || strings.Contains(camp, "tails") || strings.Contains(camp, "shield") {
			t.Fatalf("%s: the Mage's screen shows camp faces:\n%s", when, camp)
		}
		// Nor does the page carry them anywhere else: no embedded record,
		// whose setup lists every face (issue 12).
		if strings.Contains(body, `id="grimoire-record"`) || strings.Contains(body, `"faces"`) {
			t.Fatalf("%s: the Mage's page embeds the coin faces", when)
		}
		_, frag := mage.get("/g/"+id+"?ui=1&v=0", true)
		if c := campRE.FindString(frag); strings.Contains(c, "heads") || strings.Contains(c, "tails") {
			t.Fatalf("%s: a Mage fragment shows camp faces", when)
		}
	}
	check("General's turn")
	// The Mage's phone cannot play the General's move.
	if code, _ := mage.act(id, 0, true, "type", "place", "coins", "L1"); code != http.StatusUnprocessableEntity {
		t.Fatalf("Mage placing coins: %d, want 422", code)
	}
	toMage(t, gen, id, 0, "L1", "L2")
	check("Mage's turn")
	_, body = gen.get("/g/"+id, false)
	if strings.Contains(body, `data-testid="join-link"`) {
		t.Fatal("the join link stays after the seat was claimed")
	}
	// Two phones: the General may not undo once the Mage... the General's
	// own last action can be undone until the Mage acts.
	code, _, _ := gen.post("/g/"+id+"/undo", url.Values{"v": {"2"}}, false)
	if code != http.StatusSeeOther {
		t.Fatalf("General's undo of their own end: %d", code)
	}
	code, _, _ = mage.post("/g/"+id+"/undo", url.Values{"v": {"3"}}, true)
	if code != http.StatusUnprocessableEntity {
		t.Fatalf("Mage undoing the General's action: %d, want 422", code)
	}
}

func TestTowerBotRepliesAndUndoTakesItBack(t *testing.T) {
	a := startApp(t)
	p := twNewPhone(t, a)
	id := twCreate(t, p, url.Values{"general": {"Ana"}, "generalPlayer": {"person"}, "magePlayer": {"greedy"}, "mode": {"one"}})
	_, body := p.get("/g/"+id, false)
	if strings.Contains(body, `data-testid="privacy"`) {
		t.Fatal("against a bot there is nobody to hand the phone to")
	}
	v := toMage(t, p, id, 0, "L1", "M1", "S1")
	_, body = p.get("/g/"+id, false)
	if !strings.Contains(body, `hx-post="/g/`+id+`/bot"`) {
		t.Fatal("the bot's turn should ask for its move")
	}
	code, _, _ := p.post("/g/"+id+"/bot", url.Values{"v": {strconv.Itoa(v)}}, true)
	if code != 200 || twVersion(t, a, id) != v+1 {
		t.Fatalf("bot move: %d, version %d", code, twVersion(t, a, id))
	}
	log, _ := a.Store.Log(context.Background(), id)
	var last map[string]any
	_ = json.Unmarshal(log[len(log)-1].Action, &last)
	if last["type"] != "cast" && last["type"] != "skip" || log[len(log)-1].Seat != 1 {
		t.Fatalf("bot's entry = %s seat %d", log[len(log)-1].Action, log[len(log)-1].Seat)
	}
	_, logPage := p.get("/g/"+id+"/log", false)
	if !strings.Contains(logPage, "Adept (Mage, bot)") || !strings.Contains(logPage, "Ana (General) placed L1, M1 and S1 on the Field") {
		t.Fatal("the log page does not say who did what")
	}
	_, home := p.get("/", false)
	if !strings.Contains(home, "Turn 2 · General to play") {
		t.Fatal("the home list does not show where the game stands")
	}
	// Undo takes back the bot's cast and the General's end: Ana's turn again.
	code, _, _ = p.post("/g/"+id+"/undo", url.Values{"v": {strconv.Itoa(v + 1)}}, false)
	if code != http.StatusSeeOther {
		t.Fatalf("undo: %d", code)
	}
	log, _ = a.Store.Log(context.Background(), id)
	if n := len(store.InForce(log)); n != 1 {
		t.Fatalf("%d actions in force after undo, want 1 (the place)", n)
	}
	_, body = p.get("/g/"+id, false)
	if !strings.Contains(body, `data-phase="advance"`) {
		t.Fatal("after undo the General should be advancing again")
	}
}
