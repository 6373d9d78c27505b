// Package play is Grimoire's application layer: what one game offers the
// server (handlers), the phone (cmd/grimoire-wasm) and the command line
// (cmd/grimoire), written once so the three cannot disagree.
//
// A game implements Kind over one input, the Table: the game's record (setup,
// seed, actions in force, version) and who sits where, as one viewer knows it.
// The server builds a Table from its store, the phone reads it from the record
// its page embeds. Kind never sees HTTP: a tap is its form fields, a new game
// is its form, a screen is templ components.
//
// Adding a game means rules/x (the pure rules core), views/x (its templates
// and view models), play/x (a Kind) and one line in each binary's list of
// games ([]play.Kind{...} in cmd/grimoire and cmd/grimoire-wasm).
package play

import (
	"encoding/json"
	"errors"
	"net/url"

	"github.com/a-h/templ"

	"github.com/grimoire-games/grimoire/lang"
	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/rules/say"
	"github.com/grimoire-games/grimoire/views"
)

// Kind is one game, as the server, the phone and the command line use it.
//
// The contract:
//   - Every method is pure: the same arguments give the same answer, with no
//     I/O and no clock, so the server and the phone agree and a game is
//     testable without HTTP. The only randomness is a seed passed in.
//   - Every method that takes a Table answers for t.Viewer: a screen, a log
//     line or a refusal never carries what that seat may not see.
//   - Errors are sentences a player can read. Decode wraps ErrBadTap when the
//     fields themselves are malformed (the server answers 400); any other
//     Decode or Undo error is a refusal by the rules or the seat (422, the
//     screen redrawn with the reason).
type Kind interface {
	// Info names the game on the home, new-game and rules pages.
	Info() Info

	// Status is the game's line on the home list, and whether it is over.
	// It reads only the record (no seats are needed).
	Status(t Table) (line string, over bool, err error)
	// Decode reads one tap (its form fields) for the viewer and checks it
	// against the rules and the viewer's seat: the action to store.
	Decode(t Table, form url.Values) (json.RawMessage, error)
	// Undo says how many actions in force the viewer's undo takes back now:
	// 1 for the last one, more when bots answered since (taking back only a
	// person's move would hand the turn to a bot, which plays it again).
	Undo(t Table) (steps int, err error)
	// Bot is the move of the bot that is to play now, and its seat; ok is
	// false when a person is to move. Deterministic for a given table (seed
	// and version), so two phones asking at once agree. A game that never
	// has bots returns ErrNoBots.
	Bot(t Table) (action json.RawMessage, seat int, ok bool, err error)
	// Lines is the log, one sentence per action in force, as the viewer
	// may read it; each a say.Text, said in the reader's language where it
	// is shown.
	Lines(t Table) ([]say.Text, error)

	// Fragments draws the viewer's screen: the fragments in page order, the
	// embedded record (Embed) among them. step is the query of a GET step
	// of the screen (a selection, a privacy screen tapped away); nil after a
	// write and for a refresh.
	Fragments(t Table, step url.Values) ([]views.Fragment, error)
	// Page is the whole page of the same screen inside the layout p.
	Page(p views.Page, t Table, step url.Values) (templ.Component, error)

	// Replay checks a record by replaying it (a bad action is a
	// *record.ActionError, a bad setup a record.IsSetupError) and returns
	// the final snapshot that `grimoire replay` prints.
	Replay(rec record.Record) (snapshot any, err error)
	// Players are the names in a setup, in seat order.
	Players(setup json.RawMessage) ([]string, error)
	// Title names a game on the home list; made in the app, started on a
	// phone or imported, the same setup gets the same title.
	Title(setup json.RawMessage) (string, error)
	// Hidden says the record holds what some seats may not see while the
	// game runs (coin faces, the deck order, reserved cards).
	Hidden() bool
	// Sheet is the printable scoresheet of a record; Blank the empty form.
	Sheet(p views.Page, rec record.Record, head views.SheetHead) (templ.Component, error)
	Blank(p views.Page, head views.SheetHead) templ.Component
	// Rules is the game's rules page, in our own words.
	Rules(p views.Page) templ.Component

	// NewGamePage is the new-game form: empty, filled again from the query
	// of the confirmation's "Change" link (q), or from an earlier game of
	// this device for "new game, same players" (prev, nil when none).
	NewGamePage(p views.Page, q url.Values, prev *Table) templ.Component
	// CheckNewGame reads the form's first step: the form again with its
	// problems (ok false: the server answers 422) or the confirmation page,
	// which posts the checked game back.
	CheckNewGame(p views.Page, f Form) (page templ.Component, ok bool, err error)
	// StartNewGame reads the confirmed form and returns the game to store,
	// with seed the server drew for it (coin faces and the like are drawn
	// from it and written into the setup).
	StartNewGame(f Form, seed int64) (NewGame, error)
	// StartOffline reads the new-game form on a phone without network
	// (fields only, no files; one phone): the same reading as CheckNewGame.
	StartOffline(fields url.Values, seed int64) (NewGame, error)
	// AcceptOffline checks a game a phone started without network, as it
	// sends it when the network is back: its setup, seed and seats, checked
	// like an import. It returns the game to store.
	AcceptOffline(setup json.RawMessage, seed int64, seats []Seat) (NewGame, error)
}

