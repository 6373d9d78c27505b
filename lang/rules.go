package lang

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/grimoire-games/grimoire/rules/say"
)

// The rules' sentences (package rules/say) are keyed by their English
// pattern, not by a constant: the rules cores write English where they
// make a sentence and stay free of this package. Their translations live
// in catalogs/rules/<game>/<tag>.json, one folder per game (so the games'
// translators never edit one file), pattern -> words (or plural forms, as
// in the other catalogs; a say.N pattern's count is its first argument).
// English needs no file: the pattern is the English. rules_test.go finds
// every pattern in the source and checks each language has exactly those.

// ReadRulesCatalog is the rules' sentences in l, every game's file merged.
// Two games may say the same pattern, but never in different words.
func ReadRulesCatalog(l Lang) (Catalog, error) {
	files, err := rulesBytes(l)
	if err != nil {
		return nil, fmt.Errorf("lang: rules catalog %s: %w", l, err)
	}
	out := Catalog{}
	for _, f := range files {
		name := f.name
		var c Catalog
		if err := json.Unmarshal(f.body, &c); err != nil {
			return nil, fmt.Errorf("lang: %s: %w", name, err)
		}
		for k, e := range c {
			if was, ok := out[k]; ok && !sameEntry(was, e) {
				return nil, fmt.Errorf("lang: %s says %q otherwise than another game's file", name, k)
			}
			out[k] = e
		}
	}
	return out, nil
}

func sameEntry(a, b Entry) bool {
	if a.Text != b.Text || a.Count != b.Count || len(a.Forms) != len(b.Forms) {
		return false
	}
	for k, v := range a.Forms {
		if b.Forms[k] != v {
			return false
		}
	}
	return true
}

// rulesCatalogs are the offered languages' rules catalogs but English's
// (the ones this build holds), read once until Load hands it another.
func rulesCatalogs() (map[Lang]Catalog, error) {
	return held.get(&held.rules, func() (map[Lang]Catalog, error) {
		out := map[Lang]Catalog{}
		for _, l := range Offered() {
			if l == English {
				continue
			}
			c, err := ReadRulesCatalog(l)
			if errors.Is(err, errNotHeld) {
				continue
			}
			if err != nil {
				return nil, err
			}
			out[l] = c
		}
		return out, nil
	})
}

// Say is the rules' sentence t in the language of ctx.
func Say(ctx context.Context, t say.Text) string { return From(ctx).Say(t) }

// Say is the rules' sentence t in l: each part's pattern translated (the
// English where the catalog lacks it), and every argument that is words
// itself (a say.Text, an error carrying one) said in l too.
func (l Lang) Say(t say.Text) string {
	if l == English || l == "" {
		return t.String()
	}
	var b strings.Builder
	for _, p := range t.Parts() {
		b.WriteString(l.sayPart(p))
	}
	return b.String()
}

// said is args with every one that is words (a say.Text, an error that
// carries one) said in l: a catalog sentence that takes a rules sentence
// as an argument ("Undo: %s") says both in one language.
func (l Lang) said(args []any) []any {
	out := args
	for i, a := range args {
		var s string
		switch v := a.(type) {
		case say.Text:
			s = l.Say(v)
		case error:
			t, ok := say.Of(v)
			if !ok {
				continue
			}
			s = l.Say(t)
		default:
			continue
		}
		if &out[0] == &args[0] {
			out = append([]any(nil), args...)
		}
		out[i] = s
	}
	return out
}

func (l Lang) sayPart(p say.Part) string {
	if p.Verbatim {
		return p.Pattern
	}
	args := l.said(p.Args)
	if l == Pseudo {
		pattern := p.Pattern
		if p.One != "" && p.Count == 1 {
			pattern = p.One
		}
		return sprintf(l, Pseudolocalize(pattern), args)
	}
	cs, err := rulesCatalogs()
	if err != nil {
		return p.English()
	}
	e, ok := cs[l][Key(p.Pattern)]
	if !ok {
		// A pattern no catalog holds (one of no words, "%s (%s)") keeps
		// its English but says its arguments in l.
		pattern := p.Pattern
		if p.One != "" && p.Count == 1 {
			pattern = p.One
		}
		if len(args) == 0 {
			return pattern
		}
		return sprintf(l, pattern, args)
	}
	text := e.Text
	if e.Forms != nil {
		text = e.Forms[form(l, e, args)]
	}
	return sprintf(l, text, args)
}
