package handlers

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/lang"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/views"
)

// gameDeleteConfirm asks the scorekeeper before a game goes.
func (h *Handler) gameDeleteConfirm(c echo.Context) error {
	g, k, log, err := h.loadGame(c)
	if de := (*damagedError)(nil); errors.As(err, &de) {
		// A damaged game can be deleted like any other.
		g, k, log, err = de.Game, de.Kind, de.Log, nil
	}
	if err != nil {
		return err
	}
	if g.Owner != device(c) {
		return forbidden(words(c, lang.ErrorOnlyCreatorDeletes))
	}
	status, _, _ := h.status(c, k, g, log)
	return render(c, http.StatusOK, views.ConfirmDelete(h.page(c, "Delete game", ""), g.ID, g.Title, k.Info().Name+" · "+status))
}

// gameDelete removes the game, its log and its seats, and forgets it.
func (h *Handler) gameDelete(c echo.Context) error {
	ctx := c.Request().Context()
	g, err := h.store.Game(ctx, c.Param("id"))
	if errors.Is(err, store.ErrNotFound) {
		return notFound(words(c, lang.ErrorNoGameDeleted))
	}
	if err != nil {
		return fmt.Errorf("load game: %w", err)
	}
	if g.Owner != device(c) {
		return forbidden(words(c, lang.ErrorOnlyCreatorDeletes))
	}
	if err := h.store.DeleteGame(ctx, g.ID); err != nil {
		return fmt.Errorf("delete game %s: %w", g.ID, err)
	}
	h.session.Forget(g.ID)
	return redirect(c, "/")
}
