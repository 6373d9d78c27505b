package scribes_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/a-h/templ"

	"github.com/grimoire-games/grimoire/lang"
	"github.com/grimoire-games/grimoire/rules/say"
	sc "github.com/grimoire-games/grimoire/rules/scribes"
	scview "github.com/grimoire-games/grimoire/views/scribes"
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

// stored is a game of the rules' tests: its setup (with its bots,
// or every seat a person) and its actions.
func stored(t *testing.T, name string, people bool) (json.RawMessage, int64, []json.RawMessage) {
	t.Helper()
	raw, err := os.ReadFile("../../rules/scribes/testdata/" + name + ".record.json")
	if err != nil {
		t.Fatal(err)
	}
	var rec struct {
		Setup   json.RawMessage   `json:"setup"`
		Seed    int64             `json:"seed"`
		Actions []json.RawMessage `json:"actions"`
	}
	if err := json.Unmarshal(raw, &rec); err != nil {
		t.Fatal(err)
	}
	if people {
		var s sc.Setup
		if err := json.Unmarshal(rec.Setup, &s); err != nil {
			t.Fatal(err)
		}
		s.Bots = nil
		if rec.Setup, err = json.Marshal(s); err != nil {
			t.Fatal(err)
		}
	}
	return rec.Setup, rec.Seed, rec.Actions
}

// moment is the board after the first n actions of a record, as seat
// sees it (-1: a shared phone, its privacy screen tapped away).
func moment(t *testing.T, name string, people bool, n, seat int) scview.Board {
	t.Helper()
	setup, seed, actions := stored(t, name, people)
	if n < 0 {
		n = len(actions)
	}
	b, err := scview.Build(scview.Source{GameID: "g1", SpectatorToken: "tok", Setup: setup, Seed: seed, Actions: actions[:n], Seat: seat, Revealed: true}, n)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// firstOf is the index of the first action of type typ in a record.
func firstOf(t *testing.T, name, typ string) int {
	t.Helper()
	_, _, actions := stored(t, name, false)
	for i, a := range actions {
		var v struct{ Type string }
		if err := json.Unmarshal(a, &v); err == nil && v.Type == typ {
			return i
		}
	}
	t.Fatalf("%s has no %s", name, typ)
	return 0
}

// The Arcane Scribes' screen in German at a few moments of a game: the
// prompt, the buttons, the log (the rules' sentences, said when drawn),
// the announcement of a bot's move and the end; a reserved card stays
// unnamed to the seats that may not see it, in German too.
func TestBoardSpeaksGerman(t *testing.T) {
	reserve := firstOf(t, "three-mixed", "reserve")
	start := moment(t, "three-mixed", true, 0, -1)
	early := moment(t, "three-mixed", true, 3, -1)
	bots := moment(t, "three-mixed", false, 3, -1)
	over := moment(t, "three-mixed", false, -1, -1)
	reserved := moment(t, "three-mixed", true, reserve+1, -1)
	cases := []struct {
		name    string
		c       templ.Component
		want    []string
		wantNot []string
	}{
		{"the prompt and the main turn's buttons", scview.Controls(start), []string{
			"ist am Zug: nehmen, tauschen, reservieren oder schreiben",
			"<h3>Nimm 2 verschiedene</h3>",
		}, []string{"take, exchange"},
		},
		{"the exchange's form", scview.Controls(early), []string{
			`data-testid="exchange-open">Tausche 1 Grunzer gegen bis zu 3</summary>`,
			`data-testid="exchange">Tauschen</button>`,
			"Tausch wählen…", `<optgroup label="1 Gale geben">`,
		}, []string{"Exchange"},
		},
		{"the row's buttons and the supply", scview.Row(start), []string{
			"Reservieren", "Vorrat:", "Plättchen im Stapel",
		}, nil,
		},
		{"the status strip", scview.Status(early), []string{"Runde 2 · ", " ist am Zug (", "Karten im Nachziehstapel"}, nil},
		{"the log's lines are the rules' sentences in German", scview.LogTail(early), []string{
			"<h2>Protokoll</h2>", " nahm ", "Wer beginnt: ", `data-testid="log-link">Ganzes Protokoll</a>`,
		}, []string{" took "},
		},
		{"a bot's move is announced in German", scview.Controls(bots), []string{`data-announce="Bot-Zug: `}, []string{"Bot move"}},
		{"the end of the game", scview.Controls(over), []string{"<h2>Endstand</h2>", " Punkte", "Nennwert"}, []string{"Final scores"}},
		{"the last line says who won", scview.LogTail(over), []string{"Weniger Karten übrig als Spieler: Das Spiel ist vorbei; Sieg: "}, nil},
		{"a reserved card is a card to the others", scview.LogTail(reserved), []string{" reservierte eine Karte von Platz "}, []string{" reserved "}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := in(t, lang.German, tc.c)
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("no %q in %s", w, got)
				}
			}
			for _, w := range tc.wantNot {
				if strings.Contains(got, w) {
					t.Errorf("%q still in %s", w, got)
				}
			}
		})
	}
}

// A refused action's reason, as the tap's alert says it, in German.
func TestRefusalSpeaksGerman(t *testing.T) {
	setup, seed, _ := stored(t, "three-mixed", true)
	s, err := sc.ParseSetup(setup)
	if err != nil {
		t.Fatal(err)
	}
	st, err := sc.New(s, seed)
	if err != nil {
		t.Fatal(err)
	}
	d := st.Decider()
	_, err = sc.Apply(st, sc.Take(d, sc.GALE, sc.GALE))
	if err == nil {
		t.Fatal("two oinks of one element were taken")
	}
	if got, want := lang.German.Say(say.Reason(err)), "unzulässiger Zug: die 2 genommenen Grunzer müssen verschiedene Elemente haben (nicht 2 GALE)"; got != want {
		t.Errorf("German: %q, want %q", got, want)
	}
	if got, want := lang.English.Say(say.Reason(err)), err.Error(); got != want {
		t.Errorf("English: %q, the error says %q", got, want)
	}
}
