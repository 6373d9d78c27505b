package session

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/store"
)

// ExportRefused is a record this viewer may not take home now, in words.
type ExportRefused struct{ Words string }

func (e *ExportRefused) Error() string { return e.Words }

// Export is a record as a file: its JSON and the file's name.
type Export struct {
	Body []byte
	Name string
}

// Export is the record of game g (after log) as viewer v may take it home
// now (play.MayExport). A viewer who came by the spectator link (byLink)
// is a spectator; one who came by the game's own address but neither keeps
// nor plays it (v.Watch) may take it only once the game is over.
func (s *Session) Export(k play.Kind, g store.Game, v Viewer, log []store.Entry, byLink bool) (Export, error) {
	_, over, _ := s.Status(k, g, v, log)
	if !byLink && v.Watch && !over {
		return Export{}, &ExportRefused{"Only the scorekeeper or a seated player can export this game while it runs. Once it is over, anyone with the spectator link can."}
	}
	t := s.Table(g, v, log)
	if err := play.MayExport(k, t, over); err != nil {
		return Export{}, &ExportRefused{err.Error()}
	}
	body, err := json.MarshalIndent(t.Record(), "", "  ")
	if err != nil {
		return Export{}, fmt.Errorf("encode record of %s: %w", g.ID, err)
	}
	names, _ := k.Players(g.Setup) // a name-less file name is still a good one
	return Export{Body: append(body, '\n'), Name: RecordFilename(g.Kind, names, g.Created.UTC().Format("2006-01-02"))}, nil
}

// RecordFilename is "<game>-<players>-<YYYY-MM-DD>.json" in lower-case
// ASCII letters, digits and dashes, so it is safe in a header and on any
// disk.
func RecordFilename(game string, players []string, date string) string {
	p := slug(strings.Join(players, " "))
	if len(p) > 60 {
		p = strings.TrimRight(p[:60], "-")
	}
	parts := []string{slug(game)}
	if p != "" {
		parts = append(parts, p)
	}
	parts = append(parts, date)
	return strings.Join(parts, "-") + ".json"
}

// slug folds accents away ("Zoë" → "zoe") and keeps a-z, 0-9, single dashes.
func slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range norm.NFKD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r):
			continue
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			b.WriteRune(r)
			dash = false
		case r >= 'A' && r <= 'Z':
			b.WriteRune(unicode.ToLower(r))
			dash = false
		default:
			if !dash && b.Len() > 0 {
				b.WriteByte('-')
				dash = true
			}
		}
	}
	return strings.TrimRight(b.String(), "-")
}
