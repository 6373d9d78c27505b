package tower_test

import (
	"bytes"
	"context"
	"sort"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/grimoire-games/grimoire/lang"
	tw "github.com/grimoire-games/grimoire/rules/tower"
	twview "github.com/grimoire-games/grimoire/views/tower"
)

// rulesPage draws the rules page as the server does, in l.
func rulesPage(t *testing.T, l lang.Lang) (string, *goquery.Document) {
	t.Helper()
	p := sheetLayout(t)
	p.Title = "Mage's Tower rules"
	p.Section = "rules"
	var buf bytes.Buffer
	c := twview.Rules(p, twview.RulesData{Card: tw.DefaultCard(), Rulings: tw.Rulings()})
	if err := c.Render(lang.With(context.Background(), l), &buf); err != nil {
		t.Fatalf("%s: %v", l, err)
	}
	html := buf.String()
	d, err := goquery.NewDocumentFromReader(strings.NewReader(html))
	if err != nil {
		t.Fatal(err)
	}
	return html, d
}

// attrs is every value of attribute name inside the page's article, sorted.
func attrs(d *goquery.Document, selector, name string) []string {
	var out []string
	d.Find("article.rules").Find(selector).Each(func(_ int, s *goquery.Selection) {
		if v, ok := s.Attr(name); ok {
			out = append(out, v)
		}
	})
	sort.Strings(out)
	return out
}

// TestRulesPageInEveryLanguage: the rules page speaks each language with
// the English page's structure: its heading is the language's own, and
// every id, anchor, test id and class of the English page is there.
func TestRulesPageInEveryLanguage(t *testing.T) {
	enHTML, en := rulesPage(t, lang.English)
	enH1 := flat(en.Find("h1").Text())
	enIDs := attrs(en, "[id]", "id")
	if len(enIDs) < 20 || !strings.Contains(strings.Join(enIDs, " "), "rule-thumbs-stay") {
		t.Fatalf("the English page's ids look wrong: %v", enIDs)
	}
	enArticle, _ := goquery.OuterHtml(en.Find("article.rules"))
	for _, tc := range []struct {
		l           lang.Lang
		wordsOf     string // a phrase of the language's own prose
		rulingTitle string // a ruling's title in the language
	}{
		{lang.English, "Every rule Grimoire enforces", "The shield flip"},
		{lang.Spanish, "Todas las reglas que aplica Grimoire", "El volteo del escudo"},
		{lang.French, "Toutes les règles que Grimoire applique", "Le retournement du bouclier"},
		{lang.German, "Alle Regeln, die Grimoire durchsetzt", "Das Umdrehen zum Schild"},
		{lang.Portuguese, "Todas as regras que o Grimoire aplica", "A virada do escudo"},
	} {
		t.Run(string(tc.l), func(t *testing.T) {
			_, d := rulesPage(t, tc.l)
			if d.Find(`article.rules[data-testid="rules"]`).Length() != 1 {
				t.Fatal("no rules article")
			}
			h1 := flat(d.Find("h1").Text())
			if h1 == "" || !strings.Contains(h1, "Mage's Tower") {
				t.Errorf("h1 %q does not name the game", h1)
			}
			if tc.l != lang.English && h1 == enH1 {
				t.Errorf("h1 is the English one: %q", h1)
			}
			if title := d.Find("title").Text(); tc.l != lang.English && title == en.Find("title").Text() {
				t.Errorf("the tab's title is the English one: %q", title)
			}
			ids := attrs(d, "[id]", "id")
			have := map[string]bool{}
			for _, id := range ids {
				have[id] = true
			}
			for _, id := range enIDs {
				if !have[id] {
					t.Errorf("id %q of the English page is missing", id)
				}
			}
			if len(ids) != len(enIDs) {
				t.Errorf("%d ids, the English page has %d", len(ids), len(enIDs))
			}
			for _, a := range []struct{ selector, name string }{
				{"a[href]", "href"}, {"[data-testid]", "data-testid"}, {"[class]", "class"}, {"[aria-label]", "aria-label"},
			} {
				got, want := attrs(d, a.selector, a.name), attrs(en, a.selector, a.name)
				if a.name == "aria-label" {
					if len(got) != len(want) {
						t.Errorf("%d aria-labels, the English page has %d", len(got), len(want))
					}
					if tc.l != lang.English && strings.Join(got, "|") == strings.Join(want, "|") {
						t.Errorf("aria-labels are the English ones: %v", got)
					}
					continue
				}
				if strings.Join(got, "|") != strings.Join(want, "|") {
					t.Errorf("%s differ from English:\n got %v\nwant %v", a.name, got, want)
				}
			}
			text := flat(d.Find("article.rules").Text())
			for _, w := range []string{tc.wordsOf, tc.rulingTitle} {
				if !strings.Contains(text, w) {
					t.Errorf("page lacks %q", w)
				}
			}
			if rows := d.Find(`[data-testid="default-card"] tbody tr`).Length(); rows != len(tw.DefaultCard().Rows) {
				t.Errorf("card table has %d rows, want %d", rows, len(tw.DefaultCard().Rows))
			}
			if tc.l != lang.English && strings.Contains(text, "Our ruling") {
				t.Error("an English ruling is left on the page")
			}
		})
	}
	t.Run("pseudo and unknown languages read English", func(t *testing.T) {
		for _, l := range []lang.Lang{lang.Pseudo, lang.Lang("it")} {
			_, d := rulesPage(t, l)
			got, _ := goquery.OuterHtml(d.Find("article.rules"))
			if got != enArticle {
				t.Errorf("%s: the article is not the English one", l)
			}
		}
	})
	if !strings.Contains(enHTML, "<h1>Mage's Tower</h1>") {
		t.Error("the English heading changed")
	}
}
