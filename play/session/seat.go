package session

import (
	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/store"
)

// SeatOf says who device is in game g with the seat rows seats: a seated
// player (a seat it holds), the scorekeeper (the device that created a
// game it holds no seat in), or nobody (ok false): it may only watch.
// Seats come first, so a host who also plays a seat acts as that player
// only.
func SeatOf(g store.Game, seats []store.Seat, device string) (seat int, ok bool) {
	for _, s := range seats {
		if s.Holder == device {
			return s.Index, true
		}
	}
	if g.Owner == device {
		return play.Scorekeeper, true
	}
	return 0, false
}
