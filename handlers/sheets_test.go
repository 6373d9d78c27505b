package handlers_test

import (
	"context"
	"flag"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/store"
)

var updateGolden = flag.Bool("update", false, "rewrite handlers/testdata/sheets/*.golden.html")

// storeRecord puts a record in the store as a game with a known spectator
// token, the way an import does, without going through the import form.
func (a *recApp) storeRecord(t *testing.T, id string, rec record.Record) store.Game {
	t.Helper()
	ctx := context.Background()
	g := store.Game{ID: id, Kind: rec.Game, Title: id, Owner: "someone-else", SpectatorToken: "watch-" + id,
		Seed: rec.Seed, Setup: rec.Setup, Created: sheetClock, Updated: sheetClock}
	if err := a.Store.CreateGame(ctx, g, nil); err != nil {
		t.Fatal(err)
	}
	for i, act := range rec.Actions {
		if _, err := a.Store.Append(ctx, id, i, store.Entry{Kind: store.KindAction, Action: act, Seat: -1, ClientID: "t:" + itoa(i), At: sheetClock}); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// sheetHTML fetches a sheet page and returns the printed part (the
// article), which holds no per-run ids or asset hashes.
func sheetHTML(t *testing.T, p *recPhone, path string) string {
	t.Helper()
	res, body := p.get(path)
	if res.StatusCode == http.StatusNotFound && strings.Contains(body, "cannot show") {
		t.Skipf("%s: this build has no screen for the game yet", path)
	}
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d\n%s", path, res.StatusCode, body)
	}
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	art := doc.Find(`article[data-testid="sheet"]`)
	if art.Length() != 1 {
		t.Fatalf("GET %s: no sheet article", path)
	}
	html, err := goquery.OuterHtml(art)
	if err != nil {
		t.Fatal(err)
	}
	// One element per line keeps golden diffs readable.
	return strings.ReplaceAll(html, "><", ">\n<") + "\n"
}

func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "sheets", name+".golden.html")
	if *updateGolden {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs from %s (run with -update if the change is meant):\n%s", name, path, got)
	}
}

func TestScoresheetGolden(t *testing.T) {
	cases := []struct {
		name, record string
		cut          int // keep only this many actions (a live sheet); 0 keeps all
		contains     []string
	}{
		{"spells-arrows-spy-wins", saFinished, 0, []string{"Ana", "Ben", "Ana (spy) won", "12 of 10 points"}},
		{"spells-arrows-bench-cut", "rules/spellsarrows/testdata/spells-bench-cut-bonus.json", 0, []string{"Librarian", "Elf Legion"}},
		{"spells-arrows-live", "rules/spellsarrows/testdata/giants-engaged-and-leaps.json", 30, []string{"In progress"}},
		{"mages-tower-general-wins", "rules/tower/testdata/general-wins.json", 0, []string{"Ana (general) won"}},
		{"mages-tower-mage-wins", "rules/tower/testdata/mage-wins.json", 0, []string{"Ben (mage) won"}},
		{"arcane-scribes-three-mixed", "rules/scribes/testdata/three-mixed.record.json", 0, []string{"won", "×2"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			a := startRecApp(t)
			p := a.phone(t)
			_, rec := readRecord(t, tc.record)
			if tc.cut > 0 {
				rec.Actions = rec.Actions[:tc.cut]
			}
			g := a.storeRecord(t, strings.ReplaceAll(tc.name, "-", ""), rec)
			got := sheetHTML(t, p, "/watch/"+g.SpectatorToken+"/sheet")
			for _, s := range tc.contains {
				if !strings.Contains(got, s) {
					t.Errorf("sheet lacks %q", s)
				}
			}
			checkGolden(t, tc.name, got)
		})
	}
}

func TestBlankScoresheets(t *testing.T) {
	a := startRecApp(t)
	p := a.phone(t)
	for _, game := range []string{record.SpellsArrows, record.MagesTower, record.ArcaneScribes} {
		t.Run(game, func(t *testing.T) {
			p.t = t
			got := sheetHTML(t, p, "/sheets/"+game+"/blank")
			if !strings.Contains(got, `class="field-line"`) {
				t.Error("a blank sheet has no lines to write on")
			}
			checkGolden(t, game+"-blank", got)
		})
	}
	p.t = t
	if res, _ := p.get("/sheets/chess/blank"); res.StatusCode != http.StatusNotFound {
		t.Errorf("blank sheet of an unknown game: %d", res.StatusCode)
	}
}
