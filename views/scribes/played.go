package scribes

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/rules/say"
	sc "github.com/grimoire-games/grimoire/rules/scribes"
	"github.com/grimoire-games/grimoire/views/history"
)

// Move is one action in force as the log tells it.
type Move struct {
	Act sc.Action
	// Line is the rules' sentence; Masked the same with the reserved card
	// unnamed, for the seats that may not see it (Line when it names none).
	Line, Masked say.Text
}

// lineFor is the move's sentence as viewer may read it (see Log.Lines).
func (m Move) lineFor(viewer int, over bool) say.Text {
	if over || m.Act.Type != sc.ActReserve || m.Act.Seat == viewer {
		return m.Line
	}
	return m.Masked
}

// Played is a game after its actions with what its screens read of the
// way there (its Log). Next moves it on by one action, so a server that
// keeps a Played draws the next screen without replaying the game.
type Played = record.Played[sc.State, sc.Action, Log]

// Log is what a Played keeps of the way: the setup (who is a bot) and each
// move with its log sentences. The state before a move is needed only to
// word it, so it is not kept; a reserve's masked sentence is made when the
// move is played. Moves is a history.List, so two Playeds moved on from one
// (after an undo) share the moves before them.
type Log struct {
	Setup sc.Setup
	Moves history.List[Move]
	// person is the index of the last move a person made (-1: none yet), and
	// byPerson that move: the undo and a shared phone's viewer read it, and
	// looking back for it would walk every bot move since.
	person   int
	byPerson Move
}

// Replayed replays a record's actions.
func Replayed(setupJSON json.RawMessage, seed int64, actions []json.RawMessage) (Played, error) {
	setup, err := sc.ParseSetup(setupJSON)
	if err != nil {
		return Played{}, fmt.Errorf("setup: %w", err)
	}
	return record.Replay(sc.Rules(), Log{Setup: setup, person: -1}, setupJSON, seed, actions)
}

// Apply is the rules' Apply.
func (Log) Apply(s sc.State, a sc.Action) (sc.State, error) { return sc.Apply(s, a) }

// Moved is the log after a took the game from before to after.
func (l Log) Moved(before sc.State, a sc.Action, after sc.State, _ int) Log {
	m := Move{Act: a, Line: sc.Describe(before, a, after)}
	m.Masked = m.Line
	if a.Type == sc.ActReserve {
		m.Masked = sc.DescribeHidden(before, a, after)
	}
	if BotOf(l.Setup, a.Seat) == "" {
		l.person, l.byPerson = l.Moves.Len(), m
	}
	l.Moves = l.Moves.Append(m)
	return l
}

// Lines is the whole log as viewer may read it: a reserved card is named
// only to the seat that reserved it, and to everyone once the game is over.
// Pass -1 to hide them all.
func (l Log) Lines(viewer int, over bool) []say.Text {
	moves := l.Moves.All()
	out := make([]say.Text, len(moves))
	for i, m := range moves {
		out[i] = m.lineFor(viewer, over)
	}
	return out
}

// ErrNothingToUndo says there is no action this seat may take back.
var ErrNothingToUndo = errors.New("there is nothing you can undo now")

// UndoPlan says how many actions an undo by seat takes back, and the move
// it takes the game back to (the first one taken back).
//
// On a shared phone (seat -1) it takes back the last action of a person and
// every bot move made after it, so the table is back at that person's
// decision (undoing a bot alone would only make it play again). A seated
// phone may take back its own last action, until anyone else has acted.
func (l Log) UndoPlan(seat int) (n int, back Move, err error) {
	last, ok := l.Moves.Last()
	if !ok {
		return 0, Move{}, undoRefused(say.F("there is nothing you can undo now"))
	}
	if seat >= 0 {
		if last.Act.Seat != seat || BotOf(l.Setup, seat) != "" {
			return 0, Move{}, undoRefused(say.F("there is nothing you can undo now: only your own last action, before the next player acts"))
		}
		return 1, last, nil
	}
	if l.person < 0 {
		return 0, Move{}, undoRefused(say.F("there is nothing you can undo now: only bots have moved"))
	}
	return l.Moves.Len() - l.person, l.byPerson, nil
}

// undoRefusal is ErrNothingToUndo with its reason in words each reader
// reads in their language (say.Reason).
type undoRefusal struct{ text say.Text }

func undoRefused(text say.Text) error { return undoRefusal{text} }

func (e undoRefusal) Error() string  { return e.text.String() }
func (e undoRefusal) Unwrap() error  { return ErrNothingToUndo }
func (e undoRefusal) Said() say.Text { return e.text }
