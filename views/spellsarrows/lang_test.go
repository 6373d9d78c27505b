package spellsarrows_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/a-h/templ"

	"github.com/grimoire-games/grimoire/lang"
	"github.com/grimoire-games/grimoire/views"
	saview "github.com/grimoire-games/grimoire/views/spellsarrows"
)

// in is c drawn in language l.
func in(t *testing.T, l lang.Lang, c templ.Component) string {
	t.Helper()
	var buf bytes.Buffer
	if err := c.Render(lang.With(context.Background(), l), &buf); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// TestBoardSpeaksTheLanguage reads a few of the screen's words in other
// languages: the shot buttons by the glossary, the words the Board's
// helpers make when drawn (Build knows no language), and sentences whose
// name or number sits in an element of its own, placed where the language
// puts it.
func TestBoardSpeaksTheLanguage(t *testing.T) {
	start := build(t, false)
	over := buildFor(t, 1, spyLosesEveryHalf())
	cases := []struct {
		name string
		lang lang.Lang
		c    templ.Component
		want []string
	}{
		{"the shot buttons are the glossary's", lang.Spanish, saview.Controls(start),
			[]string{`data-next>ENCESTA</button>`, `data-key="miss">FALLA</button>`}},
		{"the half and the empty travel are worded when drawn", lang.Spanish, saview.Status(start),
			[]string{"Turno · mitad del espía", `data-testid="travel">ninguno</span>`}},
		{"the name in <strong> goes where the sentence puts it", lang.French, saview.Controls(over),
			[]string{`<p>Il restait à <strong>Ben</strong> (mage) `}},
		{"a count in its chip", lang.German, saview.Counters(start),
			[]string{`Pfeile <span class="chip">0</span> von 5`, `Auf <strong data-testid="spy-at">`}},
		{"plural forms by the Victory Number", lang.Portuguese, saview.Controls(over),
			[]string{" (espião) fez 0 de 1 ponto e terminou"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := in(t, tc.lang, tc.c)
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("no %q in %s", w, got)
				}
			}
		})
	}
}

type noAssets struct{}

func (noAssets) URL(n string) string         { return "/" + n }
func (noAssets) ModuleURL(string) string     { return "/m.wasm" }
func (noAssets) ModuleSizes() map[string]int { return nil }

func TestNewGameSpeaksTheLanguage(t *testing.T) {
	p := views.Page{Title: "T", Assets: noAssets{}}
	f := saview.NewForm{Spy: "Ana", Mage: "Ben", Victory: 12, Turns: 5, Reload: []string{"m.json", "d.json"}}
	got := in(t, lang.Spanish, saview.NewGame(p, f))
	for _, w := range []string{
		`<h1>Nueva partida de Spells &amp; Arrows</h1>`,
		`<label for="spy">Nombre del espía</label>`,
		`Número de Victoria <span class="hint">(puntos que necesita el espía)</span>`,
		`Habías elegido  <strong>m.json</strong> y <strong>d.json</strong> . Un navegador`,
		`con el formato de la <a href="/rules/spells-arrows#data">página de reglas</a>. Déjalos`,
	} {
		if !strings.Contains(got, w) {
			t.Errorf("no %q in the form", w)
		}
	}
	if got := in(t, lang.German, saview.Confirm(p, f, "{}")); !strings.Contains(got, "<h1>Dieses Spiel beginnen?</h1>") {
		t.Errorf("the confirmation is not in German: %s", got)
	}
}
