package tower

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/grimoire-games/grimoire/lang"
	tw "github.com/grimoire-games/grimoire/rules/tower"
)

// germanScreen draws every fragment of the board in German.
func germanScreen(t *testing.T, b Board) *goquery.Document {
	t.Helper()
	var buf bytes.Buffer
	ctx := lang.With(context.Background(), lang.German)
	for _, f := range Fragments(b, true) {
		if err := f.Component.Render(ctx, &buf); err != nil {
			t.Fatal(err)
		}
	}
	d, err := goquery.NewDocumentFromReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func flatText(s *goquery.Selection) string { return strings.Join(strings.Fields(s.Text()), " ") }

// The Mage's Tower screen speaks German at a few moments of a game: the
// log's sentences, the prompt, the buttons and the end of the game.
func TestScreenSpeaksGerman(t *testing.T) {
	start, firstTurn := towerRecord(t, placeOneAndEnd)
	setupToEnd, toEnd := towerRecord(t, toTheTower)
	people := [2]Player{{Name: "Ana"}, {Name: "Bo"}}
	bots := [2]Player{{Name: "Ana"}, {Name: "Bo", Bot: "random"}}
	// The Mage's choice on the card after the General's first turn: the
	// first damage row and a Fireball (or else the first) spell row.
	st, _, err := Play(start, 42, firstTurn)
	if err != nil {
		t.Fatal(err)
	}
	c := tw.Legal(st)
	cast := UI{Seen: len(firstTurn), DamageRow: c.DamageRows[0].Row, SpellRow: c.SpellRows[0].Row}
	for _, sr := range c.SpellRows {
		if sr.Spell == tw.Fireball {
			cast.SpellRow = sr.Row
		}
	}
	if sr, _ := spellRow(c, cast.SpellRow); true {
		switch sr.Spell {
		case tw.Fireball:
			cast.Side = tw.Leftmost
		case tw.Wave:
			cast.Zone = sr.Targets.Zones[0].Zone
		case tw.Tome:
			cast.Coin = sr.Targets.Coins[0]
		case tw.Lightning:
			cast.Hits = []tw.Hit{{Coin: sr.Targets.Zones[0].Coins[0], Damage: c.DamageRows[0].Damage}}
		}
	}
	tests := []struct {
		name string
		src  Source
		// want maps a selector to words its text must hold.
		want map[string][]string
	}{
		{"the hand-over screen", Source{Setup: start, Seat: Scorekeeper, Players: people, UI: UI{Seen: -1}},
			map[string][]string{
				`[data-testid="privacy"]`: {"Gib das Telefon an", "Der General ist am Zug."},
				`[data-testid="reveal"]`:  {"Ich bin Ana: meinen Zug zeigen"},
			}},
		{"the General's first turn", Source{Setup: start, Seat: Scorekeeper, Players: people, UI: UI{Seen: 0}},
			map[string][]string{
				`[data-testid="prompt"]`: {"Ana (General) · Zug 1", "Setze 1 bis 3 Münzen aus dem Lager aufs Field"},
				`[data-testid="place"]`:  {"Aufs Field setzen"},
				`[data-testid="status"]`: {"Zug", "Gefallen", "Im Spiel · Lager"},
				`[data-testid="card"]`:   {"Die Karte des Magiers", "Linker Daumen: über der Karte", "Zeile", "Schaden (links)"},
				`h2`:                     {"Protokoll"},
				`p.muted`:                {"Noch nichts: Der General zieht zuerst."},
			}},
		{"the Mage's cast, previewed", Source{Setup: start, Actions: firstTurn, Seat: Scorekeeper, Players: people, UI: cast, Undo: 1},
			map[string][]string{
				`[data-testid="log-tail"]`: {"Ana (General) setzte", "aufs Field", "Ana (General) beendete den Zug"},
				`[data-testid="prompt"]`:   {"Bo (Magier) · Zug 1", "Prüfe die Vorschau, dann wirke"},
				`[data-testid="preview"]`:  {"Wenn du das wirkst", "erleidet"},
				`[data-testid="cast"]`:     {"wirken"},
				`[data-testid="skip"]`:     {"Diesen Zug aussetzen (einmal pro Spiel)"},
				`[data-testid="undo"]`:     {"Rückgängig: Ana (General) beendete den Zug"},
			}},
		{"a bot's move is announced", Source{Setup: setupToEnd, Actions: toEnd[:3], Seat: Scorekeeper, Players: bots, Undo: 2},
			map[string][]string{
				`[data-testid="announce"]`: {"Bot-Zug: Bo (Magier, Bot Apprentice)"},
				`[data-testid="undo"]`:     {"(und der Zug des Bots danach)"},
			}},
		{"the end of the game", Source{Setup: setupToEnd, Actions: toEnd, Seat: Scorekeeper, Players: people},
			map[string][]string{
				`[data-testid="winner"]`:   {"Ana (General) gewinnt"},
				`[data-testid="reason"]`:   {"ein Soldat hat den Turm erreicht"},
				`[data-testid="summary"]`:  {"Gespielte Züge:", "Von Bo entfernte Soldaten:", "Soldaten im Turm: 1"},
				`[data-testid="log-tail"]`: {"in den Turm vor; der General gewinnt (ein Soldat hat den Turm erreicht)"},
				`[data-testid="rematch"]`:  {"Neues Spiel, gleiche Spieler"},
			}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.src.GameID, tc.src.SpectatorToken, tc.src.Seed = "g1", "tok", 42
			b, err := Build(tc.src, len(tc.src.Actions))
			if err != nil {
				t.Fatal(err)
			}
			d := germanScreen(t, b)
			for sel, words := range tc.want {
				s := d.Find(sel)
				if s.Length() == 0 {
					t.Errorf("%s: not drawn", sel)
					continue
				}
				got := flatText(s)
				for _, w := range words {
					if !strings.Contains(got, w) {
						t.Errorf("%s says %q, want %q in it", sel, got, w)
					}
				}
			}
		})
	}
}
