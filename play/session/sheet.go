package session

import (
	"time"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/views"
)

// Sheet is the head of game g's scoresheet printed at printed, and the
// record it prints, for viewer v: a spectator (v.Watch) goes back to the
// spectator's page and may export once the game is over, a player or the
// scorekeeper goes back to the game and may export at any time.
func (s *Session) Sheet(k play.Kind, g store.Game, v Viewer, log []store.Entry, printed time.Time) (views.SheetHead, record.Record) {
	head := views.SheetHead{Title: g.Title, Printed: "Printed " + printed.UTC().Format("2 Jan 2006 15:04 MST"), PrintedAt: printed, BlankURL: "/sheets/" + g.Kind + "/blank"}
	if v.Watch {
		head.BackURL = "/watch/" + g.SpectatorToken
		if _, over, _ := s.Status(k, g, v, log); over {
			head.ExportURL = "/watch/" + g.SpectatorToken + "/export"
		}
	} else {
		head.BackURL, head.ExportURL = "/g/"+g.ID, "/g/"+g.ID+"/export"
	}
	v.Seat, v.Seats = play.Scorekeeper, nil
	return head, s.Table(g, v, log).Record()
}
