//go:build !js

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/a-h/templ"
	templruntime "github.com/a-h/templ/runtime"
)

// Probes call the runtime API our generated code uses directly, with the
// inputs a game's corpus may not reach: every ASCII character, invalid
// UTF-8, every kind of value an expression may print, URLs of every scheme,
// class lists of every form our templates write.

// strangeText is each printable ASCII character, controls, multi-byte and
// invalid UTF-8.
var strangeText = func() []string {
	var ascii strings.Builder
	for c := 0; c < 128; c++ {
		ascii.WriteByte(byte(c))
	}
	return []string{"", "plain", ascii.String(), "Zoë 🎲 Čeněk", "bad \xff\xfe utf-8", "&amp; already", "<<>>&&''\"\""}
}()

var strangeURLs = []string{
	"", "/g/abc?x=1&y=<2>", "relative/path:colon", "?q=a:b", "#frag:x", "https://example.org/a?b=c", "HTTP://EXAMPLE.ORG",
	"mailto:a@b.c", "Tel:+123", "ftp://x", "ftps://x", "javascript:alert(1)", "JavaScript:alert('x')", " javascript:x",
	"data:text/html,<b>", "vbscript:x", "httpſ://long-s", "about:blank", "/qr.svg?path=/join/t1&x=<1>", ":no-scheme", "a:b/c",
}

// named types, as our view models print them, one with a String method.
type (
	seat   int
	word   string
	marker struct{}
	level  int
)

func (l level) String() string { return fmt.Sprintf("level<%d>", int(l)) }

