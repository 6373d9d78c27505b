package lang_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/lang"
)

// The key list is kept as Go constants (keys.go) rather than found by
// scanning the tree for string literals: a misspelt key then fails to
// compile, and this test checks both ways from one list. Every constant
// must be in every catalog, every catalog entry must be a constant, and
// every constant must be used outside package lang (a scan of the tree for
// "lang.Name"), so no catalog keeps words nothing says.

// keyConstants are the constants of type Key declared in keys.go and the
// games' keys_<game>.go, by name.
func keyConstants(t *testing.T) map[string]lang.Key {
	t.Helper()
	names, err := filepath.Glob("keys*.go")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]lang.Key{}
	for _, name := range names {
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, 0)
		if err != nil {
			t.Fatalf("parse %s: %v", name, err)
		}
		keyConstantsOf(t, f, out)
	}
	if len(out) == 0 {
		t.Fatal("keys.go declares no keys")
	}
	return out
}

// keyConstantsOf adds the Key constants of one file to out.
func keyConstantsOf(t *testing.T, f *ast.File, out map[string]lang.Key) {
	t.Helper()
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, s := range g.Specs {
			v := s.(*ast.ValueSpec)
			if id, ok := v.Type.(*ast.Ident); !ok || id.Name != "Key" {
				t.Errorf("constant %s in keys.go is not a Key", v.Names[0].Name)
				continue
			}
			for i, n := range v.Names {
				lit, ok := v.Values[i].(*ast.BasicLit)
				if !ok {
					t.Fatalf("key %s is not a string literal", n.Name)
				}
				k, err := strconv.Unquote(lit.Value)
				if err != nil {
					t.Fatalf("key %s: %v", n.Name, err)
				}
				out[n.Name] = lang.Key(k)
			}
		}
	}
}

func TestEveryCatalogHasEveryKey(t *testing.T) {
	consts := keyConstants(t)
	seen := map[lang.Key]string{}
	for name, k := range consts {
		if other, dup := seen[k]; dup {
			t.Errorf("key %q is both %s and %s", k, name, other)
		}
		seen[k] = name
	}
	en, err := lang.ReadCatalog(lang.English)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range append(lang.Offered(), lang.Pseudo) {
		t.Run(string(l), func(t *testing.T) {
			c, err := lang.ReadCatalog(l)
			if err != nil {
				t.Fatal(err)
			}
			var missing, unknown []string
			for k := range seen {
				if _, ok := c[k]; !ok {
					missing = append(missing, string(k))
				}
			}
			for k := range c {
				if _, ok := seen[k]; !ok {
					unknown = append(unknown, string(k))
				}
			}
			sort.Strings(missing)
			sort.Strings(unknown)
			if len(missing) > 0 {
				t.Errorf("missing keys (add them to catalogs/%s.json):\n  %s", l, strings.Join(missing, "\n  "))
			}
			if len(unknown) > 0 {
				t.Errorf("keys no constant in keys.go names (remove them, or declare and use them):\n  %s", strings.Join(unknown, "\n  "))
			}
			for k, e := range c {
				want, ok := en[k]
				if !ok {
					continue
				}
				if (e.Forms == nil) != (want.Forms == nil) || e.Count != want.Count {
					t.Errorf("%s: plural forms by argument %d, English's by %d (0: none)", k, e.Count, want.Count)
					continue
				}
				for _, s := range e.Texts() {
					if strings.TrimSpace(s) == "" {
						t.Errorf("%s: empty words", k)
					}
					if got, w := verbs(s), verbs(want.Texts()[0]); got != w {
						t.Errorf("%s: %q takes %s, English takes %s", k, s, got, w)
					}
				}
			}
		})
	}
}

var verbRE = regexp.MustCompile(`%(\[\d+\])?[-+# 0-9.]*[a-zA-Z%]`)

