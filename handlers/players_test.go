package handlers_test

import (
	"encoding/csv"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/grimoire-games/grimoire/rules/record"
	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
)

// withPlayers is a Spells & Arrows record with other names at the court
// (the actions do not name anybody, so the game replays the same).
func withPlayers(t *testing.T, path, spy, mage string) (string, record.Record) {
	t.Helper()
	_, rec := readRecord(t, path)
	var setup map[string]any
	if err := json.Unmarshal(rec.Setup, &setup); err != nil {
		t.Fatal(err)
	}
	setup["spy"], setup["mage"] = spy, mage
	raw, err := json.Marshal(setup)
	if err != nil {
		t.Fatal(err)
	}
	rec.Setup = raw
	return encodeRecord(t, rec), rec
}

// attemptsBy counts a player's attempts in records, as the rules core
// lists them.
func attemptsBy(t *testing.T, player string, recs ...record.Record) int {
	t.Helper()
	n := 0
	for _, rec := range recs {
		at, err := sa.Attempts(rec)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range at {
			if a.Player == player {
				n++
			}
		}
	}
	return n
}

func docOf(t *testing.T, body string) *goquery.Document {
	t.Helper()
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// TestPlayerRecordsCountOnlyThisDevicesGames: two phones, each with its own
// games in which Ana plays; each phone's player page and CSV count its own
// games only, one CSV row per attempt.
func TestPlayerRecordsCountOnlyThisDevicesGames(t *testing.T) {
	a := startRecApp(t)
	mine, theirs, stranger := a.phone(t), a.phone(t), a.phone(t)
	raw1, rec1 := readRecord(t, "rules/spellsarrows/testdata/mage-wins-on-turns.json")
	raw2, rec2 := withPlayers(t, "rules/spellsarrows/testdata/giants-engaged-and-leaps.json", "Ben", "Ana")
	raw3, rec3 := withPlayers(t, saFinished, "Ana", "Cy")
	myGames := []string{mine.importID(raw1, false), mine.importID(raw2, false)}
	theirGame := theirs.importID(raw3, false)

	t.Run("the players index lists the names of this device's games", func(t *testing.T) {
		_, body := mine.get("/players")
		var names []string
		docOf(t, body).Find(`[data-testid="player-link"]`).Each(func(_ int, s *goquery.Selection) { names = append(names, s.Text()) })
		slices.Sort(names)
		if !slices.Equal(names, []string{"Ana", "Ben"}) {
			t.Fatalf("players %v, want Ana and Ben (not Cy, who played on another phone)", names)
		}
	})

	t.Run("the player page shows both games, the kinds, the trend and the career chart", func(t *testing.T) {
		res, body := mine.get("/players?name=Ana")
		if res.StatusCode != http.StatusOK {
			t.Fatalf("status %d\n%s", res.StatusCode, body)
		}
		doc := docOf(t, body)
		if n := doc.Find(`[data-testid="player-game"]`).Length(); n != 2 {
			t.Errorf("%d games listed, want 2", n)
		}
		roles := doc.Find(`[data-testid="player-game"] td:nth-child(2)`).Map(func(_ int, s *goquery.Selection) string { return s.Text() })
		slices.Sort(roles)
		if !slices.Equal(roles, []string{"mage", "spy"}) {
			t.Errorf("roles %v, want one game as spy and one as mage", roles)
		}
		kinds := doc.Find(`[data-testid="player-kinds-row"]`).Map(func(_ int, s *goquery.Selection) string { return s.AttrOr("data-kind", "") })
		if !slices.Contains(kinds, "toll") || !slices.Contains(kinds, "spell") {
			t.Errorf("kinds %v, want spy and mage kinds (Ana played both roles)", kinds)
		}
		for _, id := range []string{"trend", "shot-chart", "player-csv", "player-spots"} {
			if doc.Find(`[data-testid="`+id+`"]`).Length() == 0 {
				t.Errorf("player page lacks %s", id)
			}
		}
		if got := doc.Find(`[data-testid="trend"] circle`).Length(); got != 2 {
			t.Errorf("trend has %d points, want one per game (2)", got)
		}
	})

	t.Run("CSV: the header, then one row per attempt of this device's games", func(t *testing.T) {
		for _, tc := range []struct {
			phone *recPhone
			games []string
			want  int
		}{
			{mine, myGames, attemptsBy(t, "Ana", rec1, rec2)},
			{theirs, []string{theirGame}, attemptsBy(t, "Ana", rec3)},
			{stranger, nil, 0},
		} {
			res, body := tc.phone.get("/players/spells-arrows/attempts.csv?name=Ana")
			if res.StatusCode != http.StatusOK {
				t.Fatalf("status %d\n%s", res.StatusCode, body)
			}
			if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/csv") {
				t.Errorf("Content-Type %q", ct)
			}
			if cd := res.Header.Get("Content-Disposition"); !strings.Contains(cd, "attachment") {
				t.Errorf("Content-Disposition %q", cd)
			}
			rows, err := csv.NewReader(strings.NewReader(body)).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(rows[0], ","); got != "game,date,player,role,kind,spot,made" {
				t.Fatalf("header %q", got)
			}
			if len(rows)-1 != tc.want {
				t.Errorf("%d rows, want %d (one per attempt)", len(rows)-1, tc.want)
			}
			for _, r := range rows[1:] {
				if !slices.Contains(tc.games, r[0]) || r[2] != "Ana" || (r[6] != "1" && r[6] != "0") || r[1] != "2026-11-30" {
					t.Fatalf("row %v: not an attempt of Ana in this device's games %v", r, tc.games)
				}
			}
		}
	})

	t.Run("a finished game's screen draws both charts and links to the sheet's", func(t *testing.T) {
		_, body := mine.get("/g/" + myGames[0])
		doc := docOf(t, body)
		if n := doc.Find(`[data-testid="shot-charts"] [data-testid="shot-chart"]`).Length(); n != 2 {
			t.Errorf("%d charts on the end screen, want the spy's and the mage's", n)
		}
		if href, _ := doc.Find(`[data-testid="shot-chart-link"]`).Attr("href"); href != "/g/"+myGames[0]+"/sheet#shot-charts" {
			t.Errorf("shot chart link %q", href)
		}
	})

	t.Run("CSV refusals", func(t *testing.T) {
		for path, want := range map[string]int{
			"/players/spells-arrows/attempts.csv":           http.StatusBadRequest,
			"/players/arcane-scribes/attempts.csv?name=Ana": http.StatusNotFound,
			"/players/no-such-game/attempts.csv?name=Ana":   http.StatusNotFound,
		} {
			if res, _ := mine.get(path); res.StatusCode != want {
				t.Errorf("GET %s: %d, want %d", path, res.StatusCode, want)
			}
		}
	})

	t.Run("every new-game form offers this device's names", func(t *testing.T) {
		for _, game := range []string{"spells-arrows", "mages-tower", "arcane-scribes"} {
			_, body := mine.get("/new/" + game)
			doc := docOf(t, body)
			opts := doc.Find(`datalist#known-players option`).Map(func(_ int, s *goquery.Selection) string { return s.AttrOr("value", "") })
			slices.Sort(opts)
			if !slices.Equal(opts, []string{"Ana", "Ben"}) {
				t.Errorf("%s: names offered %v, want Ana and Ben", game, opts)
			}
			if doc.Find(`input[list="known-players"]`).Length() < 2 {
				t.Errorf("%s: the name fields do not offer the names", game)
			}
		}
	})
}

