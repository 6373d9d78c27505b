//go:build js && wasm

package main

import (
	"encoding/json"
	"net/url"

	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/views"
	"github.com/grimoire-games/grimoire/views/offline"
	twview "github.com/grimoire-games/grimoire/views/tower"
)

func init() { games[record.MagesTower] = tower{} }

// tower is Mage's Tower offline: everything lives in views/tower, which the
// server's handlers use too.
type tower struct{}

func (tower) fragments(r offline.Record, q url.Values) ([]views.Fragment, error) {
	return twview.OfflineFragments(r, q)
}

func (tower) act(r offline.Record, form url.Values) (offline.Record, string, error) {
	return twview.OfflineAct(r, form)
}

func (tower) undoSteps(r offline.Record) (int, error) { return twview.OfflineUndo(r) }

func (tower) create(get func(string) string) (json.RawMessage, string, json.RawMessage, error) {
	return twview.OfflineCreate(get)
}
