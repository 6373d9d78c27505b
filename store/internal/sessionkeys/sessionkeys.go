// Package sessionkeys is the list arithmetic both stores use to keep the
// session keys, so SQLite and PostgreSQL order and trim them alike.
package sessionkeys

import (
	"errors"
	"slices"
)

// ErrEmpty: a key to keep was the empty string.
var ErrEmpty = errors.New("empty session key")

// Add returns kept with the keys of add it lacks, in front (newest) or
// behind (oldest), trimmed to the keep newest (keep < 1: all).
func Add(kept, add []string, front bool, keep int) ([]string, error) {
	var fresh []string
	for _, k := range add {
		if k == "" {
			return nil, ErrEmpty
		}
		if !slices.Contains(kept, k) && !slices.Contains(fresh, k) {
			fresh = append(fresh, k)
		}
	}
	var out []string
	if front {
		out = append(slices.Clone(fresh), kept...)
	} else {
		out = append(slices.Clone(kept), fresh...)
	}
	if keep > 0 && len(out) > keep {
		out = out[:keep]
	}
	return out, nil
}
