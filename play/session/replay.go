package session

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/views"
	"github.com/grimoire-games/grimoire/views/offline"
)

// Moment is a game at one moment of its replay, as one viewer may see it
// (docs/replay.md): the board and status after the first At actions in
// force, the whole log with its marks, and how the game stands now.
type Moment struct {
	// Table is the game after its first At actions, read-only (Watch) but
	// for the viewer's seat: a kind draws it as that seat saw it then,
	// without a control that changes the game and without the record.
	Table play.Table
	At    int
	Total int  // actions in force now
	Over  bool // the game as it stands now is over
	// Status is the game's line at At.
	Status string
	// Lines is the whole log as the viewer may read it now; line i is the
	// (i+1)th action.
	Lines []string
	// Marks are the moments worth jumping to (play.Marker); nil for a
	// kind without marks.
	Marks []play.Mark
	// Fragments are the board at At in page order, without the embedded
	// record and the announcement (a replay plays nothing and says
	// nothing).
	Fragments []views.Fragment
}

// AtError is an ?at= that is not a number of actions, in words.
type AtError struct{ Words string }

func (e *AtError) Error() string { return e.Words }

// ParseAt reads a replay's moment: "" is the last one (total), a number
// outside 0..total is taken to the nearest end (a shared link to a game
// whose last moves were undone since still opens), anything else is an
// *AtError.
func ParseAt(raw string, total int) (int, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return total, nil
	}
	n, err := strconv.Atoi(raw)
	if err != nil {
		if len(raw) > 20 {
			raw = raw[:20] + "..."
		}
		return 0, &AtError{fmt.Sprintf("%q is not a moment of this game: at= takes a number of actions, from 0 (the start) to %d (now).", raw, total)}
	}
	return min(max(n, 0), total), nil
}

// TableAt is table t after its first n actions in force: the game as it
// was then, with the version a game of those actions alone would have.
// t's own slices are never written.
func TableAt(t play.Table, n int) play.Table {
	n = min(max(n, 0), len(t.Actions))
	if n == len(t.Actions) {
		return t
	}
	t.Actions = t.Actions[:n:n]
	if len(t.ActionSeats) > n {
		t.ActionSeats = t.ActionSeats[:n:n]
	}
	t.Version, t.State = n, nil
	return t
}

// ReadOnly is table t for a replay: the viewer keeps its seat (what it may
// see is its seat's), but nothing on the screen may change the game, the
// screen carries no record, and no join link is handed out.
func ReadOnly(t play.Table) play.Table {
	t.Watch, t.Owner, t.CSRF = true, false, ""
	seats := make([]play.Seat, len(t.Seats))
	for i, s := range t.Seats {
		s.Join = ""
		seats[i] = s
	}
	t.Seats = seats
	return t
}

// Replay is game g after the entries of log at the moment raw names
// (ParseAt), as viewer v may see it: v.Watch is a spectator (what
// spectators see), otherwise the device's seat, or the scorekeeper's
// shared phone. A bad raw is an *AtError.
func (s *Session) Replay(k play.Kind, g store.Game, v Viewer, log []store.Entry, raw string) (Moment, error) {
	full := s.Table(g, v, log)
	s.AttachState(k, &full)
	if !v.Watch {
		full = ReadOnly(full)
	}
	total := len(full.Actions)
	at, err := ParseAt(raw, total)
	if err != nil {
		return Moment{}, err
	}
	m := Moment{At: at, Total: total}
	if _, m.Over, err = k.Status(full); err != nil {
		return Moment{}, err
	}
	if m.Lines, err = k.Lines(full); err != nil {
		return Moment{}, err
	}
	if mk, ok := k.(play.Marker); ok {
		if m.Marks, err = mk.Marks(full); err != nil {
			return Moment{}, err
		}
	}
	m.Table = TableAt(full, at)
	if m.Status, _, err = k.Status(m.Table); err != nil {
		return Moment{}, err
	}
	frags, err := k.Fragments(m.Table, nil)
	if err != nil {
		return Moment{}, err
	}
	for _, f := range frags {
		if f.ID == offline.ElementID || f.ID == views.AnnounceID {
			continue
		}
		m.Fragments = append(m.Fragments, f)
	}
	return m, nil
}

// ReplayView is the replay page's view model of moment m: base is the
// replay's own address ("/g/ID/replay" or "/watch/TOKEN/replay"), back the
// game's page; csrf, when the viewer may change the game, offers
// "Continue from here".
func ReplayView(k play.Kind, g store.Game, m Moment, base, back, csrf string) views.Replay {
	info := k.Info()
	r := views.Replay{
		Title: g.Title, Game: info.Name, BoardClass: info.BoardClass,
		At: m.At, Total: m.Total, Over: m.Over, Status: m.Status,
		Fragments: m.Fragments, Base: base, Back: back,
	}
	if csrf != "" {
		r.ForkURL, r.CSRF = "/g/"+g.ID+"/fork", csrf
	}
	for i, l := range m.Lines {
		r.Lines = append(r.Lines, views.ReplayLine{N: i + 1, Text: l})
	}
	for _, mk := range m.Marks {
		r.Marks = append(r.Marks, views.ReplayMark{At: mk.At, Kind: mk.Kind, Label: mk.Label})
	}
	return r
}

// Board is the moment's fragments as one page draws them: a fragment whose
// element lies inside an earlier one (Spells & Arrows' court overlay in its
// map, the log's lines under its links) is drawn inside it, as an htmx
// answer swaps it into that element; every other fragment comes out on its
// own, in page order, for the page to put in an element with its id.
func Board(ctx context.Context, frags []views.Fragment) ([]views.Fragment, error) {
	type drawn struct{ id, html string }
	var out []drawn
	for _, f := range frags {
		h, err := renderString(ctx, f.Component)
		if err != nil {
			return nil, fmt.Errorf("render fragment %s: %w", f.ID, err)
		}
		nested := false
		for i := range out {
			at := strings.Index(out[i].html, `id="`+f.ID+`"`)
			if at < 0 {
				continue
			}
			end := strings.IndexByte(out[i].html[at:], '>')
			if end < 0 {
				continue
			}
			end += at + 1
			out[i].html = out[i].html[:end] + h + out[i].html[end:]
			nested = true
			break
		}
		if !nested {
			out = append(out, drawn{f.ID, h})
		}
	}
	board := make([]views.Fragment, len(out))
	for i, d := range out {
		board[i] = views.Fragment{ID: d.id, Component: templ.Raw(d.html)}
	}
	return board, nil
}
