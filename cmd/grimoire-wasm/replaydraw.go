package main

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/play/replay"
	"github.com/grimoire-games/grimoire/views"
)

// replayHTML draws moment raw (an ?at= value) of the game in record, the
// table its game page embedded on this phone, for that record's viewer:
// the replay's body (views.ReplayBody) as the server's /g/ID/replay draws
// it for this device, its "Continue from here" form carrying csrf. at and
// total are the moment drawn and the actions in force. Every error says
// why in words, for the page to show in place of a screen (sentence).
func replayHTML(kinds []play.Kind, record, raw, csrf string) (html string, at, total int, err error) {
	t, err := play.ParseTable([]byte(record))
	if err != nil {
		return "", 0, 0, err
	}
	k, ok := play.Find(kinds, t.Kind)
	if !ok {
		return "", 0, 0, fmt.Errorf("This phone's copy of the app cannot draw %q games.", t.Kind)
	}
	m, err := replay.OnPhone(k, t, raw)
	if err != nil {
		return "", 0, 0, err
	}
	back := "/g/" + t.GameID
	ctx := drawing()
	r, err := replay.View(ctx, k, m, replay.Links{Base: back + "/replay", Back: back, Fork: back + "/fork", CSRF: csrf})
	if err != nil {
		return "", 0, 0, err
	}
	var b strings.Builder
	if err := views.ReplayBody(r).Render(ctx, &b); err != nil {
		return "", 0, 0, fmt.Errorf("The moment could not be drawn: %w", err)
	}
	return b.String(), m.At, m.Total, nil
}

// sentence is an error's words as a person reads them: a capital first.
func sentence(words string) string {
	r, n := utf8.DecodeRuneInString(words)
	if r == utf8.RuneError || unicode.IsUpper(r) {
		return words
	}
	return string(unicode.ToUpper(r)) + words[n:]
}
