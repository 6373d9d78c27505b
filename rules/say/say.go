// Package say holds the sentences the rules cores make (a log line, the
// reason an action is refused, a prompt) as their English pattern and
// arguments rather than as finished words, so each reader gets them in
// their own language where they are shown, while the rules stay free of
// languages: the same record reads in Spanish on one phone and in German
// on another.
//
//	t := say.F("Spy made the toll at %s (%d/%d)", "W3", 2, 2)
//	t.String()           // "Spy made the toll at W3 (2/2)", the English
//	lang.Spanish.Say(t)  // its Spanish, from lang's rules catalog
//
// A pattern is the key of its translations: every pattern written in a
// say.F or say.N call (or a rules core's fail) is found in the source by
// lang's catalog test, which checks each language has it. So a pattern is
// always a string literal, and a word that changes with the game (a
// zone's name, "cone" or "cones") is itself a Text, never English glued
// in by code.
package say

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// Text is a sentence, or a sentence in parts: each part one pattern and
// its arguments. An argument may be a Text (said in the reader's language
// too), an error carrying a Text (Of), or anything fmt prints (a location
// id, a card's name, a number).
type Text struct {
	parts []Part
}

// Part is one pattern of a Text with its arguments. One and Count make it
// a plural: Pattern is the "other" form (and the key), One the form for
// one, and Count the whole number that picks between them.
type Part struct {
	Pattern string
	One     string
	Count   int
	Args    []any
	// Verbatim marks words that are not a pattern: words made outside the
	// rules' sentences (an old record's text), said as they are.
	Verbatim bool
}

// F is the sentence pattern with args in its verbs' places.
func F(pattern string, args ...any) Text {
	return Text{parts: []Part{{Pattern: pattern, Args: args}}}
}

// N is n with its noun: one ("%d cone") when n is 1 in English, other
// ("%d cones") otherwise; each language picks its own form for n. The
// pattern's first verb is n.
func N(n int, one, other string) Text {
	return Text{parts: []Part{{Pattern: other, One: one, Count: n, Args: []any{n}}}}
}

// Verbatim is words said as they are in every language: a text that is
// not the rules' to translate (a name, an old record's free text).
func Verbatim(s string) Text {
	if s == "" {
		return Text{}
	}
	return Text{parts: []Part{{Pattern: s, Verbatim: true}}}
}

// Then is t followed by more parts.
func (t Text) Then(more ...Text) Text {
	n := len(t.parts)
	for _, m := range more {
		n += len(m.parts)
	}
	out := make([]Part, 0, n)
	out = append(out, t.parts...)
	for _, m := range more {
		out = append(out, m.parts...)
	}
	return Text{parts: out}
}

// Join is the texts one after the other with sep (a pattern too, such as
// ", ") between them.
func Join(texts []Text, sep string) Text {
	var out Text
	for i, t := range texts {
		if i > 0 {
			out = out.Then(F(sep))
		}
		out = out.Then(t)
	}
	return out
}

// Parts are t's parts in order, for a reader that translates them.
func (t Text) Parts() []Part { return t.parts }

// IsZero says t says nothing.
func (t Text) IsZero() bool { return len(t.parts) == 0 }

// Until is t up to (not including) its first part whose pattern is one of
// patterns: a reader that says part of a sentence elsewhere (the
// announcement says the half's end in the players' names) cuts it off.
func (t Text) Until(patterns ...string) Text {
	for i, p := range t.parts {
		for _, q := range patterns {
			if p.Pattern == q && !p.Verbatim {
				return Text{parts: t.parts[:i:i]}
			}
		}
	}
	return t
}

// Swap is t with every argument of its parts that says what old says
// (Equal) given as new instead; arguments inside arguments stay as they
// are. A reader that names the actor of a sentence ("General placed L1"
// read as "Ana (General) placed L1") swaps the word for the name.
func (t Text) Swap(old, new Text) Text {
	out := Text{parts: make([]Part, len(t.parts))}
	for i, p := range t.parts {
		for j, a := range p.Args {
			if ta, ok := a.(Text); ok && ta.Equal(old) {
				if len(p.Args) > 0 && &p.Args[0] == &t.parts[i].Args[0] {
					p.Args = append([]any(nil), p.Args...)
				}
				p.Args[j] = new
			}
		}
		out.parts[i] = p
	}
	return out
}

// String is the English.
func (t Text) String() string {
	var b strings.Builder
	for _, p := range t.parts {
		b.WriteString(p.English())
	}
	return b.String()
}

// English is one part said in English.
func (p Part) English() string {
	if p.Verbatim {
		return p.Pattern
	}
	pattern := p.Pattern
	if p.One != "" && p.Count == 1 {
		pattern = p.One
	}
	if len(p.Args) == 0 {
		return pattern
	}
	args := make([]any, len(p.Args))
	for i, a := range p.Args {
		args[i] = english(a)
	}
	return fmt.Sprintf(pattern, args...)
}

// english is an argument as English words: a Text's String, an error's
// Text when it carries one.
func english(a any) any {
	switch v := a.(type) {
	case Text:
		return v.String()
	case error:
		if t, ok := Of(v); ok {
			return t.String()
		}
	}
	return a
}

// Equal says t and u say the same: the same parts and arguments.
func (t Text) Equal(u Text) bool {
	if len(t.parts) != len(u.parts) {
		return false
	}
	for i, p := range t.parts {
		q := u.parts[i]
		if p.Pattern != q.Pattern || p.One != q.One || p.Count != q.Count || p.Verbatim != q.Verbatim || len(p.Args) != len(q.Args) {
			return false
		}
		for j, a := range p.Args {
			if !sameArg(a, q.Args[j]) {
				return false
			}
		}
	}
	return true
}

func sameArg(a, b any) bool {
	if ta, ok := a.(Text); ok {
		tb, ok := b.(Text)
		return ok && ta.Equal(tb)
	}
	if ea, ok := a.(error); ok {
		eb, ok := b.(error)
		return ok && ea.Error() == eb.Error()
	}
	return a == b
}

// MarshalJSON writes the English, as the wire and the records always had
// a plain string here.
func (t Text) MarshalJSON() ([]byte, error) { return json.Marshal(t.String()) }

// UnmarshalJSON reads a plain string as Verbatim words: once written, a
// sentence's pattern is gone.
func (t *Text) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	*t = Verbatim(s)
	return nil
}

// Texter is an error (or anything) that carries its words as a Text.
type Texter interface {
	Said() Text
}

// Of is the Text an error carries (the first in its chain with Said), or
// false.
func Of(err error) (Text, bool) {
	var t Texter
	if errors.As(err, &t) {
		return t.Said(), true
	}
	return Text{}, false
}

// Reason is the words of an error that refused something: the Text it
// carries (Of), or its English message said as it is.
func Reason(err error) Text {
	if t, ok := Of(err); ok {
		return t
	}
	return Verbatim(err.Error())
}
