package spellsarrows_test

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/rules/record"
	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
)

// positionRecord is the record that starts from p with the given actions,
// written out and parsed back as any record is.
func positionRecord(t *testing.T, setup sa.Setup, p sa.Position, actions []sa.Action) record.Record {
	t.Helper()
	setup.Position = &p
	rec, err := sa.NewRecord(setup, 7, actions)
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	back, err := record.Parse(data)
	if err != nil {
		t.Fatalf("the position record does not parse: %v\n%s", err, data)
	}
	return back
}

func snapJSON(t *testing.T, s sa.State) string {
	t.Helper()
	b, err := json.Marshal(s.Snapshot())
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestPositionsOfRandomGames: every moment of a real (random) game passes
// the check, and a record starting there replays to the very state the full
// record reaches, then plays on alike to the end.
func TestPositionsOfRandomGames(t *testing.T) {
	for seed := uint64(1); seed <= 40; seed++ {
		r := rand.New(rand.NewPCG(seed, seed^0x9051))
		setup := defaultSetup()
		setup.Victory = 8 + int(seed%20)
		if seed%3 == 0 {
			setup.Options.SameSpellOnly = true
		}
		s, err := sa.New(setup, 1)
		if err != nil {
			t.Fatal(err)
		}
		var states []sa.State
		var actions []sa.Action
		for !s.Over() && len(actions) < 3000 {
			states = append(states, s)
			a := sa.RandomLegal(s, r)
			n, err := sa.Apply(s, a)
			if err != nil {
				t.Fatal(err)
			}
			actions = append(actions, a)
			s = n
		}
		final := snapJSON(t, s)
		for i, st := range states {
			// Every moment is checked; a few play on as whole records
			// (the replay is the slow part).
			p := sa.PositionOf(st)
			if why := sa.CheckPosition(setup, p); len(why) > 0 {
				pj, _ := json.Marshal(p)
				t.Fatalf("seed %d, after %d actions: a real position is refused: %s\n%s", seed, i, strings.Join(why, "; "), pj)
			}
			from, err := sa.FromPosition(setup, p)
			if err != nil {
				t.Fatal(err)
			}
			got, err := sa.New(from, 1)
			if err != nil {
				t.Fatal(err)
			}
			if g, w := snapJSON(t, got), snapJSON(t, st); g != w {
				t.Fatalf("seed %d, after %d actions: the position starts as\n%s\nthe game was\n%s", seed, i, g, w)
			}
			if i%25 != 0 {
				continue
			}
			rec := positionRecord(t, setup, p, actions[i:])
			end, err := sa.Replay(rec)
			if err != nil {
				t.Fatalf("seed %d, from action %d: %v", seed, i, err)
			}
			if g := snapJSON(t, end); g != final {
				t.Fatalf("seed %d, from action %d: ends as\n%s\nnot\n%s", seed, i, g, final)
			}
		}
		// A finished game is no position to start from.
		if why := sa.CheckPosition(setup, sa.PositionOf(s)); len(why) == 0 {
			t.Errorf("seed %d: the finished game's position passes the check", seed)
		}
	}
}

// TestPositionRecordRoundTrip: a position record encodes, decodes and
// replays to the same thing, and a record without a position is written
// exactly as before.
func TestPositionRecordRoundTrip(t *testing.T) {
	g := start(t, defaultSetup())
	g.walk("A", "E3").do(sa.SpyShot(false))
	p := sa.PositionOf(g.s)
	rec := positionRecord(t, defaultSetup(), p, []sa.Action{sa.SpyShot(true), sa.Move("E2")})
	s1, err := sa.Replay(rec)
	if err != nil {
		t.Fatal(err)
	}
	again, err := sa.NewRecord(s1.Setup(), rec.Seed, []sa.Action{sa.SpyShot(true), sa.Move("E2")})
	if err != nil {
		t.Fatal(err)
	}
	d1, err1 := record.Digest(again)
	d2, err2 := record.Digest(rec)
	if err1 != nil || err2 != nil || d1 != d2 {
		t.Errorf("the record written from the replayed state is another record (%v, %v)", err1, err2)
	}
	s2, err := sa.Replay(again)
	if err != nil {
		t.Fatal(err)
	}
	if snapJSON(t, s1) != snapJSON(t, s2) {
		t.Error("the two replays differ")
	}
	want := snapJSON(t, g.do(sa.SpyShot(true), sa.Move("E2")).s)
	if got := snapJSON(t, s1); got != want {
		t.Errorf("the position record ends as\n%s\nthe game as\n%s", got, want)
	}

	plain, err := json.Marshal(defaultSetup())
	if err != nil {
		t.Fatal(err)
	}
	if string(plain) != `{"victory":12,"spy":"Ana","mage":"Ben","options":{}}` {
		t.Errorf("a setup without a position is written as %s", plain)
	}
}

// base is a legal mid-game position the refusal rows below each break in
// one way: turn 2, the spy at E3 having missed with the clock out, the mage
// answering with arrows.
func base() sa.Position {
	return sa.Position{
		Turn: 2, Half: sa.HalfSpy,
		Spy:       sa.SpyPosition{At: "E3", Health: 3, Armour: 1, Travel: []int{3}, Points: 0},
		ShotClock: 0, Misses: 1,
		Mage: sa.MagePosition{
			Arrows: 2, Leaps: 1, SpellClock: 5,
			Court: []int{1, 2, 3, 4, 5}, Bench: []int{6, 7, 8}, Bonus: []int{10, 11, 12, 13, 14, 15, 16, 17, 18},
		},
		Elves:  map[string]int{"E3": 1},
		Giants: map[string]int{"E4-W4": 2},
		Window: &sa.WindowSnapshot{},
	}
}

func TestImpossiblePositions(t *testing.T) {
	if why := sa.CheckPosition(defaultSetup(), base()); len(why) > 0 {
		t.Fatalf("the base position is refused: %v", why)
	}
	rows := []struct {
		name   string
		change func(p *sa.Position)
		reason string // a part of the one reason expected
	}{
		{"turn beyond the game", func(p *sa.Position) { p.Turn = 6 }, "turn 6: the game has turns 1 to 5"},
		{"last mage half", func(p *sa.Position) { p.Turn = 5; *p = mageHalf(*p) }, "the mage half of the last turn (5) is never played"},
		{"unknown half", func(p *sa.Position) { p.Half = "lunch" }, `the half is "spy" or "mage", not "lunch"`},
		{"spy nowhere", func(p *sa.Position) { p.Spy.At = "Z9" }, `the spy stands on "Z9", which is not a place on the map`},
		{"health above max", func(p *sa.Position) { p.Spy.Health = 7 }, "health 7: health is at most 6"},
		{"captured spy", func(p *sa.Position) { p.Spy.Health = 0 }, "health 0: a spy at 0 or less is captured"},
		{"armour above max", func(p *sa.Position) { p.Spy.Armour = 3 }, "armour 3: the spy holds 0 to 2 armour counters"},
		{"travel counter of 4", func(p *sa.Position) { p.Spy.Travel = []int{3, 4} }, "travel counter 2 is worth 4"},
		{"points reach victory", func(p *sa.Position) { p.Spy.Points = 12 }, "points 12 reach the Victory Number 12"},
		{"one point", func(p *sa.Position) { p.Spy.Points = 1 }, "points 1: an escape scores travel counters of 2 and 3"},
		{"shot clock beyond its limit", func(p *sa.Position) { p.ShotClock = 7; p.Misses = 0 }, "shot clock 7: it counts down from 6 to 0"},
		{"three misses", func(p *sa.Position) { p.Misses = 3 }, "3 miss counters: the spy holds 0 to 2 miss counters"},
		{"misses before the clock is out", func(p *sa.Position) { p.ShotClock = 3 }, "1 miss counter with the shot clock at 3"},
		{"arrows above max", func(p *sa.Position) { p.Mage.Arrows = 6 }, "6 arrows: the mage holds 0 to 5"},
		{"leaps above max", func(p *sa.Position) { p.Mage.Leaps = 6 }, "6 leaps: the mage holds 0 to 5"},
		{"spell clock in the spy half", func(p *sa.Position) { p.Mage.SpellClock = 3 }, "spell clock 3 in the spy half"},
		{"two fails", func(p *sa.Position) { *p = mageHalf(*p); p.Mage.Fails = 2 }, "2 spell fails: the mage holds 0 to 1"},
		{"card in two places", func(p *sa.Position) { p.Mage.Bench = []int{5, 6, 7, 8} }, "card 5 (Watchtower) is in two places: the court and the bench"},
		{"card nowhere", func(p *sa.Position) { p.Mage.Bench = []int{6, 7} }, "card 8 (Hourglass) is nowhere"},
		{"librarian's bench on the court", func(p *sa.Position) { p.Mage.Bench = []int{6, 7, 8, 9} }, "lists card 9: Librarian's Bench is never"},
		{"six court spells", func(p *sa.Position) { p.Mage.Court = []int{1, 2, 3, 4, 5, 6}; p.Mage.Bench = []int{7, 8} }, "6 spells on the court: the court always holds 5"},
		{"bench card among the bonus", func(p *sa.Position) { p.Mage.Bench = []int{6, 7}; p.Mage.Bonus = append(p.Mage.Bonus, 8) }, "card 8 (Hourglass) is among the bonus spells"},
		{"bonus out of order", func(p *sa.Position) {
			p.Mage.Bench = []int{6, 7, 8, 11}
			p.Mage.Bonus = []int{10, 12, 13, 14, 15, 16, 17, 18}
		}, "bonus spell 11 (Titan) has joined the bench while 10 (Elf Legion) is still out"},
		{"too many elf cones", func(p *sa.Position) { p.Elves["E3"] = 2 }, "2 elf cones on E3: an on-the-arc town holds at most 1"},
		{"elf cone on the armoury", func(p *sa.Position) { p.Elves["A"] = 1 }, "elf cones on A: only towns and gates can be guarded"},
		{"giant off the map", func(p *sa.Position) { p.Giants["B-P"] = 1 }, "a giant on B-P, which is not a road span of the map"},
		{"giant named twice", func(p *sa.Position) { p.Giants["W4-E4"] = 1 }, "two giants on E4-W4: one giant per span"},
		{"giant too big", func(p *sa.Position) { p.Giants["E4-W4"] = 8 }, "a giant of 8 cones on E4-W4: the biggest giant the deck can raise has 7"},
		{"turn 1 with arrows", func(p *sa.Position) { p.Turn = 1 }, "arrows, leaps, elf cones or giants in turn 1's spy half"},
		{"hurt without elves", func(p *sa.Position) { p.Elves = nil; p.Window = nil }, "health 3 with no elf cone on the map"},
		{"paid at a gate", func(p *sa.Position) {
			p.Window = nil
			p.Spy.At = "EG"
			p.Elves = map[string]int{"EG": 1}
			p.Spy.Paid = 2
		}, "2 baskets paid at the gate EG, whose toll is 2"},
		{"paid above the toll", func(p *sa.Position) { p.Window = nil; p.Spy.Paid = 3 }, "3 baskets paid at E3, whose toll is 2"},
		{"on a portal having paid", func(p *sa.Position) { p.Window = nil; p.Spy.At = "G4"; p.Spy.Paid = 1 }, "1 basket paid on the portal G4"},
		{"fights a giant elsewhere", func(p *sa.Position) { p.Spy.Paid = 2; p.Spy.Engaged = "E4-W4" }, "the spy at E3 fights the giant on E4-W4"},
		{"fights no giant", func(p *sa.Position) { p.Spy.Paid = 2; p.Spy.Engaged = "E3-E4" }, "the spy fights a giant on E3-E4, but no giant stands there"},
		{"fights before paying", func(p *sa.Position) { p.Giants["E3-E4"] = 2; p.Spy.Engaged = "E3-E4" }, "the spy fights the giant on E3-E4 with 0 of 2 baskets paid at E3"},
		{"shots with a full clock", func(p *sa.Position) { p.ShotClock = 6; p.Misses = 0 }, "a miss answered with the shot clock at 6"},
		{"volley and leap at once", func(p *sa.Position) {
			p.Window = &sa.WindowSnapshot{VolleyUsed: true, LeapUsed: true, Volley: true, Leap: true}
		}, "a volley and a leap run both under way"},
		{"window with no answer", func(p *sa.Position) { p.Mage.Arrows = 0; p.Mage.Leaps = 0 }, "a response window with no answer left"},
		{"window after the toll", func(p *sa.Position) { p.Spy.Paid = 2 }, "a response window with nothing left to shoot at E3"},
		{"cast in the spy half", func(p *sa.Position) { p.Cast = &sa.CastPosition{Card: 1} }, "a cast in the spy half"},
		{"response window in the mage half", func(p *sa.Position) { *p = mageHalf(*p); p.Window = &sa.WindowSnapshot{} }, "a response window in the mage half"},
		{"clock out between casts", func(p *sa.Position) { *p = mageHalf(*p); p.Mage.SpellClock = 0 }, "spell clock 0 between casts"},
		{"casting a bench card", func(p *sa.Position) { *p = mageHalf(*p); p.Cast = &sa.CastPosition{Card: 6} }, "card 6 is being cast but is not on the court"},
		{"cast past its grace", func(p *sa.Position) {
			*p = mageHalf(*p)
			p.Cast = &sa.CastPosition{Card: 1, Misses: 2}
			p.Mage.LastCourtSpell = 1
		}, "Elven Sentry is cast with 2 misses: it has 1 grace"},
		{"cast not the last court spell", func(p *sa.Position) { *p = mageHalf(*p); p.Cast = &sa.CastPosition{Card: 2, Spot: 1} }, "card 2 is under way but the last court spell is 0"},
		{"pending of the wrong kind", func(p *sa.Position) {
			*p = mageHalf(*p)
			p.Pending = &sa.PendingSnapshot{Kind: sa.EffectElf, Remaining: 1, Card: 2}
			p.Mage.LastCourtSpell = 2
		}, `Stone Giant waits for "elf", but its effect is "giant"`},
		{"last court spell off the court", func(p *sa.Position) { *p = mageHalf(*p); p.Mage.LastCourtSpell = 7 }, "the last court spell is card 7, which is not on the court"},
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			p := base()
			p.Elves = map[string]int{"E3": 1}
			p.Giants = map[string]int{"E4-W4": 2}
			row.change(&p)
			why := sa.CheckPosition(defaultSetup(), p)
			if len(why) != 1 || !strings.Contains(why[0], row.reason) {
				t.Fatalf("reasons %q, want one containing %q", why, row.reason)
			}
			// Replay refuses the record as a bad setup, with the reason.
			_, err := sa.Replay(positionRecord(t, defaultSetup(), p, nil))
			var pe *sa.PositionError
			if !errors.As(err, &pe) || !errors.Is(err, sa.ErrBadSetup) || !record.IsSetupError(err) || !strings.Contains(err.Error(), row.reason) {
				t.Fatalf("replay says %v", err)
			}
		})
	}
}

