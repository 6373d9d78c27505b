package tower

import (
	"bytes"
	"context"
	"strings"
	"testing"

	tw "github.com/grimoire-games/grimoire/rules/tower"
)

// TestCardPanelSaysTheSkipInWords: the Mage's once-per-game skip reads as a
// sentence part (issue 14: not "skip left" / "skip used").
func TestCardPanelSaysTheSkipInWords(t *testing.T) {
	placeEndSkip := func(st tw.State, n int) (tw.Action, bool) {
		if n == 2 {
			return tw.Action{Type: tw.Skip}, true
		}
		return placeOneAndEnd(st, n)
	}
	for _, tc := range []struct {
		name string
		play func(tw.State, int) (tw.Action, bool)
		want string
	}{
		{"before the Mage skips, the skip is still free", placeOneAndEnd, "· the one skip is still free"},
		{"after the skip, it is used", placeEndSkip, "· the one skip is used"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			setup, acts := towerRecord(t, tc.play)
			b, err := Build(Source{GameID: "g1", SpectatorToken: "tok", Seed: 42, Setup: setup, Actions: acts, Seat: Scorekeeper, UI: UI{Seen: -1}}, len(acts))
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := CardPanel(b).Render(context.Background(), &buf); err != nil {
				t.Fatal(err)
			}
			got := strings.Join(strings.Fields(buf.String()), " ")
			if !strings.Contains(got, tc.want) {
				t.Errorf("card panel lacks %q:\n%s", tc.want, got)
			}
			if strings.Contains(got, "skip left") || strings.Contains(got, "· skip used") {
				t.Errorf("card panel has the old wording:\n%s", got)
			}
		})
	}
}

// TestUndoCountsTheBotsMoves: undoing a turn the bot answered says how many
// of its moves go too, in words (issue 14: not "move(s)").
func TestUndoCountsTheBotsMoves(t *testing.T) {
	setup, acts := towerRecord(t, toTheTower)
	for _, tc := range []struct {
		name  string
		steps int
		want  string
	}{
		{"one step is the move alone", 1, ""},
		{"one bot move after it is singular", 2, " (and the bot's move after it)"},
		{"two bot moves after it are plural", 3, " (and the bot's 2 moves after it)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := Build(Source{GameID: "g1", SpectatorToken: "tok", Seed: 42, Setup: setup, Actions: acts, Seat: Scorekeeper, Undo: tc.steps, UI: UI{Seen: -1}}, len(acts))
			if err != nil {
				t.Fatal(err)
			}
			if !b.CanUndo {
				t.Fatal("no undo offered")
			}
			undo := b.UndoWhat.String()
			if tc.want == "" && strings.Contains(undo, "(and") || !strings.HasSuffix(undo, tc.want) || strings.Contains(undo, "(s)") {
				t.Errorf("undo says %q, want it to end %q", undo, tc.want)
			}
		})
	}
}

// TestHandoverIsTrueForEitherSide: the hand-over screen of one phone
// passed around never promises the Mage a camp (the Mage never sees it).
func TestHandoverIsTrueForEitherSide(t *testing.T) {
	for _, tc := range []struct {
		side      tw.Side
		want, not string
	}{
		{tw.General, "The camp shows only once they tap", "Mage"},
		{tw.Mage, "the General's camp stays hidden from them", "The camp stays hidden until they tap"},
	} {
		t.Run(tc.side.Title(), func(t *testing.T) {
			got := Board{ToPlay: tc.side}.handoverText(context.Background())
			if !strings.Contains(got, tc.want) || strings.Contains(got, tc.not) || !strings.HasPrefix(got, "The "+tc.side.Title()+"'s turn.") {
				t.Errorf("hand-over to the %s: %q", tc.side.Title(), got)
			}
		})
	}
}
