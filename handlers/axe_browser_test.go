package handlers_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

func contextWithTimeout(p *phone) (context.Context, context.CancelFunc) {
	return context.WithTimeout(p.ctx, 30*time.Second)
}

// axeSource is axe-core (npm axe-core, vendored for the tests only under
// testdata/axe with its licence; the app never serves it).
func axeSource(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "axe", "axe.min.js"))
	if err != nil {
		t.Fatalf("read vendored axe-core: %v", err)
	}
	return string(b)
}

// axeViolation is one failed axe rule on one screen, with its elements.
type axeViolation struct {
	ID    string   `json:"id"`
	Nodes []string `json:"nodes"`
}

// axeRun injects axe-core into the page shown now and runs the WCAG 2.1 A
// and AA rules.
func (p *phone) axeRun(src string) []axeViolation {
	p.t.Helper()
	eval[bool](p, src+";true")
	js := `axe.run(document, {runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}, resultTypes: ["violations"]})
		.then(function (r) { return JSON.stringify(r.violations.map(function (v) {
			return {id: v.id, nodes: v.nodes.map(function (n) { return n.target.join(" ") + ": " + (n.failureSummary || "").split("\n").slice(1, 2).join(""); })};
		})); })`
	ctx, cancel := contextWithTimeout(p)
	defer cancel()
	out, err := chromedp.Run(ctx, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("axe.run: %v", err)
	}
	var vs []axeViolation
	if err := json.Unmarshal([]byte(out), &vs); err != nil {
		p.t.Fatalf("axe answer %q: %v", out, err)
	}
	return vs
}

// importRecord stores a record as a game of this phone (as the import page
// does) and returns the game's path.
func (p *phone) importRecord(base, rec string) string {
	p.t.Helper()
	p.open(base + "/import")
	js := fmt.Sprintf(`fetch("/import", {method: "POST", body: new URLSearchParams({_csrf: document.querySelector("input[name=_csrf]").value, json: %q})})
		.then(function (r) { return r.ok ? new URL(r.url).pathname : "failed " + r.status; })`, rec)
	ctx, cancel := contextWithTimeout(p)
	defer cancel()
	path, err := chromedp.Run(ctx, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
	if err != nil || !strings.HasPrefix(path, "/g/") {
		p.t.Fatalf("import: %q %v", path, err)
	}
	return path
}

// prefix is a record file cut after n actions (n < 0: all of them).
func prefix(t *testing.T, file string, n int) string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var r map[string]json.RawMessage
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatal(err)
	}
	var acts []json.RawMessage
	if err := json.Unmarshal(r["actions"], &acts); err != nil {
		t.Fatal(err)
	}
	if n >= 0 && n < len(acts) {
		acts = acts[:n]
	}
	if acts == nil {
		acts = []json.RawMessage{}
	}
	r["actions"], _ = json.Marshal(acts)
	out, _ := json.Marshal(r)
	return string(out)
}

// pendingAxe lists what axe still finds on screens of Mage's Tower and The
// Arcane Scribes, which another engineer owns (issue 14): state -> rule ids.
// The walk fails on anything else, and on an entry that no longer occurs, so
// the list can only shrink. Every screen of the shared pages and of Spells &
// Arrows must be clean.
var pendingAxe = map[string][]string{}

// TestBrowserAxeWalk walks the screen states of all three games and the
// shared pages at 390x844 and runs axe-core's WCAG 2.1 AA rules on each.
//
// It walks twice: in the light theme and in the dark one (the system's
// setting, prefers-color-scheme), where contrast is checked again. With
// -update-shots it also walks in forced colours and keeps pictures of the
// Tower and Scribes screens in both of those themes under docs/screenshots.
func TestBrowserAxeWalk(t *testing.T) {
	themes := []struct {
		name  string
		media []*emulation.MediaFeature
		axe   bool
	}{
		{"light", nil, true},
		{"dark", []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}, true},
	}
	if *updateShots {
		// axe-core does not judge forced colours (the system picks them);
		// this pass is for the pictures.
		themes = append(themes, struct {
			name  string
			media []*emulation.MediaFeature
			axe   bool
		}{"forced", []*emulation.MediaFeature{{Name: "forced-colors", Value: "active"}}, false})
	}
	for _, theme := range themes {
		t.Run(theme.name, func(t *testing.T) {
			axeWalk(t, theme.name, theme.media, theme.axe)
		})
	}
}

