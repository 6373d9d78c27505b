package scribes

import (
	"errors"

	"github.com/grimoire-games/grimoire/rules/say"
)

// Sentinel errors. Apply wraps one of them with a reason a player can read;
// test with errors.Is.
var (
	// ErrGameOver: the game has ended; nothing more can be played.
	ErrGameOver = errors.New("the game is over")
	// ErrNotYourTurn: the acting seat is not the one that must decide now.
	ErrNotYourTurn = errors.New("not your turn")
	// ErrIllegal: the action breaks a rule (wrong kind of decision, bad slot, ...).
	ErrIllegal = errors.New("illegal action")
	// ErrCannotAfford: a scribe whose payment is not held, too small, or wasteful.
	ErrCannotAfford = errors.New("cannot pay for that spell")
	// ErrBadSetup: the setup cannot start a game.
	ErrBadSetup = errors.New("invalid setup")
	// ErrBadAction: an action's JSON cannot be read.
	ErrBadAction = errors.New("malformed action")
)

// ruleError is a refusal of Apply: its sentinel, then the reason a player
// reads ("illegal action: slot 3 holds no card", as fmt.Errorf("%w: ...")
// always wrote it). Its words are a say.Text, so a screen says the whole
// of it in its reader's language (Error is the English).
type ruleError struct {
	kind error
	text say.Text
}

func (e *ruleError) Error() string { return e.kind.Error() + ": " + e.text.String() }
func (e *ruleError) Unwrap() error { return e.kind }
func (e *ruleError) Said() say.Text {
	return kindWords(e.kind).Then(say.F(": "), e.text)
}

// kindWords is a sentinel's message as words to translate.
func kindWords(kind error) say.Text {
	switch kind {
	case ErrGameOver:
		return say.F("the game is over")
	case ErrNotYourTurn:
		return say.F("not your turn")
	case ErrIllegal:
		return say.F("illegal action")
	case ErrCannotAfford:
		return say.F("cannot pay for that spell")
	}
	return say.Verbatim(kind.Error())
}

// fail is a rule's refusal: pattern is a literal (lang's catalog test
// finds it at every call of fail), args as say.F takes them.
func fail(kind error, pattern string, args ...any) error {
	return &ruleError{kind: kind, text: say.F(pattern, args...)}
}