// mageHalf turns the base position into the mage's half of its turn.
func mageHalf(p sa.Position) sa.Position {
	p.Half = sa.HalfMage
	p.ShotClock, p.Misses, p.Window = 6, 0, nil
	return p
}

// TestImpossiblePositionListsEveryReason: a position wrong in several ways
// is refused with each of them, not the first alone.
func TestImpossiblePositionListsEveryReason(t *testing.T) {
	p := base()
	p.Spy.Health, p.Mage.Arrows, p.ShotClock = 9, 7, 8
	why := sa.CheckPosition(defaultSetup(), p)
	for _, want := range []string{"health 9", "7 arrows", "shot clock 8"} {
		if !slices.ContainsFunc(why, func(w string) bool { return strings.Contains(w, want) }) {
			t.Errorf("no reason about %q in %q", want, why)
		}
	}
}

// TestPositionKeysRequired: a position leaving a number out is refused by
// name, not read as 0.
func TestPositionKeysRequired(t *testing.T) {
	raw := `{"victory":12,"spy":"Ana","mage":"Ben","position":{"turn":1,"half":"spy","spy":{"at":"B","health":4,"armour":0,"points":0},"misses":0,"mage":{"arrows":0,"leaps":0,"spellClock":5,"fails":0,"court":[1,2,3,4,5],"bench":[6,7,8]}}}`
	_, err := sa.ParseSetup([]byte(raw))
	for _, want := range []string{`"shotClock"`, `"mage.bonus"`} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseSetup says %v, want a reason naming %s", err, want)
		}
	}
	if !errors.Is(err, sa.ErrBadSetup) {
		t.Errorf("%v is not a bad setup", err)
	}
}

