package scribes_test

import (
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/grimoire-games/grimoire/play"
	sc "github.com/grimoire-games/grimoire/rules/scribes"
	scview "github.com/grimoire-games/grimoire/views/scribes"
)

// tradeTable is Mia and Ben on one phone, Ben to answer the follow-up of a
// three-insignia tile (Ash, Tide, Gale) holding an Ash and a Root: he may
// give only his Root.
func tradeTable(t *testing.T) play.Table {
	t.Helper()
	d := sc.DefaultData()
	tiles := []string{"T-ASHW+TIDE+GALE-1"}
	for _, tl := range d.Tiles {
		if tl.ID != tiles[0] {
			tiles = append(tiles, tl.ID)
		}
	}
	tb := newTable(t, sc.Setup{Players: []string{"Mia", "Ben"}, First: first(0), Tiles: tiles}, 5, play.Scorekeeper)
	for _, a := range []sc.Action{sc.Take(0, sc.ASHW, sc.TIDE), sc.Take(1, sc.ASHW, sc.ROOT), sc.Reserve(0, 0)} {
		tb = push(t, tb, a, play.Scorekeeper)
	}
	if st := now(t, tb); st.Decider() != 1 || st.Phase() != sc.PhaseFollow {
		t.Fatalf("the table is not at Ben's follow-up: decider %d, phase %v", st.Decider(), st.Phase())
	}
	return tb
}

// controlsDoc is the controls fragment of a step, parsed.
func controlsDoc(t *testing.T, tb play.Table, step url.Values) *goquery.Document {
	t.Helper()
	frags, err := kind.Fragments(tb, step)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range frags {
		if f.ID == scview.FragControls {
			doc, err := goquery.NewDocumentFromReader(strings.NewReader(render(t, f.Component)))
			if err != nil {
				t.Fatal(err)
			}
			return doc
		}
	}
	t.Fatal("no controls fragment")
	return nil
}

// The three-insignia trade is two steps: the gives as links (a GET step, so
// it works without script and on the phone offline), then the legal gains
// of the picked give as buttons, each posting its action.
func TestTradeSteps(t *testing.T) {
	tb := tradeTable(t)
	seen := itoa(tb.Version)
	step := func(ui string) url.Values {
		q := url.Values{"v": {seen}, "seen": {seen}}
		if ui != "" {
			q.Set("ui", ui)
		}
		return q
	}
	tests := []struct {
		name  string
		step  url.Values
		gains bool // the second step shows
	}{
		{"the screen after the follow-up began shows the gives", step(""), false},
		{"a tap on Root shows Root's gains", step("trade.ROOT"), true},
		{"Back (ui=trade alone) shows the gives again", step("trade"), false},
		{"a give the rules do not offer (his Ash is on the tile) shows the gives", step("trade.ASHW"), false},
		{"an element that does not exist shows the gives", step("trade.FIRE"), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := controlsDoc(t, tb, tt.step)
			gives := doc.Find(`[data-testid="trade-gives"]`)
			gains := doc.Find(`[data-testid="trade-gains"]`)
			if got := gains.Length() == 1; got != tt.gains || gives.Length() == 1 == tt.gains {
				t.Fatalf("gives shown %d, gains shown %d; want the gains %v", gives.Length(), gains.Length(), tt.gains)
			}
			for _, fs := range []*goquery.Selection{gives, gains} {
				if fs.Length() == 1 && fs.Is("fieldset") && strings.TrimSpace(fs.Find("legend").Text()) == "" {
					t.Error("a step without its legend")
				}
			}
			if doc.Find(`[data-testid="follow-decline"]`).Length() != 1 {
				t.Error("no No trade button")
			}
			if got := doc.Find(`[data-testid="trade-back"]`).Length(); got != map[bool]int{false: 0, true: 1}[tt.gains] {
				t.Errorf("%d Back links", got)
			}
		})
	}
}

// The first step offers exactly the gives the rules allow, each with the
// count held; its link keeps the privacy screen away and the focus starts
// on it.
func TestTradeGivesAreTheLegalOnes(t *testing.T) {
	tb := tradeTable(t)
	doc := controlsDoc(t, tb, url.Values{"seen": {itoa(tb.Version)}})
	links := doc.Find(`a[data-testid^="trade-give-"]`)
	if links.Length() != 1 {
		t.Fatalf("%d gives, want Root only", links.Length())
	}
	root := links.First()
	if id, _ := root.Attr("data-testid"); id != "trade-give-ROOT" {
		t.Fatalf("give %q, want Root", id)
	}
	if txt := strings.Join(strings.Fields(root.Text()), " "); txt != "Give 1 Root you hold 1" {
		t.Errorf("give reads %q", txt)
	}
	if _, ok := root.Attr("autofocus"); !ok {
		t.Error("the first give does not take the focus")
	}
	href, _ := root.Attr("href")
	if hx, _ := root.Attr("hx-get"); hx != href {
		t.Errorf("htmx step %q differs from the plain link %q", hx, href)
	}
	u, err := url.Parse(href)
	if err != nil {
		t.Fatal(err)
	}
	if q := u.Query(); q.Get("ui") != "trade.ROOT" || q.Get("seen") != itoa(tb.Version) || q.Get("v") != itoa(tb.Version) {
		t.Errorf("give link %q: want ui=trade.ROOT and this version seen", href)
	}
}

