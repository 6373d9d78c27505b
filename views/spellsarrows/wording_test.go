package spellsarrows_test

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/views/offline"
	saview "github.com/grimoire-games/grimoire/views/spellsarrows"
)

// buildFor is build with a Victory Number of the test's choosing.
func buildFor(t *testing.T, victory int, actions []string) *saview.Board {
	t.Helper()
	setup := `{"victory":` + itoa(victory) + `,"spy":"Ana","mage":"Ben","options":{}}`
	src := saview.Source{GameID: "g1", Title: "Ana (spy) vs Ben (mage)", SpectatorToken: "tok", CSRF: "c", Setup: json.RawMessage(setup), Seed: 1, Record: offline.Fixed(`{"kind":"spells-arrows"}`)}
	for _, a := range actions {
		src.Actions = append(src.Actions, json.RawMessage(a))
	}
	b, err := saview.Build(src, len(actions))
	if err != nil {
		t.Fatal(err)
	}
	return &b
}

func itoa(n int) string { return strconv.Itoa(n) }

// spyLosesEveryHalf is a five-turn game in which the spy never pays a toll
// (six misses run the shot clock out, three more end the half) and the mage
// ends every half at once.
func spyLosesEveryHalf() []string {
	var out []string
	for range 5 {
		for range 9 {
			out = append(out, `{"type":"spy-shot","made":false}`)
		}
		out = append(out, `{"type":"end-half"}`)
	}
	return out[:len(out)-1] // the last spy half ends the game
}

// shuttle is the spy paying a toll of one and moving, to each of stops in
// turn.
func shuttle(stops ...string) []string {
	var out []string
	for _, to := range stops {
		out = append(out, `{"type":"spy-shot","made":true}`, `{"type":"move","to":"`+to+`"}`)
	}
	return out
}

// TestBoardWording reads the board at the moments issue 14 named; each row
// fails on the wording it replaced.
func TestBoardWording(t *testing.T) {
	walkToW2 := []string{
		`{"type":"spy-shot","made":true}`, `{"type":"move","to":"A"}`,
		`{"type":"spy-shot","made":true}`, `{"type":"move","to":"W3"}`,
		`{"type":"spy-shot","made":true}`, `{"type":"move","to":"W2"}`,
	}
	cases := []struct {
		name    string
		victory int
		actions []string
		testid  string
		want    string
	}{
		{"one travel counter is its value alone (not 3 = 3)", 12, walkToW2, "travel", "3"},
		{"two travel counters show their sum", 12, append(walkToW2, `{"type":"spy-shot","made":true}`, `{"type":"move","to":"WG"}`), "travel", "3+3 = 6"},
		{"no travel counter says so", 12, nil, "travel", "none"},
		{"four travel counters are still listed", 30, append(walkToW2, shuttle("W3", "W4", "W3")...), "travel", "3+3+3+2 = 11"},
		{"five travel counters are counted by value", 30, append(walkToW2, shuttle("W3", "W4", "W3", "W4")...), "travel", "4×3 + 1×2 = 14"},
		{"counted with the higher value first, whatever came first", 30, shuttle("A", "W4", "W3", "W4", "W3", "W4", "W3"), "travel", "2×3 + 3×2 = 12"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d := doc(t, saview.Status(buildFor(t, tc.victory, tc.actions)))
			if got := text(d, tc.testid); got != tc.want {
				t.Errorf("%s %q, want %q", tc.testid, got, tc.want)
			}
		})
	}
	t.Run("a Victory Number of one is one point (not 0 of 1 points)", func(t *testing.T) {
		b := buildFor(t, 1, spyLosesEveryHalf())
		if !b.Snap.Over {
			t.Fatal("the game is not over")
		}
		got := strings.Join(strings.Fields(doc(t, saview.Controls(b)).Text()), " ")
		if !strings.Contains(got, "scored 0 of 1 point, ending") {
			t.Errorf("the summary says %q", got)
		}
	})
}
