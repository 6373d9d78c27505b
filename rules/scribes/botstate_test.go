package scribes_test

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"

	S "github.com/grimoire-games/grimoire/rules/scribes"
)

// A bot's decision must leave the state it was given exactly as it was: a
// server keeps states between requests and draws every screen and judges
// every tap from them, so a bot that wrote its guesses of the hidden cards
// into one (the Archmage once did, through slices its search shared with
// the caller) showed people cards the record does not hold and accepted
// moves the record's replay refuses.

// replayed is the state after acts, made afresh: it shares no memory with
// any state the test handed to a bot.
func replayed(t testing.TB, setup S.Setup, seed int64, acts []S.Action) S.State {
	t.Helper()
	s, err := S.New(setup, seed)
	if err != nil {
		t.Fatal(err)
	}
	for i, a := range acts {
		if s, err = S.Apply(s, a); err != nil {
			t.Fatalf("replay action %d: %v", i+1, err)
		}
	}
	return s
}

// botKeepsState asks the bot of level for the decider's move on s (the state
// after acts) and fails when s reads differently afterwards: compared in
// full (reflect.DeepEqual sees the unexported pile, stack and reserves)
// with a state replayed from the same actions.
func botKeepsState(t testing.TB, level string, setup S.Setup, seed int64, acts []S.Action, s S.State, stream uint64) {
	t.Helper()
	if s.Over() {
		return
	}
	bot := S.BotByName(level)
	seat := s.Decider()
	a, err := bot.Choose(s, seat, rand.New(rand.NewPCG(stream, 3)))
	if err != nil {
		t.Fatalf("%s bot, %d seats, seed %d, after %d actions: %v", level, len(setup.Players), seed, len(acts), err)
	}
	want := replayed(t, setup, seed, acts)
	if !reflect.DeepEqual(s, want) {
		got, _ := json.Marshal(s.Snapshot())
		exp, _ := json.Marshal(want.Snapshot())
		t.Fatalf("%s bot, %d seats, seed %d, after %d actions: choosing %+v changed the state it was given\n got: %s\nwant: %s",
			level, len(setup.Players), seed, len(acts), a, got, exp)
	}
	// The move must also be one the untouched state accepts.
	if _, err := S.Apply(want, a); err != nil {
		t.Fatalf("%s bot, %d seats, seed %d, after %d actions: its move %+v is refused by the replayed state: %v", level, len(setup.Players), seed, len(acts), a, err)
	}
}

// walk plays seeded random games and, at every step picked by every, asks
// each bot level for the move; the game goes on with a random legal action.
func walk(t testing.TB, players, every int, seed int64, maxSteps int) {
	names := []string{"Ivy", "Bo", "Cy", "Di", "Ed", "Fa", "Gu", "Ha"}[:players]
	setup := S.Setup{Players: names}
	s, err := S.New(setup, seed)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(uint64(seed), 11))
	var acts []S.Action
	for n := 0; !s.Over() && n < maxSteps; n++ {
		if n%every == 0 {
			for _, l := range S.Levels() {
				botKeepsState(t, l.ID, setup, seed, acts, s, uint64(n))
			}
		}
		legal := S.Legal(s).Actions
		a := legal[r.IntN(len(legal))]
		if s, err = S.Apply(s, a); err != nil {
			t.Fatal(err)
		}
		acts = append(acts, a)
	}
}

func TestBotsLeaveTheirStateAsItWas(t *testing.T) {
	every := 11
	if testing.Short() {
		every = 29
	}
	for players := 2; players <= 8; players++ {
		for seed := int64(1); seed <= 2; seed++ {
			walk(t, players, every+int(seed), seed*1000+int64(players), 400)
		}
	}
}

// TestBotsCoverEveryLevel: the test above walks Levels(); every level must
// have a bot, so a new one cannot escape it.
func TestBotsCoverEveryLevel(t *testing.T) {
	for _, l := range S.Levels() {
		if S.BotByName(l.ID) == nil {
			t.Errorf("level %q has no bot", l.ID)
		}
	}
}

// FuzzBotsLeaveTheirStateAsItWas: any reachable state (a seed, a seat count
// and a walk of random legal actions) and any bot level.
func FuzzBotsLeaveTheirStateAsItWas(f *testing.F) {
	f.Add(int64(1), uint8(0), uint16(20), uint8(2))
	f.Add(int64(7), uint8(2), uint16(90), uint8(2))
	f.Add(int64(-3), uint8(6), uint16(150), uint8(1))
	f.Fuzz(func(t *testing.T, seed int64, np uint8, steps uint16, level uint8) {
		players := 2 + int(np%7)
		names := []string{"a", "b", "c", "d", "e", "f", "g", "h"}[:players]
		setup := S.Setup{Players: names}
		s, err := S.New(setup, seed)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(seed), uint64(steps)))
		var acts []S.Action
		for n := 0; !s.Over() && n < int(steps%400); n++ {
			legal := S.Legal(s).Actions
			a := legal[r.IntN(len(legal))]
			if s, err = S.Apply(s, a); err != nil {
				t.Fatal(err)
			}
			acts = append(acts, a)
		}
		levels := S.Levels()
		botKeepsState(t, levels[int(level)%len(levels)].ID, setup, seed, acts, s, uint64(steps))
	})
}

// TestSearchWithEveryReserveFull: with every seat's reserve full the rules
// weigh the stall ruling, which may read every reserve. The Archmage once
// listed its moves on its information set, whose hidden reserves are
// placeholders, and crashed on states where the ruling reads one.
func TestSearchWithEveryReserveFull(t *testing.T) {
	found := 0
	for seed := int64(1); seed <= 400 && found < 4; seed++ {
		setup := S.Setup{Players: []string{"Ivy", "Bo", "Cy"}[:2+seed%2]}
		s, err := S.New(setup, seed)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(seed), 17))
		var acts []S.Action
		for n := 0; !s.Over() && n < 300; n++ {
			if stallReadsHiddenReserve(s) {
				found++
				botKeepsState(t, "search", setup, seed, acts, s, uint64(n))
				break
			}
			legal := S.Legal(s).Actions
			a := legal[r.IntN(len(legal))]
			for _, b := range legal {
				if b.Type == S.ActReserve {
					a = b // reserve whenever it may
				}
			}
			if s, err = S.Apply(s, a); err != nil {
				t.Fatal(err)
			}
			acts = append(acts, a)
		}
	}
	if found == 0 {
		t.Fatal("no game reached a state where the stall ruling reads another seat's reserve")
	}
}

// stallReadsHiddenReserve says the stall ruling, weighed for the decider,
// reads the reserve of a seat that is not the decider's: every reserve is
// full, and the seats before it in order can pay for nothing they see.
func stallReadsHiddenReserve(s S.State) bool {
	if s.Phase() != S.PhaseMain {
		return false
	}
	for i := range s.Players() {
		if len(s.Reserved(i)) < s.ReserveLimit() {
			return false
		}
	}
	for seat := range s.Players() {
		for slot := range S.RowSize {
			if c, ok := s.RowCard(slot); ok && len(S.Payments(s.Oinks(seat), c)) > 0 {
				return false
			}
		}
		if seat != s.Decider() {
			return true
		}
		for _, c := range s.Reserved(seat) {
			if len(S.Payments(s.Oinks(seat), c)) > 0 {
				return false
			}
		}
	}
	return false
}
