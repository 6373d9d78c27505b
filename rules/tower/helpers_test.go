package tower_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/rules/tower"
)

// Shorthands for actions, so table rows read like play.
func place(ids ...string) tower.Action { return tower.Action{Type: tower.Place, Coins: ids} }
func adv(zone int, ids ...string) tower.Action {
	return tower.Action{Type: tower.Advance, Zone: zone, Coins: ids}
}
func flip(id string) tower.Action { return tower.Action{Type: tower.Flip, Coin: id} }

var (
	end  = tower.Action{Type: tower.End}
	skip = tower.Action{Type: tower.Skip}
)

// lightning(d, s, "L1:2", "S1:1")
func lightning(d, s int, hits ...string) tower.Action {
	a := tower.Action{Type: tower.Cast, DamageRow: d, SpellRow: s}
	for _, h := range hits {
		id, n, _ := strings.Cut(h, ":")
		k, _ := strconv.Atoi(n)
		a.Hits = append(a.Hits, tower.Hit{Coin: id, Damage: k})
	}
	return a
}
func fireball(d, s int, side string) tower.Action {
	return tower.Action{Type: tower.Cast, DamageRow: d, SpellRow: s, Side: side}
}
func wave(d, s, zone int) tower.Action {
	return tower.Action{Type: tower.Cast, DamageRow: d, SpellRow: s, Zone: zone}
}
func tome(d, s int, id string) tower.Action {
	return tower.Action{Type: tower.Cast, DamageRow: d, SpellRow: s, Coin: id}
}

// faces builds a setup whose coins are heads except the listed tails.
func faces(tails ...string) tower.Setup {
	f := make([]tower.Face, tower.NumCoins)
	for k, id := range tower.CoinIDs() {
		for _, t := range tails {
			if t == id {
				f[k] = tower.Tails
			}
		}
	}
	return tower.Setup{General: "Ana", Mage: "Ben", Faces: f}
}

// play applies actions from a new game and fails the test on any error.
func play(t testing.TB, su tower.Setup, acts ...tower.Action) tower.State {
	t.Helper()
	s, err := tower.New(su, 1)
	if err != nil {
		t.Fatal(err)
	}
	for k, a := range acts {
		if s, err = tower.Apply(s, a); err != nil {
			t.Fatalf("action %d (%+v): %v", k, a, err)
		}
	}
	return s
}

func coin(sn tower.Snapshot, id string) tower.CoinView {
	for _, c := range sn.Coins {
		if c.ID == id {
			return c
		}
	}
	panic("no coin " + id)
}
