package templ

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"
)

// Component is anything that draws itself: every template, and our own
// hand-written components (views/offline).
type Component interface {
	Render(ctx context.Context, w io.Writer) error
}

// ComponentFunc is a function that is a Component.
type ComponentFunc func(ctx context.Context, w io.Writer) error

// Render calls f.
func (f ComponentFunc) Render(ctx context.Context, w io.Writer) error { return f(ctx, w) }

// Raw writes html as it is, as templ's Raw does (the sheets use it for a
// space the template would otherwise drop).
func Raw[T ~string](html T, errs ...error) Component {
	return ComponentFunc(func(ctx context.Context, w io.Writer) error {
		if err := errors.Join(errs...); err != nil {
			return err
		}
		_, err := io.WriteString(w, string(html))
		return err
	})
}

// NopComponent draws nothing: the children of a component called without any.
var NopComponent = ComponentFunc(func(context.Context, io.Writer) error { return nil })

// Error is a failure inside a template, with where in the .templ file it
// happened. Its text is templ's.
type Error struct {
	Err      error
	FileName string
	Line     int
	Col      int
}

func (e Error) Error() string {
	name := e.FileName
	if name == "" {
		name = "templ"
	}
	return fmt.Sprintf("%s: error at line %d, col %d: %v", name, e.Line, e.Col, e.Err)
}

func (e Error) Unwrap() error { return e.Err }

// stringable is what { expr } may print: templ's set.
type stringable interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 |
		~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr |
		~float32 | ~float64 | ~complex64 | ~complex128 |
		~string | ~bool
}

// JoinStringErrs prints s as fmt.Sprint does (a String method counts) and
// joins the expression's errors.
func JoinStringErrs[T stringable](s T, errs ...error) (string, error) {
	return fmt.Sprint(s), errors.Join(errs...)
}

// EscapeString escapes text for HTML as html.EscapeString does: the five
// characters & ' < > " and nothing else, with the same entities.
func EscapeString[T ~string](s T) string {
	str := string(s)
	n := 0
	for i := 0; i < len(str); i++ {
		if entity(str[i]) != "" {
			n++
		}
	}
	if n == 0 {
		return str
	}
	b := make([]byte, 0, len(str)+4*n)
	for i := 0; i < len(str); i++ {
		if e := entity(str[i]); e != "" {
			b = append(b, e...)
			continue
		}
		b = append(b, str[i])
	}
	return string(b)
}

func entity(c byte) string {
	switch c {
	case '&':
		return "&amp;"
	case '\'':
		return "&#39;"
	case '<':
		return "&lt;"
	case '>':
		return "&gt;"
	case '"':
		return "&#34;"
	}
	return ""
}

// Context: templ keeps per-render state there for scripts, component CSS,
// once-blocks and the CSP nonce. None of those reach the module (the
// functions that would need it refuse instead), so InitializeContext has
// nothing to store; children are carried as templ carries them.

type childrenKey struct{}

// InitializeContext returns ctx: there is no render state to keep.
func InitializeContext(ctx context.Context) context.Context { return ctx }

// WithChildren hands children to the component rendered with the result.
func WithChildren(ctx context.Context, children Component) context.Context {
	return context.WithValue(ctx, childrenKey{}, &children)
}

// ClearChildren keeps a component's children from reaching the components
// it calls.
func ClearChildren(ctx context.Context) context.Context {
	return context.WithValue(ctx, childrenKey{}, nil)
}

// GetChildren is what WithChildren handed down, or NopComponent.
func GetChildren(ctx context.Context) Component {
	c, _ := ctx.Value(childrenKey{}).(*Component)
	if c == nil || *c == nil {
		return NopComponent
	}
	return *c
}

// SafeURL is a URL that is written into href and src as it is.
type SafeURL string

// FailedSanitizationURL replaces a URL whose scheme is not allowed; the
// text is templ's.
const FailedSanitizationURL = SafeURL("about:invalid#TemplFailedSanitizationURL")

// URL lets through relative URLs and the schemes templ allows (http, https,
// mailto, tel, ftp, ftps); any other scheme, such as javascript:, becomes
// FailedSanitizationURL. A colon after a slash is not a scheme. Schemes are
// compared with strings.EqualFold, as templ does (it folds more than ASCII).
func URL(s string) SafeURL {
	i := strings.IndexByte(s, ':')
	if i < 0 || strings.IndexByte(s[:i], '/') >= 0 {
		return SafeURL(s)
	}
	for _, allowed := range [...]string{"http", "https", "mailto", "tel", "ftp", "ftps"} {
		if strings.EqualFold(s[:i], allowed) {
			return SafeURL(s)
		}
	}
	return FailedSanitizationURL
}