func TestPositionNullRefused(t *testing.T) {
	_, err := sa.ParseSetup([]byte(`{"victory":12,"spy":"Ana","mage":"Ben","position":null}`))
	if !errors.Is(err, sa.ErrBadSetup) || !strings.Contains(err.Error(), `"position" is an object`) {
		t.Errorf("a null position: %v", err)
	}
}

// TestPositionSharesNothing: writing into the position a game was started
// from, or into the setup it hands back, changes nothing in the game.
func TestPositionSharesNothing(t *testing.T) {
	p := base()
	setup, err := sa.FromPosition(defaultSetup(), p)
	if err != nil {
		t.Fatal(err)
	}
	s, err := sa.New(setup, 1)
	if err != nil {
		t.Fatal(err)
	}
	want := snapJSON(t, s)
	wantSetup, _ := json.Marshal(s.Setup())
	setup.Position.Elves["W3"] = 1
	setup.Position.Mage.Court[0] = 9
	got := s.Setup()
	got.Position.Giants["A-B"] = 3
	got.Position.Spy.Travel[0] = 2
	if snapJSON(t, s) != want {
		t.Error("the game changed")
	}
	if again, _ := json.Marshal(s.Setup()); string(again) != string(wantSetup) {
		t.Errorf("the game's setup changed:\n%s\n%s", again, wantSetup)
	}
}
