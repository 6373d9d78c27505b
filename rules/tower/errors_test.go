package tower_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/rules/tower"
)

func TestErrors(t *testing.T) {
	atMage := []tower.Action{place("L1", "S1"), end}
	tests := []struct {
		name   string
		before []tower.Action
		bad    tower.Action
		want   error
	}{
		{"nothing is played after the game ends", append(walkTo4(), place("M2"), adv(4, "L1")), end, tower.ErrGameOver},
		{"the Mage does not act on the General's turn", nil, skip, tower.ErrNotYourTurn},
		{"the General does not act on the Mage's turn", atMage, end, tower.ErrNotYourTurn},
		{"an unknown action type", nil, tower.Action{Type: "dance"}, tower.ErrBadAction},
		{"placing comes before advancing", nil, adv(1, "L1"), tower.ErrIllegal},
		{"placing comes before ending", nil, end, tower.ErrIllegal},
		{"no more than 3 coins are placed", nil, place("L1", "L2", "L3", "M1"), tower.ErrIllegal},
		{"at least 1 coin is placed", nil, place(), tower.ErrIllegal},
		{"only camp coins are placed", []tower.Action{place("L1"), end, skip}, place("L1"), tower.ErrIllegal},
		{"a coin is listed once", nil, place("L1", "L1"), tower.ErrIllegal},
		{"an unknown coin", nil, place("X9"), tower.ErrBadAction},
		{"placing happens once per turn", []tower.Action{place("L1")}, place("L2"), tower.ErrIllegal},
		{"soldiers placed this turn do not advance", []tower.Action{place("L1")}, adv(1, "L1"), tower.ErrIllegal},
		{"a soldier moves one zone per turn", []tower.Action{place("L1"), end, skip, place("L2"), adv(1, "L1")}, adv(2, "L1"), tower.ErrIllegal},
		{"at most 3 soldiers leave a zone per turn", []tower.Action{place("L1", "L2", "L3"), end, skip, place("M1"), end, lightning(1, 1, "L1:1"), place("M2"), adv(1, "L1", "L2")}, adv(1, "L3", "M1"), tower.ErrIllegal},
		{"a soldier advances from its own zone", []tower.Action{place("L1"), end, skip, place("L2")}, adv(2, "L1"), tower.ErrIllegal},
		{"there is no zone 5", []tower.Action{place("L1")}, adv(5, "L1"), tower.ErrIllegal},
		{"a tails coin cannot be flipped", []tower.Action{place("S1")}, flip("L1"), tower.ErrIllegal},
		{"only a heads coin is flipped", []tower.Action{place("M1"), flip("M1"), skip, place("L2")}, flip("M1"), tower.ErrIllegal},
		{"a removed coin cannot be flipped", []tower.Action{place("S1"), end, lightning(1, 1, "S1:1"), place("L1")}, flip("S1"), tower.ErrIllegal},
		{"the left thumb never moves up", append(clone(atMage), lightning(4, 1, "L1:4"), place("L2"), end), lightning(3, 2, "L2:2"), tower.ErrIllegal},
		{"the right thumb must move down", append(clone(atMage), lightning(1, 4, "S1:1"), place("L2"), end), lightning(2, 4, "L2:3"), tower.ErrIllegal},
		{"the card has 8 rows", atMage, lightning(9, 1, "L1:1"), tower.ErrIllegal},
		{"the spell named must be on the row", atMage, tower.Action{Type: tower.Cast, DamageRow: 1, SpellRow: 1, Spell: tower.Wave, Zone: 1}, tower.ErrIllegal},
		{"Lightning deals exactly X", atMage, lightning(2, 1, "L1:1"), tower.ErrIllegal},
		{"Lightning hits soldiers on the board", atMage, lightning(1, 1, "L2:1"), tower.ErrIllegal},
		{"Lightning gives each soldier at least 1", atMage, lightning(1, 1, "L1:1", "S1:0"), tower.ErrIllegal},
		{"Lightning hits at most 2 zones", []tower.Action{place("M1"), end, skip, place("M2"), adv(1, "M1"), end, lightning(1, 1, "M1:1"), place("M3"), adv(2, "M1"), adv(1, "M2"), end}, lightning(2, 4, "M1:1", "M2:1", "M3:1"), tower.ErrIllegal},
		{"Lightning is aimed with hits", atMage, tower.Action{Type: tower.Cast, DamageRow: 1, SpellRow: 1, Zone: 1}, tower.ErrBadAction},
		{"Fireball takes a side", atMage, fireball(1, 3, "middle"), tower.ErrIllegal},
		{"Wave hits an occupied zone", atMage, wave(1, 2, 3), tower.ErrIllegal},
		{"the Tome hits a soldier on the board", atMage, tome(1, 5, "M1"), tower.ErrIllegal},
		{"the Tome is cast once per game", append(clone(atMage), tome(1, 5, "S1"), place("L2"), end), tome(2, 5, "L1"), tower.ErrIllegal},
		{"the skip is used once per game", []tower.Action{place("L1"), end, skip, place("L2"), end}, skip, tower.ErrIllegal},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := play(t, faces("L1"), tt.before...)
			snap := s.Snapshot()
			got, err := tower.Apply(s, tt.bad)
			if !errors.Is(err, tt.want) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
			if !reflect.DeepEqual(got.Snapshot(), snap) || !reflect.DeepEqual(s.Snapshot(), snap) {
				t.Errorf("a rejected action changed the state")
			}
			if _, perr := tower.Preview(s, tt.bad); !errors.Is(perr, tt.want) {
				t.Errorf("Preview err = %v, want %v", perr, tt.want)
			}
			t.Log(err)
		})
	}
}

