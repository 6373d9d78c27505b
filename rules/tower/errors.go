package tower

import "errors"

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
