package handlers_test

import (
	"bytes"
	"context"
	"encoding/json"
	"mime/multipart"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/grimoire-games/grimoire/store"
)

// playSpyEscape plays the spy from B to the gate on the default court: six
// travel points escape (Victory Number 6) at version 9.
func playSpyEscape(c *client, id string) {
	c.t.Helper()
	steps := []url.Values{tollMade, moveTo("A"), tollMade, moveTo("W3"), tollMade, moveTo("W2"), tollMade, moveTo("WG"), tollMade}
	for v, s := range steps {
		c.mustAct(id, v, s)
	}
}

// errorText is the refusal a response shows: the alert of an htmx answer,
// the flash of a re-rendered page or the error page's message.
func errorText(t *testing.T, res response) string {
	t.Helper()
	doc := res.doc(t)
	return strings.Join(strings.Fields(doc.Find(`[data-testid="error"], .flash, [data-testid="notice"]`).Text()), " ")
}

// A legal tap is stored once and answered with a redirect (plain form) or
// the changed fragments (htmx).
func TestSpellsArrowsLegalTap(t *testing.T) {
	a := newTestApp(t)
	owner := a.phone()
	id := owner.newSAGame("Ana", "Ben", "12")

	t.Run("a plain form is redirected to the game with 303", func(t *testing.T) {
		res := owner.act(id, 0, tollMade)
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/g/"+id {
			t.Fatalf("status %d Location %q, want 303 to /g/%s", res.StatusCode, res.Header.Get("Location"), id)
		}
		if g := a.game(id); g.Version != 1 {
			t.Fatalf("version %d, want 1", g.Version)
		}
		log := a.log(id)
		if log[0].Kind != store.KindAction || log[0].Seat != -1 {
			t.Errorf("stored %+v, want the scorekeeper's action", log[0])
		}
		var act map[string]any
		if err := json.Unmarshal(log[0].Action, &act); err != nil || act["type"] != "spy-shot" || act["made"] != true {
			t.Errorf("stored action %s", log[0].Action)
		}
	})
	t.Run("an htmx tap gets 200 with the changed fragments", func(t *testing.T) {
		res := owner.post("/g/"+id+"/act", url.Values{"v": {"1"}, "type": {"move"}, "to": {"A"}}, htmx)
		if res.StatusCode != 200 {
			t.Fatalf("status %d\n%s", res.StatusCode, res.Body)
		}
		if strings.Contains(strings.ToLower(res.Body), "<html") {
			t.Fatal("htmx answer is a whole page")
		}
		doc := res.doc(t)
		if doc.Find(`[hx-swap-oob="innerHTML:#sa-controls"]`).Length() != 1 {
			t.Error("the controls did not come back")
		}
		if v, _ := doc.Find("[data-version-src]").Attr("data-version-src"); v != "2" {
			t.Errorf("fragments show version %q, want 2", v)
		}
		if got := strings.TrimSpace(doc.Find(`[data-testid="spy-at"]`).Text()); !strings.HasPrefix(got, "A") {
			t.Errorf("spy at %q, want A", got)
		}
		if !res.varies("HX-Request") {
			t.Errorf("Vary %v", res.vary())
		}
		if g := a.game(id); g.Version != 2 {
			t.Fatalf("version %d, want 2", g.Version)
		}
	})
}

// A double tap (the same device posting twice on the same version) is
// applied once, whether or not htmx sent it.
func TestSpellsArrowsRepeatedPostAppliesOnce(t *testing.T) {
	for _, tc := range []struct {
		name string
		h    hdr
		want int
	}{
		{"plain form", nil, http.StatusSeeOther},
		{"htmx", htmx, http.StatusOK},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := newTestApp(t)
			owner := a.phone()
			id := owner.newSAGame("Ana", "Ben", "12")
			form := url.Values{"v": {"0"}, "type": {"spy-shot"}, "made": {"0"}}
			for i := range 2 {
				if res := owner.post("/g/"+id+"/act", form, tc.h); res.StatusCode != tc.want {
					t.Fatalf("tap %d: status %d, want %d\n%s", i+1, res.StatusCode, tc.want, res.Body)
				}
			}
			if g := a.game(id); g.Version != 1 {
				t.Errorf("version %d after a double tap, want 1", g.Version)
			}
			if n := len(store.Actions(a.log(id))); n != 1 {
				t.Errorf("%d actions stored, want 1", n)
			}
		})
	}
}

