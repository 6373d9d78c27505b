package handlers_test

import (
	"bytes"
	"mime/multipart"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"github.com/grimoire-games/grimoire/store"
)

// importFile imports a record through the import form, as a file.
func (c *client) importFile(data string) string {
	c.t.Helper()
	if c.csrf() == "" {
		c.get("/", nil)
	}
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	mw.WriteField("_csrf", c.csrf())
	fw, _ := mw.CreateFormFile("record", "game.json")
	fw.Write([]byte(data))
	mw.WriteField("json", "")
	mw.Close()
	res := c.do(http.MethodPost, "/import", &buf, mw.FormDataContentType(), nil)
	loc := res.Header.Get("Location")
	if res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc, "/g/") {
		c.t.Fatalf("import: %d %q\n%s", res.StatusCode, loc, res.Body)
	}
	return strings.TrimPrefix(loc, "/g/")
}

func saRecord(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile("../rules/spellsarrows/testdata/" + name + ".json")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// startClub starts a club on c and returns an invite's path.
func startClub(t *testing.T, c *client, name string) string {
	t.Helper()
	if res := c.post("/club", url.Values{"name": {name}}, nil); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("start club: %d\n%s", res.StatusCode, res.Body)
	}
	return makeInvite(t, c)
}

func makeInvite(t *testing.T, c *client) string {
	t.Helper()
	res := c.post("/club/invite", nil, nil)
	loc := res.Header.Get("Location")
	if res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc, "/club?invite=") {
		t.Fatalf("invite: %d %q\n%s", res.StatusCode, loc, res.Body)
	}
	doc := c.get(loc, nil).doc(t)
	link, ok := doc.Find(`[data-testid="invite-link"]`).Attr("href")
	if !ok || !strings.HasPrefix(link, "/club/join/") {
		t.Fatalf("the fresh invite shows no link")
	}
	if src, _ := doc.Find(`[data-testid="invite-qr"]`).Attr("src"); src != "/qr.svg?path="+link {
		t.Fatalf("QR %q for %q", src, link)
	}
	if qr := c.get("/qr.svg?path="+link, nil); qr.StatusCode != http.StatusOK {
		t.Fatalf("the invite's QR code: %d", qr.StatusCode)
	}
	return link
}

func joinClub(t *testing.T, c *client, link string) {
	t.Helper()
	page := c.get(link, nil)
	if page.StatusCode != http.StatusOK || page.doc(t).Find(`[data-testid="join-club"]`).Length() != 1 {
		t.Fatalf("GET %s: %d\n%s", link, page.StatusCode, page.Body)
	}
	res := c.post(link, nil, nil)
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/club?joined=1" {
		t.Fatalf("POST %s: %d %q\n%s", link, res.StatusCode, res.Header.Get("Location"), res.Body)
	}
}

func texts(doc *goquery.Document, css string) []string {
	var out []string
	doc.Find(css).Each(func(_ int, s *goquery.Selection) { out = append(out, strings.Join(strings.Fields(s.Text()), " ")) })
	return out
}

// leagueRows reads a league table: player -> games.
func leagueRows(t *testing.T, c *client, path string) map[string]string {
	t.Helper()
	res := c.get(path, nil)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d\n%s", path, res.StatusCode, res.Body)
	}
	out := map[string]string{}
	res.doc(t).Find(`[data-testid="league-row"]`).Each(func(_ int, s *goquery.Selection) {
		out[strings.TrimSpace(s.Find("td").Eq(1).Find("a").Text())] = strings.TrimSpace(s.Find("td").Eq(4).Text())
	})
	return out
}

