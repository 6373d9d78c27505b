package handlers

import (
	"crypto/sha256"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/lang"
	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/play/session"
)

// gameAct applies one action: the version the tap was made against comes
// with it, so a double tap applies once and a stale tap gets the current
// screen back.
func (h *Handler) gameAct(c echo.Context) error { return h.tap(c, play.OpAct) }

// gameUndo takes back the last action in force. The log keeps the action
// and records the undo after it, so nothing is ever rewritten.
func (h *Handler) gameUndo(c echo.Context) error { return h.tap(c, play.OpUndo) }

// gameBot plays the move of the bot whose turn it is. The page asks for it
// after a short visible pause (so people can follow the bots), with the
// version it shows: a bot move is a write like any other, applied once.
func (h *Handler) gameBot(c echo.Context) error { return h.tap(c, play.OpBot) }

// conflictNotice is the flash of a tap that arrived after the game moved on.
const conflictNotice = "The game changed before your tap arrived (another tap or another phone). This is the current screen: check it and tap again."

// tap reads a write from the request (who taps, the fields, the version
// the screen showed, the write's key), has the session play it, and
// answers its outcome: the screen drawn again with the status the outcome
// calls for, or for a stored tap without htmx a redirect to the game. A
// damaged record is answered by the error handler, in words.
func (h *Handler) tap(c echo.Context, op play.Op) error {
	g, k, log, err := h.loadGame(c)
	if err != nil {
		return err
	}
	seat, ok, seats, err := h.seatOf(c, g)
	if err != nil {
		return err
	}
	if !ok {
		return forbidden(words(c, lang.ErrorOnlyPlayersChange))
	}
	form, err := c.FormParams()
	if err != nil {
		return badRequest("The tap could not be read: " + err.Error())
	}
	v, err := strconv.Atoi(form.Get("v"))
	if err != nil || v < 0 {
		return badRequest(words(c, lang.ErrorTapVersion))
	}
	s := screen{Game: g, Log: log, Seats: seats, Seat: seat, From: v, Status: http.StatusOK}
	partial := isPartial(c)
	out, err := h.session.Play(c.Request().Context(), session.Tap{
		Game: g, Kind: k, Log: log, Viewer: viewer(c, s), Op: op, Form: form,
		Version: v, Key: clientActionID(c, form, v), At: h.now().UTC(), Redraw: partial,
	})
	if err != nil {
		return err
	}
	switch out.Result {
	case session.BadTap:
		return badRequest(lang.Say(c.Request().Context(), out.Reason))
	case session.NoBots:
		return notFound(lang.Say(c.Request().Context(), out.Reason))
	case session.RecordDamaged:
		return out.Damaged
	case session.Refused:
		s.Status, s.Error = http.StatusUnprocessableEntity, out.Reason
	case session.Conflict:
		s.Status, s.Notice = http.StatusConflict, conflictNotice
	}
	if out.Stored && !partial {
		return redirect(c, "/g/"+g.ID)
	}
	s.Game, s.Log = out.Game, out.Log
	if !partial {
		s.From = -1
	}
	varyOnHTMX(c)
	return h.screenOf(c, k, s)
}

// tapKey is a write's idempotency key: the device, the version its screen
// showed, and a digest of what was tapped. A double tap repeats all three
// and is applied once; a different tap made on the same stale screen differs
// in the digest, so it is refused as stale (with the notice) instead of
// passing for a repeat.
func tapKey(c echo.Context, form url.Values, v int) string {
	keys := make([]string, 0, len(form))
	for k := range form {
		if k != "_csrf" && k != "v" {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	sum := sha256.New()
	io.WriteString(sum, c.Path())
	for _, k := range keys {
		fmt.Fprintf(sum, "\x00%s=%s", k, strings.Join(form[k], "\x01"))
	}
	return fmt.Sprintf("%s:%d:%x", device(c), v, sum.Sum(nil)[:8])
}
