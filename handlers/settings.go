package handlers

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/lang"
	"github.com/grimoire-games/grimoire/views/phone"
)

// settings is the page of this phone's court settings (wake lock,
// vibration): the switches are stored in the phone's localStorage by
// static/app.js, so the server only draws the page.
func (h *Handler) settings(c echo.Context) error {
	return render(c, http.StatusOK, phone.Settings(h.page(c, lang.T(c.Request().Context(), lang.SettingsTitle), "settings")))
}
