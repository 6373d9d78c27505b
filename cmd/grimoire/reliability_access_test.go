package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
)

// The access matrix: for every game route and every kind of client, the
// status it must get, and for every read that answers, that the body holds
// nothing the client may not see (the embedded record included).
//
// Clients (columns):
//
//	owner      the scorekeeper: the device that created the game (in the
//	           Tower and Scribes games it also holds seat 0)
//	seat       the other seated player's phone (the Mage; Scribes seat 1)
//	other      another device with a session of its own
//	spectator  a device that only ever opened the spectator link
//	nocookie   a client that sends no cookie at all
//	forged     a session cookie no key signed, with a made-up CSRF pair
//	cross      the owner's cookies on a request from another site
//	           (Sec-Fetch-Site: cross-site)
//
// A 0 is a cell not sent: the owner's delete is a write (the corpus proves
// it on a scratch game), and a one-phone game has no second seat.
var accessClients = []string{"owner", "seat", "other", "spectator", "nocookie", "forged", "cross"}

type accessRow struct {
	method, path string
	hx           bool // an htmx request: fragments instead of a page
	want         [7]int
}

// Writes are sent with a version one past the game's: a client allowed to
// write gets 400 (that version does not exist) and nothing is stored, one
// that is not gets 403 before its version is read.
func accessTable(game string) []accessRow {
	seat := func(s int) int {
		if game == "sa" {
			return 0
		}
		return s
	}
	return []accessRow{
		{"GET", "/g/{id}", false, [7]int{200, seat(200), 303, 303, 303, 303, 200}},
		{"GET", "/g/{id}?v=0", true, [7]int{200, seat(200), 303, 303, 303, 303, 200}},
		{"GET", "/g/{id}/log", false, [7]int{200, seat(200), 303, 303, 303, 303, 200}},
		{"GET", "/g/{id}/sheet", false, [7]int{200, seat(200), 303, 303, 303, 303, 200}},
		{"GET", "/g/{id}/export", false, exportRow(game)},
		{"GET", "/g/{id}/delete", false, [7]int{200, seat(403), 403, 403, 403, 403, 200}},
		{"GET", "/g/{id}/events", false, [7]int{200, seat(200), 403, 403, 403, 403, 200}},
		{"GET", "/watch/{watch}", false, [7]int{200, seat(200), 200, 200, 200, 200, 200}},
		{"GET", "/watch/{watch}?v=0", true, [7]int{200, seat(200), 200, 200, 200, 200, 200}},
		{"GET", "/watch/{watch}/sheet", false, [7]int{200, seat(200), 200, 200, 200, 200, 200}},
		{"GET", "/watch/{watch}/export", false, [7]int{403, seat(403), 403, 403, 403, 403, 403}},
		{"GET", "/watch/{watch}/events", false, [7]int{200, seat(200), 200, 200, 200, 200, 200}},
		{"POST", "/g/{id}/act", true, [7]int{400, seat(400), 403, 403, 403, 403, 403}},
		{"POST", "/g/{id}/undo", true, [7]int{400, seat(400), 403, 403, 403, 403, 403}},
		{"POST", "/g/{id}/bot", true, [7]int{400, seat(400), 403, 403, 403, 403, 403}},
		{"POST", "/g/{id}/sync", true, [7]int{400, seat(400), 403, 403, 403, 403, 403}},
		{"POST", "/g/{id}/delete", false, [7]int{0, seat(403), 403, 403, 403, 403, 403}},
		// Only a damaged record can be kept in part; these games replay.
		{"POST", "/g/{id}/keep", false, [7]int{409, seat(409), 403, 403, 403, 403, 403}},
	}
}

// exportRow: a game that hides nothing exports to its scorekeeper while it
// runs; a game with hidden coin faces or cards exports to nobody seated
// until it is over (play.MayExport), and never to a device outside it.
func exportRow(game string) [7]int {
	if game == "sa" {
		return [7]int{200, 0, 403, 403, 403, 403, 200}
	}
	return [7]int{403, 403, 403, 403, 403, 403, 403}
}

var (
	campRE      = regexp.MustCompile(`(?s)data-testid="camp".*?class="zones"`)
	faceWordsRE = regexp.MustCompile(`\b(heads|tails|shield)\b`)
)

