//go:build js

package lang

import "testing"

// In the module a language speaks English until its page loads its words,
// and its own words after. Run with GOOS=js GOARCH=wasm and Go's
// go_js_wasm_exec on the PATH.
func TestTheModuleLoadsItsPagesLanguage(t *testing.T) {
	before := German.T(LayoutNavRules)
	if before != English.T(LayoutNavRules) {
		t.Fatalf("German before its words were loaded: %q", before)
	}
	if err := Load(German, []byte(germanBundle)); err != nil {
		t.Fatal(err)
	}
	if got := German.T(LayoutNavRules); got != "Spielregeln" {
		t.Errorf("German after loading: %q", got)
	}
	if got := French.T(LayoutNavRules); got != English.T(LayoutNavRules) {
		t.Errorf("French, never loaded: %q", got)
	}
}

const germanBundle = `{"words": {"layout.nav.rules": "Spielregeln"}, "rules": [{}]}`
