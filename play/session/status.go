package session

import (
	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/store"
)

// Status is the game's line on the home list and the delete page, as the
// scorekeeper's table of viewer v reads it; a game whose record does not
// replay says where it is damaged (damaged true) instead of failing the
// page.
func (s *Session) Status(k play.Kind, g store.Game, v Viewer, log []store.Entry) (line string, over, damaged bool) {
	v.Seat, v.Watch, v.Seats = play.Scorekeeper, false, nil
	line, over, err := k.Status(s.Table(g, v, log))
	if err == nil {
		return line, over, false
	}
	if _, d := s.Verify(k, g, log); d != nil {
		return d.Words(), false, true
	}
	return "cannot be replayed: " + err.Error(), false, false
}
