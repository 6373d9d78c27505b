package play

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"

	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/rules/say"
)

// Scorekeeper is the viewer seat of the device that keeps a game on one
// phone (it plays for every person at the table).
const Scorekeeper = -1

// Table is one game as one viewer knows it: the record and who sits where.
// The server builds it from the store for each request; the page embeds it
// (as JSON, see Embed) so the phone can go on without network.
type Table struct {
	Kind           string            `json:"kind"`
	GameID         string            `json:"id"`
	Title          string            `json:"title"`
	SpectatorToken string            `json:"spectator,omitempty"`
	CSRF           string            `json:"csrf,omitempty"`
	Setup          json.RawMessage   `json:"setup"`
	Seed           int64             `json:"seed,string"` // a JavaScript number cannot hold every int64
	Actions        []json.RawMessage `json:"actions"`     // in force, in order
	// ActionSeats is the seat that made each action in force (Scorekeeper
	// for the shared phone); games whose undo depends on who moved read it.
	ActionSeats []int `json:"actionSeats"`
	// Version counts every entry of the game's log (actions and undos): the
	// version a tap is made against.
	Version int    `json:"version"`
	Seats   []Seat `json:"seats,omitempty"`
	// Viewer is who looks: Scorekeeper, or the seat this device holds.
	Viewer int `json:"seat"`
	// Owner says the viewer's device created the game.
	Owner bool `json:"owner,omitempty"`
	// Watch is a read-only view (a spectator); never embedded.
	Watch bool `json:"-"`
	// Offline says the screen is drawn on the phone without network: bots
	// wait for the network to move.
	Offline bool `json:"-"`
	// State is the game after Actions as the kind's Stepper made it, or nil
	// (the kind replays Actions). Kind methods use it only when its
	// InForce equals len(Actions); they answer the same without it.
	State State `json:"-"`
}

// Seat is one seat row of a game: a bot, or a person on a phone of their own.
type Seat struct {
	Index  int    `json:"index"`
	Name   string `json:"name"`
	Bot    string `json:"bot,omitempty"`    // the bot's level id; "" for a person
	Joined bool   `json:"joined,omitempty"` // a person's phone holds the seat
	Join   string `json:"join,omitempty"`   // "/join/TOKEN", for viewers who may hand it out
}

// Bot is the level of the bot at seat i, or "" when a person plays it.
func (t Table) Bot(i int) string {
	for _, s := range t.Seats {
		if s.Index == i {
			return s.Bot
		}
	}
	return ""
}

// OnPhones says the people play on phones of their own (some seat row is a
// person's), not on one shared phone.
func (t Table) OnPhones() bool {
	for _, s := range t.Seats {
		if s.Bot == "" {
			return true
		}
	}
	return false
}

// Record is the table's exchange record: setup, seed and actions in force.
func (t Table) Record() record.Record {
	actions := t.Actions
	if actions == nil {
		actions = []json.RawMessage{}
	}
	return record.Record{Game: t.Kind, Version: record.FormatVersion, Seed: t.Seed, Setup: t.Setup, Actions: actions}
}

// JSON is the table as the page embeds it: json.Marshal escapes <, > and &,
// so the text can never close its script element.
func (t Table) JSON() (string, error) {
	if t.Actions == nil {
		t.Actions = []json.RawMessage{}
	}
	if t.ActionSeats == nil {
		t.ActionSeats = []int{}
	}
	b, err := json.Marshal(t)
	if err != nil {
		return "", fmt.Errorf("embed table of %s: %w", t.GameID, err)
	}
	return string(b), nil
}

// ParseTable reads an embedded table (the phone's copy of a game).
func ParseTable(data []byte) (Table, error) {
	var t Table
	if err := json.Unmarshal(data, &t); err != nil {
		return t, fmt.Errorf("the game record could not be read: %w", err)
	}
	if len(t.ActionSeats) != len(t.Actions) {
		return t, errors.New("the game record does not say who made each action")
	}
	return t, nil
}

// Op is what a tap asks of a game: an action read from its fields, the
// viewer's undo, or the move of the bot whose turn it is.
type Op string

const (
	OpAct  Op = "act"
	OpUndo Op = "undo"
	OpBot  Op = "bot"
)

// Move is a tap judged on a table, before anything is stored: the action
// in force it adds and who made it, or how many actions in force it takes
// back. Wait says a bot was asked for but a person is to move: nothing
// changes.
type Move struct {
	Op     Op
	Action json.RawMessage
	Seat   int
	Steps  int // log entries the move appends: 1, or an undo's steps
	Wait   bool
}