func axeWalk(t *testing.T, theme string, media []*emulation.MediaFeature, runAxe bool) {
	a := startApp(t)
	ctx, _ := browser(t)
	p := &phone{t: t, ctx: ctx}
	cdpCall(p, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: media})
	src := axeSource(t)

	var failures []string
	seen := map[string][]string{}
	check := func(name string) {
		t.Helper()
		p.fits(name)
		if theme != "light" && (strings.HasPrefix(name, "tower") || strings.HasPrefix(name, "scribes")) {
			p.docShot(strings.ReplaceAll(name, " ", "-") + "-" + theme)
		}
		if !runAxe {
			seen[name] = nil
			return
		}
		vs := p.axeRun(src)
		nodes := 0
		var ids []string
		for _, v := range vs {
			nodes += len(v.Nodes)
			ids = append(ids, v.ID)
			if !slices.Contains(pendingAxe[name], v.ID) {
				failures = append(failures, fmt.Sprintf("%s: %s on %s", name, v.ID, strings.Join(v.Nodes, " | ")))
			}
		}
		sort.Strings(ids)
		seen[name] = ids
		t.Logf("axe %-28s %d violations (%d elements) %v", name, len(vs), nodes, ids)
	}
	visit := func(name, path string) {
		t.Helper()
		p.open(a.URL + path)
		check(name)
	}

	// Shared pages.
	visit("home (empty)", "/")
	visit("new game list", "/new")
	for _, g := range []string{"spells-arrows", "mages-tower", "arcane-scribes"} {
		visit("new game form "+g, "/new/"+g)
		visit("rules "+g, "/rules/"+g)
		visit("blank sheet "+g, "/sheets/"+g+"/blank")
	}
	visit("rules index", "/rules")
	visit("import", "/import")
	p.do(fill(chromedp.CSS("textarea"), `{"game":"spells-arrows"`))
	p.tap("import-submit")
	p.do(shown(sel("import-error")))
	check("import with an error")

	// Spells & Arrows: the new-game confirmation, then each state from a
	// record cut where it shows.
	p.open(a.URL + "/new/spells-arrows")
	p.do(fill(chromedp.CSS("#spy"), "Ana"), fill(chromedp.CSS("#mage"), "Ben"))
	p.tap("new-submit")
	p.do(shown(sel("confirm")))
	check("new game confirmation")

	leaps := filepath.Join("..", "rules", "spellsarrows", "testdata", "giants-engaged-and-leaps.json")
	// One game per moment of the record: a phone that holds a game is
	// offered it rather than given a copy, and these visits change nothing.
	moments := map[int]string{}
	for _, c := range []struct {
		name string
		n    int
		step string
	}{
		{"sa start", 0, ""},
		{"sa toll paid, move", -2, ""}, // -2: spyRun's first make, below
		{"sa mage half, cards", 9, ""},
		{"sa casting", 10, ""},
		{"sa giant target", 13, ""},
		{"sa bench and cut", 17, ""},
		{"sa answer window", 34, ""},
		{"sa leap: pick the giant", 34, ""},
		{"sa leap: pick the span", 34, "?ui=leap.A-B"},
		{"sa leap: made or missed", 34, "?ui=leap.A-B.W4-E4"},
	} {
		rec := prefix(t, leaps, c.n)
		if c.n == -2 {
			rec = `{"game":"spells-arrows","version":1,"seed":1,"setup":{"victory":12,"spy":"Ana","mage":"Ben","options":{}},"actions":[{"type":"spy-shot","made":true}]}`
		}
		path, ok := moments[c.n]
		if !ok {
			path = p.importRecord(a.URL, rec)
			moments[c.n] = path
		}
		visit(c.name, path+c.step)
	}
	end := `{"game":"spells-arrows","version":1,"seed":1,"setup":{"victory":6,"spy":"Ana","mage":"Ben","options":{}},"actions":[` +
		`{"type":"spy-shot","made":true},{"type":"move","to":"A"},{"type":"spy-shot","made":true},{"type":"move","to":"W3"},` +
		`{"type":"spy-shot","made":true},{"type":"move","to":"W2"},{"type":"spy-shot","made":true},{"type":"move","to":"WG"},{"type":"spy-shot","made":true}]}`
	game := p.importRecord(a.URL, end)
	visit("sa end", game)
	watch := eval[string](p, `document.querySelector('[data-testid="watch-link"]').getAttribute('href')`)
	visit("sa spectator", watch)
	visit("sa log", game+"/log")
	visit("sa sheet", game+"/sheet")
	visit("delete confirmation", game+"/delete")

	// Mage's Tower and The Arcane Scribes: a new game, a turn, the hand-over
	// and the end, from their example records.
	tower := filepath.Join("..", "rules", "tower", "testdata", "mage-wins.json")
	scribes := filepath.Join("..", "rules", "scribes", "testdata", "three-mixed.record.json")
	for _, c := range []struct {
		name, file string
		n          int
	}{
		{"tower new game", tower, 0},
		{"tower a turn", tower, 1},
		{"tower hand-over", tower, 2},
		{"tower end", tower, -1},
		{"scribes new game", scribes, 0},
		{"scribes a turn", scribes, 1},
		{"scribes hand-over", scribes, 3},
		{"scribes end", scribes, -1},
	} {
		path := p.importRecord(a.URL, prefix(t, c.file, c.n))
		visit(c.name, path)
		if strings.HasSuffix(c.name, " a turn") {
			// The pages around a game: its log, its scoresheet, and what a
			// spectator sees.
			game := strings.TrimSuffix(c.name, " a turn")
			watch := eval[string](p, `document.querySelector('[data-testid="watch-link"]').getAttribute('href')`)
			visit(game+" log", path+"/log")
			visit(game+" sheet", path+"/sheet")
			visit(game+" spectator", watch)
		}
	}
	visit("home (games)", "/")

	for name, ids := range pendingAxe {
		if !runAxe {
			break
		}
		for _, id := range ids {
			if !slices.Contains(seen[name], id) {
				failures = append(failures, fmt.Sprintf("%s: %s is fixed: remove it from pendingAxe", name, id))
			}
		}
	}
	t.Logf("axe walked %d screens", len(seen))
	if len(failures) > 0 {
		t.Fatalf("axe-core (WCAG 2.1 AA) violations:\n%s", strings.Join(failures, "\n"))
	}
}
