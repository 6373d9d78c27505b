package handlers

import (
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/views"
)

// home lists this device's games, newest first, a page at a time: the
// status of a game needs its log replayed, so only the games on the page are
// read and replayed, however many the device has.
func (h *Handler) home(c echo.Context) error {
	ctx := c.Request().Context()
	dev := device(c)
	games, err := h.store.Games(ctx, dev)
	if err != nil {
		return fmt.Errorf("list games: %w", err)
	}
	known := games[:0:0]
	for _, g := range games {
		if _, ok := h.games[g.Kind]; ok {
			known = append(known, g)
		}
	}
	size := h.limits.HomePageSize
	pages := max(1, (len(known)+size-1)/size)
	page, err := strconv.Atoi(c.QueryParam("page"))
	if err != nil || page < 1 {
		page = 1
	}
	// A page past the end (games were deleted meanwhile) shows the last one.
	page = min(page, pages)
	onPage := known[min((page-1)*size, len(known)):min(page*size, len(known))]
	list := views.GameList{Page: page, Pages: pages, Total: len(known)}
	if page > 1 {
		list.Newer = pageURL(page - 1)
	}
	if page < pages {
		list.Older = pageURL(page + 1)
	}
	list.Items = make([]views.GameItem, 0, len(onPage))
	for _, g := range onPage {
		k := h.games[g.Kind]
		log, err := h.store.Log(ctx, g.ID)
		if err != nil {
			return fmt.Errorf("read game %s: %w", g.ID, err)
		}
		status, over := k.status(g, log)
		list.Items = append(list.Items, views.GameItem{
			ID: g.ID, Kind: k.Name, Title: g.Title, Status: status, Over: over,
			Updated: humanTime(h.now(), g.Updated), URL: "/g/" + g.ID,
			CanWrite: g.Owner == dev,
		})
	}
	return render(c, http.StatusOK, views.Home(h.page(c, "Your games", "home"), list, h.choices()))
}

func pageURL(n int) string {
	if n == 1 {
		return "/"
	}
	return "/?page=" + strconv.Itoa(n)
}

func (h *Handler) newIndex(c echo.Context) error {
	return render(c, http.StatusOK, views.NewIndex(h.page(c, "New game", "new"), h.choices()))
}

func (h *Handler) rulesIndex(c echo.Context) error {
	return render(c, http.StatusOK, views.RulesIndex(h.page(c, "Rules", "rules"), h.choices()))
}

func (h *Handler) offline(c echo.Context) error {
	return render(c, http.StatusOK, views.Offline(h.page(c, "Offline", "")))
}

// choices lists the games this build can start, in a fixed order.
func (h *Handler) choices() []views.GameChoice {
	out := make([]views.GameChoice, 0, len(h.games))
	for _, k := range h.games {
		out = append(out, views.GameChoice{ID: k.ID, Name: k.Name, Blurb: k.Blurb, URL: "/new/" + k.ID})
	}
	sort.Slice(out, func(i, j int) bool { return h.games[out[i].ID].Order < h.games[out[j].ID].Order })
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
