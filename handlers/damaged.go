package handlers

import (
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/play/session"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/views"
)

// A damaged record (session.Damaged) is a stored game whose actions in
// force no longer replay. The session finds it; here it is answered in
// words: its own page, and a new game from the actions before the damage
// (docs/reliability.md, "A damaged record").

// damagedPage is the game's page of a damaged game: the damage in words,
// the export when this viewer may take the record, and for the scorekeeper
// or a seated player the offer to keep the actions before the bad one. A
// device with no seat gets the spectator's page; htmx asks for the whole
// page again (its screen has nothing to swap into).
func (h *Handler) damagedPage(c echo.Context, de *damagedError, watch bool) error {
	if isPartial(c) {
		return de
	}
	g := de.Game
	var seats []store.Seat
	seat := scorekeeperSeat
	if !watch {
		s, ok, ss, err := h.seatOf(c, g)
		if err != nil {
			return err
		}
		if !ok {
			return c.Redirect(http.StatusSeeOther, "/watch/"+g.SpectatorToken)
		}
		seat, seats = s, ss
	}
	v := views.Damaged{GameID: g.ID, Title: g.Title, Words: de.Words(), At: de.At, Watch: watch}
	t := h.table(c, screen{Game: g, Seats: seats, Seat: seat, Watch: watch}, de.Log)
	if err := play.MayExport(de.Kind, t, false); err != nil {
		v.ExportWhy = err.Error()
	} else if watch {
		v.ExportURL = "/watch/" + g.SpectatorToken + "/export"
	} else {
		v.ExportURL = "/g/" + g.ID + "/export"
	}
	if !watch && de.At >= 1 {
		v.KeepURL = "/g/" + g.ID + "/keep"
	}
	title := g.Title
	if watch {
		title = "Watching " + g.Title
	}
	c.Response().Header().Set("Cache-Control", "private, no-store")
	varyOnHTMX(c)
	return render(c, http.StatusOK, views.DamagedPage(h.page(c, title, ""), v))
}

// gameKeep is POST /g/:id/keep: a new game from the good prefix of a
// damaged one (the same setup, seed, seats and holders, and the actions in
// force before the bad one), made through the creation path and checked
// by replay before it is stored. The damaged game is left as it is. The
// new game's id is drawn from the damaged game's id and version, so a
// double tap (or two players at once) makes one game, not two.
func (h *Handler) gameKeep(c echo.Context) error {
	g, _, _, err := h.loadGame(c)
	var de *damagedError
	if err != nil && !errors.As(err, &de) {
		return err
	}
	_, ok, seats, err := h.seatOf(c, g)
	if err != nil {
		return err
	}
	if !ok {
		return forbidden("Only this game's scorekeeper or a seated player can make a new game from its record.")
	}
	if de == nil {
		return echo.NewHTTPError(http.StatusConflict, "This game's record replays as it is: there is nothing to repair.")
	}
	k := de.Kind
	if de.At < 1 {
		return echo.NewHTTPError(http.StatusConflict, de.Words()+". No action can be kept from it; export the record to keep it.")
	}
	ctx := c.Request().Context()
	id := keptID(g.ID, g.Version)
	if made, err := h.store.Game(ctx, id); err == nil && made.Kind == g.Kind {
		return redirect(c, "/g/"+id)
	}
	ng, entries, err := keptGame(k, g, seats, store.InForce(de.Log)[:de.At-1])
	if err != nil {
		return echo.NewHTTPError(http.StatusConflict, "The actions before the damaged one could not be kept: "+err.Error())
	}
	row, rows, err := h.gameRows(c, k, id, ng)
	if err != nil {
		return err
	}
	// The new game is the old one's: its scorekeeper keeps it, and each
	// seat is held by the device that held it (bots stay bots).
	row.Owner = g.Owner
	for i := range rows {
		for _, s := range seats {
			if s.Index == rows[i].Index {
				rows[i].Holder = s.Holder
			}
		}
	}
	if err := h.store.CreateGameWithLog(ctx, row, rows, entries); err != nil {
		if made, gerr := h.store.Game(ctx, id); gerr == nil && made.Kind == g.Kind {
			return redirect(c, "/g/"+id) // a second tap made it first
		}
		var he *echo.HTTPError
		if errors.As(err, &he) {
			return err // the creation limit
		}
		return fmt.Errorf("keep the good actions of %s: %w", g.ID, err)
	}
	h.log.Info("new game from the good actions of a damaged one", "game", id, "from", g.ID, "actions", len(entries))
	return redirect(c, "/g/"+id)
}

// keptGame is the new game and its log from the actions kept: refused
// unless that record replays.
func keptGame(k play.Kind, g store.Game, seats []store.Seat, kept []store.Entry) (play.NewGame, []store.Entry, error) {
	t := session.RecordTable(g, kept)
	if _, err := k.Replay(t.Record()); err != nil {
		return play.NewGame{}, nil, err
	}
	ng := play.NewGame{Setup: g.Setup, Seed: g.Seed, Seats: playSeats(seats, false), Mine: play.Scorekeeper}
	entries := make([]store.Entry, len(kept))
	for i, e := range kept {
		entries[i] = store.Entry{Kind: store.KindAction, Action: e.Action, Seat: e.Seat, ClientID: "kept:" + strconv.Itoa(i), At: e.At}
	}
	return ng, entries, nil
}

// keptID is the id of the game made from a damaged game's good actions at
// that version: as long and as unguessable as a new game's (it is drawn
// from the damaged game's own id, which only its players know).
func keptID(id string, version int) string {
	sum := sha256.Sum256([]byte("kept\x00" + id + "\x00" + strconv.Itoa(version)))
	return base64.RawURLEncoding.EncodeToString(sum[:9])
}
