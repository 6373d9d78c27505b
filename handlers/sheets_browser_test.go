package handlers_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/grimoire-games/grimoire/views"
)

// pdfPage matches a page object, not the /Pages tree node.
var pdfPage = regexp.MustCompile(`/Type\s*/Page[^s]`)

// TestScoresheetPrintsOnOnePage imports a finished game of each kind in
// headless Chromium, opens its scoresheet, checks the players and the result
// are on it, and prints it to PDF (A4 from the sheet's @page, and Letter):
// exactly one page each time.
func TestScoresheetPrintsOnOnePage(t *testing.T) {
	first, another := browser(t)
	a := startApp(t)
	cases := []struct {
		name, record string
		want         []string
	}{
		{"spells-arrows", "rules/spellsarrows/testdata/mage-wins-on-turns.json", []string{"Ana", "Ben", "Result:", "won"}},
		{"spells-arrows-bench", "rules/spellsarrows/testdata/spells-bench-cut-bonus.json", []string{"Ana", "Ben", "Librarian"}},
		{"mages-tower", "rules/tower/testdata/general-wins.json", []string{"Ana", "Ben", "Result:", "Ana (general) won"}},
		{"arcane-scribes", "rules/scribes/testdata/five-greedy.record.json", []string{"Result:", "won"}},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ctx := first
			if i > 0 {
				ctx = another()
			}
			p := &phone{t: t, ctx: ctx}
			raw, _ := readRecord(t, tc.record)
			p.open(a.URL + "/import")
			p.do(fill(chromedp.CSS("#json"), raw))
			p.tap("import-submit")
			settle(p, `document.readyState==='complete' && (location.pathname.startsWith('/g/') || !!document.querySelector('[data-testid="import-error"]'))`)
			if msg := eval[string](p, `(document.querySelector('[data-testid="import-reason"]')||{}).textContent||""`); msg != "" {
				if strings.Contains(msg, "cannot play") {
					t.Skipf("%s: %s", tc.name, msg)
				}
				t.Fatalf("import refused: %s", msg)
			}
			game := eval[string](p, `location.pathname`)
			if tc.name == "spells-arrows" {
				// The board links to its sheet and its record, and shows the
				// spectator QR code on demand.
				for _, css := range []string{`a[href="` + game + `/sheet"]`, `a[href="` + game + `/export"]`, `[data-testid="share-qr"] img.qr`} {
					if !eval[bool](p, `!!document.querySelector('`+css+`')`) {
						t.Errorf("board lacks %s", css)
					}
				}
				p.tapCSS(`[data-testid="share-qr"] summary`)
				p.waitFor(`(function(){var i=document.querySelector('[data-testid="share-qr"] img.qr');return i.complete && i.naturalWidth>0})()`)
				p.screenshot("share-qr")
			}
			p.open(a.URL + game + "/sheet")
			text := eval[string](p, `document.body.innerText`)
			for _, w := range tc.want {
				if !strings.Contains(text, w) {
					t.Errorf("sheet text lacks %q", w)
				}
			}
			p.screenshot("sheet-" + tc.name)
			dir := filepath.Join("..", "artifacts", "sheets")
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			for _, paper := range []struct {
				name string
				opts []chromedp.PDFOption
			}{
				{"a4", []chromedp.PDFOption{chromedp.PDFPreferCSSPageSize(), chromedp.PDFPaper(chromedp.PaperA4)}},
				{"letter", []chromedp.PDFOption{chromedp.PDFPaper(chromedp.PaperLetter)}},
			} {
				pctx, cancel := context.WithTimeout(p.ctx, 30*time.Second)
				pdf, err := chromedp.Run(pctx, chromedp.PrintToPDF(paper.opts...))
				cancel()
				if err != nil {
					t.Fatalf("print %s: %v", paper.name, err)
				}
				file := filepath.Join(dir, tc.name+"-"+paper.name+".pdf")
				if err := os.WriteFile(file, pdf, 0o644); err != nil {
					t.Fatal(err)
				}
				// A Spells & Arrows sheet prints its players' shot charts on a
				// page of their own after the sheet's one page.
				want := 1
				if strings.HasPrefix(tc.name, "spells-arrows") {
					want = 2
				}
				// And the sheet says so.
				promise := eval[string](p, `(document.querySelector('[data-testid="sheet-pages"]')||{}).textContent||""`)
				if (want == 1) != (promise == views.OnePage) || want == 2 && !strings.Contains(promise, "shot charts print on a second") {
					t.Errorf("%s sheet prints on %d page(s) but says %q", tc.name, want, promise)
				}
				if n := len(pdfPage.FindAll(pdf, -1)); n != want {
					t.Errorf("%s sheet printed on %s: %d pages, want %d (%s)", tc.name, paper.name, n, want, file)
				}
				// A picture of the page to look at, when poppler is installed.
				if pdftoppm, err := exec.LookPath("pdftoppm"); err == nil {
					_ = exec.Command(pdftoppm, "-png", "-r", "70", "-f", "1", "-l", "1", "-singlefile", file, strings.TrimSuffix(file, ".pdf")).Run()
				}
			}
		})
	}
}

