package record_test

import (
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