// TestClubPairingSharesOneHistory: two phones pair and read the same
// words; each one's games count for both, a game imported on both counts
// once; a third phone sees nothing of it.
func TestClubPairingSharesOneHistory(t *testing.T) {
	a := newTestApp(t)
	ana, ben, out := a.phone(), a.phone(), a.phone()
	link := startClub(t, ana, "Thursday court")

	// GET only shows: nothing joined yet.
	ben.get(link, nil)
	if res := ben.get("/club", nil); res.doc(t).Find(`[data-testid="no-club"]`).Length() != 1 {
		t.Fatal("opening the invite joined the club")
	}
	joinClub(t, ben, link)
	words := texts(ben.get("/club?joined=1", nil).doc(t), `[data-testid="confirm-words"]`)
	anaWords := texts(ana.get("/club", nil).doc(t), `[data-testid="invite-words"]`)
	if len(words) != 1 || len(strings.Fields(words[0])) != 3 || len(anaWords) != 1 || anaWords[0] != words[0] {
		t.Fatalf("the phones show %v and %v: want the same three words", words, anaWords)
	}

	// Ana's phone keeps one game, Ben's imports the same and another.
	ana.importFile(saRecord(t, "random-1"))
	ben.importFile(saRecord(t, "random-1"))
	ben.importFile(saRecord(t, "random-2"))
	out.importFile(strings.NewReplacer(`"Ana"`, `"Cleo"`, `"Ben"`, `"Dov"`).Replace(saRecord(t, "random-3")))

	for name, p := range map[string]*client{"Ana's": ana, "Ben's": ben} {
		t.Run(name, func(t *testing.T) {
			if n := p.get("/?show=club", nil).doc(t).Find(`[data-testid="games"] > li`).Length(); n != 3 {
				t.Fatalf("the club's list shows %d games, want 3 (a copy is a game of its own there)", n)
			}
			rows := leagueRows(t, p, "/league/spells-arrows")
			if rows["Ana"] != "2" || rows["Ben"] != "2" || len(rows) != 2 {
				t.Fatalf("league %v: want Ana and Ben at 2 games (the copy counts once), nobody else", rows)
			}
			if res := p.get("/league/spells-arrows/player?name=Ana", nil); res.StatusCode != http.StatusOK ||
				res.doc(t).Find(`[data-testid="rating-plot"]`).Length() != 1 || !strings.Contains(res.Body, "Ben, 2 games") ||
				!strings.Contains(res.doc(t).Find(`[data-testid="versus-shooting"]`).Text(), "/") {
				t.Fatalf("Ana's rating page: %d\n%s", res.StatusCode, res.Body)
			}
			csv := p.get("/league/games.csv", nil)
			if csv.StatusCode != http.StatusOK || strings.Count(csv.Body, "\n") != 4 || strings.Contains(csv.Body, "Cleo") {
				t.Fatalf("CSV: %d\n%s", csv.StatusCode, csv.Body)
			}
			if res := p.get("/players?name=Ana", nil); res.StatusCode != http.StatusOK {
				t.Fatalf("player page: %d", res.StatusCode)
			}
		})
	}
	t.Run("outside", func(t *testing.T) {
		if rows := leagueRows(t, out, "/league/spells-arrows"); rows["Ana"] != "" || rows["Cleo"] != "1" {
			t.Fatalf("a phone in no club sees %v: want only its own game", rows)
		}
		if n := out.get("/?show=club", nil).doc(t).Find(`[data-testid="games"] > li`).Length(); n != 1 {
			t.Fatalf("a phone in no club lists %d games", n)
		}
		if res := out.get("/league/spells-arrows/player?name=Ben", nil); res.StatusCode != http.StatusNotFound {
			t.Fatalf("Ben's rating page outside the club: %d", res.StatusCode)
		}
		if csv := out.get("/league/games.csv", nil); strings.Contains(csv.Body, "Ben") && !strings.Contains(csv.Body, "Cleo") {
			t.Fatalf("CSV outside the club:\n%s", csv.Body)
		}
	})
	t.Run("merge and split", func(t *testing.T) {
		if res := ben.post("/club/names/merge", url.Values{"name": {"Ben"}, "into": {"Benjamin"}}, nil); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("merge: %d\n%s", res.StatusCode, res.Body)
		}
		if rows := leagueRows(t, ana, "/league/spells-arrows"); rows["Benjamin"] != "2" || rows["Ben"] != "" {
			t.Fatalf("Ben counted as Benjamin: %v", rows)
		}
		if res := ana.post("/club/names/merge", url.Values{"name": {"Benjamin"}, "into": {"Ben"}}, nil); res.StatusCode != http.StatusUnprocessableEntity {
			t.Fatalf("a merge in a circle: %d", res.StatusCode)
		}
		if res := ana.post("/club/names/split", url.Values{"name": {"Ben"}}, nil); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("split: %d", res.StatusCode)
		}
		if rows := leagueRows(t, ben, "/league/spells-arrows"); rows["Ben"] != "2" || len(rows) != 2 {
			t.Fatalf("after the split: %v", rows)
		}
	})
}

