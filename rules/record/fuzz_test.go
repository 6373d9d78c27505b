package record_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/grimoire-games/grimoire/rules/record"
)

// FuzzDecodeStrictKeys: whatever DecodeStrict accepts names no key twice in
// any object (checked by a slow, plain walk with encoding/json's tokens).
func FuzzDecodeStrictKeys(f *testing.F) {
	for _, s := range []string{`{"a":1}`, `{"a":{"b":[{"c":1},{"c":2}]},"d":"}\"{"}`, `{"a":1,"A":2}`, `{"\u0061":1,"a":2}`, `[{"a":1,"a":1}]`, `{}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var v any
		if record.DecodeStrict(data, &v) != nil {
			return
		}
		dec := json.NewDecoder(bytes.NewReader(data))
		var stack []map[string]bool
		atKey := false
		for {
			tok, err := dec.Token()
			if err != nil {
				return
			}
			if atKey && tok != json.Delim('}') {
				k := strings.ToLower(tok.(string))
				if stack[len(stack)-1][k] {
					t.Fatalf("accepted %q, which names %q twice", data, k)
				}
				stack[len(stack)-1][k] = true
				atKey = false
				continue
			}
			switch tok {
			case json.Delim('{'):
				stack = append(stack, map[string]bool{})
				atKey = true
				continue
			case json.Delim('['):
				stack = append(stack, nil)
				continue
			case json.Delim('}'), json.Delim(']'):
				stack = stack[:len(stack)-1]
			}
			atKey = len(stack) > 0 && stack[len(stack)-1] != nil
		}
	})
}

// FuzzCheckName: an accepted name fits on a line of a screen.
func FuzzCheckName(f *testing.F) {
	for _, s := range []string{"Ana", "  Ben ", "Zoë", "a\nb", "\u202e", strings.Repeat("x", 41), "👩‍👩‍👧"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		if record.CheckName(name) != nil {
			return
		}
		if !utf8.ValidString(name) || strings.TrimSpace(name) == "" || utf8.RuneCountInString(name) > record.MaxNameLen {
			t.Fatalf("accepted %q", name)
		}
		for _, r := range name {
			if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || r >= 0x202A && r <= 0x202E || r >= 0x2066 && r <= 0x2069 {
				t.Fatalf("accepted %q with U+%04X", name, r)
			}
		}
	})
}
