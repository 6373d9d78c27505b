package handlers

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/lang"
	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/play/session"
	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/views"
)

// gameExport sends the record to a device that may take it home now (see
// play.MayExport); a device that neither keeps nor plays the game counts as
// a spectator.
func (h *Handler) gameExport(c echo.Context) error {
	g, k, log, err := h.loadGame(c)
	if de := (*damagedError)(nil); errors.As(err, &de) {
		// The record as stored, damaged action and all: what was played
		// is kept, and `grimoire replay` names the action that fails.
		g, k, log, err = de.Game, de.Kind, de.Log, nil
	}
	if err != nil {
		return err
	}
	seat, ok, seats, err := h.seatOf(c, g)
	if err != nil {
		return err
	}
	return h.sendRecord(c, k, g, viewer(c, screen{Game: g, Seats: seats, Seat: seat, Watch: !ok}), log, false)
}

func (h *Handler) watchExport(c echo.Context) error {
	g, k, log, err := h.loadWatched(c)
	if de := (*damagedError)(nil); errors.As(err, &de) {
		g, k, log, err = de.Game, de.Kind, de.Log, nil
	}
	if err != nil {
		return err
	}
	return h.sendRecord(c, k, g, viewer(c, screen{Game: g, Seat: scorekeeperSeat, Watch: true}), log, true)
}

// sendRecord answers with the record as a file (session.Export).
func (h *Handler) sendRecord(c echo.Context, k play.Kind, g store.Game, v session.Viewer, log []store.Entry, byLink bool) error {
	x, err := h.session.Export(k, g, v, log, byLink)
	if er := (*session.ExportRefused)(nil); errors.As(err, &er) {
		return forbidden(er.Words)
	}
	if err != nil {
		return err
	}
	hd := c.Response().Header()
	hd.Set(echo.HeaderContentDisposition, `attachment; filename="`+x.Name+`"`)
	hd.Set("Cache-Control", "private, no-store")
	return c.Blob(http.StatusOK, "application/json; charset=utf-8", x.Body)
}

func (h *Handler) importForm(c echo.Context) error {
	return render(c, http.StatusOK, views.ImportPage(h.page(c, words(c, lang.ImportTitle), ""), views.ImportForm{}))
}

// importRecord reads a record (an uploaded file or pasted JSON), checks it
// by replaying it through its game's rules, and only then stores it as a new
// pass-and-play game owned by this device. A record that fails is shown
// again with the reason (HTTP 422) and nothing is stored. A record of a
// game this device already holds (the same record, or an earlier moment of
// it: record.Compare) is not stored again: a second copy would count twice
// in the players' figures, so the page offers the game held instead.
func (h *Handler) importRecord(c echo.Context) error {
	f := views.ImportForm{Pasted: c.FormValue("json")}
	fail := func(msg string) error {
		f.Error = msg
		return render(c, http.StatusUnprocessableEntity, views.ImportPage(h.page(c, words(c, lang.ImportTitle), ""), f))
	}
	file, err := uploaded(c, "record")
	if err != nil {
		return fail(err.Error())
	}
	data, name := file.Data, file.Name
	if data == nil {
		data = []byte(strings.TrimSpace(f.Pasted))
		name = views.ImportSource(c.Request().Context(), "", false, 0)
		if fh, ferr := c.FormFile("record"); ferr == nil && fh.Size == 0 && len(data) == 0 {
			name = views.ImportSource(c.Request().Context(), fh.Filename, true, 0)
		}
	}
	f.Source = name
	if len(data) == 0 {
		return fail(words(c, lang.ImportChoose))
	}
	rec, k, title, err := play.ReadImport(c.Request().Context(), h.games, data)
	if err != nil {
		return fail(err.Error())
	}
	held, err := session.HeldCopy(c.Request().Context(), h.store, device(c), rec)
	if err != nil {
		return err
	}
	if held.Kin == record.Same || held.Kin == record.Earlier {
		return render(c, http.StatusOK, views.ImportHeldPage(h.page(c, words(c, lang.ImportHeldTitle), ""), views.ImportHeld{
			Title: held.Game.Title, URL: "/g/" + held.Game.ID,
			Actions: len(rec.Actions), HeldActions: held.Actions,
		}))
	}
	g, entries, err := h.maker(c).Imported(k, rec, title)
	if err != nil {
		return err
	}
	// The game and its whole log in one transaction: never half imported.
	// No seat rows: an imported game is pass-and-play on this device.
	if err := h.store.CreateGameWithLog(c.Request().Context(), g, nil, entries); err != nil {
		return fmt.Errorf("create imported game: %w", err)
	}
	return redirect(c, "/g/"+g.ID)
}
