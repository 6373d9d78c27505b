package views

import (
	"context"
	"io"
	"strings"

	"github.com/a-h/templ"
	"github.com/grimoire-games/grimoire/lang"
)

// WordsWith is key's words with each of parts drawn where the sentence
// takes the argument of its place (the first part at %[1]s, the second at
// %[2]s...), wherever a language puts them: WordsAround for a sentence
// with more than one element or name in it. The words around them are
// escaped as Words escapes them; each part escapes its own.
func WordsWith(key lang.Key, parts ...templ.Component) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		args := make([]any, len(parts))
		for i := range parts {
			args[i] = string(rune(holeFirst + i))
		}
		s := lang.T(ctx, key, args...)
		for s != "" {
			i := strings.IndexFunc(s, func(r rune) bool { return r >= holeFirst && r < holeFirst+rune(len(parts)) })
			if i < 0 {
				break
			}
			if _, err := io.WriteString(w, textEscaper.Replace(s[:i])); err != nil {
				return err
			}
			r := []rune(s[i:])[0]
			if err := parts[r-holeFirst].Render(ctx, w); err != nil {
				return err
			}
			s = s[i+len(string(r)):]
		}
		_, err := io.WriteString(w, textEscaper.Replace(s))
		return err
	})
}

// holeFirst is the first of WordsWith's marks: private-use characters no
// catalog writes.
const holeFirst = '\uE001'

// Text is s as text content, escaped as a { } expression escapes it: a
// name or title handed to WordsWith or WordsAround.
func Text(s string) templ.Component {
	return templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
		_, err := io.WriteString(w, templ.EscapeString(s))
		return err
	})
}