// A tap made on a screen another phone has already moved past is refused
// with 409 and the current screen, and nothing is stored.
func TestSpellsArrowsStaleVersionGetsTheCurrentScreen(t *testing.T) {
	a := newTestApp(t)
	owner := a.phone()
	id := owner.newSAGame("Ana", "Ben", "12")
	// Another phone (another idempotency key) pays the toll first.
	raw, _ := json.Marshal(map[string]any{"type": "spy-shot", "made": true})
	if _, err := a.Store.Append(context.Background(), id, 0, store.Entry{Kind: store.KindAction, Seat: -1, ClientID: "other-phone:0", Action: raw}); err != nil {
		t.Fatal(err)
	}

	t.Run("plain form: 409 with the whole current page and a notice", func(t *testing.T) {
		res := owner.act(id, 0, tollMiss)
		if res.StatusCode != http.StatusConflict {
			t.Fatalf("status %d, want 409\n%s", res.StatusCode, res.Body)
		}
		doc := res.doc(t)
		if v, _ := doc.Find("[data-version-src]").Attr("data-version-src"); v != "1" {
			t.Errorf("page shows version %q, want the current 1", v)
		}
		if msg := errorText(t, res); !strings.Contains(msg, "changed before your tap") {
			t.Errorf("notice %q does not explain the refusal", msg)
		}
		a.unchanged(t, id, 1)
	})
	t.Run("htmx: 409 with the fragments that changed and the notice", func(t *testing.T) {
		res := owner.post("/g/"+id+"/act", url.Values{"v": {"0"}, "type": {"spy-shot"}, "made": {"0"}}, htmx)
		if res.StatusCode != http.StatusConflict {
			t.Fatalf("status %d, want 409\n%s", res.StatusCode, res.Body)
		}
		doc := res.doc(t)
		if strings.Contains(strings.ToLower(res.Body), "<html") {
			t.Fatal("whole page for htmx")
		}
		if v, _ := doc.Find("[data-version-src]").Attr("data-version-src"); v != "1" {
			t.Errorf("fragments show version %q, want 1", v)
		}
		if n := doc.Find(`#alert[data-testid="notice"]`).Length(); n != 1 {
			t.Errorf("no notice in the alert slot:\n%s", res.Body)
		}
		a.unchanged(t, id, 1)
	})
	t.Run("a stale undo is refused the same way", func(t *testing.T) {
		res := owner.post("/g/"+id+"/undo", url.Values{"v": {"0"}}, nil)
		if res.StatusCode != http.StatusConflict {
			t.Fatalf("status %d, want 409", res.StatusCode)
		}
		a.unchanged(t, id, 1)
	})
}

// Forms that do not make sense are refused with a clear 4xx and store
// nothing.
func TestSpellsArrowsBadFormValues(t *testing.T) {
	a := newTestApp(t)
	owner := a.phone()
	id := owner.newSAGame("Ana", "Ben", "12")
	owner.mustAct(id, 0, tollMade) // v1: the spy chooses where to go

	cases := []struct {
		name string
		form url.Values
		want string // part of the message a person reads
	}{
		{"missing version", url.Values{"type": {"move"}, "to": {"A"}}, "which version"},
		{"version not a number", url.Values{"v": {"one"}, "type": {"move"}, "to": {"A"}}, "which version"},
		{"negative version", url.Values{"v": {"-1"}, "type": {"move"}, "to": {"A"}}, "which version"},
		{"a version from the future", url.Values{"v": {"7"}, "type": {"move"}, "to": {"A"}}, "does not exist"},
		{"no type", url.Values{"v": {"1"}, "to": {"A"}}, "did not say what happened"},
		{"unknown type", url.Values{"v": {"1"}, "type": {"dunk"}}, `"dunk" is not something`},
		{"a shot neither made nor missed", url.Values{"v": {"1"}, "type": {"spy-shot"}}, "made or missed"},
		{"a shot marked maybe", url.Values{"v": {"1"}, "type": {"spy-shot"}, "made": {"maybe"}}, "made or missed"},
		{"a card that is not a number", url.Values{"v": {"1"}, "type": {"cast"}, "card": {"seven"}}, `"seven" is not a card number`},
		{"a move that names no place", url.Values{"v": {"1"}, "type": {"move"}}, "did not name a place"},
		{"a move to a place not on the court", url.Values{"v": {"1"}, "type": {"move"}, "to": {"Z9"}}, "Z9"},
	}
	for _, tc := range cases {
		for _, h := range []hdr{nil, htmx} {
			mode := "plain form"
			if h != nil {
				mode = "htmx"
			}
			t.Run(tc.name+" ("+mode+")", func(t *testing.T) {
				res := owner.post("/g/"+id+"/act", tc.form, h)
				if res.StatusCode != http.StatusBadRequest && res.StatusCode != http.StatusUnprocessableEntity {
					t.Fatalf("status %d, want 400 or 422\n%s", res.StatusCode, res.Body)
				}
				if msg := errorText(t, res); !strings.Contains(msg, tc.want) {
					t.Errorf("message %q, want it to mention %q", msg, tc.want)
				}
				if h != nil && strings.Contains(strings.ToLower(res.Body), "<html") {
					t.Error("htmx refusal is a whole page")
				}
				a.unchanged(t, id, 1)
			})
		}
	}
}

