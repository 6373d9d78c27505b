//go:build js && wasm

// Command grimoire-wasm is Grimoire's games compiled to WebAssembly, so a
// game page can go on without network: the same play.Kind code as the server
// checks a tap against the game's record and renders the fragments the server
// would send. static/offline.js loads it and calls the functions it puts on
// the global object grimoire:
//
//	grimoire.render(recordJSON[, query])      -> {fragments, alert, version, board, error}
//	grimoire.apply(recordJSON, opJSON)        -> {record, fragments, alert, version, board, line, refused, error}
//	grimoire.ops                               -> the op types apply takes
//	grimoire.newGame(kind, fieldsJSON, seed)  -> {setup, title, seats, error}
//	grimoire.advise(kind, query, savedJSON, ms) -> {html, error}
//	grimoire.replay(recordJSON, at, csrf)      -> {html, at, total, error} (replay.go)
//	grimoire.language(tag[, wordsJSON])       -> the tag it now draws in
//
// A record is a play.Table as the page embeds it. An op is
// {"type":"act","fields":{...}} (the tap's form fields; a field sent more
// than once is a list), {"type":"undo"} or {"type":"bot"} (the move of the
// bot whose turn it is, play.Kind.Bot, as the server finds it). query is
// the query string of a GET step of the screen (a selection, the privacy
// screen tapped away). Fragments are [{id, html}] in page order; the record
// fragment (views/offline.ElementID) is among them. apply leaves out the
// fragments that are the same at every version (views.Fragment.Fixed): it
// answers a tap on a screen that shows them already. Every screen is drawn
// for the viewer seat in the record, as the server draws it for this
// device, and with bots waiting for the network (the page moves them with
// the "bot" op);
// board is the class the game's screen element takes (play.Info.BoardClass).
//
// advise draws a new-game form's advisor fragment (play.Advisor) for the
// form's query string, over the games saved on the phone (savedJSON:
// [{record, at}], a record as above, at its time in ms), simulating rounds
// for about ms milliseconds (at least one round).
//
// language tells the module the page's language (its <html lang>) and
// hands it that language's words (lang.Load; the module holds English's
// only): every later drawing speaks it, as the server's does for that
// page. A tag it does not know, or words it cannot read, draw English.
//
// Build it with `go generate ./static` (or `task wasm`): the compressed
// result, static/wasm/grimoire.wasm.gz, is committed and embedded in the
// binary.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"syscall/js"
	"time"

	"github.com/grimoire-games/grimoire/lang"
	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/rules/say"
	"github.com/grimoire-games/grimoire/views"
)

// language sets speaks from a page's tag: a language people may choose,
// or the tests' pseudo-language (a page only has that tag where the
// server accepted it, which a real server never does).
func language(args []js.Value) any {
	speaks = lang.English
	if len(args) > 0 && args[0].Type() == js.TypeString {
		if l, ok := lang.Parse(args[0].String()); ok {
			speaks = l
		} else if args[0].String() == lang.Pseudo.Tag() {
			speaks = lang.Pseudo
		}
	}
	// The module holds English's words only; the page hands it its own
	// language's (static/lang/<tag>.json). Without them it draws English.
	if speaks != lang.English && speaks != lang.Pseudo {
		words := ""
		if len(args) > 1 && args[1].Type() == js.TypeString {
			words = args[1].String()
		}
		if words == "" || lang.Load(speaks, []byte(words)) != nil {
			speaks = lang.English
		}
	}
	return speaks.Tag()
}

func main() {
	kinds := games()
	api := js.Global().Get("Object").New()
	api.Set("render", js.FuncOf(func(_ js.Value, args []js.Value) any { return render(kinds, args) }))
	api.Set("apply", js.FuncOf(func(_ js.Value, args []js.Value) any { return apply(kinds, args) }))
	api.Set("newGame", js.FuncOf(func(_ js.Value, args []js.Value) any { return newGame(kinds, args) }))
	api.Set("advise", js.FuncOf(func(_ js.Value, args []js.Value) any { return advise(kinds, args) }))
	api.Set("league", js.FuncOf(func(_ js.Value, args []js.Value) any { return league(kinds, args) })) // league.go
	api.Set("sandbox", js.FuncOf(func(_ js.Value, args []js.Value) any { return sandbox(kinds, args) }))
	api.Set("replay", js.FuncOf(func(_ js.Value, args []js.Value) any { return replayMoment(kinds, args) })) // replay.go
	api.Set("language", js.FuncOf(func(_ js.Value, args []js.Value) any { return language(args) }))
	ids := make([]any, 0, len(kinds))
	for _, k := range kinds {
		ids = append(ids, k.Info().ID)
	}
	api.Set("kinds", js.ValueOf(ids))
	// The ops apply takes: a page checks for "bot" before it lets this
	// module move a bot (an older module's answer is "unknown op").
	api.Set("ops", js.ValueOf([]any{"act", "undo", "bot"}))
	js.Global().Set("grimoire", api)
	if cb := js.Global().Get("grimoireReady"); cb.Type() == js.TypeFunction {
		cb.Invoke()
	}
	select {} // keep the functions alive
}

