package record

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxNameLen is the longest player name a setup may carry, in characters.
// Every path that starts a game (the new-game forms, a game started on a
// phone, an import) passes a rules core's setup check, so the limit lives
// there and not in the handlers: a name is shown on every screen, in every
// list and on every scoresheet, and a megabyte of it made pages of
// megabytes.
const MaxNameLen = 40

// ErrBadName marks a player name a setup may not carry.
var ErrBadName = errors.New("bad name")

// CheckName says whether name may name a player: 1 to MaxNameLen
// characters once the spaces around it are trimmed, and the untrimmed name
// no longer than that either (padding is no way around the limit). Control
// characters, line and paragraph separators and the bidirectional overrides
// and isolates are refused: they break a line, or turn the text around it
// (a list, a sentence of the log) back to front.
func CheckName(name string) error {
	if !utf8.ValidString(name) {
		return fmt.Errorf("%w: a name must be text (UTF-8)", ErrBadName)
	}
	trimmed := strings.TrimSpace(name)
	if trimmed == "" {
		return fmt.Errorf("%w: a name cannot be empty", ErrBadName)
	}
	if n := utf8.RuneCountInString(name); n > MaxNameLen {
		return fmt.Errorf("%w: a name may have %d characters at most, not %d", ErrBadName, MaxNameLen, n)
	}
	for _, r := range name {
		if unicode.IsControl(r) || unicode.In(r, unicode.Zl, unicode.Zp) || bidiControl(r) {
			return fmt.Errorf("%w: %q contains a control character (U+%04X)", ErrBadName, trimmed, r)
		}
	}
	return nil
}

// bidiControl is one of the explicit embedding, override and isolate
// characters of the Unicode bidirectional algorithm.
func bidiControl(r rune) bool {
	return r >= 0x202A && r <= 0x202E || r >= 0x2066 && r <= 0x2069 || r == 0x200E || r == 0x200F || r == 0x061C
}
