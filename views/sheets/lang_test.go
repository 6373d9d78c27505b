package sheets_test

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/a-h/templ"

	"github.com/grimoire-games/grimoire/lang"
	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/static"
	"github.com/grimoire-games/grimoire/views"
	"github.com/grimoire-games/grimoire/views/scribes"
	"github.com/grimoire-games/grimoire/views/sheets"
	"github.com/grimoire-games/grimoire/views/spellsarrows"
	"github.com/grimoire-games/grimoire/views/tower"
)

// TestSheetsSpeakGerman draws each game's sheet, played and blank, in
// German and in English: the German page says the sheet's words in
// German (title, tools, headings, legends, result), the English one as it
// always did.
func TestSheetsSpeakGerman(t *testing.T) {
	a, err := static.Load()
	if err != nil {
		t.Fatal(err)
	}
	p := views.Page{Title: "Sheet", Assets: a}
	rec := func(path string) record.Record {
		t.Helper()
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		r, err := record.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	played := sheets.Head{Title: "Ana vs Ben", BackURL: "/g/1", ExportURL: "/g/1/export", BlankURL: "/sheets/x/blank"}
	blank := sheets.Head{Title: lang.German.T(lang.SheetBlankTitle), BackURL: "/"}
	must := func(c templ.Component, err error) templ.Component {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	saSheet := func(path string) templ.Component {
		s, err := spellsarrows.NewSheet(rec(path), played)
		return must(spellsarrows.SheetPage(p, s), err)
	}
	twSheet := func(path string) templ.Component {
		s, err := tower.NewSheet(rec(path), played)
		return must(tower.SheetPage(p, s), err)
	}
	scSheet := func(path string, cut int) templ.Component {
		r := rec(path)
		if cut > 0 {
			r.Actions = r.Actions[:cut]
		}
		s, err := scribes.NewSheet(r, played)
		return must(scribes.SheetPage(p, s), err)
	}
	cases := []struct {
		name    string
		sheet   templ.Component
		german  []string // words the German sheet says
		english []string // the same places in English
	}{
		{"Spells & Arrows, finished", saSheet("../../rules/spellsarrows/testdata/spy-wins-by-escapes.json"),
			[]string{"Spielbericht: Ana vs Ben · Grimoire", "Drucken", "Zurück zum Spiel", "Spells &amp; Arrows · Spielbericht", "Beendet", "Ergebnis:", "Ana (Spion) hat gewonnen · 12 von 10 Punkte", "Spion: <strong>Ana", "Hausregeln: keine", "Würfe getroffen / versucht", "Spionhälfte", "2 Elfen-Hütchen → E3 E2", "Der Spion endet mit 12 von 10 Punkte", `aria-label="Die Tabelle des Spielberichts`},
			[]string{"Scoresheet: Ana vs Ben · Grimoire", "Print", "Back to the game", "Spells &amp; Arrows · scoresheet", "Finished", "Result:", "Ana (spy) won · 12 of 10 points", "Spy: <strong>Ana", "House rules: none", "Shots made / tried", "✓ Elven Sentry 2/2: 2 elf cones → E3 E2", "Spy ends with 12 of 10 points", `aria-label="The sheet's table`}},
		{"Spells & Arrows, a bench choice", saSheet("../../rules/spellsarrows/testdata/spells-bench-cut-bonus.json"),
			[]string{"kommt aufs Spielfeld", "geht auf die Bank"},
			[]string{"joins the court", "is cut to the bench"}},
		{"Spells & Arrows, blank", spellsarrows.SheetPage(p, spellsarrows.BlankSheet(blank)),
			[]string{"Spells &amp; Arrows: leerer Spielbericht · Grimoire", "Siegzahl", "Hausregel: nur derselbe Feldzauber", "Magierhälfte", "Wurfuhr", "Fehlwurfmarken", "Streiche pro Wurf des Spions", "Unterschrift"},
			[]string{"Spells &amp; Arrows blank scoresheet · Grimoire", "Victory Number", "House rule: only the same court spell", "Mage half", "Shot clock", "Miss counters", "Cross off a shot-clock face", "Signed"}},
		{"Mage's Tower, finished", twSheet("../../rules/tower/testdata/general-wins.json"),
			[]string{"Mage&#39;s Tower · Spielbericht", "Ana (General) hat gewonnen · der Magier konnte weder zaubern noch aussetzen", "General: gesetzt", "Vorrücken (Zone → Zone: Münzen)", "Seiten zu Beginn: L1 Kopf · L2 Zahl", "Soldaten entfernt", "<td>Aussetzen</td>", "Fireball 4, linkes Ende (Zeilen 4/3)"},
			[]string{"Mage&#39;s Tower · scoresheet", "Ana (general) won · the Mage could neither cast nor skip", "General: placed", "Advances (zone → zone: coins)", "Starting faces: L1 heads · L2 tails", "Soldiers removed", "<td>skip</td>", "Fireball 4, left end (rows 4/3)"}},
		{"Mage's Tower, a Mage's turn", twSheet("../../rules/tower/testdata/mage-wins.json"),
			[]string{"Tome 5 auf M2 (Zeilen 6/5)", "Wave 4 auf Zone 1", "Ben (Magier) hat gewonnen · alle neun Soldaten sind gefallen"},
			[]string{"Tome 5 on M2 (rows 6/5)", "Wave 4 on zone 1", "Ben (mage) won · all nine soldiers fell"}},
		{"Mage's Tower, blank", tower.SheetPage(p, tower.BlankSheet(blank)),
			[]string{"Soldat", "Seite zu Beginn (H oder T)", "Aussetzen des Magiers genutzt", "Zauber (einkreisen, oder Aussetzen)", "Münzen: L groß"},
			[]string{"Soldier", "Face at the start (H or T)", "Mage's skip used", "Spell (circle, or skip)", "Coins: L large"}},
		{"The Arcane Scribes, finished", scSheet("../../rules/scribes/testdata/three-mixed.record.json", 0),
			[]string{"The Arcane Scribes · Spielbericht", "Sitzplatz", "Zauber = Summe (×2 bei den meisten)", "Gleichstand 1", "Startspieler:", "Nachziehstapel: <strong>", "(Bot: Adept)", "hat gewonnen"},
			[]string{"The Arcane Scribes · scoresheet", "Seat", "spells = sum (×2 if most)", "tie 1", "First player:", "Draw pile: <strong>", "(bot: Adept)", " won"}},
		{"The Arcane Scribes, running", scSheet("../../rules/scribes/testdata/three-mixed.record.json", 12),
			[]string{"Läuft: Runde ", "ist am Zug", "So steht das Spiel gerade"},
			[]string{"In progress: round ", "to play", "This is the game as it stands now"}},
		{"The Arcane Scribes, blank", scribes.SheetPage(p, scribes.BlankSheet(blank)),
			[]string{"Sitzplatz 1", "Wert jedes geschriebenen Zaubers", "Grunzer (Gleichstand 2)", "Runden: streiche eine"},
			[]string{"Seat 1", "Face value of each spell scribed", "Oinks (tie 2)", "Rounds: cross one off"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for _, want := range []struct {
				l     lang.Lang
				words []string
			}{{lang.German, tc.german}, {lang.English, tc.english}} {
				var buf bytes.Buffer
				if err := tc.sheet.Render(lang.With(context.Background(), want.l), &buf); err != nil {
					t.Fatal(err)
				}
				page := buf.String()
				for _, w := range want.words {
					if !strings.Contains(page, w) {
						t.Errorf("%s: the sheet does not say %q", want.l, w)
					}
				}
				if _, err := goquery.NewDocumentFromReader(strings.NewReader(page)); err != nil {
					t.Fatal(err)
				}
				if os.Getenv("SHEET_DUMP") != "" {
					os.WriteFile(os.Getenv("SHEET_DUMP")+"/"+strings.NewReplacer(" ", "_", ",", "", "'", "", "&", "").Replace(tc.name)+"."+want.l.Tag()+".html", buf.Bytes(), 0o644)
				}
			}
		})
	}
}
