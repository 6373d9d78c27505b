package handlers

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/views"
	"github.com/grimoire-games/grimoire/views/phone"
)

// home lists this device's games, newest first, a page at a time: the
// status of a game needs its log replayed, so only the games on the page are
// read and replayed, however many the device has.
func (h *Handler) home(c echo.Context) error {
	page, err := strconv.Atoi(c.QueryParam("page"))
	if err != nil || page < 1 {
		page = 1
	}
	list, err := h.clubs.Home(c.Request().Context(), clubViewer(c), page, c.QueryParam("show"), h.limits.HomePageSize)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, views.Home(h.page(c, "Your games", "home"), list, h.choices()))
}

func (h *Handler) newIndex(c echo.Context) error {
	return render(c, http.StatusOK, views.NewIndex(h.page(c, "New game", "new"), h.choices()))
}

func (h *Handler) rulesIndex(c echo.Context) error {
	return render(c, http.StatusOK, views.RulesIndex(h.page(c, "Rules", "rules"), h.choices()))
}

func (h *Handler) offline(c echo.Context) error {
	return render(c, http.StatusOK, phone.Offline(h.page(c, "Offline", ""), h.choices()))
}

// choices lists the games this build can start, in the order of the list
// the binary was built with.
func (h *Handler) choices() []views.GameChoice {
	out := make([]views.GameChoice, 0, len(h.games))
	for _, k := range h.games {
		in := k.Info()
		out = append(out, views.GameChoice{ID: in.ID, Name: in.Name, Blurb: in.Blurb, URL: "/new/" + in.ID})
	}
	return out
}
