package handlers

import (
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/lang"
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
		return notFound(words(c, lang.ErrorNoSuchGame))
	}
	if err != nil {
		return fmt.Errorf("load game: %w", err)
	}
	if _, ok, _, err := h.seatOf(c, g); err != nil {
		return err
	} else if !ok {
		return forbidden(words(c, lang.ErrorFollowAsSpectator))
	}
	return h.stream(c, g)
}

func (h *Handler) watchEvents(c echo.Context) error {
	g, err := h.store.GameBySpectatorToken(c.Request().Context(), c.Param("token"))
	if errors.Is(err, store.ErrNotFound) {
		return notFound(words(c, lang.ErrorSpectatorLink))
	}
	if err != nil {
		return fmt.Errorf("load watched game: %w", err)
	}
	return h.stream(c, g)
}

func (h *Handler) stream(c echo.Context, g store.Game) error {
	w := c.Response()
	if isHead(c) {
		// What a stream would be, without holding a place for one.
		w.Header().Set("Content-Type", "text/event-stream")
		w.Header().Set("Cache-Control", "no-cache")
		return c.NoContent(http.StatusOK)
	}
	leave, err := h.streams.enter(clientKey(c))
	if err != nil {
		w.Header().Set("Retry-After", "60")
		return err
	}
	defer leave()
	ctx := c.Request().Context()
	versions, err := h.store.Watch(ctx, g.ID)
	if err != nil {
		return fmt.Errorf("watch game %s: %w", g.ID, err)
	}
	rc := http.NewResponseController(w)
	// A stream has no body to read, and the server's ReadTimeout would
	// otherwise end it (net/http cancels a request whose connection read
	// fails). Recorders in tests support no deadlines; that is fine.
	_ = rc.SetReadDeadline(time.Time{})
	// send writes one event within its own write deadline: a client that
	// stops reading loses its stream instead of holding it (and shutdown).
	send := func(format string, args ...any) error {
		_ = rc.SetWriteDeadline(time.Now().Add(streamWriteTimeout))
		if _, err := fmt.Fprintf(w, format, args...); err != nil {
			return err
		}
		return rc.Flush()
	}
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
	if send("retry: 2000\nevent: version\ndata: %d\n\n", cur.Version) != nil {
		return nil
	}
	tick := time.NewTicker(heartbeat)
	defer tick.Stop()
	for {
		var err error
		select {
		case <-ctx.Done():
			return nil
		case <-h.quit:
			return nil
		case v, ok := <-versions:
			if !ok {
				return nil
			}
			err = send("event: version\ndata: %d\n\n", v)
		case <-tick.C:
			// A comment keeps proxies and phones from closing an idle stream.
			err = send(": keep-alive\n\n")
		}
		if err != nil {
			return nil
		}
	}
}
