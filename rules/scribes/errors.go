package scribes

import "errors"

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
