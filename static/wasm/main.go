//go:build js && wasm

// Command wasm is Grimoire's rules and game views compiled to WebAssembly,
// so a game page can go on without network: the same Go code as the server
// applies a tap to the game's record and renders the fragments the server
// would send. static/offline.js loads it and calls the functions it puts on
// the global object grimoire:
//
//	grimoire.render(recordJSON[, query]) -> {fragments, alert, version, error}
//	grimoire.apply(recordJSON, opJSON)   -> {record, fragments, alert, version, line, refused, error}
//	grimoire.newGame(kind, fieldsJSON)   -> {setup, title, table, error}
//
// An op is {"type":"act","fields":{...}} (the tap's form fields; a field
// sent more than once is a list) or {"type":"undo"}. query is the query
// string of a GET step of the screen (a selection, the privacy screen
// tapped away). Fragments are [{id, html}] in page order; the record
// fragment (views/offline.ElementID) is among them. Every screen is drawn
// for the viewer seat in the record, as the server draws it for this
// device, and with bots waiting for the network.
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
	"net/url"
	"strings"
	"syscall/js"

	"github.com/grimoire-games/grimoire/views"
	"github.com/grimoire-games/grimoire/views/offline"
)

// game is what one game kind offers offline.
type game interface {
	// fragments draws the screen of a record; q is a GET step's query.
	fragments(r offline.Record, q url.Values) ([]views.Fragment, error)
	// act checks a tap against the rules and the record's seat and returns
	// the record with it (version advanced) and its log line.
	act(r offline.Record, form url.Values) (offline.Record, string, error)
	// undoSteps says how many actions the seat's undo takes back now.
	undoSteps(r offline.Record) (int, error)
	// create checks a new game's form and returns its setup, title and the
	// record's table (bots and phones; nil when the game has none).
	create(field func(string) string) (json.RawMessage, string, json.RawMessage, error)
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
	var q url.Values
	if len(args) > 1 && args[1].Type() == js.TypeString {
		if q, err = url.ParseQuery(strings.TrimPrefix(args[1].String(), "?")); err != nil {
			return fail(fmt.Errorf("query: %w", err))
		}
	}
	return screenOf(g, r, q, "", false, nil)
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
		Type   string                     `json:"type"`
		Fields map[string]json.RawMessage `json:"fields"`
	}
	if err := json.Unmarshal([]byte(args[1].String()), &op); err != nil {
		return fail(fmt.Errorf("op: %w", err))
	}
	extra := result{}
	switch op.Type {
	case "undo":
		n, err := g.undoSteps(r)
		if err == nil && (n < 1 || n > len(r.Actions)) {
			err = errors.New("there is nothing to undo yet")
		}
		if err != nil {
			return screen(g, r, "Not allowed: "+err.Error(), true, result{"refused": err.Error()})
		}
		// Each step is one undo entry on the server: the version moves by n.
		keep := len(r.Actions) - n
		r.Actions = r.Actions[:keep:keep]
		if len(r.ActionSeats) > keep {
			r.ActionSeats = r.ActionSeats[:keep:keep]
		}
		r.Version += n
		extra["steps"] = n
	case "act":
		form, err := formValues(op.Fields)
		if err != nil {
			return fail(err)
		}
		next, line, err := g.act(r, form)
		if err != nil {
			return screen(g, r, "Not allowed: "+err.Error(), true, result{"refused": err.Error()})
		}
		r = next
		extra["line"] = line
	default:
		return fail(fmt.Errorf("unknown op %q", op.Type))
	}
	extra["record"] = r.JSON()
	return screen(g, r, "", false, extra)
}

// formValues reads a tap's fields: each a string, or a list of strings for
// a field sent more than once (Mage's Tower's coins).
func formValues(fields map[string]json.RawMessage) (url.Values, error) {
	form := url.Values{}
	for k, raw := range fields {
		var one string
		if err := json.Unmarshal(raw, &one); err == nil {
			form.Set(k, one)
			continue
		}
		var many []string
		if err := json.Unmarshal(raw, &many); err != nil {
			return nil, fmt.Errorf("field %s: %w", k, err)
		}
		form[k] = many
	}
	return form, nil
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
	setup, title, table, err := g.create(func(k string) string { return fields[k] })
	if err != nil {
		return fail(err)
	}
	res := map[string]any{"setup": string(setup), "title": title}
	if table != nil {
		res["table"] = string(table)
	}
	return js.ValueOf(res)
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
	return screenOf(g, r, nil, msg, isErr, extra)
}

func screenOf(g game, r offline.Record, q url.Values, msg string, isErr bool, extra result) any {
	frags, err := g.fragments(r, q)
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
