package handlers_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"github.com/grimoire-games/grimoire/handlers"
	"github.com/grimoire-games/grimoire/rules/record"
	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
	tw "github.com/grimoire-games/grimoire/rules/tower"
)

// formFields are the fields form (a selector) would send as it is drawn:
// text and number inputs, ticked boxes, chosen options.
func formFields(t *testing.T, res response, form string) url.Values {
	t.Helper()
	v := url.Values{}
	f := res.doc(t).Find(form)
	if f.Length() == 0 {
		t.Fatalf("no %s on the page:\n%s", form, res.Body)
	}
	f.Find("input").Each(func(_ int, s *goquery.Selection) {
		name, _ := s.Attr("name")
		typ, _ := s.Attr("type")
		if name == "" || typ == "submit" {
			return
		}
		if typ == "checkbox" {
			if _, on := s.Attr("checked"); on {
				v.Add(name, "on")
			}
			return
		}
		val, _ := s.Attr("value")
		v.Add(name, val)
	})
	f.Find("select").Each(func(_ int, s *goquery.Selection) {
		name, _ := s.Attr("name")
		opt := s.Find("option[selected]").First()
		if opt.Length() == 0 {
			opt = s.Find("option").First()
		}
		val, _ := opt.Attr("value")
		v.Add(name, val)
	})
	return v
}

// disputeAsTold is the dispute typed into the sandbox as the
// table tells it: "the spy is at E3 with health 2 and one armour, shot
// clock 3, one miss counter, the mage holds 2 arrows and a giant stands at
// W4: the spy misses". The elf cone on E3 is the one the arrows come from.
func disputeAsTold(t *testing.T, c *client) url.Values {
	t.Helper()
	v := formFields(t, c.get("/sandbox/spells-arrows", nil), `[data-testid="sandbox-form"]`)
	for k, x := range map[string]string{
		"turn": "2", "half": "spy", "at": "E3", "health": "2", "armour": "1",
		"shotClock": "3", "misses": "1", "arrows": "2", "elfE3": "1", "window": "on",
	} {
		v.Set(k, x)
	}
	v["giantSpan"] = []string{"E4-W4", ""}
	v["giantCones"] = []string{"2", ""}
	return v
}

