//go:build js && wasm

package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/grimoire-games/grimoire/rules/record"
	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
	"github.com/grimoire-games/grimoire/views"
	"github.com/grimoire-games/grimoire/views/offline"
	saview "github.com/grimoire-games/grimoire/views/spellsarrows"
)

func init() { games[record.SpellsArrows] = spellsArrows{} }

type spellsArrows struct{}

func saSource(r offline.Record) saview.Source {
	return saview.Source{
		GameID: r.GameID, Title: r.Title, SpectatorToken: r.SpectatorToken,
		CSRF: r.CSRF, Setup: r.Setup, Seed: r.Seed, Actions: r.Actions,
	}
}

func (spellsArrows) fragments(r offline.Record, _ url.Values) ([]views.Fragment, error) {
	b, err := saview.Build(saSource(r), r.Version)
	if err != nil {
		return nil, err
	}
	return saview.Fragments(b), nil
}

func (spellsArrows) act(r offline.Record, form url.Values) (offline.Record, string, error) {
	a, err := saview.ActionFromForm(form.Get)
	if err != nil {
		return r, "", err
	}
	st, _, err := saview.Play(r.Setup, r.Seed, r.Actions)
	if err != nil {
		return r, "", err
	}
	next, err := sa.Apply(st, a)
	if err != nil {
		return r, "", err
	}
	raw, err := json.Marshal(a)
	if err != nil {
		return r, "", err
	}
	r.Actions = append(r.Actions[:len(r.Actions):len(r.Actions)], raw)
	r.Version++
	return r, sa.Describe(st, a, next), nil
}

// undoSteps: one scorekeeper, no bots: the last action (handlers.canUndoLast).
func (spellsArrows) undoSteps(r offline.Record) (int, error) {
	if len(r.Actions) == 0 {
		return 0, errors.New("there is nothing to undo yet")
	}
	return 1, nil
}

// create reads the new-game form as the server does (handlers.saCreate),
// without the optional map and deck files, which need the network.
func (spellsArrows) create(field func(string) string) (json.RawMessage, string, json.RawMessage, error) {
	victory, err := strconv.Atoi(field("victory"))
	if err != nil {
		return nil, "", nil, errors.New("the Victory Number must be a whole number")
	}
	turns, err := strconv.Atoi(field("turns"))
	if err != nil {
		return nil, "", nil, errors.New("the number of turns must be a whole number")
	}
	setup := sa.Setup{
		Victory: victory, Turns: turns,
		Spy: strings.TrimSpace(field("spy")), Mage: strings.TrimSpace(field("mage")),
		Options: sa.Options{SameSpellOnly: field("sameSpellOnly") == "on"},
	}
	if err := setup.Validate(); err != nil {
		return nil, "", nil, err
	}
	raw, err := json.Marshal(setup)
	if err != nil {
		return nil, "", nil, err
	}
	return raw, fmt.Sprintf("%s (spy) vs %s (mage)", setup.Spy, setup.Mage), nil, nil
}
