package handlers

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"unicode"

	"github.com/labstack/echo/v4"
	"golang.org/x/text/unicode/norm"

	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/rules/scribes"
	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
	"github.com/grimoire-games/grimoire/rules/tower"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/views/sheets"
)

// recordRules is what export, import and the scoresheets need to know about
// one game's records, straight from its rules package (so it works for a game
// whether or not its screen is in this build yet).
type recordRules struct {
	// validate replays a record; a bad action is a *record.ActionError.
	validate func(rec record.Record) error
	// players are the names in the setup, in seat order.
	players func(setup json.RawMessage) ([]string, error)
	// title names an imported game the way the game's own new-game form does.
	title func(players []string) string
	// hidden: the record holds what some players may not see while the game
	// runs (coin faces, deck order, reserved cards).
	hidden bool
}

func recordGames() map[string]recordRules {
	return map[string]recordRules{
		record.SpellsArrows: {
			validate: func(rec record.Record) error { _, err := sa.Replay(rec); return err },
			players: func(raw json.RawMessage) ([]string, error) {
				s, err := sa.ParseSetup(raw)
				return []string{s.Spy, s.Mage}, err
			},
			title: func(p []string) string { return fmt.Sprintf("%s (spy) vs %s (mage)", p[0], p[1]) },
		},
		record.MagesTower: {
			validate: func(rec record.Record) error { _, err := tower.Replay(rec); return err },
			players: func(raw json.RawMessage) ([]string, error) {
				s, err := tower.ParseSetup(raw)
				return []string{s.General, s.Mage}, err
			},
			title:  func(p []string) string { return fmt.Sprintf("%s (general) vs %s (mage)", p[0], p[1]) },
			hidden: true,
		},
		record.ArcaneScribes: {
			validate: func(rec record.Record) error { _, err := scribes.Replay(rec); return err },
			players: func(raw json.RawMessage) ([]string, error) {
				s, err := scribes.ParseSetup(raw)
				return s.Players, err
			},
			title:  func(p []string) string { return joinNames(p) },
			hidden: true,
		},
	}
}

// joinNames writes "Mia, Ben and Cy".
func joinNames(p []string) string {
	switch len(p) {
	case 0:
		return ""
	case 1:
		return p[0]
	}
	return strings.Join(p[:len(p)-1], ", ") + " and " + p[len(p)-1]
}

// Who may export a record:
//   - the scorekeeper (the device that created the game and holds no seat),
//     always;
//   - a seated player, always in a game without hidden information (Spells &
//     Arrows); in Mage's Tower and The Arcane Scribes only once the game is
//     over, because the record shows coin faces, the deck order and reserved
//     cards that a player must not see mid-game;
//   - a spectator (through the spectator link), once the game is over: the
//     finished record is an archive and holds nothing the spectator view
//     would hide any more. While a game runs, a spectator gets a 403.
func (h *Handler) gameExport(c echo.Context) error {
	g, k, log, err := h.loadGame(c)
	if err != nil {
		return err
	}
	seat, ok, _, err := h.seatOf(c, g)
	if err != nil {
		return err
	}
	_, over := k.status(g, log)
	switch {
	case !ok:
		if over {
			return h.sendRecord(c, g, k, log)
		}
		return forbidden("Only the scorekeeper or a seated player can export this game while it runs. Once it is over, anyone with the spectator link can.")
	case seat != scorekeeperSeat && recordGames()[g.Kind].hidden && !over:
		return forbidden("The record shows what players must not see yet (hidden cards or coin faces). It can be exported once the game is over, or by the scorekeeper.")
	}
	return h.sendRecord(c, g, k, log)
}

func (h *Handler) watchExport(c echo.Context) error {
	g, k, log, err := h.loadWatched(c)
	if err != nil {
		return err
	}
	if _, over := k.status(g, log); !over {
		return forbidden("A spectator can export the record once the game is over.")
	}
	return h.sendRecord(c, g, k, log)
}

