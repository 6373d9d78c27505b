package record_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/rules/record"
)

func TestCheckName(t *testing.T) {
	ok := []struct{ rule, name string }{
		{"a plain name", "Ana"},
		{"accents and other scripts are letters like any other", "Zoë Åström 山田"},
		{"exactly 40 characters", strings.Repeat("é", 40)},
		{"spaces around a name are allowed within the limit", "  Ben  "},
		{"an emoji sequence joined by a zero-width joiner", "👩‍👩‍👧"},
	}
	for _, tc := range ok {
		t.Run(tc.rule, func(t *testing.T) {
			if err := record.CheckName(tc.name); err != nil {
				t.Fatalf("CheckName(%q) = %v", tc.name, err)
			}
		})
	}
	bad := []struct{ rule, name string }{
		{"a name cannot be empty", ""},
		{"a name cannot be only spaces", " \t "},
		{"41 characters are too many", strings.Repeat("a", 41)},
		{"padding counts: 40 letters and a space are too many", strings.Repeat("a", 40) + " "},
		{"a megabyte of name", strings.Repeat("x", 1<<20)},
		{"a newline breaks lines", "Ana\nBen"},
		{"a NUL byte", "Ana\x00"},
		{"an escape character", "\x1b[31mAna"},
		{"a line separator", "Ana\u2028Ben"},
		{"a right-to-left override turns the text around", "Ana\u202Enib"},
		{"a bidirectional isolate", "\u2066Ana"},
		{"bytes that are not UTF-8", "Ana\xff"},
	}
	for _, tc := range bad {
		t.Run(tc.rule, func(t *testing.T) {
			if err := record.CheckName(tc.name); !errors.Is(err, record.ErrBadName) {
				t.Fatalf("CheckName(%.20q) = %v, want ErrBadName", tc.name, err)
			}
		})
	}
}

func TestDecodeStrictRefusesKeysGivenTwice(t *testing.T) {
	type inner struct {
		N int `json:"n"`
	}
	type v struct {
		Type  string           `json:"type"`
		Seat  int              `json:"seat"`
		List  []inner          `json:"list"`
		Inner inner            `json:"inner"`
		Map   map[string]int   `json:"map"`
		Raw   *json.RawMessage `json:"raw"`
	}
	refused := []struct{ rule, in string }{
		{"a key twice", `{"type":"take","type":"exchange"}`},
		{"a key twice in another case (encoding/json folds case)", `{"type":"take","Type":"exchange"}`},
		{"a key twice in a nested object", `{"inner":{"n":1,"n":2}}`},
		{"a key twice in an object in a list", `{"list":[{"n":1},{"n":1,"n":2}]}`},
		{"a key twice in a map", `{"map":{"ASHW":1,"ASHW":5}}`},
		{"a key twice after nested values", `{"list":[[1],[2]],"inner":{},"seat":1,"seat":2}`},
		{"a key twice, once written with an escape", `{"type":"take","\u0074ype":"exchange"}`},
		{"a key twice after a string holding quotes and braces", `{"type":"a\"}{,\"type\":","type":"b"}`},
	}
	for _, tc := range refused {
		t.Run(tc.rule, func(t *testing.T) {
			var x v
			if err := record.DecodeStrict([]byte(tc.in), &x); err == nil {
				t.Fatalf("accepted %s as %+v", tc.in, x)
			}
		})
	}
	accepted := []string{
		`{"type":"take","seat":1}`,
		`{"list":[{"n":1},{"n":2}],"inner":{"n":3},"map":{"a":1,"b":2}}`,
		`{"raw":{"n":1,"m":[{"n":1},{"n":2}]},"type":"x"}`,
		`{}`,
		`{"type":"{\"type\":1,\"type\":2}","seat":1}`,
		`{"list":[{"n":1},{"n":1}],"inner":{"n":1}}`,
	}
	for _, in := range accepted {
		var x v
		if err := record.DecodeStrict([]byte(in), &x); err != nil {
			t.Errorf("%s: %v", in, err)
		}
	}
}

func TestParseRefusesARecordThatSaysTwoThings(t *testing.T) {
	for _, in := range []string{
		`{"game":"spells-arrows","game":"mages-tower","version":1,"seed":1,"setup":{},"actions":[]}`,
		`{"game":"spells-arrows","version":1,"seed":1,"seed":2,"setup":{},"actions":[]}`,
		`{"game":"spells-arrows","version":1,"seed":1,"setup":{"spy":"a","spy":"b"},"actions":[]}`,
	} {
		if _, err := record.Parse([]byte(in)); !errors.Is(err, record.ErrMalformed) {
			t.Errorf("%s: %v, want ErrMalformed", in, err)
		}
	}
}
