package lang

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/grimoire-games/grimoire/rules/say"
)

// pattern is one sentence pattern written in the source, and where.
type pattern struct {
	text, at string
	plural   bool // a say.N's "other" form; its "one" form is one
	one      string
}

// sourcePatterns finds every pattern the code hands to say: the literal
// of each say.F, say.N (both forms), say.Join (its separator) and a rules
// core's fail(kind, pattern, ...). A pattern that is not a literal is an
// error: its words could escape the catalogs.
func sourcePatterns(t *testing.T) map[string]pattern {
	t.Helper()
	fset := token.NewFileSet()
	type file struct {
		path string
		f    *ast.File
	}
	var files []file
	// consts are the string constants of each directory (a package), so a
	// pattern may be named once and cut at elsewhere (sa.NoteSpyWins).
	consts := map[string]map[string]string{}
	for _, root := range []string{"../rules", "../views", "../play"} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return nil
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			f, err := parser.ParseFile(fset, path, src, 0)
			if err != nil {
				return err
			}
			files = append(files, file{path, f})
			dir := filepath.Dir(path)
			if consts[dir] == nil {
				consts[dir] = map[string]string{}
			}
			for _, decl := range f.Decls {
				g, ok := decl.(*ast.GenDecl)
				if !ok || g.Tok != token.CONST {
					continue
				}
				for _, spec := range g.Specs {
					v := spec.(*ast.ValueSpec)
					for i, name := range v.Names {
						if i < len(v.Values) {
							if lit, ok := v.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
								if s, err := strconv.Unquote(lit.Value); err == nil {
									consts[dir][name.Name] = s
								}
							}
						}
					}
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	found := map[string]pattern{}
	for _, fl := range files {
		path, dir := fl.path, filepath.Dir(fl.path)
		ast.Inspect(fl.f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			var idx []int
			switch fn := call.Fun.(type) {
			case *ast.SelectorExpr:
				if x, ok := fn.X.(*ast.Ident); ok && x.Name == "say" {
					switch fn.Sel.Name {
					case "F":
						idx = []int{0}
					case "N":
						idx = []int{1, 2}
					case "Join":
						idx = []int{1}
					}
				}
			case *ast.Ident:
				if fn.Name == "fail" && strings.HasPrefix(filepath.ToSlash(path), "../rules/") && len(call.Args) >= 2 {
					idx = []int{1}
				}
			}
			var lits []string
			for _, i := range idx {
				if i >= len(call.Args) {
					return true
				}
				switch arg := call.Args[i].(type) {
				case *ast.BasicLit:
					s, err := strconv.Unquote(arg.Value)
					if err != nil || arg.Kind != token.STRING {
						t.Errorf("%s: a pattern that is not a string", fset.Position(arg.Pos()))
						return true
					}
					lits = append(lits, s)
				case *ast.Ident:
					if s, ok := consts[dir][arg.Name]; ok {
						lits = append(lits, s)
						continue
					}
					// A function that hands its own pattern on (a rules
					// core's fail): its callers are where the pattern is.
					if arg.Name == "pattern" {
						return true
					}
					t.Errorf("%s: a pattern that is not a string literal or constant", fset.Position(call.Pos()))
					return true
				default:
					t.Errorf("%s: a pattern that is not a string literal or constant", fset.Position(call.Pos()))
					return true
				}
			}
			at := fset.Position(call.Pos()).String()
			switch len(lits) {
			case 1:
				if _, ok := found[lits[0]]; !ok {
					found[lits[0]] = pattern{text: lits[0], at: at}
				}
			case 2:
				found[lits[1]] = pattern{text: lits[1], at: at, plural: true, one: lits[0]}
			}
			return true
		})
	}
	for k := range found {
		if !hasWords(k) {
			delete(found, k)
		}
	}
	return found
}

// hasWords says a pattern holds letters besides its verbs: ", " or "%s"
// reads the same in every language.
func hasWords(s string) bool {
	return strings.IndexFunc(verbRE.ReplaceAllString(s, ""), unicode.IsLetter) >= 0
}

var verbRE = regexp.MustCompile(`%(\[\d+\])?[-+# 0]*\d*(\.\d+)?[a-zA-Z%]`)

