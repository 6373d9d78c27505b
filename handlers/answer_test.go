package handlers_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"flag"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/grimoire-games/grimoire/rules/record"
	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
	saview "github.com/grimoire-games/grimoire/views/spellsarrows"
)

var answerSizes = flag.Bool("answer-sizes", false, "print the size of each tap answer of TestTapAnswerSmall")

// tapForm is the form a scorekeeper's tap posts for action a.
func tapForm(v int, a sa.Action) url.Values {
	f := url.Values{"v": {strconv.Itoa(v)}, "type": {a.Type}}
	yes := func(b bool) string {
		if b {
			return "1"
		}
		return "0"
	}
	switch a.Type {
	case sa.TypeSpyShot, sa.TypeArrow, sa.TypeSpellShot:
		f.Set("made", yes(a.Made))
	case sa.TypeMove:
		f.Set("to", a.To)
	case sa.TypeLeap:
		f.Set("made", yes(a.Made))
		if a.Made {
			f.Set("from", a.From)
			f.Set("to", a.To)
		}
	case sa.TypeCast:
		f.Set("card", strconv.Itoa(a.Card))
	case sa.TypeTarget:
		if a.Span != "" {
			f.Set("span", a.Span)
		} else {
			f.Set("at", a.At)
		}
	case sa.TypeBench:
		f.Set("card", strconv.Itoa(a.Card))
		if a.Cut != 0 {
			f.Set("cut", strconv.Itoa(a.Cut))
		}
	}
	return f
}

func gzipped(t *testing.T, s string) int {
	t.Helper()
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if _, err := w.Write([]byte(s)); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Len()
}

// playedAsTaps imports the setup of the 94-action test game with no action
// and taps its actions one by one as htmx does on a phone that keeps its own
// record (X-Grimoire-Record: delta), handing each answer to seen.
func playedAsTaps(t *testing.T, seen func(i int, a sa.Action, body string)) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "rules", "spellsarrows", "testdata", "mage-wins-on-turns.json"))
	if err != nil {
		t.Fatal(err)
	}
	rec, err := record.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	raw["actions"] = json.RawMessage("[]")
	empty, _ := json.Marshal(raw)
	var actions []sa.Action
	if err := json.Unmarshal(mustField(t, data, "actions"), &actions); err != nil {
		t.Fatal(err)
	}
	if len(actions) != len(rec.Actions) {
		t.Fatalf("read %d actions of %d", len(actions), len(rec.Actions))
	}
	a := newTestApp(t)
	p := a.phone()
	p.get("/import", nil)
	res := p.post("/import", url.Values{"json": {string(empty)}}, nil)
	loc := res.Header.Get("Location")
	if res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc, "/g/") {
		t.Fatalf("import: status %d, Location %q\n%.300s", res.StatusCode, loc, res.Body)
	}
	p.get(loc, nil)
	h := hdr{"HX-Request": "true", "X-Grimoire-Record": "delta"}
	for i, act := range actions {
		res := p.post(loc+"/act", tapForm(i, act), h)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("tap %d %+v: status %d\n%.500s", i, act, res.StatusCode, res.Body)
		}
		seen(i, act, res.Body)
	}
}

func mustField(t *testing.T, data []byte, name string) json.RawMessage {
	t.Helper()
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	return raw[name]
}

func median(xs []int) int {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}

// oobFragments are the fragments of an htmx answer: element id -> HTML
// (the alert, which every answer carries, is not one).
func oobFragments(t *testing.T, body string) map[string]string {
	t.Helper()
	d, err := goquery.NewDocumentFromReader(strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	d.Find("[hx-swap-oob]").Each(func(_ int, s *goquery.Selection) {
		id, ok := strings.CutPrefix(s.AttrOr("hx-swap-oob", ""), "innerHTML:#")
		if !ok {
			return
		}
		h, err := s.Html()
		if err != nil {
			t.Fatal(err)
		}
		out[id] = h
	})
	return out
}

// TestTapAnswerSmall plays a whole game tap by tap as a phone does, and
// checks each answer carries only what changed on the screen: the court's
// map never (the page has it), what changes on the court when it changed,
// and no fragment the screen already shows.
func TestTapAnswerSmall(t *testing.T) {
	var raw, gz []int
	shown := map[string]string{}
	moved := 0
	playedAsTaps(t, func(i int, a sa.Action, body string) {
		raw = append(raw, len(body))
		gz = append(gz, gzipped(t, body))
		if *answerSizes {
			t.Logf("tap %d %s: %d B, %d B gzip\n%s", i, a.Type, len(body), gzipped(t, body), body)
		}
		frags := oobFragments(t, body)
		if _, ok := frags[saview.FragCourt]; ok {
			t.Errorf("tap %d (%s) resends the court's map", i, a.Type)
		}
		if a.Type == sa.TypeMove {
			moved++
			if !strings.Contains(frags[saview.FragCourtNow], `data-testid="spy-token"`) {
				t.Errorf("tap %d moves the spy to %s, and the answer does not redraw the spy token:\n%.400s", i, a.To, body)
			}
		}
		for id, h := range frags {
			if was, ok := shown[id]; ok && was == h {
				t.Errorf("tap %d (%s) resends fragment %s unchanged", i, a.Type, id)
			}
			shown[id] = h
		}
	})
	if moved == 0 {
		t.Fatal("the game moved the spy nowhere: the court's answers were not checked")
	}
	t.Logf("%d taps: answer median %d B, gzip -9 median %d B, max %d / %d B", len(raw), median(raw), median(gz), slices.Max(raw), slices.Max(gz))
}

// TestCourtPageWhole checks the page without JavaScript still draws the
// whole court: the map, and what changes on it inside its overlay element.
func TestCourtPageWhole(t *testing.T) {
	a := newTestApp(t)
	p := a.phone()
	id := p.newSAGame("Ana", "Ben", "12")
	p.mustAct(id, 0, url.Values{"type": {"spy-shot"}, "made": {"1"}})
	d := p.get("/g/"+id, nil).doc(t)
	court := d.Find("#" + saview.FragCourt)
	for _, want := range []string{
		`[data-testid="court-map"][aria-hidden="true"]`,
		"#" + saview.FragCourtNow + ` svg[role="img"] title#court-title`,
		"#" + saview.FragCourtNow + ` [data-testid="spy-token"]`,
		"#" + saview.FragCourtNow + ` [data-testid="court-move-A"]`,
	} {
		if court.Find(want).Length() != 1 {
			t.Errorf("the court on the page has no %s", want)
		}
	}
}
