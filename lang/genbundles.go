//go:build ignore

// genbundles writes each language's words for the offline module
// (lang.ModuleBundle) to static/lang/<tag>.json, which the pages name and
// the module loads (lang.Load). Run by `go generate ./static`, from the
// static folder; lang's TestModuleBundlesInStep fails when a catalog
// changed and this was not run.
package main

import (
	"log"
	"os"
	"path/filepath"

	"github.com/grimoire-games/grimoire/lang"
)

func main() {
	if err := os.MkdirAll("lang", 0o755); err != nil {
		log.Fatal(err)
	}
	for _, l := range lang.Offered() {
		if l == lang.English {
			continue // the module holds English itself
		}
		b, err := lang.ModuleBundle(l)
		if err != nil {
			log.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join("lang", l.Tag()+".json"), b, 0o644); err != nil {
			log.Fatal(err)
		}
	}
}
