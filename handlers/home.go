package handlers

import (
	"fmt"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/views"
	"github.com/grimoire-games/grimoire/views/phone"
)

func (h *Handler) home(c echo.Context) error {
	ctx := c.Request().Context()
	dev := device(c)
	games, err := h.store.Games(ctx, dev)
	if err != nil {
		return fmt.Errorf("list games: %w", err)
	}
	items := make([]views.GameItem, 0, len(games))
	for _, g := range games {
		k, ok := play.Find(h.games, g.Kind)
		if !ok {
			continue
		}
		log, err := h.store.Log(ctx, g.ID)
		if err != nil {
			return fmt.Errorf("read game %s: %w", g.ID, err)
		}
		status, over := h.status(c, k, g, log)
		items = append(items, views.GameItem{
			ID: g.ID, Kind: k.Info().Name, Title: g.Title, Status: status, Over: over,
			Updated: humanTime(h.now(), g.Updated), URL: "/g/" + g.ID,
			CanWrite: g.Owner == dev,
		})
	}
	return render(c, http.StatusOK, views.Home(h.page(c, "Your games", "home"), items, h.choices()))
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

// humanTime says when something happened the way a person would.
func humanTime(now, t time.Time) string {
	d := now.Sub(t)
	switch {
	case d < time.Minute:
		return "just now"
	case d < time.Hour:
		return fmt.Sprintf("%d min ago", int(d.Minutes()))
	case d < 24*time.Hour:
		return fmt.Sprintf("%d h ago", int(d.Hours()))
	default:
		return t.Local().Format("2 Jan 2006")
	}
}
