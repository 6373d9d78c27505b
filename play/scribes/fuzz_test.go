package scribes_test

import (
	"encoding/json"
	"net/url"
	"testing"

	"github.com/grimoire-games/grimoire/play"
	sc "github.com/grimoire-games/grimoire/rules/scribes"
)

// FuzzDecode: whatever a client posts, for whichever viewer, Decode never
// panics, and what it accepts is the decider's action, legal now, made by
// a viewer allowed to make it.
func FuzzDecode(f *testing.F) {
	f.Add(`{"type":"take","seat":0,"elements":["ASHW","TIDE"]}`, -1)
	f.Add(`{"type":"take","seat":99,"elements":["ASHW","TIDE"]}`, 0)
	f.Add(`{"type":"reserve","seat":-2,"index":1}`, 1)
	f.Add(`{"type":"take","seat":-9223372036854775808,"elements":["ASHW","TIDE"]}`, 2)
	f.Add(`{"type":"discard","seat":0,"oinks":{"ASHW":9}}`, 7)
	f.Fuzz(func(t *testing.T, action string, viewer int) {
		tb := newTable(t, mixed, 5, viewer)
		raw, err := kind.Decode(tb, url.Values{"action": {action}})
		if err != nil {
			return
		}
		var a sc.Action
		if err := json.Unmarshal(raw, &a); err != nil {
			t.Fatalf("stored action %s cannot be read: %v", raw, err)
		}
		st := now(t, tb)
		if a.Seat != st.Decider() || tb.Bot(a.Seat) != "" || (viewer != play.Scorekeeper && viewer != a.Seat) {
			t.Fatalf("viewer %d may not make %s", viewer, raw)
		}
		if _, err := sc.Apply(st, a); err != nil {
			t.Fatalf("accepted an illegal action %s: %v", raw, err)
		}
	})
}