// The new-game form proposes the Victory Number fair for the two players
// instead of a fixed 12 (where even shooters' spy wins about 95%): for two
// new players by the default rates, for the players of a previous game by
// their records on this device.
func TestNewGameFormProposesTheFairNumber(t *testing.T) {
	a := startRecApp(t)
	p := a.phone(t)
	form := func(path string) (int, string) {
		t.Helper()
		res, body := p.get(path)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("%s: status %d", path, res.StatusCode)
		}
		doc := docOf(t, body)
		vn, _ := strconv.Atoi(doc.Find("#victory").AttrOr("value", ""))
		return vn, strings.Join(strings.Fields(doc.Find(`[data-testid="victory-proposal"]`).Text()), " ")
	}
	fresh, prop := form("/new/spells-arrows")
	if fresh < 30 || !strings.Contains(prop, "Proposed: fair for two players of the default make rates") {
		t.Errorf("a fresh form proposes %d (%q): want the even game of two new players, far above 12", fresh, prop)
	}
	raw, _ := readRecord(t, "rules/spellsarrows/testdata/mage-wins-on-turns.json")
	id := p.importID(raw, false)
	vn, prop := form("/new/spells-arrows?from=" + id)
	if vn == 12 || vn == fresh || !strings.Contains(prop, "fair for Ana as spy and Ben as mage by their records") {
		t.Errorf("Ana and Ben with a game here: proposed %d (%q), want the number fair by their records (not 12, not the new players' %d)", vn, prop, fresh)
	}
}

