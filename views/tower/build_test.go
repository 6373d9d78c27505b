package tower

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"testing"

	tw "github.com/grimoire-games/grimoire/rules/tower"
)

// towerRecord is a small record: the setup and the actions made by play,
// which gets the state and returns the next action (ok false to stop).
func towerRecord(t *testing.T, play func(st tw.State, n int) (tw.Action, bool)) (json.RawMessage, []json.RawMessage) {
	t.Helper()
	st, err := tw.New(tw.Setup{General: "Ana", Mage: "Bo"}, 42)
	if err != nil {
		t.Fatal(err)
	}
	setup, err := json.Marshal(st.Setup())
	if err != nil {
		t.Fatal(err)
	}
	var acts []json.RawMessage
	for n := 0; n < 500; n++ {
		a, ok := play(st, n)
		if !ok {
			break
		}
		if st, err = tw.Apply(st, a); err != nil {
			t.Fatalf("action %d %+v: %v", n, a, err)
		}
		raw, _ := json.Marshal(a)
		acts = append(acts, raw)
	}
	return setup, acts
}

// placeOneAndEnd is the General's shortest turn: one coin to the Field.
func placeOneAndEnd(st tw.State, n int) (tw.Action, bool) {
	switch n {
	case 0:
		return tw.Action{Type: tw.Place, Coins: tw.Legal(st).Place[:1]}, true
	case 1:
		return tw.Action{Type: tw.End}, true
	}
	return tw.Action{}, false
}

// toTheTower plays a greedy General against a random Mage until a soldier
// reaches the Tower.
func toTheTower(st tw.State, n int) (tw.Action, bool) {
	if st.Over() {
		return tw.Action{}, false
	}
	r := rand.New(rand.NewPCG(7, uint64(n)))
	if st.ToPlay() == tw.Mage {
		a, err := tw.RandomBot{}.Choose(st, r)
		return a, err == nil
	}
	a, err := tw.GreedyGeneral{}.Choose(st, r)
	return a, err == nil
}

