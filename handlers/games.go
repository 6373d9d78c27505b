package handlers

import (
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/views"
)

// gameKind is what the shared game routes (/g/:id/...) need from one game.
// Each game fills one in its own file; gameKinds lists them.
type gameKind struct {
	ID, Name, Blurb string
	Order           int
	// status says where a game stands, for the home list.
	status func(g store.Game, log []store.Entry) (text string, over bool)
	// screen renders the game: a whole page, or for htmx the fragments that
	// changed since the version the client's screen shows.
	screen func(c echo.Context, s screen) error
	// decode turns a posted form into the game's record action, checked
	// against the rules for the device's seat, so a bad tap stores nothing.
	decode func(c echo.Context, s screen) (json.RawMessage, error)
	// canUndo says how many actions this seat's undo takes back now: 1 for
	// the last action, more when bots answered since (taking back only the
	// person's move would hand the turn to the bot, which plays it again).
	canUndo func(s screen) (steps int, err error)
	// logLines turns the log into sentences the screen's viewer may read.
	logLines func(s screen) ([]string, error)
	// record is the game's exchange record (export, scoresheets).
	record func(g store.Game, log []store.Entry) record.Record
	// bot returns the move of the bot whose turn it is, or ok false when a
	// person is to move. Nil for games without bots. Deterministic for a
	// given game and log, so two phones asking at once agree.
	bot func(s screen) (action json.RawMessage, seat int, ok bool, err error)
}

// gameKinds is the list of games this build plays.
func (h *Handler) gameKinds() map[string]gameKind {
	kinds := []gameKind{
		h.spellsArrowsKind(),
		h.towerKind(),
		h.scribesKind(),
	}
	m := make(map[string]gameKind, len(kinds))
	for _, k := range kinds {
		m[k.ID] = k
	}
	return m
}

// screen is one request's view of a game.
type screen struct {
	Game   store.Game
	Log    []store.Entry
	Seats  []store.Seat
	Seat   int  // -1 scorekeeper; a seat index for seated players
	Watch  bool // read-only (spectator, or a device with no seat)
	From   int  // version the client's screen shows; -1 asks for a whole page
	Status int
	Notice string // a line for the flash slot ("The game moved on ...")
	Error  string // why the last tap was refused
}

const scorekeeperSeat = -1

// loadGame reads the game named in the URL, its kind and its log.
func (h *Handler) loadGame(c echo.Context) (store.Game, gameKind, []store.Entry, error) {
	g, err := h.store.Game(c.Request().Context(), c.Param("id"))
	if errors.Is(err, store.ErrNotFound) {
		return g, gameKind{}, nil, notFound("There is no such game. It may have been deleted.")
	}
	if err != nil {
		return g, gameKind{}, nil, fmt.Errorf("load game: %w", err)
	}
	return h.kindAndLog(c, g)
}

// loadWatched reads the game a spectator token names, its kind and its log.
func (h *Handler) loadWatched(c echo.Context) (store.Game, gameKind, []store.Entry, error) {
	g, err := h.store.GameBySpectatorToken(c.Request().Context(), c.Param("token"))
	if errors.Is(err, store.ErrNotFound) {
		return g, gameKind{}, nil, notFound("This spectator link does not lead to a game (it may have been deleted).")
	}
	if err != nil {
		return g, gameKind{}, nil, fmt.Errorf("load watched game: %w", err)
	}
	return h.kindAndLog(c, g)
}

// kindAndLog finds the rules of a loaded game and reads its log.
func (h *Handler) kindAndLog(c echo.Context, g store.Game) (store.Game, gameKind, []store.Entry, error) {
	k, ok := h.games[g.Kind]
	if !ok {
		return g, k, nil, notFound("This build cannot show " + g.Kind + " games.")
	}
	log, err := h.store.Log(c.Request().Context(), g.ID)
	if err != nil {
		return g, k, nil, fmt.Errorf("load log of %s: %w", g.ID, err)
	}
	return g, k, log, nil
}

// seatOf says who this device is in the game: a seated player (a seat it
// holds), the scorekeeper (the device that created a game it holds no seat
// in), or nobody (ok false): it may only watch. Seats come first, so a host
// who also plays a seat acts as that player only. It also returns the
// game's seats, which the screen needs.
func (h *Handler) seatOf(c echo.Context, g store.Game) (seat int, ok bool, seats []store.Seat, err error) {
	dev := device(c)
	seats, err = h.store.Seats(c.Request().Context(), g.ID)
	if err != nil {
		return 0, false, nil, fmt.Errorf("seats of %s: %w", g.ID, err)
	}
	for _, s := range seats {
		if s.Holder == dev {
			return s.Index, true, seats, nil
		}
	}
	if g.Owner == dev {
		return scorekeeperSeat, true, seats, nil
	}
	return 0, false, seats, nil
}

