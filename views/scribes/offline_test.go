package scribes

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"

	sc "github.com/grimoire-games/grimoire/rules/scribes"
	"github.com/grimoire-games/grimoire/views/offline"
)

// A tap the phone applies offline is checked for its seat as the server
// checks it (MayDecide), and a bot's decision waits for the network.
func TestOfflineActChecksTheSeatLikeTheServer(t *testing.T) {
	first := 0
	setup := sc.Setup{Players: []string{"Mia", "Ben", "Bot"}, Bots: []string{"", "", "greedy"}, First: &first}
	raw, _ := json.Marshal(setup)
	src := Source{GameID: "g1", Title: "Scribes", Setup: raw, Seed: 5, Seat: 1}
	var r offline.Record
	if err := json.Unmarshal([]byte(RecordOf(src, 0)), &r); err != nil {
		t.Fatal(err)
	}
	st, err := sc.New(setup, 5)
	if err != nil {
		t.Fatal(err)
	}
	take, _ := json.Marshal(sc.Legal(st).Takes[0])
	form := url.Values{"action": {string(take)}}
	_, _, err = OfflineAct(r, form)
	_, want := MayDecide(setup, st, sc.Legal(st).Takes[0], 1)
	if err == nil || want == nil || err.Error() != want.Error() || !strings.Contains(err.Error(), "on their phone") {
		t.Fatalf("offline refusal %v, server's %v", err, want)
	}
	// Mia's phone takes, Ben's phone (shared: the scorekeeper) goes on
	// until the bot is to decide: then the screen waits for the network.
	r.Seat = -1
	for i := 0; i < 20; i++ {
		states, _, _, err := Play(r.Setup, r.Seed, r.Actions)
		if err != nil {
			t.Fatal(err)
		}
		now := states[len(states)-1]
		if BotOf(setup, now.Decider()) != "" {
			break
		}
		ch := sc.Legal(now)
		var a sc.Action
		switch {
		case len(ch.Takes) > 0:
			a = ch.Takes[0]
		default:
			t.Skipf("decision %v not driven by this test", ch.Decision)
		}
		raw, _ := json.Marshal(a)
		if r, _, err = OfflineAct(r, url.Values{"action": {string(raw)}}); err != nil {
			t.Fatal(err)
		}
	}
	if n, err := OfflineUndo(r); err != nil || n != 1 {
		t.Fatalf("undo on a shared phone: %d %v", n, err)
	}
	frags, err := OfflineFragments(r, nil)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, f := range frags {
		if f.ID == FragControls {
			_ = f.Component.Render(t.Context(), &b)
		}
	}
	if html := b.String(); !strings.Contains(html, "Waiting for the network: Bot moves when you are back online.") || strings.Contains(html, "/bot") {
		t.Fatalf("offline bot turn screen:\n%s", html)
	}
	// Taps on the bot's decision are refused in the server's words.
	states, _, _, _ := Play(r.Setup, r.Seed, r.Actions)
	a := sc.Legal(states[len(states)-1]).Takes[0]
	raw, _ = json.Marshal(a)
	if _, _, err := OfflineAct(r, url.Values{"action": {string(raw)}}); err == nil || err.Error() != "Bot is a bot and plays by itself" {
		t.Fatalf("offline tap for the bot: %v", err)
	}
}