func TestBuildBoardFacts(t *testing.T) {
	start, none := towerRecord(t, func(tw.State, int) (tw.Action, bool) { return tw.Action{}, false })
	_, mageTurn := towerRecord(t, placeOneAndEnd)
	end, tower := towerRecord(t, toTheTower)
	people := [2]Player{}
	botMage := [2]Player{{}, {Bot: "greedy"}}

	for _, tc := range []struct {
		name    string
		src     Source
		toPlay  tw.Side
		myTurn  bool
		privacy bool
		// tappable: camp coins ("coins"), the card's rows ("rows"), or nothing.
		tappable  string
		campFaces bool // the camp's faces are shown
		tower     int
		over      bool
		export    bool
	}{
		{name: "start, one phone: the General places", src: Source{Setup: start, Actions: none, Seat: Scorekeeper, Players: people, UI: UI{Seen: 0}},
			toPlay: tw.General, myTurn: true, tappable: "coins", campFaces: true, export: true},
		{name: "start, one phone, before the hand-over", src: Source{Setup: start, Actions: none, Seat: Scorekeeper, Players: people, UI: UI{Seen: -1}},
			toPlay: tw.General, myTurn: true, privacy: true, export: true},
		{name: "the Mage's turn, one phone, after the hand-over", src: Source{Setup: start, Actions: mageTurn, Seat: Scorekeeper, Players: people, UI: UI{Seen: 2}},
			toPlay: tw.Mage, myTurn: true, tappable: "rows", export: true},
		{name: "the Mage's turn, before the hand-over", src: Source{Setup: start, Actions: mageTurn, Seat: Scorekeeper, Players: people, UI: UI{Seen: -1}},
			toPlay: tw.Mage, myTurn: true, privacy: true, export: true},
		{name: "two phones: the Mage's phone on its turn", src: Source{Setup: start, Actions: mageTurn, Seat: SeatMage, TwoPhones: true, Players: people, UI: UI{Seen: -1}},
			toPlay: tw.Mage, myTurn: true, tappable: "rows"},
		{name: "two phones: the General waits and still sees the camp", src: Source{Setup: start, Actions: mageTurn, Seat: SeatGeneral, TwoPhones: true, Players: people, UI: UI{Seen: -1}},
			toPlay: tw.Mage, campFaces: true},
		{name: "a bot Mage's turn: nobody taps", src: Source{Setup: start, Actions: mageTurn, Seat: Scorekeeper, Players: botMage, UI: UI{Seen: -1}},
			toPlay: tw.Mage, campFaces: true, export: true},
		{name: "a spectator", src: Source{Setup: start, Actions: mageTurn, Seat: Scorekeeper, Watch: true, Players: people},
			toPlay: tw.Mage},
		{name: "a soldier in the Tower: the game is over, faces shown", src: Source{Setup: end, Actions: tower, Seat: SeatMage, TwoPhones: true, Players: people, UI: UI{Seen: -1}},
			campFaces: true, tower: 1, over: true, export: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.src.GameID, tc.src.SpectatorToken, tc.src.Seed = "g1", "tok", 42
			b, err := Build(tc.src, len(tc.src.Actions))
			if err != nil {
				t.Fatal(err)
			}
			if b.Snap.Over != tc.over {
				t.Fatalf("over = %v, want %v", b.Snap.Over, tc.over)
			}
			if !tc.over && b.ToPlay != tc.toPlay {
				t.Errorf("to play: %s, want %s", b.ToPlay, tc.toPlay)
			}
			if b.MyTurn != tc.myTurn || b.Privacy != tc.privacy {
				t.Errorf("my turn %v, privacy %v; want %v, %v", b.MyTurn, b.Privacy, tc.myTurn, tc.privacy)
			}
			coins, rows := 0, 0
			for _, c := range b.Snap.Coins {
				if b.tappable(c.ID) {
					coins++
				}
			}
			for r := 1; r <= len(b.Card); r++ {
				if b.damageRowOK(r) || b.spellRowOK(r) {
					rows++
				}
			}
			switch tc.tappable {
			case "coins":
				if coins == 0 || rows != 0 {
					t.Errorf("tappable: %d coins, %d rows; want coins only", coins, rows)
				}
			case "rows":
				if rows == 0 || coins != 0 {
					t.Errorf("tappable: %d coins, %d rows; want rows only", coins, rows)
				}
			default:
				if rows+coins != 0 {
					t.Errorf("tappable: %d coins, %d rows; want nothing", coins, rows)
				}
			}
			shown, hidden := 0, 0
			for _, c := range b.Snap.Coins {
				if c.Where != "camp" {
					continue
				}
				if c.Face == "hidden" {
					hidden++
				} else {
					shown++
				}
			}
			if tc.campFaces && hidden > 0 || !tc.campFaces && shown > 0 {
				t.Errorf("camp faces: %d shown, %d hidden; want shown %v", shown, hidden, tc.campFaces)
			}
			if b.Snap.Score.Tower != tc.tower {
				t.Errorf("Tower count %d, want %d", b.Snap.Score.Tower, tc.tower)
			}
			if (b.ExportURL != "") != tc.export {
				t.Errorf("export link %q, want shown %v", b.ExportURL, tc.export)
			}
			wantSheet := "/g/g1/sheet"
			if tc.src.Watch {
				wantSheet = "/watch/tok/sheet"
			}
			if b.SheetURL != wantSheet {
				t.Errorf("sheet link %q, want %q", b.SheetURL, wantSheet)
			}
			if tc.over && !slices.Contains([]string{"Ana (General) wins"}, b.WinnerLine().String()) {
				t.Errorf("winner line %q", b.WinnerLine())
			}
		})
	}
}

// The announcement carries a bot's move and the end of the game, and stays
// empty after a person's move.
func TestBuildAnnounce(t *testing.T) {
	start, mageTurn := towerRecord(t, placeOneAndEnd)
	setupToEnd, toEnd := towerRecord(t, toTheTower)
	bots := [2]Player{{Name: "Ana"}, {Name: "Bo", Bot: "random"}}
	people := [2]Player{{Name: "Ana"}, {Name: "Bo"}}
	tests := []struct {
		name   string
		src    Source
		prefix string // "" for no announcement
	}{
		{"a person's move is not announced", Source{Setup: start, Actions: mageTurn, Seat: Scorekeeper, Players: people}, ""},
		{"the bot's move is announced", Source{Setup: setupToEnd, Actions: toEnd[:3], Seat: Scorekeeper, Players: bots}, "Bot move: Bo (Mage"},
		{"the end of the game is announced", Source{Setup: setupToEnd, Actions: toEnd, Seat: Scorekeeper, Players: people}, "Ana (General)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, err := Build(tc.src, len(tc.src.Actions))
			if err != nil {
				t.Fatal(err)
			}
			announce := b.Announce.String()
			switch {
			case tc.prefix == "" && announce != "":
				t.Fatalf("announced %q", announce)
			case tc.prefix != "" && (len(announce) < len(tc.prefix) || announce[:len(tc.prefix)] != tc.prefix):
				t.Fatalf("announced %q, want it to begin %q", announce, tc.prefix)
			}
		})
	}
}