func (h *Handler) gameShow(c echo.Context) error {
	g, k, log, err := h.loadGame(c)
	if err != nil {
		return err
	}
	seat, ok, seats, err := h.seatOf(c, g)
	if err != nil {
		return err
	}
	if !ok {
		// Not this device's game: the read-only view is the only one it gets.
		return c.Redirect(http.StatusSeeOther, "/watch/"+g.SpectatorToken)
	}
	from := -1
	if isPartial(c) {
		from = formVersion(c, -1)
	}
	varyOnHTMX(c) // the whole page and the fragments share this URL
	return k.screen(c, screen{Game: g, Log: log, Seats: seats, Seat: seat, From: from, Status: http.StatusOK})
}

// tapKey is a write's idempotency key: the device, the version its screen
// showed, and a digest of what was tapped. A double tap repeats all three
// and is applied once; a different tap made on the same stale screen differs
// in the digest, so it is refused as stale (with the notice) instead of
// passing for a repeat.
func tapKey(c echo.Context, v int) string {
	form, _ := c.FormParams()
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

// formVersion reads the version the client's screen was drawn at.
func formVersion(c echo.Context, def int) int {
	v, err := strconv.Atoi(c.FormValue("v"))
	if err != nil || v < 0 {
		return def
	}
	return v
}

// gameAct applies one action: the version the tap was made against comes
// with it, so a double tap applies once and a stale tap gets the current
// screen back.
func (h *Handler) gameAct(c echo.Context) error {
	return h.write(c, store.KindAction)
}

// gameUndo takes back the last action in force. The log keeps the action
// and records the undo after it, so nothing is ever rewritten.
func (h *Handler) gameUndo(c echo.Context) error {
	return h.write(c, store.KindUndo)
}

// gameBot plays the move of the bot whose turn it is. The page asks for it
// after a short visible pause (so people can follow the bots), with the
// version it shows: a bot move is a write like any other, applied once.
func (h *Handler) gameBot(c echo.Context) error {
	return h.write(c, kindBot)
}

// kindBot marks a write that asks the server for a bot's move; it is stored
// as an ordinary action of the bot's seat.
const kindBot = "bot"

func (h *Handler) write(c echo.Context, kind string) error {
	g, k, log, err := h.loadGame(c)
	if err != nil {
		return err
	}
	seat, ok, seats, err := h.seatOf(c, g)
	if err != nil {
		return err
	}
	if !ok {
		return forbidden("Only this game's scorekeeper or a seated player can change it.")
	}
	v, err := strconv.Atoi(c.FormValue("v"))
	if err != nil || v < 0 {
		return badRequest("The tap did not say which version of the game it was made on. Reload the page.")
	}
	s := screen{Game: g, Log: log, Seats: seats, Seat: seat, From: v, Status: http.StatusOK}
	steps := 1 // log entries this write appends
	entryKind := kind
	if kind == kindBot {
		entryKind = store.KindAction
	}
	e := store.Entry{Kind: entryKind, Seat: seat, ClientID: clientActionID(c, v), At: h.now().UTC()}
	if v == g.Version {
		// Only a tap made on the current screen is checked against the rules:
		// a stale one is refused below without being judged.
		var rerr error
		switch kind {
		case store.KindUndo:
			steps, rerr = k.canUndo(s)
		case kindBot:
			if k.bot == nil {
				return notFound("This game has no bots.")
			}
			var ok bool
			e.Action, e.Seat, ok, rerr = k.bot(s)
			if rerr == nil && !ok {
				// A person is to move (someone was quicker): just redraw.
				return h.respond(c, k, s)
			}
		default:
			e.Action, rerr = k.decode(c, s)
		}
		if rerr != nil {
			var he *echo.HTTPError
			if errors.As(rerr, &he) {
				return he
			}
			s.Status, s.Error = http.StatusUnprocessableEntity, rerr.Error()
			return h.respond(c, k, s)
		}
	} else if v > g.Version {
		return badRequest("That tap names a version of the game that does not exist. Reload the page.")
	}
	ctx := c.Request().Context()
	// An undo of several steps is several undo entries, each at its own
	// version with its own key, so a repeated tap changes nothing and a
	// phone that was quicker in between stops the rest.
	for i := 0; i < steps && err == nil; i++ {
		if i > 0 {
			e.ClientID = fmt.Sprintf("%s+%d", clientActionID(c, v), i)
		}
		_, err = h.store.Append(ctx, g.ID, v+i, e)
	}
	switch {
	case errors.Is(err, store.ErrConflict) && kind == kindBot:
		// Another phone already asked for this bot move: nothing to report.
		err = nil
	case errors.Is(err, store.ErrConflict):
		s.Status = http.StatusConflict
		s.Notice = "The game changed before your tap arrived (another tap or another phone). This is the current screen: check it and tap again."
	case err != nil:
		return fmt.Errorf("save action: %w", err)
	}
	if !isPartial(c) && err == nil {
		return redirect(c, "/g/"+g.ID)
	}
	// Reload what is now stored: it is the truth, whoever wrote it.
	if s.Game, err = h.store.Game(ctx, g.ID); err != nil {
		return fmt.Errorf("reload game: %w", err)
	}
	if s.Log, err = h.store.Log(ctx, g.ID); err != nil {
		return fmt.Errorf("reload log: %w", err)
	}
	return h.respond(c, k, s)
}

// gamePage is the layout's view model around a whole game page: the live
// event stream for this viewer, the title, and any notice or refusal.
func (h *Handler) gamePage(c echo.Context, s screen, version int) views.Page {
	p := h.page(c, s.Game.Title, "")
	p.Live, p.Version = "/g/"+s.Game.ID+"/events", version
	if s.Watch {
		p.Live = "/watch/" + s.Game.SpectatorToken + "/events"
		p.Title = "Watching " + s.Game.Title
	}
	p.Flash = s.Notice
	if s.Error != "" {
		p.Flash = "Not allowed: " + s.Error
	}
	return p
}

// respond renders after a write: fragments for htmx, a whole page otherwise.
func (h *Handler) respond(c echo.Context, k gameKind, s screen) error {
	if !isPartial(c) {
		s.From = -1
	}
	varyOnHTMX(c)
	return k.screen(c, s)
}

func (h *Handler) gameLog(c echo.Context) error {
	g, k, log, err := h.loadGame(c)
	if err != nil {
		return err
	}
	seat, ok, seats, err := h.seatOf(c, g)
	if err != nil {
		return err
	} else if !ok {
		return c.Redirect(http.StatusSeeOther, "/watch/"+g.SpectatorToken)
	}
	lines, err := k.logLines(screen{Game: g, Log: log, Seats: seats, Seat: seat, From: -1})
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, views.LogPage(h.page(c, "Log: "+g.Title, ""), g.ID, g.Title, lines))
}

