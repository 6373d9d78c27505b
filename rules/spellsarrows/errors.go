package spellsarrows

import (
	"errors"

	"github.com/grimoire-games/grimoire/rules/say"
)

// Sentinel errors. Every error Apply returns wraps exactly one of them (with
// %w) and adds a reason in player words; ErrGameOver is checked first.
var (
	// ErrGameOver: the game has ended; no action is possible.
	ErrGameOver = errors.New("the game is over")
	// ErrNotNow: the action type is not one the game waits for now
	// (the other side's turn, the toll is not paid, no response window...).
	ErrNotNow = errors.New("not now")
	// ErrIllegal: the action type is expected now but its details break a
	// rule (a location that is not adjacent, a full elf stack, a card that
	// may not be cast...).
	ErrIllegal = errors.New("illegal")
	// ErrBadAction: the action cannot be read (unknown type, unknown or
	// missing field).
	ErrBadAction = errors.New("malformed action")
	// ErrBadSetup: the setup cannot be used.
	ErrBadSetup = errors.New("bad setup")
	// ErrBadMap and ErrBadDeck: a map or deck data file fails validation.
	ErrBadMap  = errors.New("bad map")
	ErrBadDeck = errors.New("bad deck")
)

// ruleError is an error whose text is the player-readable reason alone and
// which wraps its sentinel for errors.Is. Its words are a say.Text, so a
// screen says the reason in its reader's language (Error is the English).
type ruleError struct {
	kind error
	text say.Text
}

func (e *ruleError) Error() string  { return e.text.String() }
func (e *ruleError) Unwrap() error  { return e.kind }
func (e *ruleError) Said() say.Text { return e.text }

// fail is a rule's refusal: pattern is a literal (lang's catalog test
// finds it at every call of fail), args as say.F takes them.
func fail(kind error, pattern string, args ...any) error {
	return &ruleError{kind: kind, text: say.F(pattern, args...)}
}
