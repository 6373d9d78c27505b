package club

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/a-h/templ"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/play/session"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/views"
)

// Previous is game id as the viewer's seat sees it, for a new game of kind
// k with the same players ("new game, same players"): only a game of k the
// viewer's phone created or holds a seat in; nil otherwise, so a
// stranger's id fills nothing in.
func (s *Service) Previous(ctx context.Context, who Viewer, k play.Kind, id string) (*play.Table, error) {
	g, err := s.store.Game(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("load game %s: %w", id, err)
	}
	if g.Kind != k.Info().ID {
		return nil, nil
	}
	seats, err := s.store.Seats(ctx, g.ID)
	if err != nil {
		return nil, fmt.Errorf("seats of %s: %w", g.ID, err)
	}
	seat, ok := session.SeatOf(g, seats, who.Device)
	if !ok {
		return nil, nil
	}
	t := s.session.Table(g, session.Viewer{Seat: seat, Owner: g.Owner == who.Device, CSRF: who.CSRF, Seats: seats}, nil)
	return &t, nil
}

// FileName keeps letters, digits, '-' and '_' of a player's name for a
// file name ("player" when none is left).
func FileName(name string) string {
	out := strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_':
			return r
		}
		return '_'
	}, name)
	if out == "" {
		return "player"
	}
	return out
}

// NewGamePage is kind k's new-game form on page p for query q: the names
// the viewer's phone has used to pick from, filled from an earlier game of
// the phone when "new game, same players" was tapped (from, "" none), and
// for a Proposer over the phone's games of the names it asks for.
func (s *Service) NewGamePage(ctx context.Context, who Viewer, k play.Kind, p views.Page, q url.Values, from string) (templ.Component, error) {
	var prev *play.Table
	if from != "" {
		var err error
		if prev, err = s.Previous(ctx, who, k, from); err != nil {
			return nil, err
		}
	}
	var err error
	if p.Players, err = s.KnownNames(ctx, who.Device); err != nil {
		return nil, err
	}
	pr, ok := k.(play.Proposer)
	if !ok {
		return k.NewGamePage(p, q, prev), nil
	}
	var games []play.PlayerGame
	if names := pr.ProposalNames(q, prev); len(names) > 0 {
		if games, _, err = s.PlayedBy(ctx, who, k, names); err != nil {
			return nil, err
		}
	}
	return pr.NewGamePageFrom(p, q, prev, games), nil
}
