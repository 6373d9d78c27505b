//go:build js && wasm

package main

import (
	"errors"
	"syscall/js"

	"github.com/grimoire-games/grimoire/play"
)

// league is grimoire.league(kind, savedJSON, role, startedJSON) -> {html,
// error}: the league table of kind over the games saved on the phone
// (savedJSON as advise takes it), drawn by leagueHTML for static/league.js
// when the league page is open with no network.
func league(kinds []play.Kind, args []js.Value) (out any) {
	defer recoverTo(&out)
	if len(args) < 2 {
		return fail(errors.New("league needs a kind and the saved games"))
	}
	arg := func(i int) string {
		if len(args) > i && args[i].Type() == js.TypeString {
			return args[i].String()
		}
		return ""
	}
	html, err := leagueHTML(kinds, arg(0), arg(1), arg(2), arg(3))
	if err != nil {
		return fail(err)
	}
	return js.ValueOf(map[string]any{"html": html})
}
