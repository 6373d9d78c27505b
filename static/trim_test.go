package static

import (
	"bytes"
	"io/fs"
	"strings"
	"testing"
)

func TestTrimmed(t *testing.T) {
	cases := []struct {
		name, in, want string
	}{
		{"app.css", "/* why */\n.a {\n  color: red; /* inline */\n}\n", ".a {\ncolor: red;\n}\n"},
		{"app.css", ".q::before { content: \"/* not a comment */\"; }\n", ".q::before { content: \"/* not a comment */\"; }\n"},
		{"app.css", ".q::before { content: '\\'/*'; }\n/* gone */\n", ".q::before { content: '\\'/*'; }\n"},
		{"app.css", ".a{}\n/* unclosed", ".a{}\n"},
		{"app.js", "// why\nfunction f() {\n    return 1 // kept: code before it\n}\n", "function f() {\nreturn 1 // kept: code before it\n}\n"},
		{"app.js", "const u = \"https://example.org\";\n  // indented comment\n\n\nx()\n", "const u = \"https://example.org\";\nx()\n"},
		{"vendor/htmx.min.js", "  // vendored: as it came\n", "  // vendored: as it came\n"},
		{"icon.svg", "<!-- x -->\n  <svg/>\n", "<!-- x -->\n  <svg/>\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name+" "+tc.in, func(t *testing.T) {
			if got := string(trimmed(tc.name, []byte(tc.in))); got != tc.want {
				t.Errorf("trimmed:\n%q\nwant\n%q", got, tc.want)
			}
		})
	}
}

// The JS cuts are only safe because our scripts have no template literal
// and no string continued over lines; this fails when one gets one.
func TestOurScriptsCanBeTrimmed(t *testing.T) {
	err := fs.WalkDir(files, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".js") || strings.HasPrefix(p, "vendor/") {
			return err
		}
		b, err := files.ReadFile(p)
		if err != nil {
			return err
		}
		if bytes.ContainsRune(b, '`') {
			t.Errorf("%s has a template literal: trimming indentation could change it", p)
		}
		for i, line := range bytes.Split(b, []byte("\n")) {
			if bytes.HasSuffix(bytes.TrimRight(line, " \t"), []byte(`\`)) {
				t.Errorf("%s:%d continues a string over lines", p, i+1)
			}
		}
		// Every line of code is still there, in order.
		got := trimmed(p, b)
		var want []byte
		for _, line := range bytes.Split(b, []byte("\n")) {
			l := bytes.TrimSpace(line)
			if len(l) > 0 && !bytes.HasPrefix(l, []byte("//")) {
				want = append(append(want, l...), '\n')
			}
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: trimmed text is not the code lines in order", p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestAssetsAreServedTrimmed(t *testing.T) {
	a, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"app.css", "app.js", "offline.js", "screen.js", "court.js"} {
		as, ok := a.ByName(name)
		if !ok {
			t.Fatalf("no %s", name)
		}
		src, _ := files.ReadFile(name)
		if len(as.Body) >= len(src)*95/100 {
			t.Errorf("%s: served %d bytes of %d: not trimmed", name, len(as.Body), len(src))
		}
	}
	// The service worker's precache list is written into this marker per
	// answer: a cut that took inline comments would lose it.
	sw, _ := a.ByName("sw.js")
	if !bytes.Contains(sw.Body, []byte("/*GRIMOIRE_PRECACHE*/")) {
		t.Error("sw.js lost its precache marker")
	}
}
