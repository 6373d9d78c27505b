// Package tower is the rules core of Mage's Tower (game id "mages-tower"): a
// General marches nine coins through four zones toward a Tower while a Mage
// burns them with spells picked by sliding two thumbs down a single card.
//
// The package is pure: no I/O, no clock, no global state. The only
// randomness is the coin faces, drawn by New from the seed unless the setup
// fixes them. A State is a value; Apply returns a new one and never changes
// its argument.
//
//	s, err := tower.New(tower.Setup{General: "Ana", Mage: "Ben"}, 42)
//	s, err = tower.Apply(s, tower.Action{Type: tower.Place, Coins: []string{"L1", "S2"}})
//	s, err = tower.Apply(s, tower.Action{Type: tower.End})
//	ch := tower.Legal(s) // the Mage's rows and targets
//	out, err := tower.Preview(s, tower.Action{Type: tower.Cast, DamageRow: 2, SpellRow: 3, Side: tower.Leftmost})
//
// Errors wrap ErrGameOver, ErrNotYourTurn, ErrIllegal or ErrBadAction.
// Records (see RECORDS.md) replay with Replay; Rulings lists the rules in the
// project's words. RandomBot and the Greedy bots play either side.
package tower
