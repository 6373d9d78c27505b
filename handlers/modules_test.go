package handlers_test

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

// A page of one game names that game's offline module for the page and the
// worker to fetch first; a page of no one game names the module with every
// game. Every page lists all the modules with their decoded sizes (what the
// banner's progress counts against), and the service worker installs
// without them: it is told them to store them on an update and which one
// stands in for a game's own when that is not stored yet.
func TestPagesNameTheirGamesModuleFirst(t *testing.T) {
	a := newTestApp(t)
	p := a.phone()
	home := p.get("/", nil).doc(t)
	all, _ := home.Find(`meta[name="grimoire-modules"]`).Attr("data-all")
	if !regexp.MustCompile(`^/static/wasm/grimoire\.[0-9a-f]{16}\.wasm$`).MatchString(all) {
		t.Fatalf("the module with every game is %q", all)
	}
	var sizes map[string]int
	if err := json.Unmarshal([]byte(home.Find(`meta[name="grimoire-modules"]`).AttrOr("content", "")), &sizes); err != nil {
		t.Fatalf("the modules' list: %v", err)
	}
	if len(sizes) < 4 || sizes[all] < 1e6 {
		t.Fatalf("modules %v: want the one with every game and one per game, with their sizes", sizes)
	}
	for _, tc := range []struct {
		path, sel, want string
	}{
		{"/", `meta[name="grimoire-offline"]`, all},
		{"/new", `meta[name="grimoire-offline"]`, all},
		{"/new/spells-arrows", `meta[name="grimoire-offline"]`, "/static/wasm/grimoire-spells-arrows."},
		{"/new/arcane-scribes", `meta[name="grimoire-offline"]`, "/static/wasm/grimoire-arcane-scribes."},
		{"/rules/mages-tower", `meta[name="grimoire-offline"]`, "/static/wasm/grimoire-mages-tower."},
		{"/offline/game", `script[data-wasm]`, all},
	} {
		t.Run(tc.path, func(t *testing.T) {
			got := p.get(tc.path, nil).doc(t).Find(tc.sel).AttrOr("data-wasm", "")
			if !strings.HasPrefix(got, tc.want) {
				t.Fatalf("%s loads the module %q, want %s", tc.path, got, tc.want)
			}
			if sizes[got] == 0 {
				t.Fatalf("%s's module %s is not in the list %v", tc.path, got, sizes)
			}
			if tc.want != all && sizes[got] >= sizes[all] {
				t.Errorf("%s's module is %d bytes, the one with every game %d: a game's own should be smaller", tc.path, sizes[got], sizes[all])
			}
		})
	}

	sw := p.get("/sw.js", nil)
	m := regexp.MustCompile(`const PRECACHE = (\{.*?\});`).FindStringSubmatch(sw.Body)
	if m == nil {
		t.Fatal("no PRECACHE in sw.js")
	}
	var pre struct {
		URLs    []string `json:"urls"`
		Modules []string `json:"modules"`
		All     string   `json:"all"`
	}
	if err := json.Unmarshal([]byte(m[1]), &pre); err != nil {
		t.Fatal(err)
	}
	if pre.All != all || len(pre.Modules) != len(sizes) {
		t.Errorf("the worker is told modules %v and %q for every game; the pages list %v and %q", pre.Modules, pre.All, sizes, all)
	}
	for _, u := range pre.URLs {
		if _, ok := sizes[u]; ok {
			t.Errorf("the worker's first install stores %s: a page asks for it when idle, with progress", u)
		}
	}
}
