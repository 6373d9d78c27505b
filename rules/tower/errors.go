package tower

import (
	"errors"

	"github.com/grimoire-games/grimoire/rules/say"
)

// Sentinel errors. Apply, Preview, ParseAction, ParseSetup and ParseCard wrap
// one of them with %w and a reason a player can read; test with errors.Is.
var (
	// ErrGameOver: the game has a winner; no action is accepted any more.
	// Apply checks it before anything else.
	ErrGameOver = errors.New("the game is over")
	// ErrNotYourTurn: the action belongs to the side that is not to play.
	ErrNotYourTurn = errors.New("not your turn")
	// ErrIllegal: the action is well formed but breaks a rule.
	ErrIllegal = errors.New("illegal action")
	// ErrBadAction: the action cannot be read (unknown type, missing or
	// foreign fields, unknown coin id).
	ErrBadAction = errors.New("malformed action")
	// ErrBadSetup: the setup cannot be used (wrong number of faces, ...).
	ErrBadSetup = errors.New("bad setup")
	// ErrBadCard: a Mage's card that cannot be played (no rows, unknown
	// spell, damage below 1, ...).
	ErrBadCard = errors.New("bad card")
)

// ruleError is a refusal: its text is the sentinel's words and the reason
// ("illegal action: ..."), as the error always read, and it wraps the
// sentinel for errors.Is. Its words are a say.Text, so a screen says the
// reason in its reader's language (Error is the English).
type ruleError struct {
	kind error
	text say.Text
}

func (e *ruleError) Error() string { return e.kind.Error() + ": " + e.text.String() }
func (e *ruleError) Unwrap() error { return e.kind }
func (e *ruleError) Said() say.Text {
	return say.F("%s: %s", kindWords(e.kind), e.text)
}

// kindWords is a sentinel's words, as its Error says them.
func kindWords(kind error) say.Text {
	switch kind {
	case ErrGameOver:
		return say.F("the game is over")
	case ErrNotYourTurn:
		return say.F("not your turn")
	case ErrIllegal:
		return say.F("illegal action")
	case ErrBadAction:
		return say.F("malformed action")
	}
	return say.Verbatim(kind.Error())
}

// fail is a rule's refusal: pattern is a literal (lang's catalog test
// finds it at every call of fail), args as say.F takes them.
func fail(kind error, pattern string, args ...any) error {
	return &ruleError{kind: kind, text: say.F(pattern, args...)}
}
