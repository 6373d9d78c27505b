package handlers

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/views/offline"
)

// Offline play (static/offline.js): a phone that played without network
// sends its outbox here, one tap at a time and in order. Each tap goes
// through the same write path as an online tap (version check, rules check,
// append), keyed by the client's own action id so a retry after a lost
// answer applies once. The answer's status is what the phone acts on:
// 200 taken (or already taken), 409 the game moved on (another phone), 422
// the rules refuse it, 4xx anything else the server will not take.

// clientActionKey is where gameSync leaves the client's action id for tap.
const clientActionKey = "grimoire.clientAction"

var clientActionRE = regexp.MustCompile(`^[A-Za-z0-9_-]{8,64}$`)

// clientActionID is the idempotency key of a write: the device and the
// version for a tap on the screen, the device and the client's own id for a
// tap sent from the offline outbox.
func clientActionID(c echo.Context, form url.Values, v int) string {
	if id, ok := c.Get(clientActionKey).(string); ok && id != "" {
		return device(c) + ":offline:" + id
	}
	return tapKey(c, form, v)
}

// gameSync takes one tap from a phone's offline outbox.
func (h *Handler) gameSync(c echo.Context) error {
	id := c.FormValue("cid")
	if !clientActionRE.MatchString(id) {
		return badRequest("An offline tap must carry its client action id.")
	}
	c.Set(clientActionKey, id)
	// Answer like a tap from the screen (fragments, status codes), never
	// with a redirect.
	c.Request().Header.Set("HX-Request", "true")
	switch c.FormValue("op") {
	case "act":
		return h.tap(c, play.OpAct)
	case "undo":
		return h.tap(c, play.OpUndo)
	case "bot": // a bot's move the phone drew: the server finds its own
		return h.tap(c, play.OpBot)
	}
	return badRequest("An offline tap must be an action, an undo or a bot's move.")
}

var clientGameRE = regexp.MustCompile(`^[A-Za-z0-9_-]{12}$`)

// syncCreate stores a game a phone started without network, under the id
// and seed the phone chose (the phone has already played it with that
// seed). Sending it again is fine: the same game from the same device is
// taken once.
func (h *Handler) syncCreate(c echo.Context) error {
	ctx := c.Request().Context()
	id, kind := c.FormValue("id"), c.FormValue("kind")
	if !clientGameRE.MatchString(id) {
		return badRequest("A game started offline needs a 12-character id.")
	}
	seed, err := strconv.ParseInt(c.FormValue("seed"), 10, 64)
	if err != nil || seed < 0 {
		return badRequest("A game started offline needs its seed.")
	}
	if old, err := h.store.Game(ctx, id); err == nil {
		if old.Owner == device(c) && old.Kind == kind && old.Seed == seed {
			return c.JSON(http.StatusOK, map[string]string{"id": id})
		}
		return echo.NewHTTPError(http.StatusConflict, "Another game already has this id.")
	} else if !errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("load game: %w", err)
	}
	k, ok := play.Find(h.games, kind)
	if !ok {
		return badRequest("This build cannot start " + kind + " games offline.")
	}
	var seats []play.Seat
	if raw := c.FormValue("seats"); raw != "" {
		if err := json.Unmarshal([]byte(raw), &seats); err != nil {
			return badRequest("The players of a game started offline could not be read.")
		}
	}
	ng, err := k.AcceptOffline([]byte(c.FormValue("setup")), seed, seats)
	if err != nil {
		return badRequest(err.Error())
	}
	if _, err := h.createGame(c, k, id, ng); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]string{"id": id})
}

// offlineGame is the empty game screen a game started offline is drawn
// into (by the WebAssembly views); the service worker keeps it.
func (h *Handler) offlineGame(c echo.Context) error {
	p := h.page(c, "Game on this phone", "")
	p.Play = true
	return render(c, http.StatusOK, offline.Game(p))
}
