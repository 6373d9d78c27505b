package handlers_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
)

// A name no screen should show is refused on every path that starts a
// game, because every path passes its rules core's setup check: the
// confirmation step (whatever setup it is sent), a game started offline
// and an import. Nothing is stored.
func TestNamesAreCheckedOnEveryPath(t *testing.T) {
	long := strings.Repeat("N", 41)
	huge := strings.Repeat("N", 1<<20)
	setup := func(v any) string {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	record := func(game string, s any) string {
		return `{"game":"` + game + `","version":1,"seed":5,"setup":` + setup(s) + `,"actions":[]}`
	}
	sa := func(spy string) map[string]any { return map[string]any{"victory": 12, "spy": spy, "mage": "Ben"} }
	tw := func(g string) map[string]any { return map[string]any{"general": g, "mage": "Ben"} }
	scr := func(p string) map[string]any {
		return map[string]any{"players": []string{"Mia", p}, "options": map[string]any{}}
	}
	offline := func(kind, s string) url.Values {
		return url.Values{"id": {"offline-name"}, "kind": {kind}, "seed": {"5"}, "setup": {s}}
	}
	tests := []struct {
		rule, path string
		form       url.Values
	}{
		{"Spells & Arrows confirmation: a 41-letter spy", "/new/spells-arrows", url.Values{"confirm": {"1"}, "setup": {setup(sa(long))}}},
		{"Spells & Arrows confirmation: a megabyte of spy", "/new/spells-arrows", url.Values{"confirm": {"1"}, "setup": {setup(sa(huge))}}},
		{"Spells & Arrows started offline", "/sync/new", offline("spells-arrows", setup(sa(long)))},
		{"Spells & Arrows import", "/import", url.Values{"json": {record("spells-arrows", sa(long))}}},
		{"Mage's Tower confirmation: a bell character", "/new/mages-tower", url.Values{"confirm": {"1"}, "general": {"Ana\a"}, "mage": {"Ben"}, "setup": {setup(tw("Ana\a"))}}},
		{"Mage's Tower started offline", "/sync/new", offline("mages-tower", setup(tw(long)))},
		{"Mage's Tower import", "/import", url.Values{"json": {record("mages-tower", tw(huge))}}},
		{"Arcane Scribes confirmation", "/new/arcane-scribes", url.Values{"confirm": {"1"}, "setup": {setup(scr(long))}}},
		{"Arcane Scribes started offline", "/sync/new", offline("arcane-scribes", setup(scr("Cy\u202e")))},
		{"Arcane Scribes import", "/import", url.Values{"json": {record("arcane-scribes", scr(long))}}},
	}
	a := newTestApp(t)
	p := a.phone()
	for _, tc := range tests {
		t.Run(tc.rule, func(t *testing.T) {
			res := p.post(tc.path, tc.form, nil)
			if res.StatusCode != http.StatusBadRequest && res.StatusCode != http.StatusUnprocessableEntity {
				t.Fatalf("status %d, want 400 or 422\n%.300s", res.StatusCode, res.Body)
			}
			if msg := errorText(t, res) + res.Body; !strings.Contains(msg, "name") {
				t.Errorf("the refusal does not speak of the name: %.300s", errorText(t, res))
			}
		})
	}
	if res := p.get("/", nil); !strings.Contains(res.Body, `data-testid="no-games"`) {
		t.Fatal("a refused game was stored")
	}
}

// A Scribes tap naming a seat outside the table is refused in words (400 or
// 422), on the screen and from the offline outbox alike, never a 500, and
// changes nothing.
func TestScribesTapForASeatOutsideTheTable(t *testing.T) {
	a := newTestApp(t)
	p := a.phone()
	p.get("/new/arcane-scribes", nil)
	res := p.post("/new/arcane-scribes", url.Values{"mode": {"one"}, "name0": {"Mia"}, "name1": {"Ben"}, "name2": {"Cy"}}, nil)
	setup, ok := res.doc(t).Find(`input[name="setup"]`).Attr("value")
	if !ok {
		t.Fatalf("no confirmation: %d %s", res.StatusCode, errorText(t, res))
	}
	res = p.post("/new/arcane-scribes", url.Values{"confirm": {"1"}, "mode": {"one"}, "setup": {setup}}, nil)
	id := strings.TrimPrefix(res.Header.Get("Location"), "/g/")
	if res.StatusCode != http.StatusSeeOther || id == "" {
		t.Fatalf("start: %d", res.StatusCode)
	}
	for _, seat := range []string{"3", "99", "-2", "-1", "9223372036854775807", "-9223372036854775808", "9223372036854775808"} {
		action := `{"type":"take","seat":` + seat + `,"elements":["ASHW","TIDE"]}`
		for i, path := range []string{"/g/" + id + "/act", "/g/" + id + "/sync"} {
			t.Run([]string{"on the screen", "from the outbox"}[i]+": seat "+seat, func(t *testing.T) {
				f := url.Values{"v": {"0"}, "action": {action}, "op": {"act"}, "cid": {"client-" + strconv.Itoa(i) + "-" + strings.Trim(seat, "-")}}
				res := p.post(path, f, nil)
				if res.StatusCode != http.StatusBadRequest && res.StatusCode != http.StatusUnprocessableEntity {
					t.Fatalf("status %d, want 400 or 422\n%.300s", res.StatusCode, res.Body)
				}
				a.unchanged(t, id, 0)
			})
		}
	}
}

// A seat given to a bot nobody can run would wait for ever: the Scribes
// setup check refuses an unknown bot on every path (the confirmation step
// whatever setup it is sent, a game started offline, an import).
func TestUnknownBotsAreRefusedOnEveryPath(t *testing.T) {
	setup := `{"players":["Mia","Hal"],"bots":["","clever"],"options":{}}`
	tests := []struct {
		rule, path string
		form       url.Values
	}{
		{"the confirmation step", "/new/arcane-scribes", url.Values{"confirm": {"1"}, "setup": {setup}}},
		{"a game started offline", "/sync/new", url.Values{"id": {"offline-bots"}, "kind": {"arcane-scribes"}, "seed": {"5"}, "setup": {setup}}},
		{"an import", "/import", url.Values{"json": {`{"game":"arcane-scribes","version":1,"seed":5,"setup":` + setup + `,"actions":[]}`}}},
	}
	a := newTestApp(t)
	p := a.phone()
	for _, tc := range tests {
		t.Run(tc.rule, func(t *testing.T) {
			res := p.post(tc.path, tc.form, nil)
			if res.StatusCode != http.StatusBadRequest && res.StatusCode != http.StatusUnprocessableEntity {
				t.Fatalf("status %d, want 400 or 422\n%.300s", res.StatusCode, res.Body)
			}
			if !strings.Contains(res.Body, "clever") {
				t.Errorf("the refusal does not name the bot: %s", errorText(t, res))
			}
		})
	}
	if res := p.get("/", nil); !strings.Contains(res.Body, `data-testid="no-games"`) {
		t.Fatal("a refused game was stored")
	}
}
