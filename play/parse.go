package play

import "github.com/grimoire-games/grimoire/rules/record"

// ParseRecord reads a record strictly (record.Parse) for a build that
// plays the games kinds: a record of any other game is malformed, with the
// words "unknown game". The list is the binary's one []Kind, so the record
// package keeps none and a new game is known wherever its Kind is listed.
func ParseRecord(kinds []Kind, data []byte) (record.Record, error) {
	return record.ParseOf(data, func(game string) bool {
		_, ok := Find(kinds, game)
		return ok
	})
}