func clone(a []tower.Action) []tower.Action { return append([]tower.Action(nil), a...) }

func walkTo4() []tower.Action {
	return []tower.Action{
		place("L1"), end, skip,
		place("L2"), adv(1, "L1"), end, lightning(1, 1, "L2:1"),
		place("L3"), adv(2, "L1"), end, lightning(3, 4, "L3:2"),
		place("M1"), adv(3, "L1"), end, lightning(5, 8, "L2:2"),
	}
}

func TestParseErrors(t *testing.T) {
	for _, tt := range []struct {
		name, in string
		want     error
	}{
		{"unknown key", `{"type":"end","x":1}`, tower.ErrBadAction},
		{"no type", `{}`, tower.ErrBadAction},
		{"place needs coins", `{"type":"place"}`, tower.ErrBadAction},
		{"end takes no coins", `{"type":"end","coins":["L1"]}`, tower.ErrBadAction},
		{"cast needs rows", `{"type":"cast","spellRow":1}`, tower.ErrBadAction},
		{"unknown coin", `{"type":"flip","coin":"Q1"}`, tower.ErrBadAction},
		{"unknown spell", `{"type":"cast","damageRow":1,"spellRow":1,"spell":"meteor"}`, tower.ErrBadAction},
	} {
		t.Run("action: "+tt.name, func(t *testing.T) {
			if _, err := tower.ParseAction([]byte(tt.in)); !errors.Is(err, tt.want) {
				t.Errorf("err = %v, want %v", err, tt.want)
			}
		})
	}
	for _, tt := range []struct{ name, in string }{
		{"empty card", `{"rows":[]}`},
		{"unknown spell", `{"rows":[{"damage":1,"spell":"meteor"}]}`},
		{"damage below 1", `{"rows":[{"damage":0,"spell":"wave"}]}`},
		{"no spell", `{"rows":[{"damage":2}]}`},
		{"unknown key", `{"rows":[{"damage":2,"spell":"wave","x":1}]}`},
		{"too many rows", `{"rows":[` + strings.Repeat(`{"damage":1,"spell":"wave"},`, 16) + `{"damage":1,"spell":"wave"}]}`},
	} {
		t.Run("card: "+tt.name, func(t *testing.T) {
			if _, err := tower.ParseCard([]byte(tt.in)); !errors.Is(err, tower.ErrBadCard) {
				t.Errorf("err = %v, want ErrBadCard", err)
			}
		})
	}
	for _, tt := range []struct{ name, in string }{
		{"too few faces", `{"general":"a","mage":"b","faces":["heads"]}`},
		{"bad face", `{"general":"a","mage":"b","faces":["up","heads","heads","heads","heads","heads","heads","heads","heads"]}`},
		{"unknown option", `{"general":"a","mage":"b","options":{"fast":true}}`},
		{"bad card", `{"general":"a","mage":"b","card":{"rows":[]}}`},
	} {
		t.Run("setup: "+tt.name, func(t *testing.T) {
			if _, err := tower.ParseSetup([]byte(tt.in)); !errors.Is(err, tower.ErrBadSetup) {
				t.Errorf("err = %v, want ErrBadSetup", err)
			}
		})
	}
}
