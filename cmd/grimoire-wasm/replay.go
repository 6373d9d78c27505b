//go:build js && wasm

package main

import (
	"errors"
	"syscall/js"

	"github.com/grimoire-games/grimoire/play"
)

// replayMoment is grimoire.replay(recordJSON, at, csrf) -> {html, at,
// total, error}: the replay page's body at moment at (an ?at= value, ""
// for now) of the game in the record this phone holds, drawn for the
// record's viewer by replayHTML, for static/replay.js when the replay is
// open with no network. error is a sentence to show instead of a screen.
func replayMoment(kinds []play.Kind, args []js.Value) (out any) {
	defer recoverTo(&out)
	if len(args) < 1 || args[0].Type() != js.TypeString {
		return fail(errors.New("This phone holds no copy of this game."))
	}
	arg := func(i int) string {
		if len(args) > i && args[i].Type() == js.TypeString {
			return args[i].String()
		}
		return ""
	}
	html, at, total, err := replayHTML(kinds, arg(0), arg(1), arg(2))
	if err != nil {
		return js.ValueOf(map[string]any{"error": sentence(err.Error())})
	}
	return js.ValueOf(map[string]any{"html": html, "at": at, "total": total})
}
