package scribes_test

import (
	"errors"
	"net/url"
	"strings"
	"testing"

	"github.com/a-h/templ"

	"github.com/grimoire-games/grimoire/play"
	scplay "github.com/grimoire-games/grimoire/play/scribes"
	sc "github.com/grimoire-games/grimoire/rules/scribes"
	scview "github.com/grimoire-games/grimoire/views/scribes"
)

// stalledTable is a 2-player game played into the stall of the ruling: two
// tens in each reserve, nines and an eight in the row, 2 Ash each.
func stalledTable(t *testing.T, viewer int, bots []string) play.Table {
	t.Helper()
	front := []string{"ASHW-10", "TIDE-10", "GALE-10", "ROOT-10", "ASHW-9", "TIDE-9", "GALE-9", "ROOT-9", "ASHW-8"}
	var deck []string
	deck = append(deck, front...)
	for _, c := range sc.DefaultData().Cards {
		if !strings.Contains(" "+strings.Join(front, " ")+" ", " "+c.ID+" ") {
			deck = append(deck, c.ID)
		}
	}
	quiet := []string{"T-ASHW-1", "T-ASHW-2", "T-ASHW-3", "T-ASHW-4", "T-ASHW-5", "T-TIDE-1", "T-TIDE-2", "T-TIDE-3"}
	var tiles []string
	tiles = append(tiles, quiet...)
	for _, tl := range sc.DefaultData().Tiles {
		if !strings.Contains(" "+strings.Join(quiet, " ")+" ", " "+tl.ID+" ") {
			tiles = append(tiles, tl.ID)
		}
	}
	tb := newTable(t, sc.Setup{Players: []string{"Mia", "Ben"}, Bots: bots, First: first(0), Deck: deck, Tiles: tiles}, 1, viewer)
	for _, a := range []sc.Action{sc.Reserve(0, 0), sc.Reserve(1, 1), sc.Reserve(0, 2), sc.Reserve(1, 3)} {
		tb = push(t, tb, a, play.Scorekeeper)
	}
	if !sc.Stalled(now(t, tb)) {
		t.Fatal("the test table is not stalled")
	}
	return tb
}

func TestDecodeAgreement(t *testing.T) {
	k := scplay.New()
	tests := []struct {
		name   string
		viewer int
		act    sc.Action
		want   string // "" when accepted
	}{
		{"a shared phone proposes for the seat its button names", play.Scorekeeper, sc.ProposeEnd(1), ""},
		{"a player proposes on their own phone while the other is to play", 1, sc.ProposeEnd(1), ""},
		{"a phone cannot propose for another seat", 0, sc.ProposeEnd(1), "only Ben can answer"},
		{"nobody can agree before a proposal", play.Scorekeeper, sc.AgreeEnd(0), "nobody has proposed"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := k.Decode(stalledTable(t, tc.viewer, nil), tap(t, tc.act))
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Fatalf("got %v, want a refusal saying %q", err, tc.want)
			case tc.want != "" && errors.Is(err, play.ErrBadTap):
				t.Fatalf("a refusal by the rules read as a bad tap: %v", err)
			}
		})
	}
}

func TestStallScreen(t *testing.T) {
	k := scplay.New()
	tb := stalledTable(t, play.Scorekeeper, nil)
	page := render(t, mustPage(t, k, tb))
	for _, want := range []string{`data-testid="stall-warning"`, `data-testid="propose-end-0"`, `data-testid="propose-end-1"`} {
		if !strings.Contains(page, want) {
			t.Errorf("the stalled screen lacks %s", want)
		}
	}
	tb = push(t, tb, sc.ProposeEnd(0), play.Scorekeeper)
	page = render(t, mustPage(t, k, tb))
	if !strings.Contains(page, "Mia proposed to end the game now and score it. Waiting for Ben") || !strings.Contains(page, `data-testid="agree-end-1"`) {
		t.Errorf("the proposal is not shown with Ben's button")
	}
	tb = push(t, tb, sc.AgreeEnd(1), play.Scorekeeper)
	page = render(t, mustPage(t, k, tb))
	if !strings.Contains(page, "Everyone agreed to end the stalled game and score it.") || !strings.Contains(page, `data-testid="final-scores"`) {
		t.Errorf("the end by agreement is not scored on screen")
	}
	if line, over, err := k.Status(tb); err != nil || !over || line != "Mia and Ben won" {
		t.Errorf("status %q over %v (%v)", line, over, err)
	}
}

func TestAnnounceBotMoveAndEnd(t *testing.T) {
	tb := stalledTable(t, play.Scorekeeper, []string{"", "greedy"})
	src, err := scplay.SourceOf(tb, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := scview.Build(src, tb.Version)
	if err != nil {
		t.Fatal(err)
	}
	if b.Announce.String() != "Bot move: Ben reserved a card from slot 4; Mia +1 Ash." {
		t.Errorf("after the bot's reserve: %q", b.Announce)
	}
	src.Actions = append(src.Actions, []byte(`{"type":"propose-end","seat":0}`))
	if b, err = scview.Build(src, tb.Version+1); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(b.Announce.String(), "Mia proposed to end the stalled game now and score it. Everyone agreed: the game is over and scored; won by") {
		t.Errorf("at the end: %q", b.Announce)
	}
}

func mustPage(t *testing.T, k scplay.Kind, tb play.Table) templ.Component {
	t.Helper()
	// The privacy screen tapped away: the stall panel is the deciding
	// person's screen.
	c, err := k.Page(testPage(), tb, url.Values{"seen": {itoa(tb.Version)}})
	if err != nil {
		t.Fatal(err)
	}
	return c
}
