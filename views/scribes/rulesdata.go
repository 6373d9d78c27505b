package scribes

import (
	"strings"

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

// tileMix groups the tiles by their insignias, in the order first met.
func tileMix(d *sc.Data) []MixRow {
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
		var effect string
		switch t.Kind() {
		case sc.KindGain:
			effect = "1 " + d.ElementName(t.Insignias[0]) + " each"
		case sc.KindChoose:
			effect = "1 oink of either element, each chooses"
		case sc.KindTrade:
			effect = "may give 1 oink of another element for up to 3 of these"
		case sc.KindArena:
			effect = "arena: 1 oink of any element, each chooses"
		}
		idx[label] = len(out)
		out = append(out, MixRow{Label: label, Effect: effect, Count: 1})
	}
	return out
}
