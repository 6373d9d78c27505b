package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/grimoire-games/grimoire/store"
)

// badLine is one request of testdata/badinput/corpus.jsonl: who sends it
// (as), what, and the status it must get. Paths, headers, forms and bodies
// may name the set-up games and their secrets with placeholders ({sa},
// {sc.watch}, {csrf}, {sa.v} ... see (*corpusRun).fill) and make huge values
// with {rep:N:s} (s repeated N times), so the file stays readable.
type badLine struct {
	Name   string            `json:"n"`
	As     string            `json:"as"`
	Method string            `json:"m"`
	Path   string            `json:"p"`
	Header map[string]string `json:"h"`
	Form   map[string]string `json:"f"`
	Body   *string           `json:"b"`
	Want   wantStatus        `json:"want"`
	// Write marks a legitimate write (a valid import, a new game, the
	// scratch game's tap and delete): it may change the store, though
	// never the three games the run compares.
	Write bool `json:"write"`
}

// wantStatus is one status, or a list where the rules allow either (a
// refusal that may come from the form reader, 400, or the rules, 422).
type wantStatus []int

func (w *wantStatus) UnmarshalJSON(b []byte) error {
	var one int
	if err := json.Unmarshal(b, &one); err == nil {
		*w = wantStatus{one}
		return nil
	}
	var many []int
	if err := json.Unmarshal(b, &many); err != nil {
		return fmt.Errorf("want: a status or a list of statuses: %w", err)
	}
	*w = many
	return nil
}

func (w wantStatus) has(code int) bool {
	for _, c := range w {
		if c == code {
			return true
		}
	}
	return false
}