// hidden says what a body shows that this client may not see ("" if
// nothing). mayFaces: the Tower General; no Scribes client may see the seed
// or an unrevealed order while the game runs (even its owner holds a seat).
func hidden(game, client, body string, tb *table) []string {
	var found []string
	spectator := client != "owner" && client != "cross" && client != "seat"
	rec, hasRec := embeddedRecord(body)
	switch game {
	case "tw":
		if client == "owner" || client == "cross" {
			break
		}
		if strings.Contains(body, `"faces"`) || strings.Contains(body, `&#34;faces&#34;`) {
			found = append(found, "the coin faces (setup.faces)")
		}
		if faceWordsRE.MatchString(campRE.FindString(body)) {
			found = append(found, "a camp coin's face on the screen")
		}
	case "sc":
		if seed := tb.seeds[tb.sc]; seed > 1_000_000 && strings.Contains(body, strconv.FormatInt(seed, 10)) {
			found = append(found, "the seed (it fixes the deck and tile order)")
		}
		if hasRec {
			var setup map[string]json.RawMessage
			json.Unmarshal(rec["setup"], &setup)
			for _, k := range []string{"deck", "tiles", "draw"} {
				if _, ok := setup[k]; ok {
					found = append(found, "the embedded setup's "+k+" order")
				}
			}
		}
	}
	if spectator {
		for _, secret := range []string{"/join/", tb.scJoin2} {
			if secret != "" && strings.Contains(body, secret) {
				found = append(found, "a seat's join link")
				break
			}
		}
		if hasRec {
			if _, ok := rec["csrf"]; ok {
				found = append(found, "a CSRF token in the embedded record")
			}
		}
	}
	return found
}

// embeddedRecord is the JSON of the page's or fragment's
// <script id="grimoire-record">.
func embeddedRecord(body string) (map[string]json.RawMessage, bool) {
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(body))
	if err != nil {
		return nil, false
	}
	el := doc.Find("#grimoire-record").First()
	if el.Length() == 0 {
		return nil, false
	}
	var rec map[string]json.RawMessage
	if json.Unmarshal([]byte(el.Text()), &rec) != nil {
		return nil, false
	}
	return rec, true
}

// stream opens an event stream and closes it once the status is known.
func (p *phone) stream(path string, h map[string]string) (int, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, p.srv.url()+path, nil)
	if err != nil {
		return 0, err
	}
	for k, v := range h {
		req.Header.Set(k, v)
	}
	res, err := p.http.Do(req)
	if err != nil {
		return 0, err
	}
	res.Body.Close()
	return res.StatusCode, nil
}

func TestReliabilityAccessMatrix(t *testing.T) {
	srv := startServer(t)
	tb := setTable(t, srv)
	// The General plays a turn, so the Mage's turn is on and every fragment
	// asked for from version 0 carries the board and record that changed.
	for i, f := range []url.Values{
		{"v": {"0"}, "type": {"place"}, "coins": {"L1", "L2"}},
		{"v": {"1"}, "type": {"end"}},
	} {
		res, err := tb.owner.post("/g/"+tb.tw+"/act", f, true)
		if err != nil || res.Status != http.StatusOK {
			t.Fatalf("the General's move %d: %v %d %.200s", i, err, res.Status, res.Body)
		}
	}
	srv.kill()
	tb.snapshot(t) // seeds and spectator tokens
	srv.start()
	spectator := srv.phone()
	spectator.get("/watch/" + tb.saWatch)
	run := &corpusRun{t: t, tb: tb}

	games := []struct{ key, id, watch string }{{"sa", tb.sa, tb.saWatch}, {"tw", tb.tw, tb.twWatch}, {"sc", tb.sc, tb.scWatch}}
	cells, wrong, leaks := 0, 0, 0
	for _, g := range games {
		for _, row := range accessTable(g.key) {
			for ci, client := range accessClients {
				want := row.want[ci]
				if want == 0 {
					continue
				}
				var p *phone
				var csrf string
				h := map[string]string{}
				switch client {
				case "owner", "cross":
					p, csrf = tb.owner, tb.owner.csrf()
					if client == "cross" {
						h["Sec-Fetch-Site"] = "cross-site"
					}
				case "seat":
					p = tb.mage
					if g.key == "sc" {
						p = tb.scribe
					}
					csrf = p.csrf()
				case "other":
					p, csrf = run.client("stranger")
				case "spectator":
					p, csrf = spectator, spectator.csrf()
				default:
					p, csrf = run.client(client)
				}
				if row.hx {
					h["HX-Request"] = "true"
				}
				path := strings.NewReplacer("{id}", g.id, "{watch}", g.watch).Replace(row.path)
				name := fmt.Sprintf("%s %s %s as %s", g.key, row.method, path, client)
				cells++
				var got int
				var body string
				switch {
				case strings.HasSuffix(path, "/events"):
					code, err := p.stream(path, h)
					if err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					got = code
				case row.method == http.MethodGet:
					res, err := p.do(http.MethodGet, path, nil, h)
					if err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					got, body = res.Status, res.Body
				default:
					h["X-CSRF-Token"] = csrf
					h["Content-Type"] = "application/x-www-form-urlencoded"
					v := run.version(g.id)
					form := url.Values{"v": {strconv.Itoa(v + 1)}, "cid": {"matrix-" + strconv.Itoa(cells)}, "op": {"act"}}
					res, err := p.do(http.MethodPost, path, strings.NewReader(form.Encode()), h)
					if err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					got, body = res.Status, res.Body
				}
				if got != want {
					wrong++
					t.Errorf("%s: status %d, want %d\n%.200s", name, got, want, errorLine(answer{Body: body}))
				}
				if got == http.StatusOK && body != "" {
					if found := hidden(g.key, client, body, tb); len(found) > 0 {
						leaks++
						t.Errorf("%s: the body shows %s", name, strings.Join(found, ", "))
					}
				}
			}
		}
	}
	srv.kill()
	// Every write of the matrix was refused: the games are as set up.
	st := srv.openStore()
	defer st.Close()
	for _, g := range games {
		gm, err := st.Game(context.Background(), g.id)
		if err != nil {
			t.Fatal(err)
		}
		if want := map[string]int{"sa": 2, "tw": 2, "sc": 0}[g.key]; gm.Version != want {
			t.Errorf("%s: version %d after the matrix, want %d", g.key, gm.Version, want)
		}
	}
	t.Logf("access matrix: %d cells (%d routes × %d clients × 3 games, less the cells not sent): statuses not as the table says %d, bodies showing hidden information %d",
		cells, len(accessTable("sa")), len(accessClients), wrong, leaks)
}