func (h *Handler) gameRecord(g store.Game, k gameKind, log []store.Entry) record.Record {
	if k.record != nil {
		return k.record(g, log)
	}
	return logRecord(g, log)
}

func (h *Handler) sendRecord(c echo.Context, g store.Game, k gameKind, log []store.Entry) error {
	rec := h.gameRecord(g, k, log)
	body, err := json.MarshalIndent(rec, "", "  ")
	if err != nil {
		return fmt.Errorf("encode record of %s: %w", g.ID, err)
	}
	var names []string
	if rr, ok := recordGames()[g.Kind]; ok {
		names, _ = rr.players(g.Setup)
	}
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
	return render(c, http.StatusOK, sheets.ImportPage(h.page(c, "Import a record", ""), sheets.ImportForm{}))
}

// importRecord reads a record (an uploaded file or pasted JSON), checks it
// by replaying it through its game's rules, and only then stores it as a new
// pass-and-play game owned by this device. A record that fails is shown
// again with the reason (HTTP 422) and nothing is stored.
func (h *Handler) importRecord(c echo.Context) error {
	f := sheets.ImportForm{Pasted: c.FormValue("json")}
	fail := func(msg string) error {
		f.Error = msg
		return render(c, http.StatusUnprocessableEntity, sheets.ImportPage(h.page(c, "Import a record", ""), f))
	}
	data, name, err := uploaded(c, "record")
	if err != nil {
		return fail(err.Error())
	}
	if data == nil {
		data = []byte(strings.TrimSpace(f.Pasted))
		name = "the pasted record"
	}
	f.Source = name
	if len(data) == 0 {
		return fail("Choose a record file or paste a record's JSON.")
	}
	rec, err := record.Parse(data)
	if err != nil {
		return fail(err.Error())
	}
	rr := recordGames()[rec.Game]
	if err := rr.validate(rec); err != nil {
		var ae *record.ActionError
		if !errors.As(err, &ae) && !strings.HasPrefix(err.Error(), "setup") {
			return fail("setup: " + err.Error())
		}
		return fail(err.Error())
	}
	k, ok := h.games[rec.Game]
	if !ok {
		return fail("The record is legal, but this build cannot play " + rec.Game + " games yet.")
	}
	players, err := rr.players(rec.Setup)
	if err != nil {
		return fail("setup: " + err.Error())
	}
	id, err := h.storeImported(c, rec, k, rr.title(players))
	if err != nil {
		return err
	}
	return redirect(c, "/g/"+id)
}

func (h *Handler) storeImported(c echo.Context, rec record.Record, k gameKind, title string) (string, error) {
	ctx := c.Request().Context()
	var setup bytes.Buffer
	if err := json.Compact(&setup, rec.Setup); err != nil {
		return "", fmt.Errorf("compact setup: %w", err)
	}
	now := h.now().UTC()
	g := store.Game{
		ID: randomID(9), Kind: k.ID, Title: title, Owner: device(c),
		SpectatorToken: randomID(18), Seed: rec.Seed, Setup: setup.Bytes(),
		Created: now, Updated: now,
	}
	// No seat rows: an imported game is pass-and-play on this device.
	if err := h.store.CreateGame(ctx, g, nil); err != nil {
		return "", fmt.Errorf("create imported game: %w", err)
	}
	for i, a := range rec.Actions {
		var buf bytes.Buffer
		err := json.Compact(&buf, a)
		if err == nil {
			_, err = h.store.Append(ctx, g.ID, i, store.Entry{
				Kind: store.KindAction, Action: buf.Bytes(), Seat: scorekeeperSeat,
				ClientID: fmt.Sprintf("import:%d", i), At: now,
			})
		}
		if err != nil {
			// Leave no half-imported game behind.
			if derr := h.store.DeleteGame(ctx, g.ID); derr != nil {
				h.log.Error("remove half-imported game", "game", g.ID, "err", derr)
			}
			return "", fmt.Errorf("import action %d: %w", i, err)
		}
	}
	return g.ID, nil
}
