package session

import (
	"fmt"
	"strings"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/rules/say"
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
// What this device did itself is no news and is left out (ownActions):
// its seats' actions and undos, the scorekeeper's when it is the owner, and
// the bots' when no other person's phone has a seat (only this device's
// page asks the bots to move). ok is false when there is nothing to say,
// or the game is over (the recap is for coming back to a running game).
// Page and Dismiss are the caller's to fill.
func (s *Session) Recap(k play.Kind, g store.Game, v Viewer, device string, log []store.Entry, last int) (r views.Recap, ok bool, err error) {
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
	var lines []say.Text
	if p < len(now) {
		if lines, err = k.Lines(t); err != nil {
			return views.Recap{}, false, fmt.Errorf("recap of %s: %w", g.ID, err)
		}
		if len(lines) != len(now) {
			return views.Recap{}, false, fmt.Errorf("recap of %s: %d lines for %d actions", g.ID, len(lines), len(now))
		}
	}
	own := ownActions(g, v, device)
	r = views.Recap{Version: len(log)}
	for _, e := range log[last:] {
		if e.Kind == store.KindUndo && !own(e.Seat) {
			// Someone else took actions back: say how many of those in
			// force at the last look are gone.
			r.TakenBack = len(then) - p
			break
		}
	}
	for i := p; i < len(now); i++ {
		if own(now[i].Seat) {
			continue
		}
		r.Lines = append(r.Lines, views.RecapLine{N: i + 1, Text: lines[i]})
	}
	if n := len(r.Lines); n > recapMax {
		r.Earlier, r.Lines = n-recapMax, r.Lines[n-recapMax:]
	}
	return r, len(r.Lines) > 0 || r.TakenBack > 0, nil
}

// ownActions says which seats' actions device made itself as viewer v of
// game g: none for a read-only view; the scorekeeper's when it owns the
// game; a seat's it holds; a bot's when every person's seat is its own
// (bots move when a page asks, and no other phone's page can).
func ownActions(g store.Game, v Viewer, device string) func(seat int) bool {
	if v.Watch {
		return func(int) bool { return false }
	}
	mine := map[int]bool{}
	if g.Owner == device {
		mine[play.Scorekeeper] = true
	}
	var bots []int
	alone := true
	for _, r := range v.Seats {
		switch {
		case strings.HasPrefix(r.Holder, BotHolder):
			bots = append(bots, r.Index)
		case r.Holder == device:
			mine[r.Index] = true
		default:
			alone = false
		}
	}
	if alone {
		for _, b := range bots {
			mine[b] = true
		}
	}
	return func(seat int) bool { return mine[seat] }
}
