// Package offline holds what a game page embeds so it can be played without
// network: the game's record (setup, seed, actions in force, version) as a
// JSON script element. The offline script (static/offline.js) reads it and
// hands it to the WebAssembly build of the rules and views (static/wasm),
// which redraws exactly the fragments the server would send.
package offline

import (
	"context"
	"encoding/json"
	"io"

	"github.com/a-h/templ"
)

// ElementID is the id of the script element that holds the record. It is
// also a fragment id: every answer that changes the game sends the new record
// with the fragments, so the page always holds the record it shows.
const ElementID = "grimoire-record"

// Record is one game as the page knows it. Seed travels as a string: a
// JavaScript number cannot hold every int64.
type Record struct {
	Kind           string            `json:"kind"`
	GameID         string            `json:"id"`
	Title          string            `json:"title"`
	SpectatorToken string            `json:"spectator,omitempty"`
	CSRF           string            `json:"csrf,omitempty"`
	Setup          json.RawMessage   `json:"setup"`
	Seed           int64             `json:"seed,string"`
	Actions        []json.RawMessage `json:"actions"`
	Version        int               `json:"version"`
	// Seat is the viewer, as the server sees this device: -1 the
	// scorekeeper of a shared phone, else the seat it holds. Offline taps
	// are checked and drawn for this seat, as the server would.
	Seat int `json:"seat"`
	// ActionSeats is the seat that made each action in force, for games
	// whose undo and screens depend on it (Mage's Tower); an offline tap
	// adds Seat.
	ActionSeats []int `json:"actionSeats,omitempty"`
	// Table is what a game draws from its seat rows (bots, phones, join
	// links), in the game's own form (views/<game>.RecordTable).
	Table json.RawMessage `json:"table,omitempty"`
}

// JSON is the record as safe text for a script element or a text node:
// json.Marshal escapes <, > and &, so it can never close the element.
func (r Record) JSON() string {
	if r.Actions == nil {
		r.Actions = []json.RawMessage{}
	}
	b, err := json.Marshal(r)
	if err != nil {
		return ""
	}
	return string(b)
}

// Text renders the record's JSON alone: the content of the element, which
// is what an out-of-band innerHTML swap replaces.
func Text(recordJSON string) templ.Component {
	return templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
		_, err := io.WriteString(w, recordJSON)
		return err
	})
}

// Script renders the element that holds the record. A JSON script element is
// never executed, so the CSP (script-src 'self') allows it.
func Script(recordJSON string) templ.Component {
	return templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
		if recordJSON == "" {
			return nil
		}
		_, err := io.WriteString(w, `<script type="application/json" id="`+ElementID+`" data-testid="record">`+recordJSON+`</script>`)
		return err
	})
}
