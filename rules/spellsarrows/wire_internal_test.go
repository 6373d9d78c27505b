package spellsarrows

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/grimoire-games/grimoire/rules/record"
)

// Every action as MarshalJSON writes it takes the fast path and reads back
// as itself: the fast path is the one stored logs take.
func TestParseWireFastReadsWhatMarshalWrites(t *testing.T) {
	for _, a := range []Action{
		SpyShot(true), SpyShot(false), Move("W3"), Arrow(true), Leap(false, "", ""), Leap(true, "A-B", "E4-W4"),
		Pass(), Cast(9), SpellShot(false), Abandon(), TargetAt("E5"), TargetSpan("B-P"), Bench(7, 0), Bench(6, 3), EndHalf(),
	} {
		t.Run(a.Type, func(t *testing.T) {
			raw, err := json.Marshal(a)
			if err != nil {
				t.Fatal(err)
			}
			if b, sh, ok := parseWireFast(raw); !ok || !wellFormed(b.Type, sh) {
				t.Fatalf("%s does not take the fast path", raw)
			}
			got, err := ParseAction(raw)
			if err != nil || got != a {
				t.Fatalf("ParseAction(%s) = %+v, %v; want %+v", raw, got, err, a)
			}
		})
	}
}

// FuzzParseWireFast: whatever the fast path reads, the strict reader reads
// the same, and an action the fast path passes as well formed is one the
// strict reader accepts with the same values.
func FuzzParseWireFast(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.json")
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		if rec, err := record.Parse(data); err == nil {
			for _, a := range rec.Actions {
				f.Add([]byte(a))
			}
		}
	}
	for _, s := range []string{`{"type":"bench","card":06}`, `{"type":"cast","card":-0}`, `{"type":"move","to":"A","to":"B"}`, `{"type":"pass"} `, `{"type":"move","To":"A"}`, `{"type":"cast","card":1e1}`, `{"type":"leap","made":true,"from":"A-B","to":"B\u002dP"}`, `{"type":"leap","made":false,"from":"A-B","to":"B-P"}`, `{"type":"bench","card":6,"cut":0}`, `{"type":"move","to":"A","card":1}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		fast, sh, ok := parseWireFast(raw)
		if !ok {
			return
		}
		var w wireAction
		if err := record.DecodeStrict(raw, &w); err != nil {
			t.Fatalf("fast path read %q, the strict decoder refuses it: %v", raw, err)
		}
		want := shape(0)
		for _, f := range []struct {
			present bool
			bit     shape
		}{{w.Made != nil, hasMade}, {w.To != nil, hasTo}, {w.From != nil, hasFrom}, {w.At != nil, hasAt}, {w.Span != nil, hasSpan}, {w.Card != nil, hasCard}, {w.Cut != nil, hasCut}} {
			if f.present {
				want |= f.bit
			}
		}
		if sh != want {
			t.Fatalf("%q: fast path shape %07b, strict %07b", raw, sh, want)
		}
		strict, err := parseActionStrict(raw)
		if wellFormed(fast.Type, sh) {
			if err != nil || !reflect.DeepEqual(fast, strict) {
				t.Fatalf("%q: fast %+v, strict %+v, %v", raw, fast, strict, err)
			}
		}
	})
}
