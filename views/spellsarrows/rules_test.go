package spellsarrows_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/grimoire-games/grimoire/lang"
	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
	saview "github.com/grimoire-games/grimoire/views/spellsarrows"
)

// rulesPage renders the rules page as the handler does, in l.
func rulesPage(t *testing.T, l lang.Lang) *goquery.Document {
	t.Helper()
	p := sheetLayout(t)
	p.Title, p.Section = "Spells & Arrows rules", "rules"
	data := saview.RulesData{Map: sa.DefaultMap(), Deck: sa.DefaultDeck(), Rulings: sa.Rulings()}
	var buf bytes.Buffer
	if err := saview.Rules(p, data).Render(lang.With(context.Background(), l), &buf); err != nil {
		t.Fatal(err)
	}
	d, err := goquery.NewDocumentFromReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// landmarks are what links and tests find the page by: every id, every
// in-page link, every data-testid, and the classes of the article.
func landmarks(d *goquery.Document) []string {
	var out []string
	d.Find("[id]").Each(func(_ int, s *goquery.Selection) { out = append(out, "#"+s.AttrOr("id", "")) })
	d.Find(`a[href^="#"]`).Each(func(_ int, s *goquery.Selection) { out = append(out, "href="+s.AttrOr("href", "")) })
	d.Find("[data-testid]").Each(func(_ int, s *goquery.Selection) { out = append(out, "testid="+s.AttrOr("data-testid", "")) })
	d.Find("article [class]").Each(func(_ int, s *goquery.Selection) {
		for _, c := range strings.Fields(s.AttrOr("class", "")) {
			out = append(out, "."+c)
		}
	})
	return out
}

// has reports whether d holds landmark m (as landmarks writes it).
func has(d *goquery.Document, m string) bool {
	switch {
	case strings.HasPrefix(m, "#"):
		return d.Find(`[id="`+m[1:]+`"]`).Length() > 0
	case strings.HasPrefix(m, "href="):
		return d.Find(`a[href="`+strings.TrimPrefix(m, "href=")+`"]`).Length() > 0
	case strings.HasPrefix(m, "testid="):
		return d.Find(`[data-testid="`+strings.TrimPrefix(m, "testid=")+`"]`).Length() > 0
	default:
		return d.Find("article "+m).Length() > 0
	}
}

// rulingTitle is a ruling's title as drawn, without its house-rule tag.
func rulingTitle(d *goquery.Document, id string) string {
	dt := d.Find(`dt[id="rule-` + id + `"]`).Clone()
	dt.Find(".tag").Remove()
	return flat(dt.Text())
}

// courtShape is the rules page's drawn court without its <title>, which
// speaks the page's language (sa.board.courtTitle) like the game screen's.
func courtShape(d *goquery.Document) string {
	c := d.Find(`[data-testid="rules"] svg`).First().Parent().Clone()
	c.Find("title").Remove()
	h, _ := c.Html()
	return h
}

// TestRulesPageSpeaksEachLanguage renders the rules page in each language
// and holds the translations to the English page: the same ids, links,
// test ids and classes (the drawn court and cards included), a heading of
// their own, and every ruling in their words (a ruling left out of a
// language's map in rules_words.go is drawn in English, and fails here).
func TestRulesPageSpeaksEachLanguage(t *testing.T) {
	en := rulesPage(t, lang.English)
	enH1 := flat(en.Find("h1").Text())
	if enH1 != "Spells & Arrows, Heroes & Spies" {
		t.Fatalf("English <h1> %q", enH1)
	}
	marks := landmarks(en)
	if len(marks) < 50 {
		t.Fatalf("only %d landmarks on the English page: %v", len(marks), marks)
	}
	enCourt := courtShape(en)
	for _, l := range lang.Offered() {
		t.Run(string(l), func(t *testing.T) {
			d := rulesPage(t, l)
			if d.Find(`article[data-testid="rules"]`).Length() != 1 {
				t.Fatal("no rules article")
			}
			h1 := flat(d.Find("h1").Text())
			if h1 == "" {
				t.Error("no <h1>")
			}
			if l != lang.English && h1 == enH1 {
				t.Errorf("<h1> %q is the English one", h1)
			}
			for _, m := range marks {
				if !has(d, m) {
					t.Errorf("%s of the English page is missing", m)
				}
			}
			// Every in-page link leads somewhere.
			d.Find(`a[href^="#"]`).Each(func(_ int, s *goquery.Selection) {
				if href := s.AttrOr("href", ""); !has(d, href) {
					t.Errorf("link %s leads nowhere", href)
				}
			})
			if court := courtShape(d); court != enCourt {
				t.Error("the court is not drawn as on the English page")
			}
			if nav := d.Find("nav.panel").AttrOr("aria-label", ""); l != lang.English && nav == "On this page" {
				t.Error("the page's nav is labelled in English")
			}
			for _, ru := range sa.Rulings() {
				title := rulingTitle(d, ru.ID)
				text := flat(d.Find(`dt[id="rule-` + ru.ID + `"] + dd`).Text())
				if title == "" || text == "" {
					t.Errorf("ruling %s not drawn", ru.ID)
					continue
				}
				if l == lang.English {
					if title != ru.Title || text != ru.Text {
						t.Errorf("ruling %s in English: %q / %q", ru.ID, title, text)
					}
					continue
				}
				if title == ru.Title || text == ru.Text {
					t.Errorf("ruling %s is not translated (add it to the %s map in rules_words.go)", ru.ID, l)
				}
			}
			if l != lang.English {
				if tag := flat(d.Find("#rule-same-spell-only .tag").Text()); tag == "house rule" {
					t.Error("the house-rule tag is in English")
				}
				for _, c := range sa.DefaultDeck().Cards {
					eff := flat(d.Find(`#card-` + itoa(c.Number) + ` .effect`).Text())
					if eff == flat(en.Find(`#card-`+itoa(c.Number)+` .effect`).Text()) {
						t.Errorf("card %d's effect %q is the English one", c.Number, eff)
					}
					if name := flat(d.Find(`#card-` + itoa(c.Number) + ` h3`).Text()); !strings.HasSuffix(name, c.Name) {
						t.Errorf("card %d is named %q, want %q", c.Number, name, c.Name)
					}
				}
			}
		})
	}
}