// The creator of a game on two phones must not choose what the other side
// may not know: the confirmation step draws the Tower's coin faces on the
// server, whatever setup it is sent. Three games are confirmed with a setup
// whose faces are chosen; drawn faces match a chosen pattern by chance
// once in 512, so all three matching means the choice was taken.
func TestReliabilityConfirmStepDrawsOnTheServer(t *testing.T) {
	srv := startServer(t)
	host := srv.phone()
	patterns := [][]string{
		{"heads", "heads", "heads", "heads", "heads", "heads", "heads", "heads", "heads"},
		{"tails", "tails", "tails", "tails", "tails", "tails", "tails", "tails", "tails"},
		{"heads", "tails", "heads", "tails", "heads", "tails", "heads", "tails", "heads"},
	}
	var ids []string
	for _, faces := range patterns {
		if _, err := host.get("/new/mages-tower"); err != nil {
			t.Fatal(err)
		}
		res, err := host.post("/new/mages-tower", url.Values{"general": {"Ana"}, "mage": {"Ben"}, "mode": {"two"}, "myside": {"general"}}, false)
		if err != nil || res.Status != http.StatusOK {
			t.Fatalf("form: %v %d", err, res.Status)
		}
		doc, err := res.doc()
		if err != nil {
			t.Fatal(err)
		}
		conf := url.Values{}
		doc.Find(`input[name="confirm"]`).First().Closest("form").Find(`input[type="hidden"]`).Each(func(_ int, s *goquery.Selection) {
			name, _ := s.Attr("name")
			val, _ := s.Attr("value")
			if name != "_csrf" {
				conf.Set(name, val)
			}
		})
		chosen, _ := json.Marshal(map[string]any{"general": "Ana", "mage": "Ben", "faces": faces})
		conf.Set("setup", string(chosen))
		res, err = host.post("/new/mages-tower", conf, false)
		if err != nil {
			t.Fatal(err)
		}
		loc := res.Header.Get("Location")
		if res.Status != http.StatusSeeOther || !strings.HasPrefix(loc, "/g/") {
			// Refusing a setup the form did not make is as good as ignoring it.
			t.Logf("a confirmation with chosen faces: %d %.200s", res.Status, errorLine(res))
			continue
		}
		ids = append(ids, strings.TrimPrefix(loc, "/g/"))
	}
	srv.kill()
	st := srv.openStore()
	defer st.Close()
	adopted := 0
	for i, id := range ids {
		g, err := st.Game(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		var setup struct {
			Faces []string `json:"faces"`
		}
		if err := json.Unmarshal(g.Setup, &setup); err != nil {
			t.Fatal(err)
		}
		if strings.Join(setup.Faces, " ") == strings.Join(patterns[i], " ") {
			adopted++
		}
	}
	if len(ids) == len(patterns) && adopted == len(ids) {
		t.Errorf("the confirmation step took the creator's coin faces in all %d games", adopted)
	}
	t.Logf("confirmations with chosen faces: %d games made, chosen faces stored in %d", len(ids), adopted)
}
