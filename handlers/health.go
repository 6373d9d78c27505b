package handlers

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/store"
)

// healthz answers 200 when the store answers: a lookup of a game that cannot
// exist must come back "not found", anything else means the store is down.
func (h *Handler) healthz(c echo.Context) error {
	ctx, cancel := context.WithTimeout(c.Request().Context(), 3*time.Second)
	defer cancel()
	c.Response().Header().Set("Cache-Control", "no-store")
	if _, err := h.store.Game(ctx, "healthz-probe"); err != nil && !errors.Is(err, store.ErrNotFound) {
		// An outage is logged once by the store (store/outage), not at
		// every probe.
		if !errors.Is(err, store.ErrUnavailable) {
			h.log.Error("health check: store", "err", err)
		}
		c.Response().Header().Set("Retry-After", retryAfter)
		return c.String(http.StatusServiceUnavailable, "store unavailable\n")
	}
	return c.String(http.StatusOK, "ok\n")
}