// verbsOf is a pattern's verbs by the argument each takes, so "%s of %d"
// and "%[2]d de %[1]s" agree.
func verbsOf(s string) []string {
	var out []string
	n := 0
	for _, v := range verbRE.FindAllString(s, -1) {
		if v == "%%" {
			continue
		}
		arg := n + 1
		if m := regexp.MustCompile(`^%\[(\d+)\]`).FindStringSubmatch(v); m != nil {
			arg, _ = strconv.Atoi(m[1])
		}
		n = arg
		out = append(out, strconv.Itoa(arg)+v[len(v)-1:])
	}
	sort.Strings(out)
	return out
}

// Every pattern in the source is in every language's rules catalog, no
// catalog holds a pattern the source lost, each translation takes the
// pattern's arguments, and a say.N pattern has its plural forms.
func TestRulesCatalogs(t *testing.T) {
	found := sourcePatterns(t)
	if len(found) == 0 {
		t.Fatal("no pattern found in the source: the scan is broken")
	}
	for _, l := range Offered() {
		if l == English {
			continue
		}
		t.Run(l.Tag(), func(t *testing.T) {
			c, err := ReadRulesCatalog(l)
			if err != nil {
				t.Fatal(err)
			}
			var missing []string
			for k, p := range found {
				e, ok := c[Key(k)]
				if !ok {
					missing = append(missing, k+"  ("+p.at+")")
					continue
				}
				want := verbsOf(k)
				for _, s := range e.Texts() {
					if got := verbsOf(s); !slices.Equal(got, want) && !(p.plural && slices.Equal(got, verbsOf(p.one))) {
						t.Errorf("%q: %q takes %v, the pattern %v", k, s, got, want)
					}
				}
				if e.Forms != nil && e.Count != 1 && p.plural {
					t.Errorf("%q: a count's plural forms pick by argument 1, not %d", k, e.Count)
				}
				if e.Text == k && len(strings.Fields(verbRE.ReplaceAllString(k, ""))) > 1 {
					t.Errorf("%q is still English", k)
				}
			}
			sort.Strings(missing)
			for _, m := range missing {
				t.Errorf("missing: %s", m)
			}
			for k := range c {
				if _, ok := found[string(k)]; !ok {
					t.Errorf("%q is in the catalog but no longer in the source", k)
				}
			}
		})
	}
}

// The scan finds what it must: a pattern written in a rules core's fail,
// a say.F and both forms of a say.N.
func TestRulesPatternsAreFound(t *testing.T) {
	found := sourcePatterns(t)
	for _, k := range []string{"Spy made the toll at %s (%d/%d)", "the toll at %s is paid: the spy moves now", "%d cones"} {
		if _, ok := found[k]; !ok {
			t.Errorf("%q not found", k)
		}
	}
	if p := found["%d cones"]; !p.plural || p.one != "%d cone" {
		t.Errorf("%%d cones: %+v", p)
	}
}

func TestSayInEachLanguage(t *testing.T) {
	cones := func(n int) say.Text { return say.N(n, "%d cone", "%d cones") }
	line := say.F("Spy heads %s → %s: a giant of %s blocks %s", "W3", "W4", cones(3), "W3-W4")
	for _, tt := range []struct {
		l    Lang
		t    say.Text
		want string
	}{
		{English, line, "Spy heads W3 → W4: a giant of 3 cones blocks W3-W4"},
		{English, cones(1), "1 cone"},
		{Pseudo, cones(1), "[1 çóñé ẋẋẋ]"},
		{English, say.Verbatim("as it was"), "as it was"},
		{German, say.Verbatim("as it was"), "as it was"},
	} {
		if got := tt.l.Say(tt.t); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.l, got, tt.want)
		}
	}
	// Every language says a count in its own plural forms.
	for _, l := range Offered() {
		if l == English {
			continue
		}
		one, two := l.Say(cones(1)), l.Say(cones(2))
		if one == two || !strings.HasPrefix(one, "1") {
			t.Errorf("%s: %q / %q", l, one, two)
		}
	}
}

// A catalog file is a JSON object (a translator's typo is caught here,
// with the file's name), and every game's folder has every language.
func TestRulesCatalogFilesRead(t *testing.T) {
	for _, l := range Offered() {
		if l == English {
			continue
		}
		if _, err := ReadRulesCatalog(l); err != nil {
			t.Error(err)
		}
	}
}
