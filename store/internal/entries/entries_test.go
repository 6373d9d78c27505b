package entries_test

import (
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/store/internal/entries"
)

func TestPrepare(t *testing.T) {
	now := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	at := now.Add(-time.Minute)
	tests := []struct {
		name string
		in   []store.Entry
		want []store.Entry
	}{
		{"an empty kind is an action and a zero time is now",
			[]store.Entry{{Action: json.RawMessage(`{}`), ClientID: "a"}},
			[]store.Entry{{Kind: store.KindAction, Action: json.RawMessage(`{}`), ClientID: "a", At: now}}},
		{"an undo keeps its kind and its time",
			[]store.Entry{{Kind: store.KindUndo, ClientID: "u", At: at, Seat: 1}},
			[]store.Entry{{Kind: store.KindUndo, ClientID: "u", At: at, Seat: 1}}},
		{"entries without a ClientID may be many",
			[]store.Entry{{Kind: store.KindUndo}, {Kind: store.KindUndo}},
			[]store.Entry{{Kind: store.KindUndo, At: now}, {Kind: store.KindUndo, At: now}}},
		{"no entries is no entries", nil, []store.Entry{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := append([]store.Entry(nil), tc.in...)
			got, err := entries.Prepare(in, now)
			if err != nil {
				t.Fatalf("Prepare: %v", err)
			}
			if len(got) != len(tc.want) {
				t.Fatalf("Prepare = %+v, want %+v", got, tc.want)
			}
			for i := range got {
				g, w := got[i], tc.want[i]
				if g.Kind != w.Kind || !g.At.Equal(w.At) || g.ClientID != w.ClientID || g.Seat != w.Seat || string(g.Action) != string(w.Action) {
					t.Errorf("entry %d = %+v, want %+v", i, g, w)
				}
			}
			for i := range in {
				if in[i].Kind != tc.in[i].Kind || !in[i].At.Equal(tc.in[i].At) {
					t.Errorf("Prepare changed the caller's entry %d", i)
				}
			}
		})
	}
}

func TestPrepareRefuses(t *testing.T) {
	tests := []struct {
		name string
		in   []store.Entry
	}{
		{"a kind the log does not know", []store.Entry{{Kind: "redo"}}},
		{"an action that is not JSON", []store.Entry{{Action: json.RawMessage(`{"a":`)}}},
		{"an action that is empty but not nil", []store.Entry{{Action: json.RawMessage{}}}},
		{"two entries with one ClientID", []store.Entry{{ClientID: "x"}, {ClientID: "y"}, {ClientID: "x"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := entries.Prepare(tc.in, time.Now()); !errors.Is(err, store.ErrInvalidEntry) {
				t.Errorf("Prepare: err = %v, want ErrInvalidEntry", err)
			}
		})
	}
}

func TestClientIDs(t *testing.T) {
	es := []store.Entry{{ClientID: "first"}, {}, {ClientID: "b"}, {ClientID: "c"}}
	if got := entries.ClientIDs(es); len(got) != 2 || got[0] != "b" || got[1] != "c" {
		t.Errorf("ClientIDs = %q, want [b c]: keys after the first, empty ones left out", got)
	}
}

// FuzzPrepare: whatever a client sends, Prepare either refuses it with
// ErrInvalidEntry or returns entries the log can hold: a known kind, a time,
// JSON or no action, distinct keys, and otherwise what was sent.
func FuzzPrepare(f *testing.F) {
	f.Add("action", []byte(`{"type":"cast"}`), "a", "undo", []byte(nil), "b")
	f.Add("", []byte(`[1,2]`), "x", "", []byte(`{`), "x")
	f.Add("redo", []byte(`null`), "", "action", []byte{}, "")
	f.Fuzz(func(t *testing.T, kind1 string, action1 []byte, id1, kind2 string, action2 []byte, id2 string) {
		in := []store.Entry{
			{Kind: kind1, Action: action1, ClientID: id1},
			{Kind: kind2, Action: action2, ClientID: id2, At: time.Unix(1, 0)},
		}
		now := time.Unix(2, 0)
		out, err := entries.Prepare(in, now)
		if err != nil {
			if !errors.Is(err, store.ErrInvalidEntry) {
				t.Fatalf("Prepare refused with %v, not ErrInvalidEntry", err)
			}
			return
		}
		if len(out) != len(in) {
			t.Fatalf("Prepare returned %d entries for %d", len(out), len(in))
		}
		for i, e := range out {
			if e.Kind != store.KindAction && e.Kind != store.KindUndo {
				t.Errorf("entry %d kept kind %q", i, e.Kind)
			}
			if e.At.IsZero() {
				t.Errorf("entry %d has no time", i)
			}
			if e.Action != nil && !json.Valid(e.Action) {
				t.Errorf("entry %d kept an action that is not JSON: %q", i, e.Action)
			}
			if e.ClientID != in[i].ClientID || string(e.Action) != string(in[i].Action) {
				t.Errorf("entry %d changed what was sent", i)
			}
		}
		if id1 != "" && id1 == id2 {
			t.Errorf("two entries with ClientID %q accepted", id1)
		}
	})
}
