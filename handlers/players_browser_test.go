package handlers_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestShootingRecordsInTheBrowser: a phone with three finished games of
// Ana and Ben (imported) picks them on the new-game form and sees their
// rates and the advisor's table; Ana's page shows her chart and trend, and
// its CSV downloads with a row per attempt.
func TestShootingRecordsInTheBrowser(t *testing.T) {
	ctx, _ := browser(t)
	a := startApp(t)
	p := &phone{t: t, ctx: ctx}
	wantAna := 0
	for _, path := range []string{"rules/spellsarrows/testdata/mage-wins-on-turns.json", saFinished, "rules/spellsarrows/testdata/giants-engaged-and-leaps.json"} {
		raw, rec := readRecord(t, path)
		wantAna += attemptsBy(t, "Ana", rec)
		p.open(a.URL + "/import")
		p.do(fill(chromedp.CSS("#json"), raw))
		p.tap("import-submit")
		settle(p, `document.readyState==='complete' && location.pathname.startsWith('/g/')`)
	}
	// The end screen of the last game draws both players' charts.
	if n := eval[int](p, `document.querySelectorAll('[data-testid="shot-charts"] [data-testid="shot-chart"]').length`); n != 2 {
		t.Errorf("end screen has %d shot charts, want 2", n)
	}

	p.open(a.URL + "/new/spells-arrows")
	if got := eval[string](p, `Array.from(document.querySelectorAll('#known-players option')).map(o=>o.value).sort().join(',')`); got != "Ana,Ben" {
		t.Errorf("names offered %q, want Ana,Ben", got)
	}
	// Picking a name from the list is typing it and leaving the field.
	for id, name := range map[string]string{"spy": "Ana", "mage": "Ben"} {
		p.do(fill(chromedp.CSS("#"+id), name))
		eval[bool](p, `document.querySelector('#`+id+`').dispatchEvent(new Event('change', {bubbles: true}))`)
	}
	p.waitFor(`!!document.querySelector('[data-testid="advice-table"]') && document.querySelector('[data-testid="advice-rates-b"] caption').textContent.includes('Ben')`)
	p.waitFor(`!document.querySelector('.htmx-request')`)
	for _, id := range []string{"advice-rates-a", "advice-rates-b"} {
		if c := p.text(id); !strings.Contains(c, "in 3 games") || !strings.Contains(c, "%") {
			t.Errorf("%s: %q, want rates from the three games", id, c)
		}
	}
	if n := eval[int](p, `document.querySelectorAll('[data-testid="advice-row"]').length`); n < 6 {
		t.Errorf("%d advisor rows, want five around each fair number and the one typed", n)
	}
	if f := p.text("advice-fair"); !strings.Contains(f, "with Ana as spy") || !strings.Contains(f, "from 1 to 999") {
		t.Errorf("advisor's fairest line %q", f)
	}
	if g := p.text("advice-games"); !strings.Contains(g, "games simulated") {
		t.Errorf("advisor says %q", g)
	}
	p.screenshot("advisor")

	p.open(a.URL + "/players?name=Ana")
	if n := eval[int](p, `document.querySelectorAll('[data-testid="player-game"]').length`); n != 3 {
		t.Errorf("%d games on Ana's page, want 3", n)
	}
	if n := eval[int](p, `document.querySelectorAll('[data-testid="shot-chart"] svg.shot-svg').length`); n == 0 {
		t.Error("Ana's page draws no career chart")
	}
	if n := eval[int](p, `document.querySelectorAll('svg.trend-svg circle').length`); n != 3 {
		t.Errorf("trend has %d points, want 3", n)
	}
	p.screenshot("player")
	// The download link fetched as the browser would save it.
	cctx, cancel := context.WithTimeout(p.ctx, 20*time.Second)
	defer cancel()
	csv, err := chromedp.Run(cctx, chromedp.Evaluate[string](`(async function(){var a=document.querySelector('[data-testid="player-csv"]');if(!a.hasAttribute('download'))return 'no download attribute';var r=await fetch(a.href);return r.headers.get('content-type')+'\n'+await r.text()})()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("fetch the CSV: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(csv), "\n")
	if len(lines) < 2 || !strings.HasPrefix(lines[0], "text/csv") || strings.TrimSpace(lines[1]) != "game,date,player,role,kind,spot,made" {
		t.Fatalf("CSV download:\n%s", csv)
	}
	if rows := len(lines) - 2; rows != wantAna {
		t.Errorf("CSV has %d rows, want %d (one per attempt of Ana)", rows, wantAna)
	}
}
