package tower

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"

	tw "github.com/grimoire-games/grimoire/rules/tower"
	"github.com/grimoire-games/grimoire/views/offline"
)

// offlineRecord is a fresh game's record as a page embeds it.
func offlineRecord(t *testing.T, src Source) offline.Record {
	t.Helper()
	st, err := tw.New(tw.Setup{General: "Ana", Mage: "Ben"}, 3)
	if err != nil {
		t.Fatal(err)
	}
	src.Setup, _ = json.Marshal(st.Setup())
	src.Seed, src.GameID, src.Title = 3, "g1", "Ana vs Ben"
	var r offline.Record
	if err := json.Unmarshal([]byte(RecordOf(src, 0)), &r); err != nil {
		t.Fatal(err)
	}
	return r
}

// A tap the phone applies offline is checked for its seat as the server
// checks it: the same words refuse a tap for a seat this phone does not hold
// or for a bot; undo takes back as much as the server's.
func TestOfflineActChecksTheSeatLikeTheServer(t *testing.T) {
	place := url.Values{"type": {"place"}, "coins": {"L1"}}
	// Two phones: the Mage's phone cannot play the General's turn.
	r := offlineRecord(t, Source{TwoPhones: true, Seat: SeatMage})
	_, _, err := OfflineAct(r, place)
	st, _, _ := Play(r.Setup, r.Seed, r.Actions)
	a, _ := ActionFromForm(place)
	want := MayAct(st, a, SeatMage, [2]Player{})
	if err == nil || want == nil || err.Error() != want.Error() {
		t.Fatalf("offline refusal %v, server's %v", err, want)
	}
	// The General's phone plays it; the record says who did.
	r.Seat = SeatGeneral
	r2, line, err := OfflineAct(r, place)
	if err != nil || r2.Version != 1 || len(r2.Actions) != 1 || r2.ActionSeats[0] != SeatGeneral || line == "" {
		t.Fatalf("offline place: %v %+v %q", err, r2, line)
	}
	if n, err := OfflineUndo(r2); err != nil || n != 1 {
		t.Fatalf("own undo: %d %v", n, err)
	}
	r2.Seat = SeatMage
	if _, err := OfflineUndo(r2); err == nil {
		t.Fatal("the Mage's phone took back the General's move")
	}

	// A bot's turn: nobody plays it offline.
	r = offlineRecord(t, Source{Seat: Scorekeeper, Players: [2]Player{{}, {Bot: "greedy"}}})
	r, _, err = OfflineAct(r, place)
	if err != nil {
		t.Fatal(err)
	}
	if r, _, err = OfflineAct(r, url.Values{"type": {"end"}}); err != nil {
		t.Fatal(err)
	}
	_, _, err = OfflineAct(r, url.Values{"type": {"skip"}})
	if err == nil || err.Error() != "it is the greedy bot's turn as Mage; it moves by itself" {
		t.Fatalf("offline tap on the bot's turn: %v", err)
	}
	frags, err := OfflineFragments(r, nil)
	if err != nil {
		t.Fatal(err)
	}
	var html string
	for _, f := range frags {
		if f.ID == FragControls {
			var b strings.Builder
			_ = f.Component.Render(t.Context(), &b)
			html = b.String()
		}
	}
	if !strings.Contains(html, "Waiting for the network: Ben moves when you are back online.") || strings.Contains(html, "/bot") {
		t.Fatalf("offline bot turn screen:\n%s", html)
	}
}
