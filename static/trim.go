package static

import (
	"bytes"
	"strings"
)

// trimmed is one of our own scripts or style sheets as it is sent: without
// its comments and indentation, which are for whoever reads the source and
// were a quarter of what a first visit downloaded (12 KB of 53 KB after
// compression). Vendored files are left as they came. The cuts are ones
// that cannot change what the file means:
//
//   - CSS: comments, outside strings, and each line's indentation.
//   - JS: lines that are nothing but a // comment, and each line's
//     indentation. Line breaks stay, so automatic semicolon insertion reads
//     the file as before. Our scripts have no template literals and no
//     strings continued over lines (trim_test.go checks both, since a cut
//     inside either would change a string).
func trimmed(name string, body []byte) []byte {
	if strings.HasPrefix(name, "vendor/") {
		return body
	}
	switch {
	case strings.HasSuffix(name, ".css"):
		return trimLines(stripCSSComments(body), false)
	case strings.HasSuffix(name, ".js"):
		return trimLines(body, true)
	}
	return body
}

// stripCSSComments drops /* ... */ outside quoted strings.
func stripCSSComments(b []byte) []byte {
	out := make([]byte, 0, len(b))
	var quote byte
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case quote != 0:
			out = append(out, c)
			if c == '\\' && i+1 < len(b) {
				i++
				out = append(out, b[i])
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
			out = append(out, c)
		case c == '/' && i+1 < len(b) && b[i+1] == '*':
			end := bytes.Index(b[i+2:], []byte("*/"))
			if end < 0 {
				return out // an unclosed comment runs to the end
			}
			i += 2 + end + 1
		default:
			out = append(out, c)
		}
	}
	return out
}

// trimLines drops each line's leading and trailing blanks and the lines left
// empty; with lineComments also the lines that are only a // comment.
func trimLines(b []byte, lineComments bool) []byte {
	out := make([]byte, 0, len(b))
	for line := range bytes.Lines(b) {
		t := bytes.TrimSpace(line)
		if len(t) == 0 || lineComments && bytes.HasPrefix(t, []byte("//")) {
			continue
		}
		out = append(out, t...)
		out = append(out, '\n')
	}
	return out
}
