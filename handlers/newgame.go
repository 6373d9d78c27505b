package handlers

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/lang"
	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/play/session"
	"github.com/grimoire-games/grimoire/store"
)

// kindOf is the game named in the URL (/new/:game, /rules/:game, ...).
func (h *Handler) kindOf(c echo.Context) (play.Kind, error) {
	k, ok := play.Find(h.games, c.Param("game"))
	if !ok {
		return nil, notFound(words(c, lang.ErrorNoGameKind))
	}
	return k, nil
}

// newGamePage shows a game's new-game form, filled from an earlier game of
// this device when "new game, same players" was tapped (?from=ID).
func (h *Handler) newGamePage(c echo.Context) error {
	k, err := h.kindOf(c)
	if err != nil {
		return err
	}
	comp, err := h.clubs.NewGamePage(c.Request().Context(), clubViewer(c), k, h.page(c, "", "new"), c.QueryParams(), c.QueryParam("from"))
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, comp)
}

// newGameCreate is two steps: the form posts here to be checked and shown
// for confirmation; the confirmation posts back with confirm=1 and the game
// is created with a seed drawn here.
func (h *Handler) newGameCreate(c echo.Context) error {
	k, err := h.kindOf(c)
	if err != nil {
		return err
	}
	form, err := newGameForm(c)
	if err != nil {
		return err
	}
	if form.Values.Get("confirm") != "1" {
		p := h.page(c, "", "new")
		if p.Players, err = h.knownNames(c); err != nil {
			return err
		}
		page, ok, err := k.CheckNewGame(p, form)
		if err != nil {
			return err
		}
		status := http.StatusOK
		if !ok {
			status = http.StatusUnprocessableEntity
		}
		return render(c, status, page)
	}
	seed, err := randomSeed()
	if err != nil {
		return err
	}
	ng, err := k.StartNewGame(form, seed)
	if err != nil {
		return badRequest(err.Error())
	}
	id, err := h.createGame(c, k, randomID(9), ng)
	if err != nil {
		return err
	}
	return redirect(c, "/g/"+id)
}

// createGame stores a new game owned by this device with its seat rows: a
// bot's row is held by "bot:LEVEL", the creator's own seat by this device,
// the other people's rows wait for their join links.
func (h *Handler) createGame(c echo.Context, k play.Kind, id string, ng play.NewGame) (string, error) {
	g, seats, err := h.gameRows(c, k, id, ng)
	if err != nil {
		return "", err
	}
	if err := h.store.CreateGame(c.Request().Context(), g, seats); err != nil {
		return "", fmt.Errorf("create game: %w", err)
	}
	return g.ID, nil
}

// maker makes new games owned by this device, now.
func (h *Handler) maker(c echo.Context) session.Maker {
	return session.Maker{Owner: device(c), Now: h.now(), Token: randomID}
}

// gameRows are the rows that store a new game (session.Maker.Rows), a
// setup its kind cannot read a 400.
func (h *Handler) gameRows(c echo.Context, k play.Kind, id string, ng play.NewGame) (store.Game, []store.Seat, error) {
	g, seats, err := h.maker(c).Rows(k, id, ng)
	if bs := (*session.BadSetup)(nil); errors.As(err, &bs) {
		return g, seats, badRequest(bs.Error())
	}
	return g, seats, err
}

// rulesPage is a game's rules page, kept offline by the service worker.
func (h *Handler) rulesPage(c echo.Context) error {
	k, err := h.kindOf(c)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, k.Rules(h.page(c, "", "rules")))
}
