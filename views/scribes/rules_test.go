package scribes_test

import (
	"bytes"
	"context"
	"slices"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/grimoire-games/grimoire/lang"
	sc "github.com/grimoire-games/grimoire/rules/scribes"
	"github.com/grimoire-games/grimoire/static"
	"github.com/grimoire-games/grimoire/views"
	scview "github.com/grimoire-games/grimoire/views/scribes"
)

// rulesIn renders the rules page as the server does, in l.
func rulesIn(t *testing.T, l lang.Lang) (string, *goquery.Document) {
	t.Helper()
	a, err := static.Load()
	if err != nil {
		t.Fatal(err)
	}
	p := views.Page{Title: "The Arcane Scribes rules", Section: "rules", CSRF: "token", Assets: a, Back: "/rules/arcane-scribes"}
	var buf bytes.Buffer
	ctx := lang.With(context.Background(), l)
	if err := scview.Rules(p, scview.RulesData{Data: sc.DefaultData(), Rulings: sc.Rulings()}).Render(ctx, &buf); err != nil {
		t.Fatalf("%s: %v", l, err)
	}
	html := buf.String()
	d, err := goquery.NewDocumentFromReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return html, d
}

// attrs is every value of attribute name on what sel finds, sorted.
func attrs(d *goquery.Document, sel, name string) []string {
	var out []string
	d.Find(sel).Each(func(_ int, s *goquery.Selection) {
		if v, ok := s.Attr(name); ok {
			out = append(out, v)
		}
	})
	slices.Sort(out)
	return out
}

// TestRulesInEachLanguage renders the rules page in the five languages: each
// renders, the translated ones have their own <h1> and title, and each
// keeps every id of the English page and the article's classes, anchors
// and test ids.
func TestRulesInEachLanguage(t *testing.T) {
	_, en := rulesIn(t, lang.English)
	enH1 := en.Find("h1").Text()
	enIDs := attrs(en, "[id]", "id")
	if len(enIDs) == 0 || !slices.Contains(enIDs, "data") || !slices.Contains(enIDs, "rule-stall") {
		t.Fatalf("the English page has ids %v", enIDs)
	}
	const article = `[data-testid="rules"]`
	enClasses := attrs(en, article+" [class], "+article, "class")
	enTestIDs := attrs(en, "[data-testid]", "data-testid")
	enHrefs := attrs(en, "[href]:not(link[rel=manifest])", "href")

	for _, tc := range []struct {
		l          lang.Lang
		translated bool
		title      string
	}{
		{lang.English, false, "<title>The Arcane Scribes rules · Grimoire</title>"},
		{lang.Spanish, true, "<title>Reglas de The Arcane Scribes · Grimoire</title>"},
		{lang.French, true, "<title>Règles de The Arcane Scribes · Grimoire</title>"},
		{lang.German, true, "<title>Regeln von The Arcane Scribes · Grimoire</title>"},
		{lang.Portuguese, true, "<title>Regras de The Arcane Scribes · Grimoire</title>"},
	} {
		t.Run(string(tc.l), func(t *testing.T) {
			html, d := rulesIn(t, tc.l)
			if d.Find(article).Length() != 1 {
				t.Fatal("no rules article")
			}
			if !bytes.Contains([]byte(html), []byte(tc.title)) {
				t.Errorf("the page is not titled %s", tc.title)
			}
			h1 := d.Find("h1").Text()
			if tc.translated && h1 == enH1 {
				t.Errorf("<h1> is the English %q", h1)
			}
			if !tc.translated && h1 != enH1 {
				t.Errorf("<h1> is %q, want %q", h1, enH1)
			}
			ids := attrs(d, "[id]", "id")
			for _, id := range enIDs {
				if !slices.Contains(ids, id) {
					t.Errorf("id %q of the English page is missing", id)
				}
			}
			if got := attrs(d, article+" [class], "+article, "class"); !slices.Equal(got, enClasses) {
				t.Errorf("the article's classes are %v, English has %v", got, enClasses)
			}
			if got := attrs(d, "[data-testid]", "data-testid"); !slices.Equal(got, enTestIDs) {
				t.Errorf("the page's test ids are %v, English has %v", got, enTestIDs)
			}
			if got := attrs(d, "[href]:not(link[rel=manifest])", "href"); !slices.Equal(got, enHrefs) {
				t.Errorf("the page's links are %v, English has %v", got, enHrefs)
			}
			if tc.translated {
				// The rulings and the tiles' follow-ups come in the page's language.
				if dt := d.Find("#rule-goal").Text(); dt == en.Find("#rule-goal").Text() {
					t.Errorf("the goal ruling is titled in English: %q", dt)
				}
				if td := d.Find(".tile-mix tbody td").Eq(1).Text(); td == en.Find(".tile-mix tbody td").Eq(1).Text() {
					t.Errorf("the tiles' follow-up is in English: %q", td)
				}
			}
		})
	}
}

// TestRulesOtherLanguagesReadEnglish: a language the page is not
// translated into (the tests' pseudo-language) reads the English article.
func TestRulesOtherLanguagesReadEnglish(t *testing.T) {
	_, en := rulesIn(t, lang.English)
	_, xa := rulesIn(t, lang.Pseudo)
	want, _ := goquery.OuterHtml(en.Find(`[data-testid="rules"]`))
	got, _ := goquery.OuterHtml(xa.Find(`[data-testid="rules"]`))
	if got != want {
		t.Error("the pseudo-language's rules article differs from the English one")
	}
}