func TestSandboxDispute(t *testing.T) {
	a := newTestApp(t)
	c := a.phone()
	told := disputeAsTold(t, c)

	res := c.get("/sandbox/spells-arrows?"+told.Encode(), nil)
	if res.StatusCode != http.StatusUnprocessableEntity {
		t.Fatalf("the dispute as told: status %d, want 422", res.StatusCode)
	}
	why := res.doc(t).Find(`[data-testid="sandbox-problems"]`).Text()
	if !strings.Contains(why, "1 miss counter with the shot clock at 3: miss counters are only added once the clock is out") {
		t.Errorf("reasons %q lack the miss counter's", why)
	}
	if res.doc(t).Find(`[data-testid="play-on"]`).Length() != 0 {
		t.Error("an impossible position offers to play on")
	}

	// With the clock out the dispute is a real moment.
	told.Set("shotClock", "0")
	res = c.get("/sandbox/spells-arrows?"+told.Encode(), nil)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("the dispute with the clock out: status %d\n%s", res.StatusCode, res.Body)
	}
	doc := res.doc(t)
	legal := doc.Find(`[data-testid="sandbox-legal"] > li`)
	var volley string
	legal.Each(func(_ int, s *goquery.Selection) {
		if strings.Contains(s.Text(), "Elf arrow from E3 hits for 2") {
			volley = strings.Join(strings.Fields(s.Text()), " ")
		}
	})
	if !strings.Contains(volley, "health 2 → 0") || !strings.Contains(volley, "game over: the mage wins") {
		t.Errorf("the made arrow says %q; the list:\n%s", volley, legal.Text())
	}
	refused := doc.Find(`[data-testid="sandbox-refused"] > li`)
	if refused.Length() == 0 || !strings.Contains(refused.Text(), "Ruling, Exit tolls:") {
		t.Errorf("refusals without the toll's ruling:\n%s", refused.Text())
	}

	// Play on: a real game whose record starts at the position.
	form := formFields(t, res, `[data-testid="sandbox-playon"]`)
	res = c.post("/sandbox/spells-arrows", form, nil)
	loc := res.Header.Get("Location")
	if res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc, "/g/") {
		t.Fatalf("play on: status %d, Location %q\n%s", res.StatusCode, loc, res.Body)
	}
	g := a.game(strings.TrimPrefix(loc, "/g/"))
	st, err := sa.Replay(record.Record{Game: g.Kind, Version: record.FormatVersion, Seed: g.Seed, Setup: g.Setup})
	if err != nil {
		t.Fatalf("cold replay: %v", err)
	}
	got, _ := json.Marshal(sa.PositionOf(st))
	want := sa.Position{
		Turn: 2, Half: sa.HalfSpy,
		Spy:       sa.SpyPosition{At: "E3", Health: 2, Armour: 1},
		ShotClock: 0, Misses: 1,
		Mage: sa.MagePosition{
			Arrows: 2, SpellClock: sa.SpellClock,
			Court: []int{1, 2, 3, 4, 5}, Bench: []int{6, 7, 8}, Bonus: []int{10, 11, 12, 13, 14, 15, 16, 17, 18},
		},
		Elves: map[string]int{"E3": 1}, Giants: map[string]int{"E4-W4": 2},
		Window: &sa.WindowSnapshot{},
	}
	if w, _ := json.Marshal(want); string(got) != string(w) {
		t.Errorf("replayed\n%s\nwant\n%s", got, w)
	}
	if res := c.get(loc, nil); res.StatusCode != http.StatusOK {
		t.Errorf("the new game's page: status %d", res.StatusCode)
	}
}

func TestSandboxTowerPlayOn(t *testing.T) {
	a := newTestApp(t)
	c := a.phone()
	v := formFields(t, c.get("/sandbox/mages-tower", nil), `[data-testid="sandbox-form"]`)
	// Turn 2, the Mage to cast: L1 and S3 on the Field, L1 shielded.
	v.Set("turn", "2")
	v.Set("phase", "cast")
	v.Set("whereL1", "1")
	v.Set("orderL1", "1")
	v.Set("whereS3", "1")
	v.Set("orderS3", "2")
	v.Set("faceL1", "tails")
	v.Set("movedL1", "on")
	v.Set("movedS3", "on")
	v.Set("skipUsed", "on") // the Mage's turn 1 was its skip: the thumbs are still at the top
	res := c.get("/sandbox/mages-tower?"+v.Encode(), nil)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("status %d: %s", res.StatusCode, res.doc(t).Find(`[data-testid="sandbox-problems"]`).Text())
	}
	if n := res.doc(t).Find(`[data-testid="sandbox-legal"] > li`).Length(); n == 0 {
		t.Error("no legal action listed for the Mage")
	}
	res = c.post("/sandbox/mages-tower", formFields(t, res, `[data-testid="sandbox-playon"]`), nil)
	loc := res.Header.Get("Location")
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("play on: status %d\n%s", res.StatusCode, res.Body)
	}
	g := a.game(strings.TrimPrefix(loc, "/g/"))
	st, err := tw.Replay(record.Record{Game: g.Kind, Version: record.FormatVersion, Seed: g.Seed, Setup: g.Setup})
	if err != nil {
		t.Fatalf("cold replay: %v", err)
	}
	p := tw.PositionOf(st)
	if p.Turn != 2 || p.Phase != tw.PhaseCast || strings.Join(p.Zones[0], " ") != "L1 S3" || p.Faces[0] != tw.Tails {
		t.Errorf("replayed %+v", p)
	}
}

