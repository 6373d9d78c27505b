package scribes

import (
	"strings"

	"github.com/grimoire-games/grimoire/lang"
	sc "github.com/grimoire-games/grimoire/rules/scribes"
)

// MixRow is one kind of world tile and how many the material holds.
type MixRow struct {
	Label, Effect string
	Count         int
}

func elemLetter(d *sc.Data, e sc.Element) string {
	n := d.ElementName(e)
	if n == "" {
		return e.String()[:1]
	}
	return strings.ToUpper(n[:1])
}

// tileMix groups the tiles by their insignias, in the order first met,
// each kind's follow-up said in l.
func tileMix(d *sc.Data, l lang.Lang) []MixRow {
	var out []MixRow
	idx := map[string]int{}
	for _, t := range d.Tiles {
		names := make([]string, len(t.Insignias))
		for i, e := range t.Insignias {
			names[i] = d.ElementName(e)
		}
		label := strings.Join(names, " + ")
		if i, ok := idx[label]; ok {
			out[i].Count++
			continue
		}
		idx[label] = len(out)
		out = append(out, MixRow{Label: label, Effect: followEffect(d, t, l), Count: 1})
	}
	return out
}
