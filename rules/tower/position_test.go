package tower_test

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/rules/tower"
)

func towerSetup() tower.Setup { return tower.Setup{General: "Ana", Mage: "Ben"} }

// positionRecord is the record starting from p with the actions, written
// out and parsed back.
func positionRecord(t *testing.T, setup tower.Setup, p tower.Position, actions []tower.Action) record.Record {
	t.Helper()
	setup.Faces, setup.Position = nil, &p
	raw, err := json.Marshal(setup)
	if err != nil {
		t.Fatal(err)
	}
	rec := record.Record{Game: record.MagesTower, Version: record.FormatVersion, Seed: 5, Setup: raw, Actions: []json.RawMessage{}}
	for _, a := range actions {
		b, err := json.Marshal(a)
		if err != nil {
			t.Fatal(err)
		}
		rec.Actions = append(rec.Actions, b)
	}
	data, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	back, err := record.Parse(data)
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	return back
}

// view is a snapshot without the count of actions since the record's
// start, which a record from a position begins again at 0.
func view(t *testing.T, s tower.State) string {
	t.Helper()
	sn := s.Snapshot()
	sn.Moves = 0
	b, err := json.Marshal(sn)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestPositionsOfBotGames: every moment of real games (random and greedy
// bots, both options) passes the check, starts as that very state, and a
// record from it replays to the same end as the whole record.
func TestPositionsOfBotGames(t *testing.T) {
	bots := []tower.Bot{tower.RandomBot{}, tower.GreedyGeneral{}, tower.GreedyMage{}}
	for seed := int64(1); seed <= 60; seed++ {
		setup := towerSetup()
		setup.Options.ThumbsMayStay = seed%4 == 0
		s, err := tower.New(setup, seed)
		if err != nil {
			t.Fatal(err)
		}
		full := s.Setup()
		r := rand.New(rand.NewPCG(uint64(seed), 11))
		var states []tower.State
		var actions []tower.Action
		for !s.Over() && len(actions) < 400 {
			states = append(states, s)
			a, err := bots[r.IntN(3)].Choose(s, r)
			if err != nil {
				t.Fatal(err)
			}
			n, err := tower.Apply(s, a)
			if err != nil {
				t.Fatal(err)
			}
			actions = append(actions, a)
			s = n
		}
		final := view(t, s)
		for i, st := range states {
			p := tower.PositionOf(st)
			if why := tower.CheckPosition(full, p); len(why) > 0 {
				pj, _ := json.Marshal(p)
				t.Fatalf("seed %d, after %d actions: a real position is refused: %s\n%s", seed, i, strings.Join(why, "; "), pj)
			}
			from, err := tower.FromPosition(full, p)
			if err != nil {
				t.Fatal(err)
			}
			got, err := tower.New(from, 1)
			if err != nil {
				t.Fatal(err)
			}
			if g, w := view(t, got), view(t, st); g != w {
				t.Fatalf("seed %d, after %d actions: starts as\n%s\nnot\n%s", seed, i, g, w)
			}
			end, err := tower.Replay(positionRecord(t, full, p, actions[i:]))
			if err != nil {
				t.Fatalf("seed %d, from action %d: %v", seed, i, err)
			}
			if g := view(t, end); g != final {
				t.Fatalf("seed %d, from action %d: ends as\n%s\nnot\n%s", seed, i, g, final)
			}
		}
		if why := tower.CheckPosition(full, tower.PositionOf(s)); len(why) == 0 {
			t.Errorf("seed %d: the finished game passes as a position", seed)
		}
	}
}

// TestPositionRecordRoundTrip: the setup a position game hands back is the
// one it came from, and a setup without a position is written as before.
func TestPositionRecordRoundTrip(t *testing.T) {
	p := towerBase()
	rec := positionRecord(t, towerSetup(), p, []tower.Action{adv(1, "M1"), end})
	s, err := tower.Replay(rec)
	if err != nil {
		t.Fatal(err)
	}
	again := positionRecord(t, s.Setup(), *s.Setup().Position, []tower.Action{adv(1, "M1"), end})
	d1, _ := record.Digest(rec)
	d2, _ := record.Digest(again)
	if d1 != d2 {
		t.Errorf("the replayed game's setup is another start:\n%s\n%s", rec.Setup, again.Setup)
	}
	plain, _ := json.Marshal(tower.Setup{General: "Ana", Mage: "Ben", Faces: make([]tower.Face, 9)})
	if !strings.HasPrefix(string(plain), `{"general":"Ana","mage":"Ben","faces":[`) || strings.Contains(string(plain), "position") {
		t.Errorf("a setup without a position is written as %s", plain)
	}
	raw := `{"general":"Ana","mage":"Ben","faces":["heads","heads","heads","heads","heads","heads","heads","heads","heads"],"position":` + string(must(json.Marshal(p))) + `}`
	if _, err := tower.ParseSetup([]byte(raw)); err == nil || !strings.Contains(err.Error(), `leave "faces" out`) {
		t.Errorf("faces and a position together: %v", err)
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

// towerBase is a legal position the rows below each break in one way: turn
// 3, the General advancing after placing S1 and moving L3 on.
func towerBase() tower.Position {
	H, T := tower.Heads, tower.Tails
	return tower.Position{
		Turn: 3, Phase: tower.PhaseAdvance,
		Camp:     []string{"M3", "S2", "S3"},
		Zones:    [4][]string{{"M1", "S1"}, {"L1", "L3"}, {"M2"}, {}},
		Removed:  []string{"L2"},
		Faces:    []tower.Face{T, H, H, H, T, H, H, T, T},
		Moved:    []string{"S1", "L3"},
		LeftZone: [5]int{0, 1, 0, 0, 0},
		Thumbs:   tower.PositionThumbs{Left: 2, Right: 3},
	}
}

// turnOne is the opening as a position.
func turnOne() tower.Position {
	return tower.Position{Turn: 1, Phase: tower.PhasePlace, Camp: tower.CoinIDs(), Faces: make([]tower.Face, 9)}
}

func TestImpossibleTowerPositions(t *testing.T) {
	if why := tower.CheckPosition(towerSetup(), towerBase()); len(why) > 0 {
		t.Fatalf("the base position is refused: %v", why)
	}
	rows := []struct {
		name   string
		change func(p *tower.Position)
		reason string
	}{
		{"turn 0", func(p *tower.Position) { p.Turn = 0 }, "turn 0: turns count from 1"},
		{"over", func(p *tower.Position) { p.Phase = tower.PhaseOver }, "the game is over"},
		{"unknown phase", func(p *tower.Position) { p.Phase = "nap" }, `not "nap"`},
		{"coin in two places", func(p *tower.Position) { p.Removed = []string{"L2", "M3"} }, "M3 is in two places: the camp and the removed coins"},
		{"coin nowhere", func(p *tower.Position) { p.Removed = nil }, "L2 is nowhere"},
		{"not a coin", func(p *tower.Position) { p.Camp = append(p.Camp, "X1") }, `the camp lists "X1", which is not a coin`},
		{"coin twice in a zone", func(p *tower.Position) { p.Zones[2] = []string{"M2", "M2"} }, "zone 3 lists M2 twice"},
		{"all removed", func(p *tower.Position) {
			p.Camp, p.Zones, p.Moved, p.LeftZone = nil, [4][]string{}, nil, [5]int{}
			p.Removed = tower.CoinIDs()
		}, "all nine soldiers are removed"},
		{"eight faces", func(p *tower.Position) { p.Faces = p.Faces[:8] }, "faces lists 8 coins"},
		{"thumb below the card", func(p *tower.Position) { p.Thumbs.Left = 9 }, "the left thumb has uncovered 9 rows: the card has 8"},
		{"one thumb at the top", func(p *tower.Position) { p.Thumbs.Right = 0 }, "one thumb is at the top and the other is not"},
		{"thumbs too high for the turn", func(p *tower.Position) { p.Turn = 5 }, "the Mage has cast 4 times but the thumbs have uncovered only 2 and 3 rows"},
		{"thumbs at the top after casts", func(p *tower.Position) {
			p.Thumbs = tower.PositionThumbs{}
			p.Removed = nil
			p.Camp = append(p.Camp, "L2")
		}, "the thumbs at the top and neither the Tome nor the skip used"},
		{"skip in turn 1", func(p *tower.Position) { *p = turnOne(); p.SkipUsed = true }, "the skip or the Tome used in turn 1"},
		{"placing with an empty camp", func(p *tower.Position) {
			p.Phase = tower.PhasePlace
			p.Zones[0] = append(p.Zones[0], p.Camp...)
			p.Camp, p.Moved, p.LeftZone = nil, nil, [5]int{}
		}, "the General places coins with the camp empty"},
		{"moved before placing", func(p *tower.Position) { p.Phase = tower.PhasePlace }, "soldiers moved before placing"},
		{"left zone 4", func(p *tower.Position) { p.LeftZone[4] = 1 }, "1 soldiers left zone 4 this turn"},
		{"four left a zone", func(p *tower.Position) { p.LeftZone[2] = 4 }, "4 soldiers left zone 2 this turn: 0 to 3"},
		{"moved coin in the camp", func(p *tower.Position) { p.Moved = append(p.Moved, "M3") }, "M3 moved this turn but is in the camp"},
		{"nothing placed with a camp", func(p *tower.Position) { p.Moved = []string{"L3"} }, "coins in the camp but none placed this turn"},
		{"arrivals and departures differ", func(p *tower.Position) { p.LeftZone[1] = 2 }, "1 soldiers in zone 2 moved this turn but 2 left zone 1"},
		{"zone 2 in turn 1", func(p *tower.Position) {
			*p = turnOne()
			p.Phase, p.Camp = tower.PhaseAdvance, slices.DeleteFunc(p.Camp, func(id string) bool { return id == "S1" || id == "L1" })
			p.Zones[0], p.Zones[1], p.Moved = []string{"S1"}, []string{"L1"}, []string{"S1"}
		}, "soldiers in zone 2 in turn 1"},
		{"mage stuck without a skip", func(p *tower.Position) {
			p.Phase, p.SkipUsed, p.Thumbs = tower.PhaseCast, true, tower.PositionThumbs{Left: 8, Right: 8}
		}, "the Mage can neither cast nor skip"},
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			p := towerBase()
			row.change(&p)
			why := tower.CheckPosition(towerSetup(), p)
			if len(why) != 1 || !strings.Contains(why[0], row.reason) {
				t.Fatalf("reasons %q, want one containing %q", why, row.reason)
			}
			_, err := tower.Replay(positionRecord(t, towerSetup(), p, nil))
			var pe *tower.PositionError
			if !errors.As(err, &pe) || !errors.Is(err, tower.ErrBadSetup) || !record.IsSetupError(err) || !strings.Contains(err.Error(), row.reason) {
				t.Fatalf("replay says %v", err)
			}
		})
	}
}

func TestImpossibleTowerPositionListsEveryReason(t *testing.T) {
	p := towerBase()
	p.Turn, p.Thumbs.Left, p.LeftZone[3] = 0, 12, 5
	why := tower.CheckPosition(towerSetup(), p)
	for _, want := range []string{"turn 0", "12 rows", "5 soldiers left zone 3"} {
		if !slices.ContainsFunc(why, func(w string) bool { return strings.Contains(w, want) }) {
			t.Errorf("no reason about %q in %q", want, why)
		}
	}
}

func TestTowerPositionKeysRequired(t *testing.T) {
	raw := `{"general":"Ana","mage":"Ben","position":{"turn":1,"phase":"place","camp":["L1","L2","L3","M1","M2","M3","S1","S2","S3"],"zones":[[],[],[],[],[]],"removed":[],"thumbs":{"left":0,"right":0},"tomeUsed":false,"skipUsed":false}}`
	_, err := tower.ParseSetup([]byte(raw))
	for _, want := range []string{`"faces"`, `"zones" lists 5 entries, not 4`} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseSetup says %v, want %s", err, want)
		}
	}
}

func TestTowerPositionNullRefused(t *testing.T) {
	_, err := tower.ParseSetup([]byte(`{"general":"Ana","mage":"Ben","position":null}`))
	if !errors.Is(err, tower.ErrBadSetup) || !strings.Contains(err.Error(), `"position" is an object`) {
		t.Errorf("a null position: %v", err)
	}
}