// The second step offers every legal gain of the give and nothing else,
// each showing the counts after it; the first gain takes the focus.
func TestTradeGainsAreTheLegalOnes(t *testing.T) {
	tb := tradeTable(t)
	v := itoa(tb.Version)
	doc := controlsDoc(t, tb, url.Values{"v": {v}, "seen": {v}, "ui": {"trade.ROOT"}})
	var legal []string
	for _, a := range sc.Legal(now(t, tb)).Actions {
		if a.Type == sc.ActFollow && !a.Decline && a.Give == sc.ROOT {
			legal = append(legal, string(mustJSON(t, a)))
		}
	}
	if len(legal) == 0 {
		t.Fatal("the rules offer no trade for Root here")
	}
	var offered []string
	doc.Find(`[data-testid="trade-gains"] button[name="action"]`).Each(func(i int, s *goquery.Selection) {
		val, _ := s.Attr("value")
		offered = append(offered, val)
		a, err := sc.ParseAction([]byte(val))
		if err != nil {
			t.Fatalf("gain %q: %v", val, err)
		}
		if _, ok := s.Attr("autofocus"); ok != (i == 0) {
			t.Errorf("gain %d autofocus %v, want it on the first only", i, ok)
		}
		// Ben holds Ash 1, Tide 0, Gale 0: each count after is what he
		// holds plus the gain.
		txt := s.Find(".after").First().Text()
		for e, was := range [sc.NumElements]int{1, 0, 0, 1} {
			if k := a.Oinks[e]; k > 0 {
				name := sc.DefaultData().ElementName(sc.Element(e))
				if want := name + " " + itoa(was) + " → " + itoa(was+k); !strings.Contains(txt, want) {
					t.Errorf("gain %s reads %q, want %q", val, txt, want)
				}
			}
		}
	})
	slices.Sort(legal)
	slices.Sort(offered)
	if !slices.Equal(legal, offered) {
		t.Fatalf("offered %d gains, the rules allow %d:\noffered %v\nlegal   %v", len(offered), len(legal), offered, legal)
	}
	if got := doc.Find(`[data-testid="trade-giving"]`).Text(); !strings.Contains(got, "Root 1 → 0") {
		t.Errorf("the second step says %q, want Root 1 → 0", got)
	}
}

// The undo button names the elements as the log does, never by their
// record codes.
func TestUndoNamesTheElements(t *testing.T) {
	tb := tradeTable(t)
	tb = push(t, tb, sc.FollowTrade(1, sc.ROOT, [sc.NumElements]int{sc.TIDE: 2, sc.GALE: 1}), play.Scorekeeper)
	undo := controlsDoc(t, tb, nil).Find(`[data-testid="undo"]`)
	label, _ := undo.Attr("aria-label")
	if undo.Length() != 1 || !strings.Contains(label, "Root") || !strings.Contains(label, "Tide") || strings.Contains(label, "ROOT") {
		t.Fatalf("undo reads %q, want the trade with the elements' names", label)
	}
}

// Without script the give is a plain link: the whole page drawn for its
// query is the second step, with every gain a plain form post.
func TestTradeWithoutScript(t *testing.T) {
	tb := tradeTable(t)
	doc := controlsDoc(t, tb, url.Values{"seen": {itoa(tb.Version)}})
	href, _ := doc.Find(`[data-testid="trade-give-ROOT"]`).Attr("href")
	u, err := url.Parse(href)
	if err != nil {
		t.Fatal(err)
	}
	page, err := kind.Page(testPage(), tb, u.Query())
	if err != nil {
		t.Fatal(err)
	}
	full, err := goquery.NewDocumentFromReader(strings.NewReader(render(t, page)))
	if err != nil {
		t.Fatal(err)
	}
	gains := full.Find(`[data-testid="trade-gains"] form[method="post"] button[name="action"]`)
	if gains.Length() == 0 {
		t.Fatal("the page for the give link shows no gain to post")
	}
	if _, ok := full.Find(`[data-testid="trade-gains"] button`).First().Attr("autofocus"); !ok {
		t.Error("the page does not put the focus on the first gain")
	}
	back, _ := full.Find(`[data-testid="trade-back"]`).Attr("href")
	if !strings.Contains(back, "ui=trade") || strings.Contains(back, "trade.") {
		t.Errorf("Back links to %q, want the first step", back)
	}
}