func readCorpus(t *testing.T) []badLine {
	t.Helper()
	f, err := os.Open("testdata/badinput/corpus.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []badLine
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for n := 1; sc.Scan(); n++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var l badLine
		dec := json.NewDecoder(strings.NewReader(sc.Text()))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&l); err != nil {
			t.Fatalf("corpus line %d: %v", n, err)
		}
		if l.Name == "" || l.Method == "" || l.Path == "" || len(l.Want) == 0 {
			t.Fatalf("corpus line %d: a request needs n, m, p and want", n)
		}
		out = append(out, l)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// table is the three games every request aims at, and a scratch game the
// corpus may change and delete.
type table struct {
	srv                   *server
	owner, stranger       *phone
	mage, scribe          *phone // the Tower Mage's and Scribes seat 1's phones
	sa, sc, tw, x         string // game ids
	saWatch, scWatch      string
	twWatch, xWatch       string
	scJoin2               string // Scribes seat 2's join token, never taken
	seeds                 map[string]int64
	css, cssHash, saLastV string
}

// setTable starts a Spells & Arrows game (one tap, then its undo), a
// Scribes game on separate phones (3 seats, seat 1 taken), a Mage's Tower
// game on two phones (the Mage's seat taken) and a scratch game.
func setTable(t *testing.T, srv *server) *table {
	t.Helper()
	tb := &table{srv: srv, owner: srv.phone(), stranger: srv.phone(), mage: srv.phone(), scribe: srv.phone()}
	var err error
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	tb.sa, err = tb.owner.create("spells-arrows", url.Values{"spy": {"Ana"}, "mage": {"Ben"}, "victory": {"12"}, "turns": {"5"}})
	must(err)
	for _, w := range []struct {
		path string
		form url.Values
	}{
		{"/g/" + tb.sa + "/act", url.Values{"v": {"0"}, "type": {"spy-shot"}, "made": {"1"}}},
		{"/g/" + tb.sa + "/undo", url.Values{"v": {"1"}}},
	} {
		res, err := tb.owner.post(w.path, w.form, true)
		must(err)
		if res.Status != http.StatusOK {
			t.Fatalf("set-up write %s: %d %.300s", w.path, res.Status, res.Body)
		}
	}
	tb.saLastV = "1"
	tb.sc, err = tb.owner.create("arcane-scribes", url.Values{"mode": {"phones"}, "name0": {"Mia"}, "name1": {"Ben"}, "name2": {"Cy"}})
	must(err)
	tb.tw, err = tb.owner.create("mages-tower", url.Values{"general": {"Ana"}, "mage": {"Ben"}, "mode": {"two"}, "myside": {"general"}})
	must(err)
	tb.x, err = tb.owner.create("spells-arrows", url.Values{"spy": {"Xa"}, "mage": {"Xb"}, "victory": {"12"}, "turns": {"5"}})
	must(err)
	links, err := tb.owner.joinLinks(tb.tw)
	must(err)
	if len(links) != 1 {
		t.Fatalf("Tower join links %v, want the Mage's", links)
	}
	must(claim(tb.mage, links[0]))
	links, err = tb.owner.joinLinks(tb.sc)
	must(err)
	if len(links) != 2 {
		t.Fatalf("Scribes join links %v, want seats 1 and 2", links)
	}
	sort.Strings(links) // the order does not matter: one is taken, one stays free
	must(claim(tb.scribe, links[0]))
	tb.scJoin2 = strings.TrimPrefix(links[1], "/join/")
	tb.stranger.get("/")

	home, err := tb.owner.get("/")
	must(err)
	doc, err := home.doc()
	must(err)
	css, _ := doc.Find(`link[rel="stylesheet"]`).Attr("href")
	tb.css = strings.TrimPrefix(css, "/static/")
	res, err := tb.owner.get(css)
	must(err)
	// Compressed answers weaken the tag (W/"hash"); the hash is the same.
	tb.cssHash = strings.Trim(strings.TrimPrefix(res.Header.Get("ETag"), "W/"), `"`)
	return tb
}

// claim takes a seat: by the join page's POST form, or (a build that still
// claims on the GET) by the GET itself.
func claim(p *phone, join string) error {
	res, err := p.get(join)
	if err != nil {
		return err
	}
	if res.Status == http.StatusSeeOther && strings.HasPrefix(res.Header.Get("Location"), "/g/") {
		return nil
	}
	action, err := seatForm(res)
	if err != nil {
		return err
	}
	res, err = p.post(action, url.Values{}, false)
	if err != nil {
		return err
	}
	if res.Status != http.StatusSeeOther {
		return fmt.Errorf("take the seat %s: %d %.200s", join, res.Status, res.Body)
	}
	return nil
}

// snapshot reads what the store holds of the compared games (row, seed,
// setup, every log entry with its seat and key), the server stopped.
func (tb *table) snapshot(t *testing.T) (map[string]string, int) {
	t.Helper()
	st := tb.srv.openStore()
	defer st.Close()
	out := map[string]string{}
	tb.seeds = map[string]int64{}
	for _, id := range []string{tb.sa, tb.sc, tb.tw, tb.x} {
		g, log, err := loadGame(st, id)
		if err != nil {
			if id == tb.x {
				continue // the corpus deletes it
			}
			t.Fatal(err)
		}
		tb.seeds[id] = g.Seed
		switch id {
		case tb.sa:
			tb.saWatch = g.SpectatorToken
		case tb.sc:
			tb.scWatch = g.SpectatorToken
		case tb.tw:
			tb.twWatch = g.SpectatorToken
		case tb.x:
			tb.xWatch = g.SpectatorToken
			continue // not compared
		}
		var b strings.Builder
		fmt.Fprintf(&b, "kind %s title %q seed %d version %d setup %s\n", g.Kind, g.Title, g.Seed, g.Version, compact(g.Setup))
		for _, e := range log {
			fmt.Fprintf(&b, "%d %s seat %d key %s %s\n", e.Seq, e.Kind, e.Seat, e.ClientID, compact(e.Action))
		}
		out[id] = b.String()
	}
	n := 0
	for _, p := range []*phone{tb.owner, tb.stranger, tb.mage, tb.scribe} {
		gs, err := st.Games(context.Background(), p.device(t))
		if err != nil {
			t.Fatal(err)
		}
		n += len(gs)
	}
	return out, n
}

func loadGame(st store.Store, id string) (store.Game, []store.Entry, error) {
	ctx := context.Background()
	g, err := st.Game(ctx, id)
	if err != nil {
		return g, nil, fmt.Errorf("game %s: %w", id, err)
	}
	log, err := st.Log(ctx, id)
	if err != nil {
		return g, nil, fmt.Errorf("log of %s: %w", id, err)
	}
	return g, log, nil
}

var (
	placeholderRE = regexp.MustCompile(`\{([a-z]+(?:\.[a-z0-9+]+)?)\}`)
	repRE         = regexp.MustCompile(`\{rep:(\d+):([^{}]*)\}`)
	versionRE     = regexp.MustCompile(`\bdata-version="(\d+)"`)
)

// corpusRun sends the corpus's requests; client is the phone a line's "as"
// names (a fresh one for "nocookie" and "forged").
type corpusRun struct {
	t  *testing.T
	tb *table
}

func (r *corpusRun) client(as string) (*phone, string) {
	switch as {
	case "", "owner":
		return r.tb.owner, r.tb.owner.csrf()
	case "stranger":
		return r.tb.stranger, r.tb.stranger.csrf()
	case "mage":
		return r.tb.mage, r.tb.mage.csrf()
	case "scribe":
		return r.tb.scribe, r.tb.scribe.csrf()
	case "nocookie":
		p := r.tb.srv.phone()
		p.http.Jar = nil
		return p, ""
	case "forged":
		// A session cookie no key signed, and a CSRF cookie the client made
		// up with the same token in its header: the double-submit check
		// passes, so what refuses the write is that no device owns the game.
		p := r.tb.srv.phone()
		u, _ := url.Parse(r.tb.srv.url() + "/")
		const tok = "forgedforgedforgedforgedforged12"
		p.http.Jar.SetCookies(u, []*http.Cookie{
			{Name: "grimoire", Value: "MTcwMDAwMDAwMHxmb3JnZWR8c2lnbmF0dXJlCg=="},
			{Name: "grimoire_csrf", Value: tok},
		})
		return p, tok
	}
	r.t.Fatalf("corpus: unknown client %q", as)
	return nil, ""
}

// version is the version a game's screen shows its owner now.
func (r *corpusRun) version(id string) int {
	res, err := r.tb.owner.get("/g/" + id)
	if err != nil {
		r.t.Fatal(err)
	}
	m := versionRE.FindStringSubmatch(res.Body)
	if m == nil {
		r.t.Fatalf("the owner's page of %s shows no version (status %d)", id, res.Status)
	}
	v, _ := strconv.Atoi(m[1])
	return v
}

// fill replaces the placeholders of one string.
func (r *corpusRun) fill(s, csrf string) string {
	tb := r.tb
	s = placeholderRE.ReplaceAllStringFunc(s, func(ph string) string {
		name := ph[1 : len(ph)-1]
		ids := map[string]string{"sa": tb.sa, "sc": tb.sc, "tw": tb.tw, "x": tb.x}
		if id, ok := ids[name]; ok {
			return id
		}
		game, what, _ := strings.Cut(name, ".")
		switch name {
		case "csrf":
			return csrf
		case "stranger.csrf":
			return tb.stranger.csrf()
		case "css":
			return tb.css
		case "css.hash":
			return tb.cssHash
		case "sa.watch":
			return tb.saWatch
		case "sc.watch":
			return tb.scWatch
		case "tw.watch":
			return tb.twWatch
		case "sc.join2":
			return tb.scJoin2
		case "sa.last":
			return tb.saLastV
		}
		id, ok := ids[game]
		if !ok {
			r.t.Fatalf("corpus: unknown placeholder %s", ph)
		}
		switch what {
		case "v":
			return strconv.Itoa(r.version(id))
		case "v+1":
			return strconv.Itoa(r.version(id) + 1)
		case "vprev":
			return strconv.Itoa(r.version(id) - 1)
		case "seed":
			return strconv.FormatInt(tb.seeds[id], 10)
		case "seed+1":
			return strconv.FormatInt(tb.seeds[id]+1, 10)
		}
		r.t.Fatalf("corpus: unknown placeholder %s", ph)
		return ""
	})
	return repRE.ReplaceAllStringFunc(s, func(m string) string {
		p := repRE.FindStringSubmatch(m)
		n, _ := strconv.Atoi(p[1])
		return strings.Repeat(p[2], n)
	})
}

// send makes one corpus request and returns its answer.
func (r *corpusRun) send(l badLine) (answer, error) {
	p, csrf := r.client(l.As)
	h := map[string]string{}
	for k, v := range l.Header {
		h[k] = r.fill(v, csrf)
	}
	var body *strings.Reader
	switch {
	case l.Body != nil:
		body = strings.NewReader(r.fill(*l.Body, csrf))
	case l.Form != nil:
		f := url.Values{}
		for k, v := range l.Form {
			f.Set(r.fill(k, csrf), r.fill(v, csrf))
		}
		body = strings.NewReader(f.Encode())
		if _, ok := h["Content-Type"]; !ok {
			h["Content-Type"] = "application/x-www-form-urlencoded"
		}
	}
	path := r.fill(l.Path, csrf)
	if body == nil {
		return p.do(l.Method, path, nil, h)
	}
	return p.do(l.Method, path, body, h)
}

func TestReliabilityBadInputCorpus(t *testing.T) {
	corpus := readCorpus(t)
	if len(corpus) < 300 {
		t.Fatalf("the corpus holds %d requests, want at least 300", len(corpus))
	}
	srv := startServer(t)
	tb := setTable(t, srv)
	srv.kill()
	before, gamesBefore := tb.snapshot(t)
	srv.start()

	run := &corpusRun{t: t, tb: tb}
	methods := map[string]int{}
	routes := map[string]bool{}
	fiveXX, wrong, writes := 0, 0, 0
	for i, l := range corpus {
		res, err := run.send(l)
		if err != nil {
			t.Errorf("line %d %q: no answer: %v", i+1, l.Name, err)
			wrong++
			continue
		}
		methods[l.Method]++
		routes[routeOf(l.Path)] = true
		if l.Write {
			writes++
		}
		if res.Status >= 500 {
			fiveXX++
		}
		if !l.Want.has(res.Status) {
			wrong++
			t.Errorf("line %d %s %s (%s, as %s): status %d, want %v\n%.300s", i+1, l.Method, l.Path, l.Name, l.As, res.Status, []int(l.Want), errorLine(res))
		}
	}
	srv.kill()
	after, gamesAfter := tb.snapshot(t)
	changed := 0
	for id, b := range before {
		if after[id] != b {
			changed++
			t.Errorf("game %s changed:\nbefore:\n%s\nafter:\n%s", id, b, after[id])
		}
	}
	// The corpus's legitimate writes make exactly three games (an import,
	// a confirmation, a game started offline sent twice) and delete the
	// scratch game.
	if got, want := gamesAfter-gamesBefore, 3-1; got != want {
		t.Errorf("the corpus left %d more games than before, want %d (three legitimate creations, one delete)", got, want)
	}
	var ms []string
	for m, n := range methods {
		ms = append(ms, fmt.Sprintf("%s %d", m, n))
	}
	sort.Strings(ms)
	t.Logf("bad-input corpus: %d requests (%s) over %d routes; legitimate writes %d; answers 5xx %d; statuses not as the file says %d; compared games changed %d of %d",
		len(corpus), strings.Join(ms, ", "), len(routes), writes, fiveXX, wrong, changed, len(before))
	if fiveXX > 0 {
		t.Errorf("%d answers were 5xx", fiveXX)
	}
}

// routeOf folds a corpus path to its route for counting.
func routeOf(p string) string {
	p, _, _ = strings.Cut(p, "?")
	parts := strings.Split(p, "/")
	if len(parts) > 2 {
		switch parts[1] {
		case "g", "watch", "join":
			parts[2] = ":x"
		case "static":
			return "/static/*"
		case "new", "rules", "sheets":
			parts[2] = ":game"
		}
	}
	return strings.Join(parts, "/")
}

// errorLine is the sentence an error page shows, or the body's start.
func errorLine(res answer) string {
	if doc, err := goquery.NewDocumentFromReader(strings.NewReader(res.Body)); err == nil {
		if s := strings.TrimSpace(doc.Find(`[data-testid="error"], .error, main p`).First().Text()); s != "" {
			return s
		}
	}
	return res.Body
}