// verbs is the printf verbs of s by argument: "1:d 2:s". An entry may
// reorder its arguments with %[2]s, but must take the same ones, each as
// the same kind.
func verbs(s string) string {
	var out []string
	n := 0
	for _, v := range verbRE.FindAllStringSubmatch(s, -1) {
		if strings.HasSuffix(v[0], "%%") {
			continue
		}
		if v[1] != "" {
			n, _ = strconv.Atoi(strings.Trim(v[1], "[]"))
		} else {
			n++
		}
		out = append(out, strconv.Itoa(n)+":"+v[0][len(v[0])-1:])
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

func TestEveryKeyIsUsed(t *testing.T) {
	consts := keyConstants(t)
	used := map[string]bool{}
	use := regexp.MustCompile(`\blang\.([A-Z][A-Za-z0-9]*)\b`)
	root := filepath.Join("..")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case ".git", "node_modules", "static", "lang":
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, ".templ") {
			return nil
		}
		if strings.HasSuffix(path, "_test.go") {
			return nil // a key only a test says is unused
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range use.FindAllStringSubmatch(string(b), -1) {
			used[m[1]] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var unused []string
	for name := range consts {
		if !used[name] {
			unused = append(unused, name)
		}
	}
	sort.Strings(unused)
	if len(unused) > 0 {
		t.Errorf("keys nothing outside package lang says (use them, or remove them from keys.go and every catalog):\n  %s", strings.Join(unused, "\n  "))
	}
}

func TestCheck(t *testing.T) {
	if err := lang.Check(); err != nil {
		t.Fatal(err)
	}
}

func TestPluralForms(t *testing.T) {
	tests := []struct {
		lang lang.Lang
		n    int
		want string
	}{
		{lang.English, 0, "Page 1 of 2 · 0 games"},
		{lang.English, 1, "Page 1 of 2 · 1 game"},
		{lang.English, 2, "Page 1 of 2 · 2 games"},
		{lang.English, 21, "Page 1 of 2 · 21 games"},
		{lang.Spanish, 0, "Página 1 de 2 · 0 partidas"},
		{lang.Spanish, 1, "Página 1 de 2 · 1 partida"},
		{lang.Spanish, 2, "Página 1 de 2 · 2 partidas"},
		// French counts 0 and 1 as singular.
		{lang.French, 0, "Page 1 sur 2 · 0 partie"},
		{lang.French, 1, "Page 1 sur 2 · 1 partie"},
		{lang.French, 2, "Page 1 sur 2 · 2 parties"},
		{lang.German, 0, "Seite 1 von 2 · 0 Spiele"},
		{lang.German, 1, "Seite 1 von 2 · 1 Spiel"},
		{lang.German, 2, "Seite 1 von 2 · 2 Spiele"},
		// Brazilian Portuguese counts 0 and 1 as singular too (CLDR).
		{lang.Portuguese, 0, "Página 1 de 2 · 0 partida"},
		{lang.Portuguese, 1, "Página 1 de 2 · 1 partida"},
		{lang.Portuguese, 2, "Página 1 de 2 · 2 partidas"},
		// Numbers are written as each language writes them.
		{lang.English, 1200, "Page 1 of 2 · 1,200 games"},
		{lang.German, 1200, "Seite 1 von 2 · 1.200 Spiele"},
		{lang.Pseudo, 1, "[Þáĝé 1 óƒ 2 · 1 ĝáɱé ẋẋẋẋẋẋ ẋẋẋẋ]"},
	}
	for _, tt := range tests {
		t.Run(string(tt.lang)+"/"+strconv.Itoa(tt.n), func(t *testing.T) {
			if got := tt.lang.T(lang.HomePageOf, 1, 2, tt.n); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestPseudolocalize(t *testing.T) {
	tests := []struct{ in, want string }{
		{"New", "[Ñéŵ ẋẋ]"},
		{"Delete %s", "[Ðéĺéţé %s ẋẋẋẋ]"},
		{"%[2]d of %[1]d", "[%[2]d óƒ %[1]d ẋẋẋẋẋẋ]"},
		{"100%% sure", "[100%% šúŕé ẋẋẋẋ]"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := lang.Pseudolocalize(tt.in); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
	// Every pseudo sentence: no ASCII letter left outside its verbs, and
	// at least 40% longer than the English.
	en, err := lang.ReadCatalog(lang.English)
	if err != nil {
		t.Fatal(err)
	}
	ascii := regexp.MustCompile(`[A-Za-z]`)
	for k, e := range en {
		for _, s := range e.Texts() {
			p := lang.Pseudolocalize(s)
			if left := ascii.FindString(verbRE.ReplaceAllString(p, "")); left != "" {
				t.Errorf("%s: %q keeps ASCII letters", k, p)
			}
			if n, m := len([]rune(p)), len([]rune(s)); n*10 < m*14 {
				t.Errorf("%s: %q is %d runes, English %d", k, p, n, m)
			}
		}
	}
}