func (d *drawer) probes() error {
	ctx := context.Background()
	out := func(label, s string, err error) error {
		if err != nil {
			s = "error: " + err.Error()
		}
		return d.emit("probe/"+label, text(s))
	}
	for i, s := range strangeText {
		if err := out(fmt.Sprint("escape/", i), templ.EscapeString(s), nil); err != nil {
			return err
		}
		if err := out(fmt.Sprint("escape-word/", i), templ.EscapeString(word(s)), nil); err != nil {
			return err
		}
		v, err := templruntime.NewAttributeExpression(s).Resolve(ctx)
		if err := out(fmt.Sprint("attr/", i), v, err); err != nil {
			return err
		}
		v, err = templruntime.NewAttributeExpression(s).ResolveURL(ctx)
		if err := out(fmt.Sprint("attr-url/", i), v, err); err != nil {
			return err
		}
		j, err := templ.JoinStringErrs(s)
		if err := out(fmt.Sprint("join/", i), j, err); err != nil {
			return err
		}
	}
	for i, u := range strangeURLs {
		v, err := templruntime.NewAttributeExpression(u).ResolveURL(ctx)
		if err := out(fmt.Sprint("url/", i), v, err); err != nil {
			return err
		}
		v, err = templruntime.NewAttributeExpression(templ.SafeURL(u)).ResolveURL(ctx)
		if err := out(fmt.Sprint("safe-url/", i), v, err); err != nil {
			return err
		}
		v, err = templruntime.NewAttributeExpression(templ.SafeURL(u)).Resolve(ctx)
		if err := out(fmt.Sprint("safe-url-attr/", i), v, err); err != nil {
			return err
		}
		if err := out(fmt.Sprint("url-func/", i), string(templ.URL(u)), nil); err != nil {
			return err
		}
	}
	at := func(resolve func(context.Context) (string, error)) func() (string, error) {
		return func() (string, error) { return resolve(ctx) }
	}
	values := []struct {
		label string
		text  func() (string, error)
		attr  func() (string, error)
	}{
		{"int", func() (string, error) { return templ.JoinStringErrs(-42) }, at(templruntime.NewAttributeExpression(-42).Resolve)},
		{"int64", func() (string, error) { return templ.JoinStringErrs(int64(1) << 62) }, at(templruntime.NewAttributeExpression(int64(1) << 62).Resolve)},
		{"uint8", func() (string, error) { return templ.JoinStringErrs(uint8(200)) }, at(templruntime.NewAttributeExpression(uint8(200)).Resolve)},
		{"float", func() (string, error) { return templ.JoinStringErrs(2.5e-7) }, at(templruntime.NewAttributeExpression(1.0 / 3).Resolve)},
		{"float32", func() (string, error) { return templ.JoinStringErrs(float32(0.1)) }, at(templruntime.NewAttributeExpression(float32(1e21)).Resolve)},
		{"complex", func() (string, error) { return templ.JoinStringErrs(complex(1, -2)) }, at(templruntime.NewAttributeExpression(complex64(3)).Resolve)},
		{"bool", func() (string, error) { return templ.JoinStringErrs(true) }, at(templruntime.NewAttributeExpression(false).Resolve)},
		{"named-int", func() (string, error) { return templ.JoinStringErrs(seat(3)) }, at(templruntime.NewAttributeExpression(seat(-1)).Resolve)},
		{"named-string", func() (string, error) { return templ.JoinStringErrs(word(`"w"`)) }, at(templruntime.NewAttributeExpression(word("<w>")).Resolve)},
		{"stringer", func() (string, error) { return templ.JoinStringErrs(level(7)) }, at(templruntime.NewAttributeExpression(level(8)).Resolve)},
		{"errors", func() (string, error) { return templ.JoinStringErrs("x", nil, errors.New("one"), errors.New("two")) },
			at(templruntime.NewAttributeExpression("x", errors.New("bad <value>")).Resolve)},
		{"url-error", func() (string, error) { return templ.JoinStringErrs(uintptr(9), nil) },
			func() (string, error) {
				return templruntime.NewAttributeExpression(templ.SafeURL("/x"), errors.New("bad url")).ResolveURL(ctx)
			}},
	}
	for _, v := range values {
		s, err := v.text()
		if err := out("value/"+v.label, s, err); err != nil {
			return err
		}
		s, err = v.attr()
		if err := out("value-attr/"+v.label, s, err); err != nil {
			return err
		}
	}
	classes := [][]any{
		nil, {"a"}, {"a", "b", "a"}, {"zone", templ.KV("field", true)}, {"zone", templ.KV("field", false)},
		{"x", templ.KV("x", false)}, {templ.KV("x", false), "x"}, {templ.KV("y", true), templ.KV("y", false), "z", templ.KV("y", true)},
		{[]string{"p", "q", "p"}, "r"}, {map[string]bool{"m": true, "k": false, "a": true}}, {templ.CSSClasses{"n", templ.KV("o", true)}, "n"},
		{[]templ.KeyValue[string, bool]{templ.KV("s", true), templ.KV("t", false)}}, {"", "a b", "<c&d>"},
	}
	for i, c := range classes {
		if err := templ.RenderCSSItems(ctx, io.Discard, c...); err != nil {
			return fmt.Errorf("probe classes %d: %w", i, err)
		}
		v, err := templruntime.NewAttributeExpression(templ.CSSClasses(c).String()).Resolve(ctx)
		if err := out(fmt.Sprint("classes/", i), v, err); err != nil {
			return err
		}
	}
	for i, a := range []templ.Attributes{{}, {"aria-current": "true"}, {"b": "2", "a": `<"1">`, "c": true, "d": false, "data-x": "&"}} {
		var b strings.Builder
		err := templruntime.RenderAttributes(ctx, &b, io.Discard, "a", a)
		if err := out(fmt.Sprint("spread/", i), b.String(), err); err != nil {
			return err
		}
	}
	for i, e := range []templ.Error{{Err: errors.New("boom")}, {Err: errors.New("x"), FileName: "views/a.templ", Line: 3, Col: 14}} {
		if err := out(fmt.Sprint("error/", i), e.Error()+" unwraps: "+fmt.Sprint(errors.Unwrap(e)), nil); err != nil {
			return err
		}
	}
	// Children: handed down once, cleared for the components called inside.
	child := templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
		_, err := io.WriteString(w, "<child>")
		return err
	})
	parent := templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		if err := templ.GetChildren(ctx).Render(ctx, w); err != nil {
			return err
		}
		return templ.GetChildren(templ.ClearChildren(ctx)).Render(ctx, w)
	})
	var b strings.Builder
	err := parent.Render(templ.WithChildren(ctx, child), &b)
	if err := out("children", b.String(), err); err != nil {
		return err
	}
	b.Reset()
	err = templ.GetChildren(ctx).Render(ctx, &b)
	return out("no-children", b.String(), err)
}