// TestBlankScoresheetsPrintOnOnePage prints each game's blank form on A4
// and on Letter: one page each, with its write-on lines on their labels'
// lines and its tally boxes. The pictures of the pages (with pdftoppm) are
// what docs/screenshots/sheets-blank-* are made from.
func TestBlankScoresheetsPrintOnOnePage(t *testing.T) {
	// One tab for the three forms: each is a plain page load.
	ctx, _ := browser(t)
	a := startApp(t)
	dir := filepath.Join("..", "artifacts", "sheets")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, game := range []string{"spells-arrows", "mages-tower", "arcane-scribes"} {
		t.Run(game, func(t *testing.T) {
			p := &phone{t: t, ctx: ctx}
			p.open(a.URL + "/sheets/" + game + "/blank")
			if n := eval[int](p, `document.querySelectorAll('.sheet .field-line').length`); n < 3 {
				t.Errorf("%d write-on lines, want at least 3", n)
			}
			if n := eval[int](p, `document.querySelectorAll('.sheet .tb').length`); n < 20 {
				t.Errorf("%d tally boxes, want at least 20", n)
			}
			// A write-on line stays on its label's line.
			if bad := eval[int](p, `Array.from(document.querySelectorAll('.sheet .field')).filter(function(f){var l=f.querySelector('.field-label').getBoundingClientRect(), r=f.querySelector('.field-line').getBoundingClientRect(); return r.left < l.right-1 || r.bottom > l.bottom+4 || r.top > l.bottom}).length`); bad != 0 {
				t.Errorf("%d write-on lines wrap under their labels", bad)
			}
			for _, paper := range []struct {
				name string
				opts []chromedp.PDFOption
			}{
				{"a4", []chromedp.PDFOption{chromedp.PDFPreferCSSPageSize(), chromedp.PDFPaper(chromedp.PaperA4)}},
				{"letter", []chromedp.PDFOption{chromedp.PDFPaper(chromedp.PaperLetter)}},
			} {
				pctx, cancel := context.WithTimeout(p.ctx, 30*time.Second)
				pdf, err := chromedp.Run(pctx, chromedp.PrintToPDF(paper.opts...))
				cancel()
				if err != nil {
					t.Fatalf("print %s: %v", paper.name, err)
				}
				file := filepath.Join(dir, "blank-"+game+"-"+paper.name+".pdf")
				if err := os.WriteFile(file, pdf, 0o644); err != nil {
					t.Fatal(err)
				}
				if n := len(pdfPage.FindAll(pdf, -1)); n != 1 {
					t.Errorf("blank %s sheet printed on %s: %d pages, want 1 (%s)", game, paper.name, n, file)
				}
				if pdftoppm, err := exec.LookPath("pdftoppm"); err == nil {
					_ = exec.Command(pdftoppm, "-png", "-r", "60", "-f", "1", "-l", "1", "-singlefile", file, strings.TrimSuffix(file, ".pdf")).Run()
				}
			}
		})
	}
}

// settle waits for cond across a page load (a form post and its redirect),
// where a poll would lose its page.
func settle(p *phone, cond string) {
	p.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		ctx, cancel := context.WithTimeout(p.ctx, 2*time.Second)
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](cond))
		cancel()
		if err == nil && ok {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	p.t.Fatalf("waiting for %s", cond)
}
