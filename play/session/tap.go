package session

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"time"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/store"

	"github.com/grimoire-games/grimoire/rules/say"
)

// Tap is one write asked of a game: what the handler read from the request
// and the game it loaded for it (Load), with the viewer who tapped.
type Tap struct {
	Game   store.Game
	Kind   play.Kind
	Log    []store.Entry
	Viewer Viewer
	Op     play.Op
	Form   url.Values // the tap's fields (play.OpAct)
	// Version is the version of the game the tapping screen showed; a tap
	// made on an older one is not judged, only told the game moved on.
	Version int
	// Key is the write's idempotency key: the same key at the same version
	// is one write, however often it arrives.
	Key string
	At  time.Time
	// Redraw says the caller draws the screen after a stored tap, so the
	// outcome carries the log after it; a caller that sends the client
	// elsewhere (a redirect) needs neither the log nor its checks.
	Redraw bool
}

// Result is what became of a tap.
type Result int

const (
	// Done: the tap is stored (or was already: a repeat is applied once),
	// or a bot was asked for when a person is to move (nothing to store).
	Done Result = iota
	// Refused: the rules or the seat refuse the tap; Reason says why.
	Refused
	// Conflict: the game moved on before the tap arrived; the outcome's
	// game and log are the current ones, to draw again.
	Conflict
	// BadTap: the tap's fields, its version or its entries cannot be read
	// or stored; Reason says why.
	BadTap
	// NoBots: a bot's move was asked of a game without bots.
	NoBots
	// RecordDamaged: the game was read again after another write, and
	// another build stored what these rules refuse (Outcome.Damaged says
	// where).
	RecordDamaged
)

// Outcome is a tap's result with the game to draw after it: the game row
// and log now, whose screen a caller draws for the viewer with Screens
// (the one before the tap and the one after), sending what changed.
type Outcome struct {
	Result Result
	Reason say.Text
	// Stored says the tap is in the log now: stored by this call or by an
	// earlier one with the same key, or, for a bot's move, asked for by
	// another phone already.
	Stored bool
	Game   store.Game
	Log    []store.Entry
	// Damaged is the damage found when the result is RecordDamaged.
	Damaged *Damaged
}

// Play judges tap tp on the game as loaded and stores it at the version it
// was made on. Only a tap made on the current screen is judged (play.Judge,
// as on the phone); the store decides the rest: a repeated key applies
// once, a tap on an older version is a Conflict (a bot's move someone else
// asked for already is Done). A tap stored where it was judged moves the
// cached log, kept state and screens on with no second read; after any
// other write the stored game is read again (RecordDamaged when another
// build stored what these rules refuse). An error is the store's.
func (s *Session) Play(ctx context.Context, tp Tap) (Outcome, error) {
	g, k, log, v := tp.Game, tp.Kind, tp.Log, tp.Version
	out := Outcome{Result: Done, Game: g, Log: log}
	if v > g.Version {
		return Outcome{Result: BadTap, Reason: say.Verbatim("That tap names a version of the game that does not exist. Reload the page.")}, nil
	}
	m := play.Move{Op: tp.Op, Seat: tp.Viewer.Seat, Steps: 1}
	var t play.Table
	if v == g.Version {
		// Only a tap made on the current screen is checked against the
		// rules: a stale one is refused below without being judged.
		t = s.Table(g, tp.Viewer, log)
		if tp.Op != play.OpUndo {
			s.AttachState(k, &t)
		}
		s.VerifyKept(k, t, "before the tap was judged")
		var err error
		m, err = play.Judge(k, t, tp.Op, tp.Form)
		switch {
		case errors.Is(err, play.ErrBadTap):
			return Outcome{Result: BadTap, Reason: say.Reason(err)}, nil
		case errors.Is(err, play.ErrNoBots):
			return Outcome{Result: NoBots, Reason: say.Verbatim("This game has no bots.")}, nil
		}
		if err == nil && m.Wait {
			// A person is to move (someone was quicker): just redraw.
			return out, nil
		}
		// A bot decides on the kept state: it must leave it as it was.
		s.VerifyKept(k, t, "after the tap was judged")
		if err != nil {
			out.Result, out.Reason = Refused, say.Reason(err)
			return out, nil
		}
	}
	e := store.Entry{Kind: store.KindAction, Action: m.Action, Seat: m.Seat, ClientID: tp.Key, At: tp.At}
	if tp.Op == play.OpUndo {
		e.Kind = store.KindUndo
	}
	// An undo of several steps (a move and the bot replies after it) is one
	// batch of undo entries, each with its own key, stored whole or not at
	// all: a repeated tap repeats the batch, a quicker phone stops all of it.
	entries := make([]store.Entry, m.Steps)
	for i := range entries {
		entries[i] = e
		if i > 0 {
			entries[i].ClientID = fmt.Sprintf("%s+%d", e.ClientID, i)
		}
	}
	ver, err := s.store.AppendBatch(ctx, g.ID, v, entries)
	switch {
	case errors.Is(err, store.ErrConflict) && tp.Op == play.OpBot:
		// Another phone already asked for this bot move: nothing to report.
		err = nil
	case errors.Is(err, store.ErrConflict):
		out.Result = Conflict
	case errors.Is(err, store.ErrInvalidEntry):
		return Outcome{Result: BadTap, Reason: say.Verbatim("That tap could not be stored. Reload the page and tap again.")}, nil
	case err != nil:
		return Outcome{}, fmt.Errorf("save action: %w", err)
	}
	out.Stored = err == nil
	if !tp.Redraw && out.Stored {
		return out, nil
	}
	if v == g.Version && out.Stored && ver == v+m.Steps {
		// A tap judged on the current screen and stored at the version it
		// was made on (its key names that version, so a repeat racing it
		// was stored there too, with the same entries): the log is what we
		// read plus these entries, with no second read.
		out.Log = s.afterStored(k, t, e, m, entries, log, v, ver)
		out.Game.Version = ver
		return out, nil
	}
	// Someone else wrote: what is stored now is the truth.
	if out.Game, out.Log, err = s.store.Load(ctx, g.ID); err != nil {
		return Outcome{}, fmt.Errorf("reload game %s: %w", g.ID, err)
	}
	if out.Log, err = s.checkAndKeep(k, out.Game, out.Log); err != nil {
		// Another build stored what these rules refuse.
		if de := (*Damaged)(nil); errors.As(err, &de) {
			return Outcome{Result: RecordDamaged, Damaged: de, Game: out.Game, Log: out.Log}, nil
		}
		return Outcome{}, err
	}
	return out, nil
}

// afterStored moves the cache on by entries, just stored at version v on
// table t (now version ver), and is the log after them.
func (s *Session) afterStored(k play.Kind, t play.Table, e store.Entry, m play.Move, entries, log []store.Entry, v, ver int) []store.Entry {
	next := s.stepKept(k, t, e)
	if next == nil && t.State != nil && e.Kind == store.KindAction && s.check != nil {
		s.check(fmt.Errorf("game %s at version %d: the kept state refuses the action just stored", t.GameID, ver))
	}
	if next != nil && s.check != nil {
		after := t.After(m)
		after.Version, after.State = ver, next
		s.VerifyKept(k, after, "after the tap was stored")
	}
	if st, ok := s.cache.appendTo(t.GameID, v, entries, next); ok {
		return st.Log
	}
	out := append(log[:v:v], entries...)
	for i := v; i < len(out); i++ {
		out[i].Seq = i + 1
	}
	return out
}