// Playing on is a new game like any other: it counts toward the games a
// device may start in an hour.
func TestSandboxPlayOnIsLimited(t *testing.T) {
	clk := &clock{t: time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)}
	a := newLimitedApp(t, handlers.Limits{GamesPerHour: 1}, clk.now, nil)
	c := a.phone()
	v := formFields(t, c.get("/sandbox/mages-tower", nil), `[data-testid="sandbox-form"]`)
	if res := c.post("/sandbox/mages-tower", v, nil); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("the first game: status %d\n%s", res.StatusCode, res.Body)
	}
	if res := c.post("/sandbox/mages-tower", v, nil); res.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("the second game within the hour: status %d, want 429", res.StatusCode)
	}
}

func TestSandboxPlayOnNeedsCSRF(t *testing.T) {
	a := newTestApp(t)
	c := a.phone()
	v := formFields(t, c.get("/sandbox/spells-arrows", nil), `[data-testid="sandbox-form"]`)
	res := c.postRaw("/sandbox/spells-arrows", v, nil)
	if res.StatusCode != http.StatusForbidden || res.Header.Get("Location") != "" {
		t.Fatalf("no token: status %d, Location %q", res.StatusCode, res.Header.Get("Location"))
	}
}

// Nothing typed into the sandbox answers 500: bad fields are a 4xx with
// the reason, a game without a sandbox a 404.
func TestSandboxGarbage(t *testing.T) {
	a := newTestApp(t)
	c := a.phone()
	good := formFields(t, c.get("/sandbox/spells-arrows", nil), `[data-testid="sandbox-form"]`)
	bad := func(kx ...string) string {
		v := url.Values{}
		for kk, xs := range good {
			v[kk] = xs
		}
		for i := 0; i+1 < len(kx); i += 2 {
			v.Set(kx[i], kx[i+1])
		}
		return v.Encode()
	}
	for _, tc := range []struct {
		name, method, path string
		form               url.Values
		status             int
		want               string
	}{
		{"the index", "GET", "/sandbox", nil, 200, `href="/sandbox/mages-tower"`},
		{"no such game", "GET", "/sandbox/chess", nil, 404, ""},
		{"no sandbox for the Scribes", "GET", "/sandbox/arcane-scribes", nil, 404, "no sandbox"},
		{"a stray field only", "GET", "/sandbox/spells-arrows?x=1", nil, 422, "Write health"},
		{"health in words", "GET", "/sandbox/spells-arrows?" + bad("health", "lots"), nil, 422, `Health must be a whole number, not &#34;lots&#34;.`},
		{"a number past int", "GET", "/sandbox/spells-arrows?" + bad("turn", "99999999999999999999999"), nil, 422, "The turn must be a whole number"},
		{"a place not on the map", "GET", "/sandbox/spells-arrows?" + bad("at", "<b>Z9</b>"), nil, 422, "not a place on the map"},
		{"a giant on no span", "GET", "/sandbox/spells-arrows?" + bad("giantSpan", "B-P", "giantCones", "1"), nil, 422, "not a road span"},
		{"a cast of card 999", "GET", "/sandbox/spells-arrows?" + bad("castCard", "999"), nil, 422, "No game could reach"},
		{"tower: a coin in zone 9", "GET", "/sandbox/mages-tower?whereL1=9", nil, 422, "not &#34;9&#34;"},
		{"play on an impossible position", "POST", "/sandbox/spells-arrows", url.Values{"health": {"0"}}, 422, "Write"},
		{"play on nothing", "POST", "/sandbox/mages-tower", url.Values{}, 400, "There is no position to play on"},
		{"play on a game without a sandbox", "POST", "/sandbox/arcane-scribes", good, 404, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var res response
			if tc.method == "POST" {
				res = c.post(tc.path, tc.form, nil)
			} else {
				res = c.get(tc.path, nil)
			}
			if res.StatusCode != tc.status {
				t.Fatalf("status %d, want %d\n%.2000s", res.StatusCode, tc.status, res.Body)
			}
			if !strings.Contains(res.Body, tc.want) {
				t.Errorf("the answer lacks %q", tc.want)
			}
		})
	}
}
