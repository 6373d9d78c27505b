//go:build !js

package lang

import (
	"embed"
	"encoding/json"
	"fmt"
)

// The server holds every language's words.
//
//go:embed catalogs/*.json
var catalogFiles embed.FS

//go:embed catalogs/rules
var rulesFiles embed.FS

func catalogBytes(l Lang) ([]byte, error) {
	return catalogFiles.ReadFile("catalogs/" + string(l) + ".json")
}

// rulesBytes is l's rules catalog of every game, in the folders' order.
func rulesBytes(l Lang) ([]namedFile, error) {
	games, err := rulesFiles.ReadDir("catalogs/rules")
	if err != nil {
		return nil, err
	}
	var out []namedFile
	for _, g := range games {
		if !g.IsDir() {
			continue
		}
		name := "catalogs/rules/" + g.Name() + "/" + string(l) + ".json"
		b, err := rulesFiles.ReadFile(name)
		if err != nil {
			return nil, err
		}
		out = append(out, namedFile{name, b})
	}
	return out, nil
}

// ModuleBundle is l's words as the offline module loads them (Load): the
// page names the file (static/lang/<tag>.json, written by `go generate
// ./static` from this and checked in step by a test), and the module
// embeds English only.
func ModuleBundle(l Lang) ([]byte, error) {
	words, err := catalogBytes(l)
	if err != nil {
		return nil, fmt.Errorf("lang: catalog %s: %w", l, err)
	}
	files, err := rulesBytes(l)
	if err != nil {
		return nil, fmt.Errorf("lang: rules catalog %s: %w", l, err)
	}
	b := Bundle{Words: compact(words)}
	for _, f := range files {
		b.Rules = append(b.Rules, compact(f.body))
	}
	return json.Marshal(b)
}