// TestAdviceFragment: the advisor answers htmx with a table fragment and a
// plain form with a page; the rates come from the records of this device.
func TestAdviceFragment(t *testing.T) {
	a := startRecApp(t)
	p := a.phone(t)
	raw1, _ := readRecord(t, "rules/spellsarrows/testdata/mage-wins-on-turns.json")
	raw2, _ := readRecord(t, saFinished)
	p.importID(raw1, false)
	p.importID(raw2, false)
	get := func(q url.Values, htmx bool) (*http.Response, *goquery.Document, string) {
		req, _ := http.NewRequest(http.MethodGet, p.base+"/new/spells-arrows/advice?"+q.Encode(), nil)
		if htmx {
			req.Header.Set("HX-Request", "true")
		}
		res, body := p.do(req)
		return res, docOf(t, body), body
	}

	t.Run("htmx gets the table: numbers around the fair ones and the one entered, both assignments", func(t *testing.T) {
		res, doc, body := get(url.Values{"spy": {"Ana"}, "mage": {"Dee"}, "victory": {"40"}, "turns": {"5"}}, true)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("status %d\n%s", res.StatusCode, body)
		}
		if strings.Contains(body, "<html") {
			t.Error("a fragment came back as a whole page")
		}
		var vns []string
		doc.Find(`[data-testid="advice-row"]`).Each(func(_ int, s *goquery.Selection) { vns = append(vns, s.AttrOr("data-victory", "")) })
		if len(vns) < 6 {
			t.Errorf("victory numbers %v: want five around each fair number and the one entered", vns)
		}
		if got := doc.Find(`tr.entered`).AttrOr("data-victory", ""); got != "40" {
			t.Errorf("entered row %q, want 40", got)
		}
		if n := doc.Find(`[data-testid="advice-row"] td`).Length(); n != 2*len(vns) {
			t.Errorf("%d cells, want %d (two assignments a row)", n, 2*len(vns))
		}
		if f := doc.Find(`[data-testid="advice-fair"]`).Text(); !strings.Contains(f, "with Ana as spy") || !strings.Contains(f, "from 1 to 999") {
			t.Errorf("fair line %q", f)
		}
		rates := doc.Find(`[data-testid="advice-rates-a"] caption`).Text()
		if !strings.Contains(rates, "from ") || !strings.Contains(rates, "in 2 games") {
			t.Errorf("Ana's rates %q: want them from her two games", rates)
		}
		if dee := doc.Find(`[data-testid="advice-rates-b"] caption`).Text(); !strings.Contains(dee, "default") {
			t.Errorf("Dee's rates %q: want the default (no games)", dee)
		}
		if g := doc.Find(`[data-testid="advice-games"]`).Text(); !strings.Contains(g, "games simulated") || !strings.Contains(g, "±") {
			t.Errorf("games line %q", g)
		}
	})

	t.Run("typed rates replace the record", func(t *testing.T) {
		_, doc, _ := get(url.Values{"spy": {"Ana"}, "mage": {"Ben"}, "victory": {"12"}, "spyRates": {"all=90%"}}, true)
		if c := doc.Find(`[data-testid="advice-rates-a"] caption`).Text(); !strings.Contains(c, "typed in") {
			t.Errorf("caption %q", c)
		}
		if r := doc.Find(`[data-testid="advice-rates-a"] tr[data-kind="toll"] td`).Text(); r != "90%" {
			t.Errorf("toll rate %q, want 90%%", r)
		}
	})

	t.Run("problems and missing names answer without simulating", func(t *testing.T) {
		for _, tc := range []struct {
			q    url.Values
			want string
		}{
			{url.Values{"spy": {"Ana"}, "mage": {"Ben"}, "victory": {"x"}}, "advice-problems"},
			{url.Values{"spy": {"Ana"}, "mage": {"Ben"}, "victory": {"12"}, "mageRates": {"toll=2"}}, "advice-problems"},
			{url.Values{"spy": {"Ana"}, "victory": {"12"}}, "advice-waiting"},
		} {
			_, doc, body := get(tc.q, true)
			if doc.Find(`[data-testid="`+tc.want+`"]`).Length() != 1 {
				t.Errorf("%v: want %s\n%s", tc.q, tc.want, body)
			}
		}
	})

	t.Run("without JavaScript the advice is a page that leads back to the filled form", func(t *testing.T) {
		res, doc, body := get(url.Values{"spy": {"Ana"}, "mage": {"Ben"}, "victory": {"12"}, "turns": {"5"}}, false)
		if res.StatusCode != http.StatusOK || !strings.Contains(body, "<html") {
			t.Fatalf("status %d, want a whole page", res.StatusCode)
		}
		if vary := strings.Join(res.Header.Values("Vary"), ", "); !strings.Contains(vary, "HX-Request") {
			t.Errorf("Vary %q lacks HX-Request", vary)
		}
		back, _ := doc.Find(`[data-testid="advice-back"]`).Attr("href")
		u, err := url.Parse(back)
		if err != nil || u.Path != "/new/spells-arrows" || u.Query().Get("change") != "1" || u.Query().Get("spy") != "Ana" {
			t.Fatalf("back link %q", back)
		}
		_, form := p.get(back)
		if v, _ := docOf(t, form).Find(`#mage`).Attr("value"); v != "Ben" {
			t.Errorf("the form again has mage %q", v)
		}
	})
}
