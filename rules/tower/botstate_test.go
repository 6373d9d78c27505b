package tower_test

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/grimoire-games/grimoire/rules/tower"
)

// A bot's decision must leave the state it was given exactly as it was: a
// server keeps states between requests and draws every screen and judges
// every tap from them. The Archmage guesses the camp's faces; those guesses
// belong in its own copies, never in the caller's state.

// towerReplayed is the state after acts, made afresh: it shares no memory
// with any state the test handed to a bot.
func towerReplayed(t testing.TB, setup tower.Setup, seed int64, acts []tower.Action) tower.State {
	t.Helper()
	s, err := tower.New(setup, seed)
	if err != nil {
		t.Fatal(err)
	}
	for i, a := range acts {
		if s, err = tower.Apply(s, a); err != nil {
			t.Fatalf("replay action %d: %v", i+1, err)
		}
	}
	return s
}

// towerBotKeepsState asks the level's bot of the side to play for its move
// on s (the state after acts) and fails when s reads differently afterwards,
// compared in full (reflect.DeepEqual sees the hidden faces and the card)
// with a state replayed from the same actions.
func towerBotKeepsState(t testing.TB, level string, setup tower.Setup, seed int64, acts []tower.Action, s tower.State, stream uint64) {
	t.Helper()
	if s.Over() {
		return
	}
	side := s.ToPlay()
	bot := tower.Bots()[level](side)
	a, err := bot.Choose(s, rand.New(rand.NewPCG(stream, 5)))
	if err != nil {
		t.Fatalf("%s %s, seed %d, after %d actions: %v", level, side.Title(), seed, len(acts), err)
	}
	want := towerReplayed(t, setup, seed, acts)
	if !reflect.DeepEqual(s, want) {
		got, _ := json.Marshal(s.Snapshot())
		exp, _ := json.Marshal(want.Snapshot())
		t.Fatalf("%s %s, seed %d, after %d actions: choosing %+v changed the state it was given\n got: %s\nwant: %s",
			level, side.Title(), seed, len(acts), a, got, exp)
	}
	if _, err := tower.Apply(want, a); err != nil {
		t.Fatalf("%s %s, seed %d, after %d actions: its move %+v is refused by the replayed state: %v", level, side.Title(), seed, len(acts), a, err)
	}
}

// towerSetups are the default card and a custom one (the card is the one
// part of a State held by reference).
func towerSetups(t testing.TB) []tower.Setup {
	card, err := tower.ParseCard([]byte(`{"rows":[{"damage":2,"spell":"wave"},{"damage":1,"spell":"lightning"},{"damage":4,"spell":"fireball"},{"damage":3,"spell":"tome"},{"damage":5,"spell":"lightning"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	return []tower.Setup{
		{General: "Ana", Mage: "Ben"},
		{General: "Ana", Mage: "Ben", Card: &card},
	}
}

// towerWalk plays a seeded game of random moves and, at every step picked by
// every, asks each level's bot of the side to play for its move.
func towerWalk(t testing.TB, setup tower.Setup, seed int64, every int) {
	s, err := tower.New(setup, seed)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(uint64(seed), 13))
	var acts []tower.Action
	for n := 0; !s.Over() && n < 200; n++ {
		if n%every == 0 {
			for _, l := range tower.Levels() {
				towerBotKeepsState(t, l.ID, setup, seed, acts, s, uint64(n))
			}
		}
		a, err := tower.RandomBot{}.Choose(s, r)
		if err != nil {
			t.Fatal(err)
		}
		if s, err = tower.Apply(s, a); err != nil {
			t.Fatal(err)
		}
		acts = append(acts, a)
	}
}

func TestBotsLeaveTheirStateAsItWas(t *testing.T) {
	every := 2
	if testing.Short() {
		every = 5
	}
	for _, setup := range towerSetups(t) {
		for seed := int64(1); seed <= 4; seed++ {
			towerWalk(t, setup, seed, every)
		}
	}
}

// TestBotsCoverEveryLevel: the test above walks Levels(); every level must
// have a bot for both sides, so a new one cannot escape it.
func TestBotsCoverEveryLevel(t *testing.T) {
	for _, l := range tower.Levels() {
		mk, ok := tower.Bots()[l.ID]
		if !ok {
			t.Fatalf("level %q has no bot", l.ID)
		}
		for _, side := range []tower.Side{tower.General, tower.Mage} {
			if mk(side) == nil {
				t.Errorf("level %q has no %s bot", l.ID, side.Title())
			}
		}
	}
}

// FuzzBotsLeaveTheirStateAsItWas: any reachable state (a seed and a walk of
// random moves, on either card) and any bot level.
func FuzzBotsLeaveTheirStateAsItWas(f *testing.F) {
	f.Add(int64(1), uint8(0), uint8(3), uint8(2))
	f.Add(int64(9), uint8(1), uint8(12), uint8(2))
	f.Add(int64(-4), uint8(0), uint8(25), uint8(1))
	f.Fuzz(func(t *testing.T, seed int64, card uint8, steps uint8, level uint8) {
		setups := towerSetups(t)
		setup := setups[int(card)%len(setups)]
		s, err := tower.New(setup, seed)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(seed), uint64(steps)))
		var acts []tower.Action
		for n := 0; !s.Over() && n < int(steps); n++ {
			a, err := tower.RandomBot{}.Choose(s, r)
			if err != nil {
				t.Fatal(err)
			}
			if s, err = tower.Apply(s, a); err != nil {
				t.Fatal(err)
			}
			acts = append(acts, a)
		}
		levels := tower.Levels()
		towerBotKeepsState(t, levels[int(level)%len(levels)].ID, setup, seed, acts, s, uint64(steps))
	})
}
