package lang

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
)

// errNotHeld: this build does not hold a language's words (the offline
// module before its page hands them over). Its words are then English's.
var errNotHeld = errors.New("not held by this build")

// held is the catalogs as read, kept until Load changes what the build
// holds. A mutex rather than sync.Once: the module learns its page's
// language after its first drawing.
var held holder

type holder struct {
	sync.Mutex
	words, rules *cached
	loaded       map[Lang]Bundle
}

type cached struct {
	m   map[Lang]Catalog
	err error
}

// get is the catalogs in slot, read (under the lock) when not yet read.
func (h *holder) get(slot **cached, read func() (map[Lang]Catalog, error)) (map[Lang]Catalog, error) {
	h.Lock()
	defer h.Unlock()
	if *slot == nil {
		m, err := read()
		*slot = &cached{m, err}
	}
	return (*slot).m, (*slot).err
}

// Bundle is one language's words as a page hands them to the offline
// module: its catalog file and its rules' files (one per game), as JSON.
type Bundle struct {
	Words json.RawMessage   `json:"words"`
	Rules []json.RawMessage `json:"rules"`
}

// Load hands the build l's words (a Bundle as JSON, made by ModuleBundle
// on the server): from then on l speaks them. The offline module embeds
// English only and loads its page's language this way, so a phone
// downloads one language's words, not five.
func Load(l Lang, bundle []byte) error {
	if _, ok := Parse(string(l)); !ok || l == English {
		return fmt.Errorf("lang: no words to load for %q", l)
	}
	var b Bundle
	if err := json.Unmarshal(bundle, &b); err != nil {
		return fmt.Errorf("lang: words of %s: %w", l, err)
	}
	var c Catalog
	if err := json.Unmarshal(b.Words, &c); err != nil {
		return fmt.Errorf("lang: words of %s: %w", l, err)
	}
	for i, r := range b.Rules {
		var rc Catalog
		if err := json.Unmarshal(r, &rc); err != nil {
			return fmt.Errorf("lang: rules %d of %s: %w", i, l, err)
		}
	}
	held.Lock()
	defer held.Unlock()
	if held.loaded == nil {
		held.loaded = map[Lang]Bundle{}
	}
	held.loaded[l] = b
	held.words, held.rules = nil, nil
	return nil
}

// loadedBundle is l's words as Load took them.
func loadedBundle(l Lang) (Bundle, bool) {
	b, ok := held.loaded[l]
	return b, ok
}

// namedFile is one rules catalog file: its name (for errors) and bytes.
type namedFile struct {
	name string
	body []byte
}

// compact is JSON without the spaces a translator's file keeps.
func compact(b []byte) json.RawMessage {
	var buf bytes.Buffer
	if err := json.Compact(&buf, b); err != nil {
		return b
	}
	return buf.Bytes()
}
