package handlers

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"unicode"

	"github.com/labstack/echo/v4"
	"golang.org/x/text/unicode/norm"

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
	_, over, _ := h.status(c, k, g, log)
	if !ok && !over {
		return forbidden("Only the scorekeeper or a seated player can export this game while it runs. Once it is over, anyone with the spectator link can.")
	}
	t := h.table(c, screen{Game: g, Seats: seats, Seat: seat, Watch: !ok}, log)
	if err := play.MayExport(k, t, over); err != nil {
		return forbidden(err.Error())
	}
	return h.sendRecord(c, k, g, t)
}

func (h *Handler) watchExport(c echo.Context) error {
	g, k, log, err := h.loadWatched(c)
	if de := (*damagedError)(nil); errors.As(err, &de) {
		g, k, log, err = de.Game, de.Kind, de.Log, nil
	}
	if err != nil {
		return err
	}
	_, over, _ := h.status(c, k, g, log)
	t := h.table(c, screen{Game: g, Seat: scorekeeperSeat, Watch: true}, log)
	if err := play.MayExport(k, t, over); err != nil {
		return forbidden(err.Error())
	}
	return h.sendRecord(c, k, g, t)
}

func (h *Handler) sendRecord(c echo.Context, k play.Kind, g store.Game, t play.Table) error {
	body, err := json.MarshalIndent(t.Record(), "", "  ")
	if err != nil {
		return fmt.Errorf("encode record of %s: %w", g.ID, err)
	}
	names, _ := k.Players(g.Setup) // a name-less file name is still a good one
	name := recordFilename(g.Kind, names, g.Created.UTC().Format("2006-01-02"))
	hd := c.Response().Header()
	hd.Set(echo.HeaderContentDisposition, `attachment; filename="`+name+`"`)
	hd.Set("Cache-Control", "private, no-store")
	return c.Blob(http.StatusOK, "application/json; charset=utf-8", append(body, '\n'))
}

// recordFilename is "<game>-<players>-<YYYY-MM-DD>.json" in lower-case ASCII
// letters, digits and dashes, so it is safe in a header and on any disk.
func recordFilename(game string, players []string, date string) string {
	p := slug(strings.Join(players, " "))
	if len(p) > 60 {
		p = strings.TrimRight(p[:60], "-")
	}
	parts := []string{slug(game)}
	if p != "" {
		parts = append(parts, p)
	}
	parts = append(parts, date)
	return strings.Join(parts, "-") + ".json"
}

// slug folds accents away ("Zoë" → "zoe") and keeps a-z, 0-9, single dashes.
func slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range norm.NFKD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r):
			continue
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			b.WriteRune(r)
			dash = false
		case r >= 'A' && r <= 'Z':
			b.WriteRune(unicode.ToLower(r))
			dash = false
		default:
			if !dash && b.Len() > 0 {
				b.WriteByte('-')
				dash = true
			}
		}
	}
	return strings.TrimRight(b.String(), "-")
}

func (h *Handler) importForm(c echo.Context) error {
	return render(c, http.StatusOK, views.ImportPage(h.page(c, "Import a record", ""), views.ImportForm{}))
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
		return render(c, http.StatusUnprocessableEntity, views.ImportPage(h.page(c, "Import a record", ""), f))
	}
	file, err := uploaded(c, "record")
	if err != nil {
		return fail(err.Error())
	}
	data, name := file.Data, file.Name
	if data == nil {
		data = []byte(strings.TrimSpace(f.Pasted))
		name = "the pasted record"
		if fh, ferr := c.FormFile("record"); ferr == nil && fh.Size == 0 && len(data) == 0 {
			name = views.ImportSource(fh.Filename, true, 0)
		}
	}
	f.Source = name
	if len(data) == 0 {
		return fail("Choose a record file or paste a record's JSON.")
	}
	rec, k, title, err := play.ReadImport(h.games, data)
	if err != nil {
		return fail(err.Error())
	}
	held, err := session.HeldCopy(c.Request().Context(), h.store, device(c), rec)
	if err != nil {
		return err
	}
	if held.Kin == record.Same || held.Kin == record.Earlier {
		return render(c, http.StatusOK, views.ImportHeldPage(h.page(c, "You already have this game", ""), views.ImportHeld{
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
