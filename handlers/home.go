package handlers

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/lang"
	"github.com/grimoire-games/grimoire/play"
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
	return render(c, http.StatusOK, views.Home(h.page(c, lang.T(c.Request().Context(), lang.HomeTitle), "home"), list, play.Choices(h.games)))
}

func (h *Handler) newIndex(c echo.Context) error {
	return render(c, http.StatusOK, views.NewIndex(h.page(c, lang.T(c.Request().Context(), lang.NewTitle), "new"), play.Choices(h.games)))
}

func (h *Handler) rulesIndex(c echo.Context) error {
	return render(c, http.StatusOK, views.RulesIndex(h.page(c, "Rules", "rules"), play.Choices(h.games)))
}

func (h *Handler) offline(c echo.Context) error {
	return render(c, http.StatusOK, phone.Offline(h.page(c, "Offline", ""), play.Choices(h.games)))
}