// Stepper is a Kind that can keep its game's state between requests, so a
// server need not replay a whole record for every tap: it replays once
// (Start), keeps the state beside the log, and moves it on by one Apply per
// stored action (Step). A Kind's methods read the state from Table.State
// when it is there and replay the actions when it is not, and they answer
// the same either way: the state is a memo, never the truth.
//
// A state depends only on the game's setup, seed and actions in force (not
// on seats or the viewer), is never changed once returned, and may be read
// by several requests at once.
type Stepper interface {
	// Start is the state after t.Actions (a replay).
	Start(t Table) (State, error)
	// Step is the state after one more action in force. s is the state
	// after t.Actions; the action was stored by seat.
	Step(t Table, s State, action json.RawMessage, seat int) (State, error)
}

// Sampler is a Kind that can show what its screens look like: tables of a
// short game it plays the same way every time (a fixed seed, its own
// players' names, nobody's real game), at a few points of that game. The
// server draws them into the dictionary its answers are compressed against
// (handlers/encoding/samples.go): the closer they are to the screens people see,
// the smaller every tap's answer. Samples must be deterministic, so every
// server of one build makes the same dictionary. Only the server draws
// them: their files are built with !js, and the phone's module goes
// without.
type Sampler interface {
	Samples() ([]Table, error)
}

// State is a game's state after some actions in force, as its Stepper made
// it. Only the Kind that made it reads inside it.
type State interface {
	// InForce is the number of actions in force the state is after.
	InForce() int
}

// Info names a game.
type Info struct {
	ID    string // the record's game id, also its URL segment ("spells-arrows")
	Name  string // "Spells & Arrows"
	Blurb string // one sentence for the new-game list
	// BlurbKey is Blurb in the catalogs (package lang), in every
	// language; "" shows Blurb as it is.
	BlurbKey lang.Key
	// BoardClass is the class of the element that holds the game's screen
	// on its page, which a screen drawn on the phone takes too ("" none).
	BoardClass string
}

// NewGame is a game ready to be stored.
type NewGame struct {
	Setup json.RawMessage // as the record keeps it
	Seed  int64
	// Seats are the seat rows: each bot, and each person playing on a phone
	// of their own. A game on one phone has no person rows.
	Seats []Seat
	// Mine is the seat the creating device plays on separate phones, or
	// Scorekeeper when it plays none (one phone, or only bots and others).
	Mine int
}

// Form is a posted new-game form: its fields and any small uploaded files.
type Form struct {
	Values url.Values
	Files  map[string]File
	// Problems are what went wrong reading the form itself (a file too
	// large or unreadable); CheckNewGame lists them with its own.
	Problems []string
}

// File is one uploaded file of a form.
type File struct {
	Name string // as the user's device named it
	Data []byte
}

// ErrNoBots is Bot's answer for a game played by people only.
var ErrNoBots = errors.New("this game has no bots")

// ErrBadTap marks a tap whose fields cannot be read at all (as opposed to a
// well-formed tap the rules refuse).
var ErrBadTap = errors.New("the tap could not be read")

// BadTap wraps a reading problem as an ErrBadTap that keeps its own words.
func BadTap(err error) error { return badTap{err} }

type badTap struct{ err error }

func (b badTap) Error() string        { return b.err.Error() }
func (b badTap) Unwrap() []error      { return []error{ErrBadTap, b.err} }
func (b badTap) Is(target error) bool { return target == ErrBadTap }
