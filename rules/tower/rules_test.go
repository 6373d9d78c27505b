package tower_test

import (
	"slices"
	"testing"

	"github.com/grimoire-games/grimoire/rules/tower"
)

// walk brings L1 to zone 4 over four General turns while the Mage spends
// harmless casts on L2/L3 (default card).
var walk = []tower.Action{
	place("L1"), end, skip,
	place("L2"), adv(1, "L1"), end, lightning(1, 1, "L2:1"),
	place("L3"), adv(2, "L1"), end, lightning(3, 4, "L3:2"),
	place("M1"), adv(3, "L1"), end, lightning(5, 8, "L2:2"),
}

func TestRules(t *testing.T) {
	tests := []struct {
		rule  string
		setup tower.Setup
		acts  []tower.Action
		check func(t *testing.T, s tower.State, sn tower.Snapshot)
	}{
		{"the General places 1 to 3 camp coins on the Field, in the order given", faces(), []tower.Action{place("S1", "L1")},
			func(t *testing.T, s tower.State, sn tower.Snapshot) {
				eq(t, sn.Zones[0], []string{"S1", "L1"})
				eq(t, sn.Camp, []string{"L2", "L3", "M1", "M2", "M3", "S2", "S3"})
				if sn.Phase != tower.PhaseAdvance || sn.ToPlay != tower.General {
					t.Errorf("phase %s, to play %s; want advance, general", sn.Phase, sn.ToPlay)
				}
			}},
		{"arrivals join the right end of a zone", faces(), []tower.Action{place("L1", "L2"), end, skip, place("L3"), adv(1, "L2", "L1")},
			func(t *testing.T, s tower.State, sn tower.Snapshot) {
				eq(t, sn.Zones[0], []string{"L3"})
				eq(t, sn.Zones[1], []string{"L2", "L1"})
				if c := coin(sn, "L1"); c.Zone != 2 || c.Order != 2 {
					t.Errorf("L1 at zone %d order %d, want zone 2 order 2", c.Zone, c.Order)
				}
			}},
		{"advancing may be split over actions, up to 3 per zone", faces(), []tower.Action{place("L1", "L2", "L3"), end, skip, place("M1"), adv(1, "L1"), adv(1, "L3", "L2")},
			func(t *testing.T, s tower.State, sn tower.Snapshot) {
				eq(t, sn.Zones[1], []string{"L1", "L3", "L2"})
				if ch := tower.Legal(s); len(ch.Advance) != 0 {
					t.Errorf("after 3 left zone 1 nothing may advance, got %+v", ch.Advance)
				}
			}},
		{"a soldier leaving zone 4 reaches the Tower and the General wins", faces(), append(slices.Clone(walk), place("M2"), adv(4, "L1")),
			func(t *testing.T, s tower.State, sn tower.Snapshot) {
				if !sn.Over || sn.Winner != tower.General || sn.Reason != tower.ReasonTower {
					t.Errorf("over %v winner %q reason %q; want the General by the tower", sn.Over, sn.Winner, sn.Reason)
				}
				eq(t, sn.Tower, []string{"L1"})
			}},
		{"a flip gives a heads soldier a shield and ends the turn", faces(), []tower.Action{place("L1"), flip("L1")},
			func(t *testing.T, s tower.State, sn tower.Snapshot) {
				if coin(sn, "L1").Face != "tails" || sn.ToPlay != tower.Mage {
					t.Errorf("L1 %s, to play %s", coin(sn, "L1").Face, sn.ToPlay)
				}
			}},
		{"a coin in the camp may be flipped", faces(), []tower.Action{place("L1"), flip("S3")},
			func(t *testing.T, s tower.State, sn tower.Snapshot) {
				if c := coin(sn, "S3"); c.Face != "tails" || c.Where != "camp" {
					t.Errorf("S3 %s in %s", c.Face, c.Where)
				}
			}},
		{"the Mage's damage is the last number the left thumb uncovers", faces(), []tower.Action{place("L1"), end, lightning(4, 1, "L1:4")},
			func(t *testing.T, s tower.State, sn tower.Snapshot) {
				if sn.Thumbs.Left != 4 || sn.Thumbs.Right != 1 || sn.Thumbs.Damage != 4 || sn.Thumbs.Spell != "lightning" {
					t.Errorf("thumbs %+v", sn.Thumbs)
				}
				eq(t, sn.Removed, []string{"L1"})
			}},
		{"a shield takes the first point and the coin turns heads", faces("L1"), []tower.Action{place("L1"), end, lightning(2, 1, "L1:3")},
			func(t *testing.T, s tower.State, sn tower.Snapshot) {
				if c := coin(sn, "L1"); c.Where != "zone" || c.Face != "heads" {
					t.Errorf("L1 %s in %s, want heads in a zone", c.Face, c.Where)
				}
			}},
		{"a soldier falls when its damage reaches its health", faces(), []tower.Action{place("M1", "S1"), end, lightning(2, 1, "M1:2", "S1:1")},
			func(t *testing.T, s tower.State, sn tower.Snapshot) {
				eq(t, sn.Removed, []string{"M1", "S1"})
			}},
		{"damage is wiped when the Mage's turn ends", faces(), []tower.Action{place("L1"), end, lightning(3, 1, "L1:2")},
			func(t *testing.T, s tower.State, sn tower.Snapshot) {
				if c := coin(sn, "L1"); c.Where != "zone" || c.Damage != 0 {
					t.Errorf("L1 %s with damage %d, want standing with 0", c.Where, c.Damage)
				}
				if sn.Turn != 2 || sn.ToPlay != tower.General {
					t.Errorf("turn %d to play %s", sn.Turn, sn.ToPlay)
				}
			}},
		{"Lightning may split its damage over two zones", faces(), []tower.Action{place("S1", "S2"), end, skip, place("S3"), adv(1, "S1"), end, lightning(2, 1, "S1:1", "S2:1", "S3:1")},
			func(t *testing.T, s tower.State, sn tower.Snapshot) {
				eq(t, sn.Removed, []string{"S1", "S2", "S3"})
			}},
		{"Fireball hits the rightmost soldier of every occupied zone", faces(), []tower.Action{place("S1", "S2"), end, skip, place("S3", "M1"), adv(1, "S1", "S2"), end, fireball(3, 3, tower.Rightmost)},
			func(t *testing.T, s tower.State, sn tower.Snapshot) {
				eq(t, sn.Removed, []string{"M1", "S2"})
				eq(t, sn.Zones[0], []string{"S3"})
				eq(t, sn.Zones[1], []string{"S1"})
			}},
		{"Fireball hits the leftmost soldier of every occupied zone", faces(), []tower.Action{place("S1", "S2"), end, skip, place("S3", "M1"), adv(1, "S1", "S2"), end, fireball(3, 3, tower.Leftmost)},
			func(t *testing.T, s tower.State, sn tower.Snapshot) {
				eq(t, sn.Removed, []string{"S3", "S1"})
			}},
		{"Wave hits a whole zone and its survivors go back, the Field to the camp", faces(), []tower.Action{place("L1", "S1", "M1"), end, wave(1, 2, 1)},
			func(t *testing.T, s tower.State, sn tower.Snapshot) {
				eq(t, sn.Removed, []string{"S1"})
				eq(t, sn.Zones[0], []string{})
				if coin(sn, "L1").Where != "camp" || coin(sn, "M1").Where != "camp" {
					t.Errorf("L1, M1 should be back in camp: %+v", sn.Camp)
				}
			}},
		{"Wave pushes survivors back one zone, to its right end", faces(), []tower.Action{place("L1", "L2"), end, skip, place("L3"), adv(1, "L1"), end, wave(1, 2, 2)},
			func(t *testing.T, s tower.State, sn tower.Snapshot) {
				eq(t, sn.Zones[0], []string{"L2", "L3", "L1"})
			}},
		{"the Tome hits one soldier and sends both thumbs back to the top", faces(), []tower.Action{place("S1", "L1"), end, tome(6, 5, "S1")},
			func(t *testing.T, s tower.State, sn tower.Snapshot) {
				if !sn.TomeUsed || sn.Thumbs.Left != 0 || sn.Thumbs.Right != 0 {
					t.Errorf("tome used %v thumbs %+v", sn.TomeUsed, sn.Thumbs)
				}
				eq(t, sn.Removed, []string{"S1"})
				for _, r := range tower.Legal(afterGeneral(t, s)).SpellRows {
					if r.Spell == tower.Tome {
						t.Errorf("the Tome is offered again on row %d", r.Row)
					}
				}
			}},
		{"the Mage wins when the ninth soldier falls", faces(), []tower.Action{
			place("L1", "L2", "L3"), end, wave(2, 2, 1), // Wave for 3
			place("M1", "M2", "M3"), end, wave(3, 6, 1), // Wave for 2
			place("S1", "S2", "S3"), end, lightning(4, 8, "S1:2", "S2:1", "S3:1")},
			nil},
		{"a Mage whose thumb is at the bottom must skip", faces(), []tower.Action{place("L1", "L2"), end, lightning(8, 8, "L1:3", "L2:3"), place("L3"), end},
			func(t *testing.T, s tower.State, sn tower.Snapshot) {
				ch := tower.Legal(s)
				if !ch.Skip || len(ch.DamageRows) != 0 || len(ch.SpellRows) != 0 {
					t.Errorf("choices %+v, want only the skip", ch)
				}
			}},
		{"a Mage who can neither cast nor skip loses", faces(), []tower.Action{place("L1"), end, skip, place("L2"), end, lightning(8, 8, "L1:3", "L2:3"), place("L3"), end},
			func(t *testing.T, s tower.State, sn tower.Snapshot) {
				if sn.Winner != tower.General || sn.Reason != tower.ReasonBookDone {
					t.Errorf("winner %q reason %q", sn.Winner, sn.Reason)
				}
			}},
		{"house rule: a thumb may stay on its row", tower.Setup{General: "Ana", Mage: "Ben", Faces: faces().Faces, Options: tower.Options{ThumbsMayStay: true}},
			[]tower.Action{place("L1"), end, lightning(1, 1, "L1:1"), place("L2"), end, lightning(1, 1, "L2:1")},
			func(t *testing.T, s tower.State, sn tower.Snapshot) {
				if sn.Thumbs.Left != 1 || sn.Thumbs.Right != 1 {
					t.Errorf("thumbs %+v", sn.Thumbs)
				}
			}},
		{"with an empty camp the General's turn starts with advancing", faces(), []tower.Action{
			place("L1", "L2", "L3"), end, skip, place("M1", "M2", "M3"), end, lightning(1, 1, "L1:1"),
			place("S1", "S2", "S3"), end, lightning(2, 4, "L1:3")},
			func(t *testing.T, s tower.State, sn tower.Snapshot) {
				if sn.Phase != tower.PhaseAdvance || len(sn.Camp) != 0 {
					t.Errorf("phase %s camp %v", sn.Phase, sn.Camp)
				}
			}},
		{"the Mage's view hides the camp's faces", faces("S3"), []tower.Action{place("L1")},
			func(t *testing.T, s tower.State, sn tower.Snapshot) {
				if v := coin(s.View(tower.Mage), "S3"); v.Face != "hidden" {
					t.Errorf("Mage sees S3 as %s", v.Face)
				}
				if v := coin(s.View(tower.Mage), "L1"); v.Face != "heads" {
					t.Errorf("Mage sees L1 in zone 1 as %s", v.Face)
				}
				if v := coin(s.View(tower.General), "S3"); v.Face != "tails" {
					t.Errorf("General sees S3 as %s", v.Face)
				}
			}},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			s := play(t, tt.setup, tt.acts...)
			if tt.check == nil {
				sn := s.Snapshot()
				if sn.Winner != tower.Mage || sn.Reason != tower.ReasonAllFell || len(sn.Removed) != 9 {
					t.Errorf("winner %q reason %q removed %v", sn.Winner, sn.Reason, sn.Removed)
				}
				return
			}
			tt.check(t, s, s.Snapshot())
		})
	}
}

// afterGeneral plays a quiet General turn (place or end) to reach the Mage.
func afterGeneral(t *testing.T, s tower.State) tower.State {
	t.Helper()
	ch := tower.Legal(s)
	var err error
	if ch.Phase == tower.PhasePlace {
		if s, err = tower.Apply(s, place(ch.Place[0])); err != nil {
			t.Fatal(err)
		}
	}
	if s, err = tower.Apply(s, end); err != nil {
		t.Fatal(err)
	}
	return s
}

func eq(t *testing.T, got, want []string) {
	t.Helper()
	if got == nil {
		got = []string{}
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}