// TestClubAccess: every club route, for a phone outside the club, a
// removed phone, an expired, revoked, used or forged invite, a write
// without its token: refused in words, never a 5xx, nothing changed.
func TestClubAccess(t *testing.T) {
	a := newTestApp(t)
	owner, member, removed, out := a.phone(), a.phone(), a.phone(), a.phone()
	link := startClub(t, owner, "Court")
	joinClub(t, member, link)
	joinClub(t, removed, makeInvite(t, owner))
	removed.importFile(saRecord(t, "random-2"))
	member.importFile(saRecord(t, "random-1"))
	code := strings.TrimPrefix(link, "/club/join/")
	inv, err := a.Store.Invite(t.Context(), code)
	if err != nil {
		t.Fatal(err)
	}
	expired, revoked := "expiredcode1", strings.TrimPrefix(makeInvite(t, owner), "/club/join/")
	if err := a.Store.CreateInvite(t.Context(), store.Invite{Code: expired, ClubID: inv.ClubID, By: inv.By, Created: time.Now().Add(-72 * time.Hour), Expires: time.Now().Add(-24 * time.Hour)}); err != nil {
		t.Fatal(err)
	}
	if res := owner.post("/club/invite/"+revoked+"/revoke", nil, nil); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("revoke: %d", res.StatusCode)
	}
	// The owner removes a phone by the handle its page shows.
	doc := owner.get("/club", nil).doc(t)
	var handles []string
	doc.Find(`[data-testid="member"] input[name="phone"]`).Each(func(_ int, s *goquery.Selection) {
		v, _ := s.Attr("value")
		handles = append(handles, v)
	})
	if len(handles) != 2 {
		t.Fatalf("the owner may remove %d phones, want 2", len(handles))
	}
	if res := owner.post("/club/remove", url.Values{"phone": {handles[1]}}, nil); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("remove: %d", res.StatusCode)
	}
	// Its game from before stays with the club; it sees only its own.
	if rows := leagueRows(t, owner, "/league/spells-arrows"); rows["Ana"] != "2" {
		t.Fatalf("after the removal the club counts %v, want the removed phone's game kept", rows)
	}
	if rows := leagueRows(t, removed, "/league/spells-arrows"); rows["Ana"] != "1" {
		t.Fatalf("the removed phone sees %v, want only its own game", rows)
	}

	fresh := strings.TrimPrefix(makeInvite(t, owner), "/club/join/")
	tests := []struct {
		name   string
		who    *client
		method string
		path   string
		form   url.Values
		want   int
	}{
		{"outside: leave", out, "POST", "/club/leave", nil, http.StatusForbidden},
		{"outside: invite", out, "POST", "/club/invite", nil, http.StatusForbidden},
		{"outside: revoke", out, "POST", "/club/invite/" + fresh + "/revoke", nil, http.StatusForbidden},
		{"outside: remove", out, "POST", "/club/remove", url.Values{"phone": {handles[0]}}, http.StatusForbidden},
		{"outside: merge", out, "POST", "/club/names/merge", url.Values{"name": {"Ana"}, "into": {"Ben"}}, http.StatusForbidden},
		{"outside: split", out, "POST", "/club/names/split", url.Values{"name": {"Ana"}}, http.StatusForbidden},
		{"removed: invite", removed, "POST", "/club/invite", nil, http.StatusForbidden},
		{"removed: remove", removed, "POST", "/club/remove", url.Values{"phone": {handles[0]}}, http.StatusForbidden},
		{"removed: leave", removed, "POST", "/club/leave", nil, http.StatusForbidden},
		{"removed: revoke", removed, "POST", "/club/invite/" + fresh + "/revoke", nil, http.StatusForbidden},
		{"removed: merge", removed, "POST", "/club/names/merge", url.Values{"name": {"Ana"}, "into": {"Ben"}}, http.StatusForbidden},
		{"removed: split", removed, "POST", "/club/names/split", url.Values{"name": {"Ana"}}, http.StatusForbidden},
		{"outside: a club player's rating", out, "GET", "/league/spells-arrows/player?name=Ana", nil, http.StatusNotFound},
		{"member: remove", member, "POST", "/club/remove", url.Values{"phone": {handles[1]}}, http.StatusForbidden},
		{"member: revoke the owner's", member, "POST", "/club/invite/" + fresh + "/revoke", nil, http.StatusForbidden},
		{"owner: remove a stranger", owner, "POST", "/club/remove", url.Values{"phone": {"0000"}}, http.StatusNotFound},
		{"owner: revoke a forged code", owner, "POST", "/club/invite/forged/revoke", nil, http.StatusNotFound},
		{"expired: page", out, "GET", "/club/join/" + expired, nil, http.StatusGone},
		{"expired: join", out, "POST", "/club/join/" + expired, nil, http.StatusGone},
		{"revoked: join", out, "POST", "/club/join/" + revoked, nil, http.StatusGone},
		{"used: join", out, "POST", link, nil, http.StatusGone},
		{"forged: page", out, "GET", "/club/join/forged", nil, http.StatusNotFound},
		{"forged: join", out, "POST", "/club/join/forged", nil, http.StatusNotFound},
		{"member: join again", member, "POST", "/club/join/" + fresh, nil, http.StatusConflict},
		{"outside: no token", out, "RAW", "/club/join/" + fresh, nil, http.StatusForbidden},
		{"outside: league of no game", out, "GET", "/league/no-such-game", nil, http.StatusNotFound},
		{"outside: role of no game", out, "GET", "/league/spells-arrows?role=king", nil, http.StatusBadRequest},
		{"outside: a player of nobody", out, "GET", "/league/spells-arrows/player", nil, http.StatusBadRequest},
		{"outside: club page", out, "GET", "/club", nil, http.StatusOK},
		{"outside: a club name too long", out, "POST", "/club", url.Values{"name": {strings.Repeat("x", 41)}}, http.StatusUnprocessableEntity},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var res response
			switch tc.method {
			case "GET":
				res = tc.who.get(tc.path, nil)
			case "RAW":
				tc.who.get("/", nil)
				res = tc.who.postRaw(tc.path, url.Values{}, nil)
			default:
				res = tc.who.post(tc.path, tc.form, nil)
			}
			if res.StatusCode != tc.want {
				t.Fatalf("%s %s: %d, want %d\n%s", tc.method, tc.path, res.StatusCode, tc.want, res.Body)
			}
		})
	}
	// What each phone reads: the club's games for a member, its own for
	// the removed phone, nothing for the phone outside.
	rows := func(p *client, path string) int { return len(csvRows(t, p, path)) - 1 }
	for _, tc := range []struct {
		name     string
		who      *client
		games    int
		attempts func(n int) bool
	}{
		{"owner", owner, 2, func(n int) bool { return n > 0 }},
		{"removed", removed, 1, func(n int) bool { return n > 0 && n < rows(owner, "/players/spells-arrows/attempts.csv?name=Ana") }},
		{"outside", out, 0, func(n int) bool { return n == 0 }},
	} {
		t.Run("reads: "+tc.name, func(t *testing.T) {
			if n := rows(tc.who, "/league/games.csv"); n != tc.games {
				t.Errorf("games.csv has %d games, want %d", n, tc.games)
			}
			if n := rows(tc.who, "/players/spells-arrows/attempts.csv?name=Ana"); !tc.attempts(n) {
				t.Errorf("Ana's shots CSV has %d rows", n)
			}
			players := tc.who.get("/players", nil).doc(t)
			if named := players.Find(`[data-testid="player-link"]`).Length() > 0; named != (tc.games > 0) {
				t.Errorf("the players list names players: %v, with %d games", named, tc.games)
			}
			if n := tc.who.get("/players?name=Ana", nil).doc(t).Find(`[data-testid="player-game"]`).Length(); n != tc.games {
				t.Errorf("Ana's page lists %d games, want %d", n, tc.games)
			}
		})
	}
	// The fresh invite is still unused: none of that joined anybody.
	if inv, err := a.Store.Invite(t.Context(), fresh); err != nil || inv.UsedBy != "" || inv.Revoked {
		t.Fatalf("the fresh invite: %+v, %v", inv, err)
	}
	if rows := leagueRows(t, out, "/league/spells-arrows"); len(rows) != 0 {
		t.Fatalf("the phone outside sees %v", rows)
	}
	// Leaving: the member sees its own games only, the club keeps them.
	if res := member.post("/club/leave", nil, nil); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("leave: %d", res.StatusCode)
	}
	if res := member.get("/club", nil); res.doc(t).Find(`[data-testid="no-club"]`).Length() != 1 {
		t.Fatal("after leaving the club page still shows the club")
	}
	if rows := leagueRows(t, owner, "/league/spells-arrows"); rows["Ana"] != "2" {
		t.Fatalf("after the member left the club counts %v", rows)
	}
}

// TestClubLimits: a phone may start only so many clubs a day.
func TestClubLimits(t *testing.T) {
	a := newTestApp(t)
	p := a.phone()
	for i := range 4 {
		res := p.post("/club", url.Values{"name": {"Club"}}, nil)
		want := http.StatusSeeOther
		if i == 3 {
			want = http.StatusTooManyRequests
		}
		if res.StatusCode != want {
			t.Fatalf("club %d: %d, want %d\n%s", i+1, res.StatusCode, want, res.Body)
		}
		if i < 3 {
			if res := p.post("/club", url.Values{"name": {"Second"}}, nil); res.StatusCode != http.StatusConflict {
				t.Fatalf("a second club at once: %d", res.StatusCode)
			}
			if res := p.post("/club/leave", nil, nil); res.StatusCode != http.StatusSeeOther {
				t.Fatalf("leave: %d", res.StatusCode)
			}
		}
	}
}