// A tap the rules forbid is refused with 422 and the rule, and the screen
// stays as it was.
func TestSpellsArrowsIllegalActionNamesTheRule(t *testing.T) {
	a := newTestApp(t)
	owner := a.phone()
	id := owner.newSAGame("Ana", "Ben", "12")

	t.Run("moving before the toll is paid (plain form)", func(t *testing.T) {
		res := owner.act(id, 0, moveTo("A"))
		if res.StatusCode != http.StatusUnprocessableEntity {
			t.Fatalf("status %d, want 422\n%s", res.StatusCode, res.Body)
		}
		msg := errorText(t, res)
		if !strings.Contains(msg, "Not allowed:") || !strings.Contains(strings.ToLower(msg), "toll") {
			t.Errorf("message %q does not name the toll rule", msg)
		}
		if res.doc(t).Find(`[data-testid="board"]`).Length() != 1 {
			t.Error("the refusal does not show the game screen")
		}
		a.unchanged(t, id, 0)
	})
	t.Run("moving before the toll is paid (htmx)", func(t *testing.T) {
		res := owner.post("/g/"+id+"/act", url.Values{"v": {"0"}, "type": {"move"}, "to": {"A"}}, htmx)
		if res.StatusCode != http.StatusUnprocessableEntity {
			t.Fatalf("status %d, want 422", res.StatusCode)
		}
		doc := res.doc(t)
		if doc.Find(`#alert[data-testid="error"]`).Length() != 1 {
			t.Errorf("no error in the alert slot:\n%s", res.Body)
		}
		if n := doc.Find(`[hx-swap-oob^="innerHTML:"]`).Length(); n != 0 {
			t.Errorf("%d fragments resent although nothing changed", n)
		}
		a.unchanged(t, id, 0)
	})
	t.Run("casting a spell in the spy half", func(t *testing.T) {
		res := owner.act(id, 0, url.Values{"type": {"cast"}, "card": {"1"}})
		if res.StatusCode != http.StatusUnprocessableEntity {
			t.Fatalf("status %d, want 422", res.StatusCode)
		}
		a.unchanged(t, id, 0)
	})
	t.Run("asking a game without bots for a bot move", func(t *testing.T) {
		res := owner.post("/g/"+id+"/bot", url.Values{"v": {"0"}}, nil)
		if res.StatusCode != http.StatusNotFound {
			t.Fatalf("status %d, want 404", res.StatusCode)
		}
		a.unchanged(t, id, 0)
	})
}

func TestSpellsArrowsUndo(t *testing.T) {
	a := newTestApp(t)
	owner := a.phone()
	id := owner.newSAGame("Ana", "Ben", "12")

	t.Run("with nothing to undo: 422 and nothing stored", func(t *testing.T) {
		res := owner.post("/g/"+id+"/undo", url.Values{"v": {"0"}}, nil)
		if res.StatusCode != http.StatusUnprocessableEntity {
			t.Fatalf("status %d, want 422", res.StatusCode)
		}
		if msg := errorText(t, res); !strings.Contains(msg, "nothing to undo") {
			t.Errorf("message %q", msg)
		}
		a.unchanged(t, id, 0)
	})
	owner.mustAct(id, 0, tollMade)
	owner.mustAct(id, 1, moveTo("A"))
	t.Run("takes back the last action and keeps both in the log", func(t *testing.T) {
		res := owner.post("/g/"+id+"/undo", url.Values{"v": {"2"}}, nil)
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("status %d, want 303\n%s", res.StatusCode, res.Body)
		}
		log := a.log(id)
		if len(log) != 3 || log[2].Kind != store.KindUndo {
			t.Fatalf("log %+v, want two actions and an undo", log)
		}
		if n := len(store.Actions(log)); n != 1 {
			t.Errorf("%d actions in force, want 1", n)
		}
		doc := owner.get("/g/"+id, nil).doc(t)
		if got := strings.TrimSpace(doc.Find(`[data-testid="spy-at"]`).Text()); !strings.HasPrefix(got, "B") {
			t.Errorf("after undo the spy is at %q, want back at B", got)
		}
		if v, _ := doc.Find("[data-version-src]").Attr("data-version-src"); v != "3" {
			t.Errorf("screen version %q, want 3", v)
		}
	})
	t.Run("an htmx undo answers with fragments", func(t *testing.T) {
		res := owner.post("/g/"+id+"/undo", url.Values{"v": {"3"}}, htmx)
		if res.StatusCode != 200 || strings.Contains(strings.ToLower(res.Body), "<html") {
			t.Fatalf("status %d\n%.200s", res.StatusCode, res.Body)
		}
		if n := len(store.Actions(a.log(id))); n != 0 {
			t.Errorf("%d actions in force, want 0", n)
		}
	})
}

