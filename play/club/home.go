package club

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/play/session"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/views"
)

// Home is page (from 1) of the viewer's game list, size games a page,
// newest first: its own games or, in a club with show "club", every game
// of the club's phones. The status of a game needs its log replayed, so
// only the games on the page are read and replayed, however many there
// are; a page past the end (games were deleted meanwhile) is the last one.
func (s *Service) Home(ctx context.Context, who Viewer, page int, show string, size int) (views.GameList, error) {
	cl, inClub, err := s.Of(ctx, who.Device)
	if err != nil {
		return views.GameList{}, err
	}
	filter := views.ClubFilter{Club: cl.Name, Show: "mine"}
	gamesPage := func(offset int) ([]store.Game, int, error) {
		return s.store.GamesPage(ctx, who.Device, offset, size)
	}
	if inClub && show == "club" {
		filter.Show = "club"
		gamesPage = func(offset int) ([]store.Game, int, error) {
			return s.store.ClubGamesPage(ctx, cl.ID, offset, size)
		}
	}
	games, total, err := gamesPage((page - 1) * size)
	if err != nil {
		return views.GameList{}, fmt.Errorf("list games: %w", err)
	}
	pages := max(1, (total+size-1)/size)
	if page > pages {
		page = pages
		if games, total, err = gamesPage((page - 1) * size); err != nil {
			return views.GameList{}, fmt.Errorf("list games: %w", err)
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
		k, ok := play.Find(s.games, g.Kind)
		if !ok {
			continue // a game of a kind this build does not play
		}
		log, err := s.store.Log(ctx, g.ID)
		if err != nil {
			return views.GameList{}, fmt.Errorf("read game %s: %w", g.ID, err)
		}
		status, over, damaged := s.session.Status(k, g, session.Viewer{Owner: g.Owner == who.Device, CSRF: who.CSRF}, log)
		list.Items = append(list.Items, views.GameItem{
			ID: g.ID, Kind: k.Info().Name, Title: g.Title, Status: status, Over: over, Damaged: damaged,
			Updated: play.Ago(s.now(), g.Updated), URL: "/g/" + g.ID,
			CanWrite: g.Owner == who.Device,
		})
	}
	return list, nil
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
