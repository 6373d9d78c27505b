// Package lang holds the languages Grimoire speaks and the words it says in
// each: one message catalog per language (catalogs/*.json, files a
// translator edits without Go), built on golang.org/x/text's message
// catalogs and plural rules, and the matching of a browser's
// Accept-Language against the languages offered. The offline module (built
// for js) reads the same catalogs through a small formatter of its own
// (words.go) held to x/text's output by a test, as x/text's tables would
// make every module about 110 KB larger.
//
// A page reads its language from the request's context (From) and its
// words through the catalog (T):
//
//	ctx = lang.With(ctx, lang.Spanish)
//	lang.T(ctx, lang.HomeTitle)          // "Tus partidas"
//	lang.T(ctx, lang.HomePageOf, 1, 3, 57) // plural forms by the third argument
//
// A context without a language speaks English, so code that knows nothing
// of languages (the offline module, a test) draws what it always drew.
package lang

import (
	"context"
	"strings"
)

// Lang is one language Grimoire speaks, by its BCP 47 tag as written in
// <html lang> and in the remembered cookie. The zero value is English.
type Lang string

// The languages offered, and the pseudo-language of the tests.
const (
	English    Lang = "en"
	Spanish    Lang = "es"
	French     Lang = "fr"
	German     Lang = "de"
	Portuguese Lang = "pt-BR" // Brazilian Portuguese
	// Pseudo is English made longer and accented ("[Šķíþ ţó çóñţéñţ
	// ẋẋẋẋ]"), generated from the English catalog: a page drawn in it
	// shows at a glance any words that escaped the catalog, and whether
	// the layout holds words 40% longer. It is never offered to people:
	// Parse refuses it, and only a server built for tests accepts it
	// (handlers/middleware.Language).
	Pseudo Lang = "en-XA"
)

// offered is the languages people may choose, in the order the switch
// lists them; the matcher prefers the first on a tie, so English leads.
var offered = []Lang{English, Spanish, French, German, Portuguese}

// Offered is the languages people may choose, English first.
func Offered() []Lang { return append([]Lang(nil), offered...) }

// Parse reads a language tag as the cookie and the switch's form hold it:
// exactly one of the offered tags (case aside), never Pseudo.
func Parse(s string) (Lang, bool) {
	for _, l := range offered {
		if strings.EqualFold(s, string(l)) {
			return l, true
		}
	}
	return English, false
}

// Name is the language's name in itself, as the switch shows it: a person
// looks for their own language's name, whatever the page speaks.
func (l Lang) Name() string {
	switch l {
	case Spanish:
		return "Español"
	case French:
		return "Français"
	case German:
		return "Deutsch"
	case Portuguese:
		return "Português (Brasil)"
	case Pseudo:
		return "Pseudo"
	default:
		return "English"
	}
}

// Tag is the BCP 47 tag of <html lang> and of the cookie.
func (l Lang) Tag() string {
	if l == "" {
		return string(English)
	}
	return string(l)
}

type ctxKey struct{}

// With is ctx speaking l.
func With(ctx context.Context, l Lang) context.Context {
	return context.WithValue(ctx, ctxKey{}, l)
}

// From is the language ctx speaks: English unless With said otherwise.
func From(ctx context.Context) Lang {
	if l, ok := ctx.Value(ctxKey{}).(Lang); ok && l != "" {
		return l
	}
	return English
}

// T is the words of key in the language of ctx, with args put in their
// place (printf verbs; the count of a plural entry picks its form).
func T(ctx context.Context, key Key, args ...any) string {
	return From(ctx).T(key, args...)
}