// multipartForm builds a new-game form with an optional map file.
func multipartForm(t *testing.T, fields map[string]string, mapName, mapBody string) (*bytes.Buffer, string) {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for k, v := range fields {
		if err := w.WriteField(k, v); err != nil {
			t.Fatal(err)
		}
	}
	if mapName != "" {
		fw, err := w.CreateFormFile("map", mapName)
		if err != nil {
			t.Fatal(err)
		}
		fw.Write([]byte(mapBody))
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return &buf, w.FormDataContentType()
}

func TestSpellsArrowsNewGameForm(t *testing.T) {
	a := newTestApp(t)
	owner := a.phone()
	owner.get("/new/spells-arrows", nil)
	good := map[string]string{"spy": "Ana", "mage": "Ben", "victory": "12", "turns": "5"}
	with := func(k, v string) map[string]string {
		m := map[string]string{"_csrf": owner.csrf()}
		for kk, vv := range good {
			m[kk] = vv
		}
		m[k] = v
		return m
	}

	problems := []struct {
		name             string
		fields           map[string]string
		mapName, mapBody string
		want             string
	}{
		{"missing names", with("spy", " "), "", "", "need a name"},
		{"victory not a number", with("victory", "lots"), "", "", "Victory Number must be a whole number"},
		{"turns not a number", with("turns", "x"), "", "", "number of turns must be a whole number"},
		{"the same name twice", with("mage", "ana"), "", "", "different players"},
		{"a victory out of range", with("victory", "0"), "", "", "Victory Number must be"},
		{"a custom map that is not JSON", with("spy", "Ana"), "court.json", "{not json", "Map file court.json"},
	}
	for _, tc := range problems {
		t.Run(tc.name+" is 422 with the problem listed", func(t *testing.T) {
			body, ct := multipartForm(t, tc.fields, tc.mapName, tc.mapBody)
			res := owner.do(http.MethodPost, "/new/spells-arrows", body, ct, nil)
			if res.StatusCode != http.StatusUnprocessableEntity {
				t.Fatalf("status %d, want 422\n%s", res.StatusCode, res.Body)
			}
			doc := res.doc(t)
			var listed []string
			doc.Find(`[data-testid="error"] li`).Each(func(_ int, s *goquery.Selection) {
				listed = append(listed, s.Text())
			})
			if len(listed) == 0 || !strings.Contains(strings.Join(listed, " | "), tc.want) {
				t.Errorf("problems %q, want one mentioning %q", listed, tc.want)
			}
			if doc.Find(`[data-testid="new-game"]`).Length() != 1 {
				t.Error("the form is not shown again")
			}
			if v, _ := doc.Find("#spy").Attr("value"); v != strings.TrimSpace(tc.fields["spy"]) {
				t.Errorf("the form forgot the spy's name: %q", v)
			}
		})
	}
	t.Run("no game was created by the refused forms", func(t *testing.T) {
		if n := len(owner.get("/", nil).doc(t).Find(`[data-testid="games"] > li`).Nodes); n != 0 {
			t.Errorf("%d games listed", n)
		}
	})

	var gameID string
	t.Run("a good form shows the confirmation, which then creates the game", func(t *testing.T) {
		body, ct := multipartForm(t, with("sameSpellOnly", "on"), "", "")
		res := owner.do(http.MethodPost, "/new/spells-arrows", body, ct, nil)
		if res.StatusCode != 200 {
			t.Fatalf("status %d\n%s", res.StatusCode, res.Body)
		}
		doc := res.doc(t)
		confirm := strings.Join(strings.Fields(doc.Find(`[data-testid="confirm"]`).Text()), " ")
		for _, w := range []string{"Ana", "Ben", "12", "House rule"} {
			if !strings.Contains(confirm, w) {
				t.Errorf("confirmation %q lacks %q", confirm, w)
			}
		}
		setup, _ := doc.Find(`input[name="setup"]`).Attr("value")
		res = owner.post("/new/spells-arrows", url.Values{"confirm": {"1"}, "setup": {setup}}, nil)
		if res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(res.Header.Get("Location"), "/g/") {
			t.Fatalf("status %d Location %q", res.StatusCode, res.Header.Get("Location"))
		}
		gameID = strings.TrimPrefix(res.Header.Get("Location"), "/g/")
		g := a.game(gameID)
		if g.Title != "Ana (spy) vs Ben (mage)" || g.Kind != "spells-arrows" || g.Version != 0 {
			t.Errorf("stored game %+v", g)
		}
		if res := owner.get("/g/"+gameID, nil); res.StatusCode != 200 {
			t.Errorf("the new game's screen: status %d", res.StatusCode)
		}
	})
	t.Run("a confirmation with a broken setup is 400", func(t *testing.T) {
		res := owner.post("/new/spells-arrows", url.Values{"confirm": {"1"}, "setup": {"{"}}, nil)
		if res.StatusCode != http.StatusBadRequest {
			t.Fatalf("status %d, want 400", res.StatusCode)
		}
	})
	t.Run("new game with the same players prefills the form", func(t *testing.T) {
		if gameID == "" {
			t.Skip("no game was created")
		}
		doc := owner.get("/new/spells-arrows?from="+gameID, nil).doc(t)
		for sel, want := range map[string]string{"#spy": "Ana", "#mage": "Ben", "#turns": "5"} {
			if v, _ := doc.Find(sel).Attr("value"); v != want {
				t.Errorf("%s = %q, want %q", sel, v, want)
			}
		}
		// The Victory Number is the one fair for these two, not the last
		// game's 12 (where the spy wins about 95%).
		vn, _ := strconv.Atoi(doc.Find("#victory").AttrOr("value", ""))
		if prop := strings.Join(strings.Fields(doc.Find(`[data-testid="victory-proposal"]`).Text()), " "); vn < 30 ||
			!strings.Contains(prop, "fair for Ana as spy and Ben as mage by the default make rates") || !strings.Contains(prop, "Your last game used 12.") {
			t.Errorf("victory %d, proposal %q", vn, prop)
		}
		if _, ok := doc.Find(`input[name="sameSpellOnly"]`).Attr("checked"); !ok {
			t.Error("the house rule is not kept")
		}
	})
	t.Run("another device's game does not prefill the form", func(t *testing.T) {
		doc := a.phone().get("/new/spells-arrows?from="+gameID, nil).doc(t)
		if v, _ := doc.Find("#spy").Attr("value"); v != "" {
			t.Errorf("spy = %q from someone else's game", v)
		}
	})
}

// A finished game says who won and links to a new game with the same players.
func TestSpellsArrowsFinishedGameOffersARematch(t *testing.T) {
	a := newTestApp(t)
	owner := a.phone()
	id := owner.newSAGame("Ana", "Ben", "6")
	playSpyEscape(owner, id)
	doc := owner.get("/g/"+id, nil).doc(t)
	if got := strings.TrimSpace(doc.Find(`[data-testid="winner"]`).Text()); got != "Ana (spy) wins" {
		t.Errorf("winner %q", got)
	}
	href, _ := doc.Find(`[data-testid="rematch"]`).Attr("href")
	if href != "/new/spells-arrows?from="+id {
		t.Fatalf("rematch link %q", href)
	}
	form := owner.get(href, nil).doc(t)
	// The rematch proposes the number fair by the records of this game
	// (Ana made every shot as spy) and names the last game's.
	prop := strings.Join(strings.Fields(form.Find(`[data-testid="victory-proposal"]`).Text()), " ")
	if v, _ := form.Find("#victory").Attr("value"); v == "6" || !strings.Contains(prop, "Ana as spy and Ben as mage by") || !strings.Contains(prop, "Your last game used 6.") {
		t.Errorf("victory prefilled %q, proposal %q: want the fair number by their records", v, prop)
	}
	t.Run("no tap is accepted after the end", func(t *testing.T) {
		res := owner.act(id, 9, tollMade)
		if res.StatusCode != http.StatusUnprocessableEntity {
			t.Fatalf("status %d, want 422", res.StatusCode)
		}
		a.unchanged(t, id, 9)
	})
}
