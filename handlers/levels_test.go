package handlers_test

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strings"
	"testing"

	tw "github.com/grimoire-games/grimoire/rules/tower"
	"github.com/grimoire-games/grimoire/store"
)

// TestArchmageIsCalledArchmageEverywhere: the form offers the search bot as
// the Archmage, so the game it makes calls it that on every screen: the
// confirmation, the board, the spectators' page, the log, the home list's
// title and line, the end card and the scoresheet; never "Search bot".
func TestArchmageIsCalledArchmageEverywhere(t *testing.T) {
	a := startApp(t)
	p := twNewPhone(t, a)
	form := url.Values{"general": {"Ana"}, "mage": {""}, "generalPlayer": {"person"}, "magePlayer": {"search"}, "mode": {"one"}}
	code, confirm, _ := p.post("/new/mages-tower", form, false)
	if code != http.StatusOK {
		t.Fatalf("form: %d", code)
	}
	id := twCreate(t, p, form)
	ctx := context.Background()
	g, err := a.Store.Game(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	seats, _ := a.Store.Seats(ctx, id)
	if len(seats) != 1 || seats[0].Holder != "bot:search" {
		t.Fatalf("seats = %+v, want the Mage's seat stored as bot:search", seats)
	}
	screens := map[string]string{"the confirmation": confirm}
	look := func(name, path string) {
		t.Helper()
		code, body := p.get(path, false)
		if code != http.StatusOK {
			t.Fatalf("%s (%s): %d", name, path, code)
		}
		screens[name] = body
	}
	look("the board", "/g/"+id)
	look("the spectators' page", "/watch/"+g.SpectatorToken)

	// Play the game out (the Archmage's seat only names the player here:
	// quick greedy moves stand in for both sides) and look again.
	setup, err := tw.ParseSetup(g.Setup)
	if err != nil {
		t.Fatal(err)
	}
	st, err := tw.New(setup, g.Seed)
	if err != nil {
		t.Fatal(err)
	}
	end, acts, err := tw.Play(st, tw.GreedyGeneral{}, tw.GreedyMage{}, rand.New(rand.NewPCG(1, 2)), 2000)
	if err != nil || !end.Over() {
		t.Fatalf("the game did not end: %v", err)
	}
	s := st
	for i, act := range acts {
		raw, _ := json.Marshal(act)
		seat := 0
		if s.ToPlay() == tw.Mage {
			seat = 1
		}
		if s, err = tw.Apply(s, act); err != nil {
			t.Fatal(err)
		}
		if _, err := a.Store.Append(ctx, id, i, store.Entry{Kind: store.KindAction, Action: raw, Seat: seat, ClientID: "t:" + itoa(i)}); err != nil {
			t.Fatal(err)
		}
	}
	look("the end card", "/g/"+id)
	if !strings.Contains(screens["the end card"], `data-testid="winner"`) {
		t.Fatal("the finished game shows no end card")
	}
	look("the log", "/g/"+id+"/log")
	look("the home list", "/")
	look("the scoresheet", "/g/"+id+"/sheet")

	for name, body := range screens {
		if strings.Contains(strings.ToLower(body), "search bot") {
			i := strings.Index(strings.ToLower(body), "search bot")
			t.Errorf("%s says %q", name, body[max(0, i-80):min(len(body), i+40)])
		}
		if !strings.Contains(body, "Archmage") {
			t.Errorf("%s does not name the Archmage", name)
		}
	}
}
