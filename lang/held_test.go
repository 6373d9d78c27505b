//go:build !js

package lang

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// The bundle a page hands the module holds the language's words and every
// game's rules, read as the server reads them; Load takes it, refuses
// English (the module holds it) and words that are not JSON.
func TestModuleBundle(t *testing.T) {
	for _, l := range Offered() {
		if l == English {
			continue
		}
		b, err := ModuleBundle(l)
		if err != nil {
			t.Fatal(err)
		}
		var got Bundle
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatal(err)
		}
		var words Catalog
		if err := json.Unmarshal(got.Words, &words); err != nil {
			t.Fatal(err)
		}
		want, _ := ReadCatalog(l)
		if !reflect.DeepEqual(words, want) {
			t.Errorf("%s: the bundle's words are not the catalog's", l)
		}
		rules, _ := rulesBytes(l)
		if len(got.Rules) != len(rules) {
			t.Errorf("%s: %d rules files, want %d", l, len(got.Rules), len(rules))
		}
		if err := Load(l, b); err != nil {
			t.Errorf("%s: %v", l, err)
		}
	}
	if err := Load(English, []byte(`{}`)); err == nil {
		t.Error("English loaded")
	}
	if err := Load(German, []byte(`{"words": [`)); err == nil {
		t.Error("a broken bundle loaded")
	}
}

// The words the pages hand the module (static/lang, written by `go
// generate ./static`) are the catalogs' as they are now.
func TestModuleBundlesInStep(t *testing.T) {
	for _, l := range Offered() {
		if l == English {
			continue
		}
		want, err := ModuleBundle(l)
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join("..", "static", "lang", l.Tag()+".json"))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("static/lang/%s.json is not the catalogs' words now (%v): run go generate ./static", l.Tag(), err)
		}
	}
}
