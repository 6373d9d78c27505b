package handlers_test

import (
	"bytes"
	"context"
	"mime/multipart"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	tw "github.com/grimoire-games/grimoire/rules/tower"
)

// twPostCard posts the new-game form as a browser does with a file chosen.
func twPostCard(t *testing.T, p *twPhone, fields url.Values, name, card string) (int, string) {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for k, vs := range fields {
		for _, v := range vs {
			mw.WriteField(k, v)
		}
	}
	fw, err := mw.CreateFormFile("card", name)
	if err != nil {
		t.Fatal(err)
	}
	fw.Write([]byte(card))
	mw.Close()
	req, _ := http.NewRequest(http.MethodPost, p.a.URL+"/new/mages-tower", &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	code, body, _ := p.do(req, false)
	return code, body
}

func TestTowerCustomCardFile(t *testing.T) {
	a := startApp(t)
	p := twNewPhone(t, a)
	if _, body := p.get("/new/mages-tower", false); !strings.Contains(body, `enctype="multipart/form-data"`) || !strings.Contains(body, `name="card"`) {
		t.Fatal("the new-game form offers no card file")
	}
	fields := url.Values{"general": {"Ana"}, "mage": {"Bo"}, "generalPlayer": {"person"}, "magePlayer": {"person"}, "mode": {"one"}}
	fields.Set("_csrf", p.csrf)

	// A broken card is refused with the file named and the reason.
	for _, tc := range []struct{ name, card, want string }{
		{"bad.json", `{"rows": [`, "Card file bad.json:"},
		{"zero.json", `{"rows": [{"damage": 0, "spell": "wave"}]}`, "row 1: damage 0"},
		{"odd.json", `{"rows": [{"damage": 2, "spell": "wave"}], "extra": 1}`, "Card file odd.json:"},
	} {
		code, body := twPostCard(t, p, fields, tc.name, tc.card)
		if code != http.StatusUnprocessableEntity || !strings.Contains(body, tc.want) {
			t.Errorf("%s: %d, want 422 naming %q", tc.name, code, tc.want)
		}
	}

	// A good card is shown on the confirmation and stored in the setup.
	card := `{"rows": [{"damage": 2, "spell": "lightning"}, {"damage": 3, "spell": "wave"}, {"damage": 4, "spell": "fireball"}, {"damage": 1, "spell": "tome"}]}`
	code, body := twPostCard(t, p, fields, "mine.json", card)
	if code != http.StatusOK || !strings.Contains(body, "Custom: mine.json (4 rows)") {
		t.Fatalf("good card: %d, want the confirmation naming the card\n%s", code, body)
	}
	conf := url.Values{}
	for _, m := range regexp.MustCompile(`<input type="hidden" name="([^"]+)" value="([^"]*)"`).FindAllStringSubmatch(body, -1) {
		if m[1] != "_csrf" {
			conf.Set(m[1], htmlUnescape(m[2]))
		}
	}
	code, _, hdr := p.post("/new/mages-tower", conf, false)
	if code != http.StatusSeeOther {
		t.Fatalf("confirm: %d", code)
	}
	g, err := a.Store.Game(context.Background(), strings.TrimPrefix(hdr.Get("Location"), "/g/"))
	if err != nil {
		t.Fatal(err)
	}
	setup, err := tw.ParseSetup(g.Setup)
	if err != nil {
		t.Fatal(err)
	}
	if setup.Card == nil || len(setup.Card.Rows) != 4 || setup.Card.Rows[2].Damage != 4 {
		t.Fatalf("stored card: %+v, want the 4 rows of the file", setup.Card)
	}
	// A problem elsewhere keeps the card's name and asks for the file again.
	bad := url.Values{}
	for k, v := range fields {
		bad[k] = v
	}
	bad.Set("general", "")
	if code, body := twPostCard(t, p, bad, "mine.json", card); code != http.StatusUnprocessableEntity || !strings.Contains(body, `data-testid="card-again"`) {
		t.Fatalf("name missing with a card: %d, want the form asking for the card again", code)
	}
}
