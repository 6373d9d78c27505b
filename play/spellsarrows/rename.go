package spellsarrows

import (
	"encoding/json"
	"fmt"

	"github.com/grimoire-games/grimoire/play"
)

var _ play.Renamer = Kind{}

// Rename writes the setup's spy and mage as to names them and leaves
// every other field byte for byte (a custom map or deck, a position).
func (Kind) Rename(setup json.RawMessage, to func(string) string) (json.RawMessage, error) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(setup, &fields); err != nil {
		return nil, fmt.Errorf("the setup could not be read: %w", err)
	}
	for _, role := range []string{"spy", "mage"} {
		var name string
		if err := json.Unmarshal(fields[role], &name); err != nil {
			return nil, fmt.Errorf("the setup's %s could not be read: %w", role, err)
		}
		b, err := json.Marshal(to(name))
		if err != nil {
			return nil, err
		}
		fields[role] = b
	}
	return json.Marshal(fields)
}
