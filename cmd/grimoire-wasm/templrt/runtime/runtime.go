// Package runtime is the part of templ's runtime (github.com/a-h/templ/runtime,
// v0.3.1118) that our generated code calls, for the WebAssembly module only:
// see the parent package for why it exists and how it is held equal to
// templ.
package runtime

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/a-h/templ"
)

// GeneratedComponentInput is what a generated template function receives.
type GeneratedComponentInput struct {
	Context context.Context
	Writer  io.Writer
}

// GeneratedTemplate makes a generated template function a Component.
func GeneratedTemplate(f func(GeneratedComponentInput) error) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		return f(GeneratedComponentInput{Context: ctx, Writer: w})
	})
}

// WriteString writes a template's literal text. templ reads it from a file
// instead in its development mode, which the module never runs in.
func WriteString(w io.Writer, _ int, s string) error {
	_, err := io.WriteString(w, s)
	return err
}

// Buffer is the writer a template draws into. templ buffers there (a
// bufio.Writer, flushed to an http.Flusher); the module always draws into
// memory, where a second buffer would only copy, so this one passes every
// write through in the same order.
type Buffer struct {
	w io.Writer
}

func (b *Buffer) Write(p []byte) (int, error) { return b.w.Write(p) }

// WriteString writes s.
func (b *Buffer) WriteString(s string) (int, error) { return io.WriteString(b.w, s) }

// GetBuffer wraps w, or returns it when it is already a Buffer (a template
// called from a template); existing tells which.
func GetBuffer(w io.Writer) (b *Buffer, existing bool) {
	if w == nil {
		return nil, false
	}
	if b, ok := w.(*Buffer); ok {
		return b, true
	}
	return &Buffer{w: w}, false
}

// ReleaseBuffer ends a GetBuffer that wrapped: nothing is held back, so
// there is nothing to flush.
func ReleaseBuffer(io.Writer) error { return nil }

// attributeValue is what an attribute expression may give: templ's set less
// templ.ComponentScript, which the module has none of (using one fails to
// compile the module, which is the loud failure wanted).
type attributeValue interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 |
		~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr |
		~float32 | ~float64 | ~complex64 | ~complex128 |
		~string | ~bool
}

// AttributeExpression is the value of { expr } in an attribute.
type AttributeExpression[T attributeValue] struct {
	Value T
	Err   error
}

// NewAttributeExpression holds an attribute expression's value and errors.
func NewAttributeExpression[T attributeValue](v T, errs ...error) AttributeExpression[T] {
	return AttributeExpression[T]{Value: v, Err: errors.Join(errs...)}
}

// Resolve is the value as attribute text: printed as fmt.Sprint prints it
// (as templ does, so a String method counts), then HTML-escaped.
func (e AttributeExpression[T]) Resolve(context.Context) (string, error) {
	if e.Err != nil {
		return "", e.Err
	}
	return templ.EscapeString(format(e.Value)), nil
}

// ResolveURL is the value of a URL attribute (href, src, action, ...): a
// templ.SafeURL as it is, anything else through templ.URL; then escaped.
func (e AttributeExpression[T]) ResolveURL(context.Context) (string, error) {
	if e.Err != nil {
		return "", e.Err
	}
	if u, ok := any(e.Value).(templ.SafeURL); ok {
		return templ.EscapeString(u), nil
	}
	return templ.EscapeString(templ.URL(format(e.Value))), nil
}

func format(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	return fmt.Sprint(v)
}

// RenderAttributes writes spread attributes: a string value as
// name="escaped value", true as the bare name, false not at all. templ
// also sanitizes URL, style, event-handler and srcdoc attributes and takes
// numbers, pointers, scripts and components; the module spreads none of
// those, so it refuses them, and refuses a name templ would replace.
func RenderAttributes(_ context.Context, w io.Writer, _ io.Writer, elementName string, attributes templ.Attributer) error {
	for _, item := range attributes.Items() {
		name := item.Key
		if !plainAttribute(elementName, name) {
			return fmt.Errorf("templ (module runtime): spread attribute %q on <%s> is not supported", name, elementName)
		}
		var text string
		switch v := item.Value.(type) {
		case string:
			text = " " + templ.EscapeString(name) + `="` + templ.EscapeString(v) + `"`
		case bool:
			if !v {
				continue
			}
			text = " " + templ.EscapeString(name)
		default:
			return fmt.Errorf("templ (module runtime): spread attribute %q of type %T is not supported", name, item.Value)
		}
		if _, err := io.WriteString(w, text); err != nil {
			return err
		}
	}
	return nil
}

// plainAttribute says templ writes the attribute's value only escaped: its
// name is valid (templ's htmlattr.IsValidName) and its value is in no URL,
// event-handler, style, srcdoc, srcset or SVG-animation context (templ's
// htmlattr.Classify returns ContextDefault).
func plainAttribute(elementName, name string) bool {
	if name == "" || strings.ContainsFunc(name, func(r rune) bool {
		return r <= 0x20 || (r >= 0x7f && r <= 0x9f) || strings.ContainsRune("\"'>/=<`&", r)
	}) {
		return false
	}
	el, n := asciiLower(elementName), asciiLower(name)
	if strings.HasPrefix(n, "on") || strings.HasPrefix(n, "hx-on") || strings.HasPrefix(n, "data-hx-on") || n == "style" {
		return false
	}
	if el == "" || el == "set" || el == "animate" {
		switch n {
		case "to", "from", "values", "by":
			return false
		}
	}
	if rest, ok := strings.CutPrefix(n, "data-"); ok {
		n = rest
	} else if prefix, local, ok := strings.Cut(n, ":"); ok {
		if prefix == "xmlns" {
			return false
		}
		n = local
	}
	switch n {
	case "srcdoc", "srcset", "imagesrcset", "action", "archive", "background", "cite", "classid", "codebase",
		"data", "formaction", "href", "icon", "longdesc", "manifest", "poster", "profile", "src", "usemap", "xmlns":
		return false
	}
	return !strings.Contains(n, "src") && !strings.Contains(n, "uri") && !strings.Contains(n, "url")
}

func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
