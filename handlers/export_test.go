package handlers

import (
	"context"
)

// CheckKeptStates makes h report, through report, every kept state that is
// not the replay of its record: before and after each tap is judged and
// after it is stored (session.VerifyKept). The tests' handlers all turn it
// on, so any test that plays a game checks the cache against the record.
func CheckKeptStates(h *Handler, report func(error)) { h.session.CheckKeptStates(report) }

// KeptStateIsTheReplay compares the state h's session keeps for the game
// now (if any) with a cold replay of the record as stored; kept says
// whether the cache held one to compare.
func KeptStateIsTheReplay(h *Handler, id string) (kept bool, err error) {
	return h.session.KeptStateIsTheReplay(context.Background(), id)
}

// CacheHolds says whether h's cache holds the game at all (any version).
func CacheHolds(h *Handler, id string) bool { return h.session.Holds(id) }

// AllowPseudoLanguage makes h accept the pseudo-language (lang.Pseudo) in
// the language cookie and the switch; call it before h.Echo.
func AllowPseudoLanguage(h *Handler) { h.pseudoLang = true }