// result is what every call returns, as a plain JavaScript object.
type result map[string]any

func fail(err error) any { return js.ValueOf(map[string]any{"error": err.Error()}) }

func render(kinds []play.Kind, args []js.Value) (out any) {
	defer recoverTo(&out)
	t, k, err := parseRecord(kinds, args)
	if err != nil {
		return fail(err)
	}
	var q url.Values
	if len(args) > 1 && args[1].Type() == js.TypeString {
		if q, err = url.ParseQuery(strings.TrimPrefix(args[1].String(), "?")); err != nil {
			return fail(fmt.Errorf("query: %w", err))
		}
	}
	return screenOf(k, t, q, "", false, false, nil)
}

func apply(kinds []play.Kind, args []js.Value) (out any) {
	defer recoverTo(&out)
	t, k, err := parseRecord(kinds, args)
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
	// play.Act and play.TakeBack read the tap with play.Judge and apply it
	// with Table.After: the code the server's session (play/session) runs
	// before it stores the same tap.
	extra := result{}
	switch op.Type {
	case "undo":
		next, n, err := play.TakeBack(k, t)
		if err != nil {
			return refused(k, t, err)
		}
		t = next
		extra["steps"] = n
	case "act":
		form, err := formValues(op.Fields)
		if err != nil {
			return fail(err)
		}
		next, line, err := play.Act(k, t, form)
		if err != nil {
			return refused(k, t, err)
		}
		t = next
		extra["line"] = speaks.Say(line)
	case "bot":
		// The bot whose turn it is moves here as on the server: a bot is
		// a pure function of the table (its seed and version), so the
		// server, judging the same op from the outbox, finds the same move.
		m, err := play.Judge(k, t, play.OpBot, nil)
		if err == nil && m.Wait {
			err = errors.New("a person is to move, not a bot")
		}
		if err != nil {
			return screenOf(k, t, nil, "", false, true, result{"refused": speaks.Say(say.Reason(err))})
		}
		t = t.After(m)
		lines, err := k.Lines(t)
		if err != nil {
			return fail(err)
		}
		if len(lines) > 0 {
			extra["line"] = speaks.Say(lines[len(lines)-1])
		}
	default:
		return fail(fmt.Errorf("unknown op %q", op.Type))
	}
	rec, err := t.JSON()
	if err != nil {
		return fail(err)
	}
	extra["record"] = rec
	return screenOf(k, t, nil, "", false, true, extra)
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

// newGame starts a game on the phone from its new-game form, with the seed
// the page drew (a decimal string: a JavaScript number cannot hold every
// int64).
func newGame(kinds []play.Kind, args []js.Value) (out any) {
	defer recoverTo(&out)
	if len(args) < 3 {
		return fail(errors.New("newGame needs a kind, the form fields and a seed"))
	}
	k, ok := play.Find(kinds, args[0].String())
	if !ok {
		return fail(fmt.Errorf("this page cannot start %q games offline", args[0].String()))
	}
	var fields map[string]string
	if err := json.Unmarshal([]byte(args[1].String()), &fields); err != nil {
		return fail(fmt.Errorf("fields: %w", err))
	}
	seed, err := strconv.ParseInt(args[2].String(), 10, 64)
	if err != nil {
		return fail(fmt.Errorf("seed: %w", err))
	}
	form := url.Values{}
	for name, v := range fields {
		form.Set(name, v)
	}
	ng, err := k.StartOffline(form, seed)
	if err != nil {
		return fail(err)
	}
	title, err := k.Title(ng.Setup)
	if err != nil {
		return fail(err)
	}
	seats, err := json.Marshal(ng.Seats)
	if err != nil {
		return fail(err)
	}
	return js.ValueOf(map[string]any{"setup": string(ng.Setup), "title": title, "seats": string(seats)})
}

func advise(kinds []play.Kind, args []js.Value) (out any) {
	defer recoverTo(&out)
	if len(args) < 4 {
		return fail(errors.New("advise needs a kind, the form's query, the saved games and a time budget"))
	}
	k, ok := play.Find(kinds, args[0].String())
	if !ok {
		return fail(fmt.Errorf("this page has no %q games", args[0].String()))
	}
	a, ok := k.(play.Advisor)
	if !ok {
		return fail(fmt.Errorf("%s has no advisor", k.Info().Name))
	}
	q, err := url.ParseQuery(strings.TrimPrefix(args[1].String(), "?"))
	if err != nil {
		return fail(fmt.Errorf("query: %w", err))
	}
	games, err := savedGames(k, args[2].String())
	if err != nil {
		return fail(err)
	}
	budget := time.Duration(args[3].Float()) * time.Millisecond
	start := time.Now()
	comp, err := a.AdviceOffline(q, games, func() bool { return time.Since(start) < budget })
	if err != nil {
		return fail(err)
	}
	var buf bytes.Buffer
	if err := comp.Render(drawing(), &buf); err != nil {
		return fail(fmt.Errorf("render advice: %w", err))
	}
	return js.ValueOf(map[string]any{"html": buf.String()})
}

// savedGames are the phone's saved games of kind k, newest first, each game
// once, as the server hands a kind a device's games; a record this build
// cannot read is left out rather than failing the form.
func savedGames(k play.Kind, raw string) ([]play.PlayerGame, error) {
	var saved []struct {
		Record string  `json:"record"`
		At     float64 `json:"at"`
	}
	if err := json.Unmarshal([]byte(raw), &saved); err != nil {
		return nil, fmt.Errorf("saved games: %w", err)
	}
	var out []play.PlayerGame
	for _, s := range saved {
		t, err := play.ParseTable([]byte(s.Record))
		if err != nil || t.Kind != k.Info().ID {
			continue
		}
		if _, err := k.Players(t.Setup); err != nil {
			continue
		}
		out = append(out, play.PlayerGame{Table: t, Started: time.UnixMilli(int64(s.At)), URL: "/g/" + t.GameID})
	}
	slices.SortStableFunc(out, func(a, b play.PlayerGame) int { return b.Started.Compare(a.Started) })
	return play.Distinct(out), nil
}

func parseRecord(kinds []play.Kind, args []js.Value) (play.Table, play.Kind, error) {
	if len(args) < 1 || args[0].Type() != js.TypeString {
		return play.Table{}, nil, errors.New("no record")
	}
	t, err := play.ParseTable([]byte(args[0].String()))
	if err != nil {
		return t, nil, err
	}
	k, ok := play.Find(kinds, t.Kind)
	if !ok {
		return t, nil, fmt.Errorf("this page cannot play %q games offline", t.Kind)
	}
	// Drawn here, the screen is the phone's: bots wait for the network.
	t.Offline = true
	return t, k, nil
}

// refused is the screen as it was with the rules' reason in the alert, in
// the page's language, as the server answers a refused tap.
func refused(k play.Kind, t play.Table, err error) any {
	why := say.Reason(err)
	return screenOf(k, t, nil, lang.T(drawing(), lang.TapNotAllowed, why), true, true, result{"refused": speaks.Say(why)})
}

// screenOf renders the fragments of the table and the alert slot: every
// one, or, after a tap on a screen that shows the game already (shown),
// all but the Fixed ones, which are the same at every version (the court's
// map: drawing it again and handing it to the page cost each tap time on a
// slow phone, only for the page to find it unchanged).
func screenOf(k play.Kind, t play.Table, q url.Values, msg string, isErr, shown bool, extra result) any {
	frags, err := k.Fragments(t, q)
	if err != nil {
		return fail(err)
	}
	ctx := drawing()
	list := make([]any, 0, len(frags))
	var buf bytes.Buffer
	for _, f := range frags {
		if shown && f.Fixed {
			continue
		}
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
	out := map[string]any{"fragments": list, "alert": buf.String(), "version": t.Version, "board": k.Info().BoardClass}
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
