package play

import (
	"context"
	"strings"

	"github.com/grimoire-games/grimoire/lang"
	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/views"
)

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

// ImportRefused is a record an import does not take, in the words the
// import page shows.
type ImportRefused struct{ Words string }

func (e *ImportRefused) Error() string { return e.Words }

// ReadImport reads a record to import (the bytes of a file or of pasted
// JSON) and checks it by replaying it through its game's rules: the record,
// its kind and its title, or an *ImportRefused saying what is wrong with
// it.
func ReadImport(ctx context.Context, kinds []Kind, data []byte) (record.Record, Kind, string, error) {
	rec, err := ParseRecord(kinds, data)
	if err != nil {
		return rec, nil, "", &ImportRefused{views.ImportProblemIn(ctx, data, err)}
	}
	k, ok := Find(kinds, rec.Game)
	if !ok {
		return rec, nil, "", &ImportRefused{lang.T(ctx, lang.ImportCannotPlay, rec.Game)}
	}
	if _, err := k.Replay(rec); err != nil {
		msg := views.ImportProblemIn(ctx, data, err)
		if record.IsSetupError(err) {
			msg = "setup: " + strings.TrimPrefix(msg, "setup: ")
		}
		return rec, nil, "", &ImportRefused{msg}
	}
	title, err := k.Title(rec.Setup)
	if err != nil {
		return rec, nil, "", &ImportRefused{"setup: " + err.Error()}
	}
	return rec, k, title, nil
}
