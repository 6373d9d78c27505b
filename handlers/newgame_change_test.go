package handlers_test

import (
	"bytes"
	"mime/multipart"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// "Change" on the Spells & Arrows confirmation goes back to the form with
// what was typed; custom files are named and asked for again.
func TestSpellsArrowsChangeKeepsTheForm(t *testing.T) {
	a := newTestApp(t)
	c := a.phone()
	c.get("/new/spells-arrows", nil)

	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for k, v := range map[string]string{"_csrf": c.csrf(), "spy": "Zoë", "mage": "Bo & Co", "victory": "17", "turns": "4", "sameSpellOnly": "on"} {
		mw.WriteField(k, v)
	}
	raw, err := os.ReadFile("../rules/spellsarrows/data/map.json")
	if err != nil {
		t.Fatal(err)
	}
	fw, _ := mw.CreateFormFile("map", "court.json")
	fw.Write(raw)
	mw.Close()
	res := c.do(http.MethodPost, "/new/spells-arrows", &buf, mw.FormDataContentType(), nil)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("form: %d %s", res.StatusCode, res.Body)
	}
	doc := res.doc(t)
	change := doc.Find(`[data-testid="change"]`).Closest("form")
	if change.Length() == 0 {
		t.Fatal("no Change on the confirmation")
	}
	if m, _ := change.Attr("method"); m != "get" {
		t.Fatalf("Change form method %q", m)
	}
	q := url.Values{}
	change.Find("input").Each(func(_ int, s *goquery.Selection) {
		n, _ := s.Attr("name")
		v, _ := s.Attr("value")
		q.Add(n, v)
	})
	back := c.get("/new/spells-arrows?"+q.Encode(), nil)
	if back.StatusCode != http.StatusOK {
		t.Fatalf("Change: %d", back.StatusCode)
	}
	form := back.doc(t)
	for sel, want := range map[string]string{"#spy": "Zoë", "#mage": "Bo & Co", "#victory": "17", "#turns": "4"} {
		if got, _ := form.Find(sel).Attr("value"); got != want {
			t.Errorf("%s after Change = %q, want %q", sel, got, want)
		}
	}
	if _, on := form.Find(`input[name="sameSpellOnly"]`).Attr("checked"); !on {
		t.Error("the house rule is unticked after Change")
	}
	if got := form.Find(`[data-testid="files-again"]`).Text(); !strings.Contains(got, "court.json") || !strings.Contains(got, "choose it again") {
		t.Errorf("the form does not ask for court.json again: %q", got)
	}
}

// A spectator of any game can open its scoresheet from the game screen.
func TestSpectatorScreensLinkTheSheet(t *testing.T) {
	a := newTestApp(t)
	c := a.phone()
	id := c.newSAGame("Ana", "Bo", "12")
	g := a.game(id)
	res := a.phone().get("/watch/"+g.SpectatorToken, nil)
	if href, ok := res.doc(t).Find(`[data-testid="sheet-link"]`).Attr("href"); !ok || href != "/watch/"+g.SpectatorToken+"/sheet" {
		t.Fatalf("spectator view's sheet link: %q", href)
	}
	if res.doc(t).Find(`[data-testid="export-link"]`).Length() != 0 {
		t.Fatal("a spectator is offered the export of a running game")
	}
}

func TestTowerChangeKeepsTheForm(t *testing.T) {
	a := newTestApp(t)
	c := a.phone()
	c.get("/new/mages-tower", nil)
	res := c.post("/new/mages-tower", url.Values{
		"general": {"Zoë"}, "mage": {"Bo"}, "generalPlayer": {"person"}, "magePlayer": {"greedy"},
		"mode": {"one"}, "thumbsMayStay": {"on"},
	}, nil)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("form: %d %s", res.StatusCode, res.Body)
	}
	change := res.doc(t).Find(`[data-testid="change"]`).Closest("form")
	if m, _ := change.Attr("method"); m != "get" {
		t.Fatalf("Change form method %q", m)
	}
	q := url.Values{}
	change.Find("input").Each(func(_ int, s *goquery.Selection) {
		n, _ := s.Attr("name")
		v, _ := s.Attr("value")
		q.Add(n, v)
	})
	form := c.get("/new/mages-tower?"+q.Encode(), nil).doc(t)
	if got, _ := form.Find("#general").Attr("value"); got != "Zoë" {
		t.Errorf("General after Change = %q", got)
	}
	if got, _ := form.Find("#mage").Attr("value"); got != "Bo" {
		t.Errorf("Mage after Change = %q", got)
	}
	if got, _ := form.Find(`#mage-player option[selected]`).Attr("value"); got != "greedy" {
		t.Errorf("the Mage's bot after Change = %q, want greedy", got)
	}
	if _, on := form.Find(`input[name="thumbsMayStay"]`).Attr("checked"); !on {
		t.Error("the house rule is unticked after Change")
	}
}
