// Package replay assembles one moment of a game's replay (docs/replay.md)
// from the table its viewer knows now: the game after its first N actions
// in force, the log, the jump marks and the replay page's view model. It
// reads no store and does no I/O, so the server (through play/session, which
// loads the table) and the phone's module (from the record it holds) draw a
// moment with this one piece of code.
package replay

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/rules/say"
	"github.com/grimoire-games/grimoire/views"
	"github.com/grimoire-games/grimoire/views/offline"
)

// Moment is a game at one moment of its replay, as one viewer may see it:
// the board and status after the first At actions in force, the whole log
// with its marks, and how the game stands now.
type Moment struct {
	// Table is the game after its first At actions, read-only (Watch) but
	// for the viewer's seat: a kind draws it as that seat saw it then,
	// without a control that changes the game and without the record.
	Table play.Table
	At    int
	Total int  // actions in force now
	Over  bool // the game as it stands now is over
	// Spectator says the viewer only watches (Table.Viewer is then no
	// seat of its own).
	Spectator bool
	// Status is the game's line at At.
	Status string
	// Lines is the whole log as the viewer may read it now; line i is the
	// (i+1)th action.
	Lines []say.Text
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

// At is the moment raw names (ParseAt) of the game now, as now's viewer
// may see it: now.Watch is a spectator, otherwise now.Viewer is the seat
// (or the scorekeeper) whose screens the moment shows. A bad raw is an
// *AtError.
func At(k play.Kind, now play.Table, raw string) (Moment, error) {
	// A spectator's table is read-only already; making it so again
	// changes nothing, so every viewer takes the same path.
	spectator := now.Watch
	now = ReadOnly(now)
	total := len(now.Actions)
	at, err := ParseAt(raw, total)
	if err != nil {
		return Moment{}, err
	}
	m := Moment{At: at, Total: total, Spectator: spectator}
	if _, m.Over, err = k.Status(now); err != nil {
		return Moment{}, fmt.Errorf("status now: %w", err)
	}
	if m.Lines, err = k.Lines(now); err != nil {
		return Moment{}, fmt.Errorf("log: %w", err)
	}
	if mk, ok := k.(play.Marker); ok {
		if m.Marks, err = mk.Marks(now); err != nil {
			return Moment{}, fmt.Errorf("marks: %w", err)
		}
	}
	m.Table = TableAt(now, at)
	if m.Status, _, err = k.Status(m.Table); err != nil {
		return Moment{}, fmt.Errorf("status at %d: %w", at, err)
	}
	frags, err := k.Fragments(m.Table, nil)
	if err != nil {
		return Moment{}, fmt.Errorf("board at %d: %w", at, err)
	}
	for _, f := range frags {
		if f.ID == offline.ElementID || f.ID == views.AnnounceID {
			continue
		}
		m.Fragments = append(m.Fragments, f)
	}
	return m, nil
}

// Links are the addresses a replay page links to.
type Links struct {
	Base string // the replay's own address, without ?at=: "/g/ID/replay" or "/watch/TOKEN/replay"
	Back string // the game's page
	// Fork and CSRF offer "Continue from here" to a viewer who may change
	// the game: "/g/ID/fork" and the page's token; "" for a spectator.
	Fork, CSRF string
}

// View is the replay page's view model of moment m of a game of kind k;
// the board is drawn (Board) into it, so the page draws the moment as one
// block of HTML the phone can draw the same.
func View(ctx context.Context, k play.Kind, m Moment, l Links) (views.Replay, error) {
	board, err := Board(ctx, m.Fragments)
	if err != nil {
		return views.Replay{}, err
	}
	info := k.Info()
	r := views.Replay{
		Title: m.Table.Title, Game: info.Name, BoardClass: info.BoardClass,
		At: m.At, Total: m.Total, Over: m.Over, Status: m.Status,
		Fragments: board, Base: l.Base, Back: l.Back,
	}
	if !m.Spectator {
		r.Seat = strconv.Itoa(m.Table.Viewer)
	}
	if l.Fork != "" {
		r.ForkURL, r.CSRF = l.Fork, l.CSRF
	}
	for i, line := range m.Lines {
		r.Lines = append(r.Lines, views.ReplayLine{N: i + 1, Text: line})
	}
	for _, mk := range m.Marks {
		r.Marks = append(r.Marks, views.ReplayMark{At: mk.At, Kind: mk.Kind, Label: mk.Label})
	}
	return r, nil
}

// Board is the moment's fragments as one page draws them: a fragment whose
// element lies inside an earlier one (Spells & Arrows' court overlay in its
// map, the log's lines under its links) is drawn inside it, as an htmx
// answer swaps it into that element; every other fragment comes out on its
// own, in page order, for the page to put in an element with its id.
func Board(ctx context.Context, frags []views.Fragment) ([]views.Fragment, error) {
	type drawn struct{ id, html string }
	var out []drawn
	var buf bytes.Buffer
	for _, f := range frags {
		buf.Reset()
		if err := f.Component.Render(ctx, &buf); err != nil {
			return nil, fmt.Errorf("render fragment %s: %w", f.ID, err)
		}
		h := buf.String()
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
		board[i] = views.Fragment{ID: d.id, Component: raw(d.html)}
	}
	return board, nil
}

// raw is HTML drawn already. templ.Raw would do, but the phone's module is
// built with a smaller templ (cmd/grimoire-wasm/templrt) that lacks it.
func raw(html string) templ.Component {
	return templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
		_, err := io.WriteString(w, html)
		return err
	})
}

// ErrViewerUnknown is a record that does not say which seat of its game it
// was saved for: the phone cannot tell what its viewer may see.
var ErrViewerUnknown = errors.New("this phone's copy of the game does not say which seat it was saved for, so it cannot tell what you may see: open the replay with the network")

// OnPhone is the moment raw names of the game in t, the record a phone
// holds (the table its game page embedded for the device), as that device
// may see it: the record's viewer is the device's seat, or the scorekeeper,
// exactly the viewer the server's /g/ID/replay picks for it. A record never
// stands for a spectator (a spectator's page embeds none). A record whose
// viewer is no seat of its game is ErrViewerUnknown, never a guess.
func OnPhone(k play.Kind, t play.Table, raw string) (Moment, error) {
	players, err := k.Players(t.Setup)
	if err != nil {
		return Moment{}, fmt.Errorf("players: %w", err)
	}
	if t.Viewer != play.Scorekeeper && (t.Viewer < 0 || t.Viewer >= len(players)) {
		return Moment{}, ErrViewerUnknown
	}
	// Drawn as the server draws it: bots move on the server (Offline is
	// the phone's live screen only), and no record stands for a spectator.
	t.Watch, t.Offline = false, false
	return At(k, t, raw)
}
