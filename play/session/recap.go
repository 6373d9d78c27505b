package session

import (
	"fmt"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/views"
)

// recapMax bounds the lines of a recap: after a long absence the latest
// ones are listed and the earlier ones counted.
const recapMax = 30

// Recap is "since you last looked" for viewer v of game g (kind k, log
// log) that last saw version last: the actions in force now that were not
// at that version, in the kind's words as v may read them (hidden
// information follows the viewer: the sentences are the kind's Lines for
// v's table), and how many of the actions then in force were taken back.
// A seated player's own actions and the scorekeeper's own are left out
// (the device made them). ok is false when there is nothing to say, or
// the game is over (the recap is for coming back to a running game).
// Page and Dismiss are the caller's to fill.
func (s *Session) Recap(k play.Kind, g store.Game, v Viewer, log []store.Entry, last int) (r views.Recap, ok bool, err error) {
	if last >= len(log) || last < 0 {
		return views.Recap{}, false, nil
	}
	t := s.Table(g, v, log)
	if _, over, err := k.Status(t); err != nil || over {
		return views.Recap{}, false, nil
	}
	then := store.InForce(log[:last])
	now := s.InForce(g.ID, log)
	p := 0
	for p < len(then) && p < len(now) && then[p].Seq == now[p].Seq {
		p++
	}
	var lines []string
	if p < len(now) {
		if lines, err = k.Lines(t); err != nil {
			return views.Recap{}, false, fmt.Errorf("recap of %s: %w", g.ID, err)
		}
		if len(lines) != len(now) {
			return views.Recap{}, false, fmt.Errorf("recap of %s: %d lines for %d actions", g.ID, len(lines), len(now))
		}
	}
	r = views.Recap{TakenBack: len(then) - p, Version: len(log)}
	for i := p; i < len(now); i++ {
		if !v.Watch && now[i].Seat == v.Seat {
			continue
		}
		r.Lines = append(r.Lines, views.RecapLine{N: i + 1, Text: lines[i]})
	}
	if n := len(r.Lines); n > recapMax {
		r.Earlier, r.Lines = n-recapMax, r.Lines[n-recapMax:]
	}
	return r, len(r.Lines) > 0 || r.TakenBack > 0, nil
}
