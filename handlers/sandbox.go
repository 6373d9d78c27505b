package handlers

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/lang"
	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/views"
)

// sandboxIndex lists the games with a referee's sandbox.
func (h *Handler) sandboxIndex(c echo.Context) error {
	return render(c, http.StatusOK, views.SandboxIndex(h.page(c, "Referee's sandbox", ""), play.Sandboxes(h.games)))
}

// sandboxOf is the game named in the URL, when it has a sandbox.
func (h *Handler) sandboxOf(c echo.Context) (play.Kind, play.Sandboxer, error) {
	k, err := h.kindOf(c)
	if err != nil {
		return nil, nil, err
	}
	sb, ok := k.(play.Sandboxer)
	if !ok {
		return nil, nil, notFound(words(c, lang.ErrorNoSandbox, k.Info().Name))
	}
	return k, sb, nil
}

// sandboxPage is the sandbox: a GET, its query the position, so checking
// changes nothing and a position is a link. An impossible one is a 422.
func (h *Handler) sandboxPage(c echo.Context) error {
	_, sb, err := h.sandboxOf(c)
	if err != nil {
		return err
	}
	page, ok := sb.SandboxPage(h.page(c, "", ""), c.QueryParams())
	status := http.StatusOK
	if !ok {
		status = http.StatusUnprocessableEntity
	}
	return render(c, status, page)
}

// sandboxPlay starts a game from the posted position ("play on from
// here") and opens it; an impossible position shows the sandbox again with
// its reasons.
func (h *Handler) sandboxPlay(c echo.Context) error {
	k, sb, err := h.sandboxOf(c)
	if err != nil {
		return err
	}
	fields, err := c.FormParams()
	if err != nil {
		return badRequest("The position could not be read: " + err.Error())
	}
	fields.Del("_csrf")
	if len(fields) == 0 {
		return badRequest(words(c, lang.ErrorNoPosition))
	}
	seed, err := randomSeed()
	if err != nil {
		return err
	}
	ng, err := sb.StartSandbox(fields, seed)
	if err != nil {
		page, _ := sb.SandboxPage(h.page(c, "", ""), fields)
		if errors.Is(err, play.ErrBadTap) {
			return render(c, http.StatusBadRequest, page)
		}
		return render(c, http.StatusUnprocessableEntity, page)
	}
	id, err := h.createGame(c, k, randomID(9), ng)
	if err != nil {
		return err
	}
	return redirect(c, "/g/"+id)
}
