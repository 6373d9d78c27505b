package play

import (
	"net/url"

	"github.com/a-h/templ"

	"github.com/grimoire-games/grimoire/views"
)

// Sandboxer is a Kind with a referee's sandbox (docs/sandbox.md): a form
// that sets up any moment a real game could reach, checks it, lists what
// may happen next, and starts a game that plays on from it. The form is
// read by the game, so the server knows no game's counters.
type Sandboxer interface {
	// SandboxPage draws the sandbox for query q inside layout p: the form
	// filled from q (an opening position when q is empty) and, when q holds
	// a position, every reason it is impossible or what may happen next.
	// ok is false when q holds a position that cannot be read or that no
	// game could reach (the server answers 422).
	SandboxPage(p views.Page, q url.Values) (page templ.Component, ok bool)
	// SandboxBody is the same sandbox without the page around it, its
	// play-on form carrying csrf: what the phone's module draws for a
	// position checked without network (cmd/grimoire-wasm).
	SandboxBody(csrf string, q url.Values) (body templ.Component, ok bool)
	// StartSandbox is a game whose record starts from the position in
	// fields, with seed drawn by the server. An unreadable or impossible
	// position is an error in sentences.
	StartSandbox(fields url.Values, seed int64) (NewGame, error)
}

// Sandboxes lists the games of kinds that have a sandbox, for its index.
func Sandboxes(kinds []Kind) []views.SandboxGame {
	var out []views.SandboxGame
	for _, k := range kinds {
		if _, ok := k.(Sandboxer); ok {
			in := k.Info()
			out = append(out, views.SandboxGame{Name: in.Name, URL: "/sandbox/" + in.ID, Blurb: in.Blurb})
		}
	}
	return out
}