func (h *Handler) gameDeleteConfirm(c echo.Context) error {
	g, k, log, err := h.loadGame(c)
	if err != nil {
		return err
	}
	if g.Owner != device(c) {
		return forbidden("Only the scorekeeper who created this game can delete it.")
	}
	status, _ := k.status(g, log)
	return render(c, http.StatusOK, views.ConfirmDelete(h.page(c, "Delete game", ""), g.ID, g.Title, k.Name+" · "+status))
}

func (h *Handler) gameDelete(c echo.Context) error {
	ctx := c.Request().Context()
	g, err := h.store.Game(ctx, c.Param("id"))
	if errors.Is(err, store.ErrNotFound) {
		return notFound("There is no such game. It may have been deleted already.")
	}
	if err != nil {
		return fmt.Errorf("load game: %w", err)
	}
	if g.Owner != device(c) {
		return forbidden("Only the scorekeeper who created this game can delete it.")
	}
	if err := h.store.DeleteGame(ctx, g.ID); err != nil {
		return fmt.Errorf("delete game %s: %w", g.ID, err)
	}
	return redirect(c, "/")
}

// joinSeat binds a seat to the device that opens its join link, then shows
// the game. The link is the seat's secret: whoever opens it first holds it.
func (h *Handler) joinSeat(c echo.Context) error {
	ctx := c.Request().Context()
	seat, err := h.store.ClaimSeat(ctx, c.Param("token"), device(c))
	switch {
	case errors.Is(err, store.ErrNotFound):
		return notFound("This join link does not lead to a seat (the game may have been deleted).")
	case errors.Is(err, store.ErrSeatTaken):
		return echo.NewHTTPError(http.StatusConflict, "This seat is already taken on another phone. Ask the host for another seat's link, or follow the game with the spectator link.")
	case err != nil:
		return fmt.Errorf("claim seat: %w", err)
	}
	return c.Redirect(http.StatusSeeOther, "/g/"+seat.GameID)
}

func (h *Handler) watchShow(c echo.Context) error {
	g, k, log, err := h.loadWatched(c)
	if err != nil {
		return err
	}
	seats, err := h.store.Seats(c.Request().Context(), g.ID)
	if err != nil {
		return fmt.Errorf("seats of %s: %w", g.ID, err)
	}
	from := -1
	if isPartial(c) {
		from = formVersion(c, -1)
	}
	varyOnHTMX(c)
	return k.screen(c, screen{Game: g, Log: log, Seats: seats, Seat: scorekeeperSeat, Watch: true, From: from, Status: http.StatusOK})
}
