package play

import "github.com/grimoire-games/grimoire/views"

// Choices lists the games of kinds as the menus offer them, in the order
// of the list the binary was built with.
func Choices(kinds []Kind) []views.GameChoice {
	out := make([]views.GameChoice, 0, len(kinds))
	for _, k := range kinds {
		in := k.Info()
		out = append(out, views.GameChoice{ID: in.ID, Name: in.Name, Blurb: in.Blurb, BlurbKey: in.BlurbKey, URL: "/new/" + in.ID})
	}
	return out
}

// RankedChoices are the Choices of the kinds that keep ratings.
func RankedChoices(kinds []Kind) []views.GameChoice {
	var ranked []Kind
	for _, k := range kinds {
		if _, ok := k.(Ranked); ok {
			ranked = append(ranked, k)
		}
	}
	if len(ranked) == 0 {
		return nil
	}
	return Choices(ranked)
}
