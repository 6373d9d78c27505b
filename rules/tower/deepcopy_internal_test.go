package tower

import (
	"reflect"
	"testing"
)

// TestDeepCopySharesNothing: whatever is written into a deep copy, the
// state it was copied from reads the same (bots rely on it). The card is
// the one part of a State held by reference.
func TestDeepCopySharesNothing(t *testing.T) {
	s, err := New(Setup{General: "Ana", Mage: "Ben"}, 3)
	if err != nil {
		t.Fatal(err)
	}
	want, err := New(Setup{General: "Ana", Mage: "Ben"}, 3)
	if err != nil {
		t.Fatal(err)
	}
	c := s.deepCopy()
	for i := range c.card.Rows {
		c.card.Rows[i] = Row{Damage: 99, Spell: Tome}
	}
	for i := range c.coins {
		c.coins[i].face = 1 - c.coins[i].face
	}
	c.faces = [NumCoins]Face{}
	if !reflect.DeepEqual(s, want) {
		t.Fatal("writing into a deep copy changed the original")
	}
}
