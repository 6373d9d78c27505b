package session

import (
	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/play/replay"
	"github.com/grimoire-games/grimoire/store"
)

// Replay is game g after the entries of log at the moment raw names
// (replay.ParseAt), as viewer v may see it: v.Watch is a spectator (what
// spectators see), otherwise the device's seat, or the scorekeeper's
// shared phone. The moment itself is play/replay's, which the phone's
// module calls too; this only loads the table from the store (and its
// kept state from the cache). A bad raw is a *replay.AtError.
func (s *Session) Replay(k play.Kind, g store.Game, v Viewer, log []store.Entry, raw string) (replay.Moment, error) {
	now := s.Table(g, v, log)
	s.AttachState(k, &now)
	return replay.At(k, now, raw)
}
