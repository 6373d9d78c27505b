//go:build js && wasm

package main

import (
	"encoding/json"
	"net/url"

	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/views"
	"github.com/grimoire-games/grimoire/views/offline"
	scview "github.com/grimoire-games/grimoire/views/scribes"
)

func init() { games[record.ArcaneScribes] = scribes{} }

// scribes is The Arcane Scribes offline: everything lives in views/scribes,
// which the server's handlers use too.
type scribes struct{}

func (scribes) fragments(r offline.Record, q url.Values) ([]views.Fragment, error) {
	return scview.OfflineFragments(r, q)
}

func (scribes) act(r offline.Record, form url.Values) (offline.Record, string, error) {
	return scview.OfflineAct(r, form)
}

func (scribes) undoSteps(r offline.Record) (int, error) { return scview.OfflineUndo(r) }

func (scribes) create(get func(string) string) (json.RawMessage, string, json.RawMessage, error) {
	return scview.OfflineCreate(get)
}
