package play

import (
	"encoding/json"
	"math/rand/v2"
	"net/url"
)

// Rehearser is the optional part of a Kind that plays random games of
// itself, so a check can draw every screen of the game without knowing it:
// cmd/grimoire-wasm's drawcheck draws them with real templ and with the
// phone's small templ runtime and compares the bytes. The games'
// implementations are built without the js tag: the phone's module never
// rehearses.
type Rehearser interface {
	// RehearsalForms are new-game forms (StartOffline fields) that seat
	// names, four people's own words (any characters at all).
	RehearsalForms(names []string) []url.Values
	// RehearsalPeople are the seats of ng that persons hold, each on a
	// phone of their own, for the screens of each seat and of a watcher;
	// nil when the game is played on one phone only.
	RehearsalPeople(ng NewGame) []int
	// RandomMove is a legal action for whoever is to move in t, drawn with
	// r; nil when the game is over or nobody may move.
	RandomMove(t Table, r *rand.Rand) (json.RawMessage, error)
	// RehearsalAdvice are queries of the new-game form for the game's
	// Advisor to draw (one it cannot read among them); nil when the game
	// has no advisor.
	RehearsalAdvice() []string
}
