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
			if _, ok := parseWireFast(raw); !ok {
				t.Fatalf("%s does not take the fast path", raw)
			}
			got, err := ParseAction(raw)
			if err != nil || got != a {
				t.Fatalf("ParseAction(%s) = %+v, %v; want %+v", raw, got, err, a)
			}
		})
	}
}

// strictWire is the strict decoder the fast path stands in for.
func strictWire(raw []byte) (wireAction, error) {
	var w wireAction
	err := record.DecodeStrict(raw, &w)
	return w, err
}

// FuzzParseWireFast: whatever the fast path accepts, the strict decoder
// accepts too and reads the same.
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
	for _, s := range []string{`{"type":"bench","card":06}`, `{"type":"cast","card":-0}`, `{"type":"move","to":"A","to":"B"}`, `{"type":"pass"} `, `{"type":"move","To":"A"}`, `{"type":"cast","card":1e1}`, `{"type":"leap","made":true,"from":"A-B","to":"B\u002dP"}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		fast, ok := parseWireFast(raw)
		if !ok {
			return
		}
		strict, err := strictWire(raw)
		if err != nil {
			t.Fatalf("fast path read %q, the strict decoder refuses it: %v", raw, err)
		}
		if !reflect.DeepEqual(fast, strict) {
			t.Fatalf("%q: fast %+v, strict %+v", raw, fast, strict)
		}
	})
}