// Judge reads one tap on table t for its viewer, as the server and the
// phone both do before they store or show anything: k decodes an action
// (a reading problem wraps ErrBadTap), says how far the viewer's undo goes,
// or finds the bot's move (ErrNoBots for a game without bots). Any other
// error is a refusal by the rules or the seat, in words.
func Judge(k Kind, t Table, op Op, form url.Values) (Move, error) {
	m := Move{Op: op, Seat: t.Viewer, Steps: 1}
	var err error
	switch op {
	case OpUndo:
		m.Steps, err = k.Undo(t)
		if err == nil && (m.Steps < 1 || m.Steps > len(t.Actions)) {
			err = errors.New("there is nothing to undo yet")
		}
	case OpBot:
		var ok bool
		m.Action, m.Seat, ok, err = k.Bot(t)
		m.Wait = err == nil && !ok
	case OpAct:
		m.Action, err = k.Decode(t, form)
	default:
		err = BadTap(fmt.Errorf("a tap must be an action, an undo or a bot's move, not %q", op))
	}
	if err != nil {
		return Move{}, err
	}
	return m, nil
}

// After is the table once move m is in force: an action appended (by its
// seat) or an undo's steps taken back, and the version moved by the log
// entries the move appends. The kept state is dropped: it is the state
// before the move. t's own slices are never written.
func (t Table) After(m Move) Table {
	if m.Wait {
		return t
	}
	t.State = nil
	t.Version += m.Steps
	if m.Op == OpUndo {
		keep := max(len(t.Actions)-m.Steps, 0)
		t.Actions = t.Actions[:keep:keep]
		if len(t.ActionSeats) > keep {
			t.ActionSeats = t.ActionSeats[:keep:keep]
		}
		return t
	}
	n := len(t.Actions)
	t.Actions = append(t.Actions[:n:n], m.Action)
	t.ActionSeats = append(t.ActionSeats[:len(t.ActionSeats):len(t.ActionSeats)], m.Seat)
	return t
}

// Act applies one tap on the phone as the server does (Judge, then After):
// the table comes back with the action in force, the version moved by one,
// and the new action's log line.
func Act(k Kind, t Table, form url.Values) (Table, say.Text, error) {
	m, err := Judge(k, t, OpAct, form)
	if err != nil {
		return t, say.Text{}, err
	}
	t = t.After(m)
	lines, err := k.Lines(t)
	if err != nil {
		return t, say.Text{}, err
	}
	var line say.Text
	if len(lines) > 0 {
		line = lines[len(lines)-1]
	}
	return t, line, nil
}

// TakeBack applies the viewer's undo on the phone as the server does: as
// many actions as k.Undo says, each an undo entry of its own on the server,
// so the version moves by that many. It returns the steps taken back.
func TakeBack(k Kind, t Table) (Table, int, error) {
	m, err := Judge(k, t, OpUndo, nil)
	if err != nil {
		return t, 0, err
	}
	return t.After(m), m.Steps, nil
}

// MayExport says whether the viewer may take the game's record home now:
//   - the scorekeeper (the device that keeps a one-phone game), always;
//   - a seated player, always in a game without hidden information; in a
//     game with hidden information only once it is over, because the record
//     shows coin faces, the deck order and reserved cards;
//   - a spectator, once the game is over: the finished record is an archive
//     and holds nothing the spectator view would still hide.
func MayExport(k Kind, t Table, over bool) error {
	switch {
	case over:
		return nil
	case t.Watch:
		return errors.New("A spectator can export the record once the game is over.")
	case t.Viewer != Scorekeeper && k.Hidden():
		return errors.New("The record shows what players must not see yet (hidden cards or coin faces). It can be exported once the game is over, or by the scorekeeper.")
	}
	return nil
}

// Find is the kind with the given game id in a list of games.
func Find(kinds []Kind, id string) (Kind, bool) {
	for _, k := range kinds {
		if k.Info().ID == id {
			return k, true
		}
	}
	return nil, false
}

// Verbatim is lines that are words already (a game whose rules do not make
// say.Text yet) as Lines returns them: said as they are in every language.
func Verbatim(lines []string) []say.Text {
	out := make([]say.Text, len(lines))
	for i, l := range lines {
		out[i] = say.Verbatim(l)
	}
	return out
}
