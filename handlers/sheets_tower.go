package handlers

import (
	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/views/sheets"
)

func towerSheetKind() sheetKind {
	return sheetKind{
		page: func(h *Handler, c echo.Context, rec record.Record, head sheets.Head) (templ.Component, error) {
			s, err := sheets.Tower(rec, head)
			if err != nil {
				return nil, err
			}
			return sheets.TowerPage(h.page(c, "Scoresheet: "+head.Title, ""), s), nil
		},
		blank: func(h *Handler, c echo.Context, head sheets.Head) templ.Component {
			return sheets.TowerPage(h.page(c, "Mage's Tower blank scoresheet", ""), sheets.TowerBlank(head))
		},
	}
}
