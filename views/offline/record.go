// Package offline draws what a game page embeds so it can be played without
// network: the game's record (a play.Table as JSON, decided by the game's
// play package) in a JSON script element, and the empty screen of a game
// started on the phone. The offline script (static/offline.js) reads the
// record and hands it to the WebAssembly build (cmd/grimoire-wasm), which
// redraws exactly the fragments the server would send.
package offline

import (
	"context"
	"io"

	"github.com/a-h/templ"
)

// ElementID is the id of the script element that holds the record. It is
// also a fragment id: every answer that changes the game sends the new record
// with the fragments, so the page always holds the record it shows.
const ElementID = "grimoire-record"

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

// Record is a game's record made only when it is drawn: a long game's
// record is most of a screen's bytes, and an answer that sends only the
// record's change (or a screen compared and not sent) never needs it.
// nil is no record.
type Record func() (string, error)

// Fixed is a record already made.
func Fixed(recordJSON string) Record {
	if recordJSON == "" {
		return nil
	}
	return func() (string, error) { return recordJSON, nil }
}

// Text is Text of the record, made when drawn.
func (r Record) Text() templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		s, err := r()
		if err != nil {
			return err
		}
		return Text(s).Render(ctx, w)
	})
}

// Script is Script of the record, made when drawn (nothing for nil).
func (r Record) Script() templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		if r == nil {
			return nil
		}
		s, err := r()
		if err != nil {
			return err
		}
		return Script(s).Render(ctx, w)
	})
}
