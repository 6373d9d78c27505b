package handlers

import (
	"github.com/labstack/echo/v4"

	tw "github.com/grimoire-games/grimoire/rules/tower"
	twview "github.com/grimoire-games/grimoire/views/tower"
)

// towerCardFile reads the optional custom card of the new-game form
// (field "card", JSON checked by tw.ParseCard). It returns nil without a
// file; a bad file is a problem for the form, named like the map and deck
// files of Spells & Arrows are.
func towerCardFile(c echo.Context, f *twview.NewForm) *tw.Card {
	data, name, err := uploaded(c, "card")
	switch {
	case err != nil:
		f.Problems = append(f.Problems, err.Error())
	case data != nil:
		card, err := tw.ParseCard(data)
		if err != nil {
			f.Problems = append(f.Problems, "Card file "+name+": "+err.Error())
			return nil
		}
		f.CardName, f.CardRows = name, len(card.Rows)
		return &card
	}
	return nil
}
