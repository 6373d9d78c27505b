//go:build js && wasm

// Command wasm is Grimoire's rules and game views compiled to WebAssembly,
// so a game page can go on without network: the same Go code as the server
// applies a tap to the game's record and renders the fragments the server
// would send. static/offline.js loads it and calls the functions it puts on
// the global object grimoire:
//
//	grimoire.render(recordJSON)        -> {fragments, alert, version, error}
//	grimoire.apply(recordJSON, opJSON) -> {record, fragments, alert, version, line, error}
//	grimoire.newGame(kind, fieldsJSON) -> {record, error}
//
// An op is {"type":"act","fields":{...}} (the tap's form fields) or
// {"type":"undo"}. Fragments are [{id, html}] in page order; the record
// fragment (views/offline.ElementID) is among them.
//
// Build it with `go generate ./static` (or `task wasm`): the compressed
// result, static/wasm/grimoire.wasm.gz, is committed and embedded in the
// binary.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"syscall/js"

	"github.com/grimoire-games/grimoire/views"
	"github.com/grimoire-games/grimoire/views/offline"
)

// game is what one game kind offers offline.
type game interface {
	// fragments draws the screen of a record.
	fragments(r offline.Record) ([]views.Fragment, error)
	// act checks a tap against the rules and returns the action to record
	// and its log line.
	act(r offline.Record, field func(string) string) (json.RawMessage, string, error)
	// undoable says whether the last action may be taken back.
	undoable(r offline.Record) error
	// create checks a new game's form and returns its setup and title.
	create(field func(string) string) (json.RawMessage, string, error)
}

var games = map[string]game{}

func main() {
	api := js.Global().Get("Object").New()
	api.Set("render", js.FuncOf(render))
	api.Set("apply", js.FuncOf(apply))
	api.Set("newGame", js.FuncOf(newGame))
	kinds := make([]any, 0, len(games))
	for k := range games {
		kinds = append(kinds, k)
	}
	api.Set("kinds", js.ValueOf(kinds))
	js.Global().Set("grimoire", api)
	if cb := js.Global().Get("grimoireReady"); cb.Type() == js.TypeFunction {
		cb.Invoke()
	}
	select {} // keep the functions alive
}

// result is what every call returns, as a plain JavaScript object.
type result map[string]any

func fail(err error) any { return js.ValueOf(map[string]any{"error": err.Error()}) }

func render(_ js.Value, args []js.Value) (out any) {
	defer recoverTo(&out)
	r, g, err := parseRecord(args)
	if err != nil {
		return fail(err)
	}
	return screen(g, r, "", false, nil)
}

func apply(_ js.Value, args []js.Value) (out any) {
	defer recoverTo(&out)
	r, g, err := parseRecord(args)
	if err != nil {
		return fail(err)
	}
	if len(args) < 2 {
		return fail(errors.New("apply needs a record and an op"))
	}
	var op struct {
		Type   string            `json:"type"`
		Fields map[string]string `json:"fields"`
	}
	if err := json.Unmarshal([]byte(args[1].String()), &op); err != nil {
		return fail(fmt.Errorf("op: %w", err))
	}
	extra := result{}
	switch op.Type {
	case "undo":
		if err := g.undoable(r); err != nil || len(r.Actions) == 0 {
			if err == nil {
				err = errors.New("there is nothing to undo yet")
			}
			return screen(g, r, "Not allowed: "+err.Error(), true, result{"refused": err.Error()})
		}
		r.Actions = r.Actions[: len(r.Actions)-1 : len(r.Actions)-1]
	case "act":
		a, line, err := g.act(r, func(k string) string { return op.Fields[k] })
		if err != nil {
			return screen(g, r, "Not allowed: "+err.Error(), true, result{"refused": err.Error()})
		}
		r.Actions = append(r.Actions[:len(r.Actions):len(r.Actions)], a)
		extra["line"], extra["action"] = line, string(a)
	default:
		return fail(fmt.Errorf("unknown op %q", op.Type))
	}
	r.Version++
	extra["record"] = r.JSON()
	return screen(g, r, "", false, extra)
}

func newGame(_ js.Value, args []js.Value) (out any) {
	defer recoverTo(&out)
	if len(args) < 2 {
		return fail(errors.New("newGame needs a kind and the form fields"))
	}
	g, ok := games[args[0].String()]
	if !ok {
		return fail(fmt.Errorf("this page cannot start %q games offline", args[0].String()))
	}
	var fields map[string]string
	if err := json.Unmarshal([]byte(args[1].String()), &fields); err != nil {
		return fail(fmt.Errorf("fields: %w", err))
	}
	setup, title, err := g.create(func(k string) string { return fields[k] })
	if err != nil {
		return fail(err)
	}
	return js.ValueOf(map[string]any{"setup": string(setup), "title": title})
}

func parseRecord(args []js.Value) (offline.Record, game, error) {
	var r offline.Record
	if len(args) < 1 || args[0].Type() != js.TypeString {
		return r, nil, errors.New("no record")
	}
	if err := json.Unmarshal([]byte(args[0].String()), &r); err != nil {
		return r, nil, fmt.Errorf("record: %w", err)
	}
	g, ok := games[r.Kind]
	if !ok {
		return r, nil, fmt.Errorf("this page cannot play %q games offline", r.Kind)
	}
	return r, g, nil
}

// screen renders every fragment of the record and the alert slot.
func screen(g game, r offline.Record, msg string, isErr bool, extra result) any {
	frags, err := g.fragments(r)
	if err != nil {
		return fail(err)
	}
	ctx := context.Background()
	list := make([]any, 0, len(frags))
	var buf bytes.Buffer
	for _, f := range frags {
		buf.Reset()
		if err := f.Component.Render(ctx, &buf); err != nil {
			return fail(fmt.Errorf("render %s: %w", f.ID, err))
		}
		list = append(list, map[string]any{"id": f.ID, "html": buf.String()})
	}
	buf.Reset()
	if err := views.Alert(msg, isErr).Render(ctx, &buf); err != nil {
		return fail(err)
	}
	out := map[string]any{"fragments": list, "alert": buf.String(), "version": r.Version}
	for k, v := range extra {
		out[k] = v
	}
	return js.ValueOf(out)
}

func recoverTo(out *any) {
	if p := recover(); p != nil {
		*out = js.ValueOf(map[string]any{"error": fmt.Sprint("internal error: ", p)})
	}
}
