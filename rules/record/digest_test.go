package record_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/rules/record"
)

// digestBase is a small Spells & Arrows record as the app writes it.
func digestBase() record.Record {
	return record.Record{
		Game: record.SpellsArrows, Version: 1, Seed: 42,
		Setup:   json.RawMessage(`{"spy":"Ana","mage":"Ben","victory":10}`),
		Actions: raws(`{"type":"shot","made":true}`, `{"type":"shot","made":false}`, `{"type":"move","to":"B"}`),
	}
}

func TestDigest(t *testing.T) {
	base := digestBase()
	want, err := record.Digest(base)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(want, "sha256:") || len(want) != len("sha256:")+64 {
		t.Fatalf("digest %q is not sha256: and 64 hex digits", want)
	}
	with := func(f func(r *record.Record)) record.Record {
		r := digestBase()
		r.Actions = append([]json.RawMessage(nil), r.Actions...)
		f(&r)
		return r
	}
	cases := []struct {
		name string
		rec  record.Record
		same bool
	}{
		{"as written", base, true},
		{"indented setup", with(func(r *record.Record) {
			r.Setup = json.RawMessage("{\n  \"spy\": \"Ana\",\n  \"mage\": \"Ben\",\n  \"victory\": 10\n}")
		}), true},
		{"setup keys in another order", with(func(r *record.Record) {
			r.Setup = json.RawMessage(`{"victory":10,"mage":"Ben","spy":"Ana"}`)
		}), true},
		{"action keys in another order, spaced", with(func(r *record.Record) {
			r.Actions[1] = json.RawMessage(` { "made" : false , "type" : "shot" } `)
		}), true},
		{"a string escaped", with(func(r *record.Record) {
			r.Setup = json.RawMessage(`{"spy":"\u0041na","mage":"Ben","victory":10}`)
		}), true},
		{"one action different", with(func(r *record.Record) {
			r.Actions[1] = json.RawMessage(`{"type":"shot","made":true}`)
		}), false},
		{"one action fewer", with(func(r *record.Record) { r.Actions = r.Actions[:2] }), false},
		{"two actions swapped", with(func(r *record.Record) {
			r.Actions[0], r.Actions[1] = r.Actions[1], r.Actions[0]
		}), false},
		{"another seed", with(func(r *record.Record) { r.Seed = 43 }), false},
		{"another setup", with(func(r *record.Record) {
			r.Setup = json.RawMessage(`{"spy":"Ana","mage":"Ben","victory":11}`)
		}), false},
		{"a name's case", with(func(r *record.Record) {
			r.Setup = json.RawMessage(`{"spy":"ana","mage":"Ben","victory":10}`)
		}), false},
		{"another game", with(func(r *record.Record) { r.Game = record.MagesTower }), false},
		// Actions are joined by a newline, which canonical JSON never holds:
		// moving text across the boundary of two actions changes the digest.
		{"one action split in two", with(func(r *record.Record) {
			r.Actions = raws(`{"type":"shot","made":true}`, `{"type":"shot","made":false}`, `{"type":"move"}`, `{"to":"B"}`)
		}), false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := record.Digest(tc.rec)
			if err != nil {
				t.Fatal(err)
			}
			if (got == want) != tc.same {
				t.Errorf("digest %s, base %s: same = %v, want %v", got, want, got == want, tc.same)
			}
		})
	}
}

func TestDigestRefusesBadJSON(t *testing.T) {
	r := digestBase()
	r.Actions = raws(`{"type":"shot"}`, `{"type":`)
	if _, err := record.Digest(r); err == nil || !strings.HasPrefix(err.Error(), "action 1: ") {
		t.Fatalf("digest of a broken action: %v, want an error naming action 1", err)
	}
	r = digestBase()
	r.Setup = json.RawMessage(`{"spy":"Ana"} {}`)
	if _, err := record.Digest(r); err == nil {
		t.Fatal("digest of a setup with trailing data: no error")
	}
}

func TestCanonical(t *testing.T) {
	cases := []struct{ in, want string }{
		{`{"b":1,"a":[true,null,"x"]}`, `{"a":[true,null,"x"],"b":1}`},
		{" {\n\"z\" : {\"y\":2, \"x\" :1} }\n", `{"z":{"x":1,"y":2}}`},
		{`"\u00e9\/"`, `"é/"`},
		{`12345678901234567890123`, `12345678901234567890123`}, // numbers as written, never through float64
		{`[]`, `[]`},
	}
	for _, tc := range cases {
		t.Run(tc.in, func(t *testing.T) {
			got, err := record.Canonical([]byte(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
}

func TestCompare(t *testing.T) {
	base := digestBase()
	at := func(n int, edit func(r *record.Record)) record.Record {
		r := digestBase()
		r.Actions = append([]json.RawMessage(nil), r.Actions[:n]...)
		if edit != nil {
			edit(&r)
		}
		return r
	}
	cases := []struct {
		name string
		a    record.Record
		want record.Kinship
	}{
		{"the same record", at(3, nil), record.Same},
		{"the same record, reformatted", at(3, func(r *record.Record) {
			r.Setup = json.RawMessage(`{"victory": 10, "mage": "Ben", "spy": "Ana"}`)
			r.Actions[2] = json.RawMessage(`{ "to": "B", "type": "move" }`)
		}), record.Same},
		{"an earlier moment", at(2, nil), record.Earlier},
		{"the start", at(0, nil), record.Earlier},
		{"goes on further", at(3, func(r *record.Record) {
			r.Actions = append(r.Actions, json.RawMessage(`{"type":"shot","made":true}`))
		}), record.Later},
		{"parts ways", at(2, func(r *record.Record) {
			r.Actions[1] = json.RawMessage(`{"type":"shot","made":true}`)
		}), record.Unrelated},
		{"another seed", at(3, func(r *record.Record) { r.Seed = 7 }), record.Unrelated},
		{"another setup", at(3, func(r *record.Record) { r.Setup = json.RawMessage(`{"spy":"Cy","mage":"Ben","victory":10}`) }), record.Unrelated},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := record.Compare(tc.a, base)
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("Compare = %d, want %d", got, tc.want)
			}
			same, _ := record.SameGame(tc.a, base)
			if same != (tc.want != record.Unrelated) {
				t.Errorf("SameGame = %v for %d", same, got)
			}
		})
	}
}
