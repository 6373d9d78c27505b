package handlers

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/views"
	"github.com/grimoire-games/grimoire/views/phone"
)

// home lists this device's games, newest first, a page at a time: the
// status of a game needs its log replayed, so only the games on the page are
// read and replayed, however many the device has.
func (h *Handler) home(c echo.Context) error {
	ctx := c.Request().Context()
	dev := device(c)
	size := h.limits.HomePageSize
	page, err := strconv.Atoi(c.QueryParam("page"))
	if err != nil || page < 1 {
		page = 1
	}
	// In a club the list shows this phone's games or, with ?show=club,
	// every game of the club's phones.
	cl, inClub, err := h.clubOf(c)
	if err != nil {
		return err
	}
	filter := views.ClubFilter{Club: cl.Name, Show: "mine"}
	gamesPage := func(offset int) ([]store.Game, int, error) {
		return h.store.GamesPage(ctx, dev, offset, size)
	}
	if inClub && c.QueryParam("show") == "club" {
		filter.Show = "club"
		gamesPage = func(offset int) ([]store.Game, int, error) {
			return h.store.ClubGamesPage(ctx, cl.ID, offset, size)
		}
	}
	games, total, err := gamesPage((page - 1) * size)
	if err != nil {
		return fmt.Errorf("list games: %w", err)
	}
	pages := max(1, (total+size-1)/size)
	if page > pages {
		// A page past the end (games were deleted meanwhile): the last one.
		page = pages
		if games, total, err = gamesPage((page - 1) * size); err != nil {
			return fmt.Errorf("list games: %w", err)
		}
	}
	list := views.GameList{Page: page, Pages: pages, Total: total, Filter: filter}
	if page > 1 {
		list.Newer = pageURL(page-1, filter.Show)
	}
	if page < pages {
		list.Older = pageURL(page+1, filter.Show)
	}
	list.Items = make([]views.GameItem, 0, len(games))
	for _, g := range games {
		k, ok := play.Find(h.games, g.Kind)
		if !ok {
			continue // a game of a kind this build does not play
		}
		log, err := h.store.Log(ctx, g.ID)
		if err != nil {
			return fmt.Errorf("read game %s: %w", g.ID, err)
		}
		status, over, damaged := h.status(c, k, g, log)
		list.Items = append(list.Items, views.GameItem{
			ID: g.ID, Kind: k.Info().Name, Title: g.Title, Status: status, Over: over, Damaged: damaged,
			Updated: play.Ago(h.now(), g.Updated), URL: "/g/" + g.ID,
			CanWrite: g.Owner == dev,
		})
	}
	return render(c, http.StatusOK, views.Home(h.page(c, "Your games", "home"), list, h.choices()))
}

func pageURL(n int, show string) string {
	q := ""
	if show == "club" {
		q = "show=club"
	}
	if n > 1 {
		q = strings.TrimPrefix(q+"&page="+strconv.Itoa(n), "&")
	}
	if q == "" {
		return "/"
	}
	return "/?" + q
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