// ComponentScript is a script templ would attach to an element. Our
// templates attach none; the type exists because generated code declares
// an empty list of them for every element with expressions.
type ComponentScript struct {
	Name       string
	Function   string
	Call       string
	CallInline string
}

// RenderScriptItems writes nothing for no scripts, as templ; any script is
// refused, since the module has none.
func RenderScriptItems(_ context.Context, _ io.Writer, scripts ...ComponentScript) error {
	if len(scripts) > 0 {
		return errors.New("templ (module runtime): scripts are not supported")
	}
	return nil
}

// KeyValue is a key and value pair, as templ.KV makes.
type KeyValue[TKey comparable, TValue any] struct {
	Key   TKey   `json:"name"`
	Value TValue `json:"value"`
}

// KV pairs a key with a value: a class with whether it is on.
func KV[TKey comparable, TValue any](key TKey, value TValue) KeyValue[TKey, TValue] {
	return KeyValue[TKey, TValue]{Key: key, Value: value}
}

// CSSClasses is the list a class={ ... } attribute joins.
type CSSClasses []any

// String joins the class names that are on, each once, in the order each
// first appears; a name's last KV says whether it is on (templ's rules).
// Only plain names are supported: string, []string, KV(string, bool),
// []KV(string, bool), map[string]bool (sorted) and nested CSSClasses.
// RenderCSSItems, which generated code calls with the same list first,
// refuses anything else; String, which cannot fail, writes templ's name for
// an unknown type so the output would still match.
func (classes CSSClasses) String() string {
	on := map[string]bool{}
	var order []string
	add := func(name string, enabled bool) {
		if _, seen := on[name]; !seen {
			order = append(order, name)
		}
		on[name] = enabled
	}
	var walk func(items []any)
	walk = func(items []any) {
		for _, item := range items {
			switch c := item.(type) {
			case string:
				add(c, true)
			case []string:
				for _, name := range c {
					add(name, true)
				}
			case KeyValue[string, bool]:
				add(c.Key, c.Value)
			case []KeyValue[string, bool]:
				for _, kv := range c {
					add(kv.Key, kv.Value)
				}
			case map[string]bool:
				names := make([]string, 0, len(c))
				for name := range c {
					names = append(names, name)
				}
				sort.Strings(names)
				for _, name := range names {
					add(name, c[name])
				}
			case CSSClasses:
				walk(c)
			default:
				add("--templ-css-class-unknown-type", true)
			}
		}
	}
	walk(classes)
	// Joined with one space between names, also around an empty name.
	var b []byte
	written := 0
	for _, name := range order {
		if !on[name] {
			continue
		}
		if written > 0 {
			b = append(b, ' ')
		}
		b = append(b, name...)
		written++
	}
	return string(b)
}

// RenderCSSItems writes templ's <style> element for component CSS classes;
// plain class names need none. The module has no component CSS, so it
// checks that every item is a plain name and writes nothing.
func RenderCSSItems(_ context.Context, _ io.Writer, classes ...any) error {
	return plainClasses(classes)
}

func plainClasses(items []any) error {
	for _, item := range items {
		switch c := item.(type) {
		case string, []string, KeyValue[string, bool], []KeyValue[string, bool], map[string]bool:
		case CSSClasses:
			if err := plainClasses(c); err != nil {
				return err
			}
		default:
			return fmt.Errorf("templ (module runtime): class item of type %T is not supported", item)
		}
	}
	return nil
}

// Attributer is a set of spread attributes.
type Attributer interface {
	Items() []KeyValue[string, any]
}

// Attributes are spread attributes, written in key order.
type Attributes map[string]any

// Items are the attributes sorted by name.
func (a Attributes) Items() []KeyValue[string, any] {
	items := make([]KeyValue[string, any], 0, len(a))
	for k, v := range a {
		items = append(items, KeyValue[string, any]{Key: k, Value: v})
	}
	sort.Slice(items, func(i, j int) bool { return items[i].Key < items[j].Key })
	return items
}

var buffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// GetBuffer is an empty buffer, from a pool: generated code draws an
// element's opening tag into one.
func GetBuffer() *bytes.Buffer { return buffers.Get().(*bytes.Buffer) }

// ReleaseBuffer empties b and puts it back.
func ReleaseBuffer(b *bytes.Buffer) {
	b.Reset()
	buffers.Put(b)
}
