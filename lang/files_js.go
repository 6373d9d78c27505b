//go:build js

package lang

import (
	"embed"
	"fmt"
)

// The offline module holds English's words (every language falls back to
// them) and the one language its page loads (Load).
//
//go:embed catalogs/en.json
var catalogFiles embed.FS

func catalogBytes(l Lang) ([]byte, error) {
	if l == English {
		return catalogFiles.ReadFile("catalogs/en.json")
	}
	if b, ok := loadedBundle(l); ok {
		return b.Words, nil
	}
	return nil, errNotHeld
}

func rulesBytes(l Lang) ([]namedFile, error) {
	b, ok := loadedBundle(l)
	if !ok {
		return nil, errNotHeld
	}
	out := make([]namedFile, len(b.Rules))
	for i, r := range b.Rules {
		out[i] = namedFile{fmt.Sprintf("rules catalog %d of %s", i+1, l), r}
	}
	return out, nil
}
