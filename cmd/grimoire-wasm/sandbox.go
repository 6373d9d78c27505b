//go:build js && wasm

package main

import (
	"bytes"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"syscall/js"

	"github.com/grimoire-games/grimoire/play"
)

// sandbox checks a referee's sandbox position without network, for
// static/sandbox.js:
//
//	grimoire.sandbox(kind, query, csrf) -> {html, ok, error}
//
// html is the sandbox as the server draws it under the page's layout
// (play.Sandboxer.SandboxBody), its play-on form carrying csrf; ok is false
// for a position no game reaches (the server's 422).
func sandbox(kinds []play.Kind, args []js.Value) (out any) {
	defer recoverTo(&out)
	if len(args) < 3 {
		return fail(errors.New("sandbox needs a kind, the form's query and the page's CSRF token"))
	}
	k, ok := play.Find(kinds, args[0].String())
	if !ok {
		return fail(fmt.Errorf("this page has no %q games", args[0].String()))
	}
	sb, ok := k.(play.Sandboxer)
	if !ok {
		return fail(fmt.Errorf("%s has no sandbox", k.Info().Name))
	}
	q, err := url.ParseQuery(strings.TrimPrefix(args[1].String(), "?"))
	if err != nil {
		return fail(fmt.Errorf("The position could not be read: %w", err))
	}
	comp, possible := sb.SandboxBody(args[2].String(), q)
	var buf bytes.Buffer
	if err := comp.Render(drawing(), &buf); err != nil {
		return fail(fmt.Errorf("render sandbox: %w", err))
	}
	return js.ValueOf(map[string]any{"html": buf.String(), "ok": possible})
}
