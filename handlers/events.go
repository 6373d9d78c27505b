package handlers

import (
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/store"
)

// Live updates use server-sent events rather than polling: a spectator sees
// a tap within the time one small event takes to arrive, and an idle game
// costs one open connection and a comment line every few seconds instead of
// a request per second per watcher. The event carries only the new version;
// the page then asks for the fragments (the same GET a reload would make),
// so there is one rendering path and a missed event is caught up by the next.

const heartbeat = 15 * time.Second

func (h *Handler) gameEvents(c echo.Context) error {
	g, err := h.store.Game(c.Request().Context(), c.Param("id"))
	if errors.Is(err, store.ErrNotFound) {
		return notFound("There is no such game.")
	}
	if err != nil {
		return fmt.Errorf("load game: %w", err)
	}
	if _, ok, _, err := h.seatOf(c, g); err != nil {
		return err
	} else if !ok {
		return forbidden("Use the spectator link to follow this game.")
	}
	return h.stream(c, g)
}

func (h *Handler) watchEvents(c echo.Context) error {
	g, err := h.store.GameBySpectatorToken(c.Request().Context(), c.Param("token"))
	if errors.Is(err, store.ErrNotFound) {
		return notFound("This spectator link does not lead to a game.")
	}
	if err != nil {
		return fmt.Errorf("load watched game: %w", err)
	}
	return h.stream(c, g)
}

func (h *Handler) stream(c echo.Context, g store.Game) error {
	ctx := c.Request().Context()
	versions, err := h.store.Watch(ctx, g.ID)
	if err != nil {
		return fmt.Errorf("watch game %s: %w", g.ID, err)
	}
	w := c.Response()
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	// Say the current version at once: a page drawn just before a change
	// catches up without waiting for the next one.
	cur, err := h.store.Game(ctx, g.ID)
	if err != nil {
		return nil
	}
	fmt.Fprintf(w, "retry: 2000\nevent: version\ndata: %d\n\n", cur.Version)
	w.Flush()
	tick := time.NewTicker(heartbeat)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-h.quit:
			return nil
		case v, ok := <-versions:
			if !ok {
				return nil
			}
			fmt.Fprintf(w, "event: version\ndata: %d\n\n", v)
			w.Flush()
		case <-tick.C:
			// A comment keeps proxies and phones from closing an idle stream.
			fmt.Fprint(w, ": keep-alive\n\n")
			w.Flush()
		}
	}
}
