package handlers

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/views"
)

// screen is one request's view of a game.
type screen struct {
	Game   store.Game
	Log    []store.Entry
	Seats  []store.Seat
	Seat   int  // play.Scorekeeper, or the seat this device holds
	Watch  bool // read-only (spectator, or a device with no seat)
	From   int  // version the client's screen shows; -1 asks for a whole page
	Status int
	Notice string // a line for the flash slot ("The game moved on ...")
	Error  string // why the last tap was refused
}

const scorekeeperSeat = play.Scorekeeper

// loadGame reads the game named in the URL, its kind and its log, in one
// snapshot (the version always equals the log's length).
func (h *Handler) loadGame(c echo.Context) (store.Game, play.Kind, []store.Entry, error) {
	return h.load(c, c.Param("id"))
}

// loadWatched reads the game a spectator token names, its kind and its log.
func (h *Handler) loadWatched(c echo.Context) (store.Game, play.Kind, []store.Entry, error) {
	g, err := h.store.GameBySpectatorToken(c.Request().Context(), c.Param("token"))
	if errors.Is(err, store.ErrNotFound) {
		return g, nil, nil, notFound("This spectator link does not lead to a game (it may have been deleted).")
	}
	if err != nil {
		return g, nil, nil, fmt.Errorf("load watched game: %w", err)
	}
	return h.load(c, g.ID)
}

// load reads a game row and finds its kind, then its log: from the state
// cache when it holds the stored version (one row read), otherwise from the
// store in one snapshot (the version always equals the log's length),
// checked by replay before it is cached. A record that does not replay is
// a *damagedError that still carries the game, its kind and its log.
func (h *Handler) load(c echo.Context, id string) (store.Game, play.Kind, []store.Entry, error) {
	ctx := c.Request().Context()
	g, err := h.store.Game(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return g, nil, nil, notFound("There is no such game. It may have been deleted.")
	}
	if err != nil {
		return g, nil, nil, fmt.Errorf("load game %s: %w", id, err)
	}
	k, ok := play.Find(h.games, g.Kind)
	if !ok {
		return g, nil, nil, notFound("This build cannot show " + g.Kind + " games.")
	}
	if st, ok := h.cache.state(id, g.Version); ok {
		return g, k, st.Log, nil
	}
	g, log, err := h.store.Load(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return g, nil, nil, notFound("There is no such game. It may have been deleted.")
	}
	if err != nil {
		return g, nil, nil, fmt.Errorf("load game %s: %w", id, err)
	}
	log, err = h.checked(k, g, log)
	return g, k, log, err
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
	if de := (*damagedError)(nil); errors.As(err, &de) {
		return h.damagedPage(c, de, false)
	}
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
	return h.screenOf(c, k, screen{Game: g, Log: log, Seats: seats, Seat: seat, From: from, Status: http.StatusOK})
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

// formVersion reads the version the client's screen was drawn at.
func formVersion(c echo.Context, def int) int {
	var raw string
	if m := c.Request().Method; m == http.MethodGet || m == http.MethodHead {
		// From the query Echo has parsed already, which FormValue would
		// parse again for every refresh.
		raw = c.QueryParam("v")
	} else {
		raw = c.FormValue("v")
	}
	v, err := strconv.Atoi(raw)
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
	form, err := c.FormParams()
	if err != nil {
		return badRequest("The tap could not be read: " + err.Error())
	}
	v, err := strconv.Atoi(form.Get("v"))
	if err != nil || v < 0 {
		return badRequest("The tap did not say which version of the game it was made on. Reload the page.")
	}
	s := screen{Game: g, Log: log, Seats: seats, Seat: seat, From: v, Status: http.StatusOK}
	steps := 1 // log entries this write appends
	entryKind := kind
	if kind == kindBot {
		entryKind = store.KindAction
	}
	e := store.Entry{Kind: entryKind, Seat: seat, ClientID: clientActionID(c, form, v), At: h.now().UTC()}
	var t play.Table
	if v == g.Version {
		// Only a tap made on the current screen is checked against the rules:
		// a stale one is refused below without being judged.
		t = h.table(c, s, log)
		if kind != store.KindUndo {
			h.played(k, &t)
		}
		h.verifyKept(k, t, "before the tap was judged")
		var rerr error
		switch kind {
		case store.KindUndo:
			steps, rerr = k.Undo(t)
		case kindBot:
			var ok bool
			e.Action, e.Seat, ok, rerr = k.Bot(t)
			if rerr == nil && !ok {
				// A person is to move (someone was quicker): just redraw.
				return h.respond(c, k, s)
			}
		default:
			e.Action, rerr = k.Decode(t, form)
		}
		switch {
		case errors.Is(rerr, play.ErrBadTap):
			return badRequest(rerr.Error())
		case errors.Is(rerr, play.ErrNoBots):
			return notFound("This game has no bots.")
		}
		// A bot decides on the kept state: it must leave it as it was.
		h.verifyKept(k, t, "after the tap was judged")
		if rerr != nil {
			s.Status, s.Error = http.StatusUnprocessableEntity, rerr.Error()
			return h.respond(c, k, s)
		}
	} else if v > g.Version {
		return badRequest("That tap names a version of the game that does not exist. Reload the page.")
	}
	ctx := c.Request().Context()
	// An undo of several steps (a move and the bot replies after it) is one
	// batch of undo entries, each with its own key, stored whole or not at
	// all: a repeated tap repeats the batch, a quicker phone stops all of it.
	entries := make([]store.Entry, steps)
	for i := range entries {
		entries[i] = e
		if i > 0 {
			entries[i].ClientID = fmt.Sprintf("%s+%d", e.ClientID, i)
		}
	}
	ver, err := h.store.AppendBatch(ctx, g.ID, v, entries)
	switch {
	case errors.Is(err, store.ErrConflict) && kind == kindBot:
		// Another phone already asked for this bot move: nothing to report.
		err = nil
	case errors.Is(err, store.ErrConflict):
		s.Status = http.StatusConflict
		s.Notice = "The game changed before your tap arrived (another tap or another phone). This is the current screen: check it and tap again."
	case errors.Is(err, store.ErrInvalidEntry):
		return badRequest("That tap could not be stored. Reload the page and tap again.")
	case err != nil:
		return fmt.Errorf("save action: %w", err)
	}
	if !isPartial(c) && err == nil {
		return redirect(c, "/g/"+g.ID)
	}
	if v == g.Version && err == nil && ver == v+steps {
		// A tap judged on the current screen and stored at the version it
		// was made on (its key names that version, so a repeat racing it
		// was stored there too, with the same entries): the log is what we
		// read plus these entries, with no second read.
		next := h.stepped(k, t, e)
		if next == nil && t.State != nil && e.Kind == store.KindAction && h.cache.check != nil {
			h.cache.check(fmt.Errorf("game %s at version %d: the kept state refuses the action just stored", g.ID, ver))
		}
		if next != nil && h.cache.check != nil {
			after := t
			n := len(t.Actions)
			after.Actions = append(t.Actions[:n:n], e.Action)
			after.ActionSeats = append(t.ActionSeats[:n:n], e.Seat)
			after.Version, after.State = ver, next
			h.verifyKept(k, after, "after the tap was stored")
		}
		if st, ok := h.cache.appendTo(g.ID, v, entries, next); ok {
			s.Log = st.Log
		} else {
			s.Log = append(log[:v:v], entries...)
			for i := v; i < len(s.Log); i++ {
				s.Log[i].Seq = i + 1
			}
		}
		s.Game.Version = ver
		return h.respond(c, k, s)
	}
	// Someone else wrote: what is stored now is the truth.
	if s.Game, s.Log, err = h.store.Load(ctx, g.ID); err != nil {
		return fmt.Errorf("reload game %s: %w", g.ID, err)
	}
	if s.Log, err = h.checked(k, s.Game, s.Log); err != nil {
		return err // another build stored what these rules refuse
	}
	return h.respond(c, k, s)
}

// gamePage is the layout's view model around a whole game page: the live
// event stream for this viewer, the title, and any notice or refusal.
func (h *Handler) gamePage(c echo.Context, s screen, version int) views.Page {
	p := h.page(c, s.Game.Title, "")
	p.Live, p.Version, p.Play = "/g/"+s.Game.ID+"/events", version, true
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
func (h *Handler) respond(c echo.Context, k play.Kind, s screen) error {
	if !isPartial(c) {
		s.From = -1
	}
	varyOnHTMX(c)
	return h.screenOf(c, k, s)
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
	lines, err := k.Lines(h.table(c, screen{Game: g, Seats: seats, Seat: seat}, log))
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, views.LogPage(h.page(c, "Log: "+g.Title, ""), g.ID, g.Title, lines))
}

func (h *Handler) gameDeleteConfirm(c echo.Context) error {
	g, k, log, err := h.loadGame(c)
	if de := (*damagedError)(nil); errors.As(err, &de) {
		// A damaged game can be deleted like any other.
		g, k, log, err = de.Game, de.Kind, de.Log, nil
	}
	if err != nil {
		return err
	}
	if g.Owner != device(c) {
		return forbidden("Only the scorekeeper who created this game can delete it.")
	}
	status, _, _ := h.status(c, k, g, log)
	return render(c, http.StatusOK, views.ConfirmDelete(h.page(c, "Delete game", ""), g.ID, g.Title, k.Info().Name+" · "+status))
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
	h.cache.drop(g.ID)
	h.damages.drop(g.ID)
	return redirect(c, "/")
}

// joinSeat shows what a join link offers: the seat is taken by the page's
// button (takeSeat), never by opening the link, so a chat app's link preview
// takes nothing. A device that already holds the seat goes to the game.
func (h *Handler) joinSeat(c echo.Context) error {
	ctx := c.Request().Context()
	seat, err := h.store.SeatByToken(ctx, c.Param("token"))
	switch {
	case errors.Is(err, store.ErrNotFound):
		return notFound("This join link does not lead to a seat (the game may have been deleted).")
	case err != nil:
		return fmt.Errorf("read seat: %w", err)
	case seat.Holder == device(c):
		return c.Redirect(http.StatusSeeOther, "/g/"+seat.GameID)
	case seat.Holder != "":
		return seatTaken()
	}
	g, err := h.store.Game(ctx, seat.GameID)
	if err != nil {
		return fmt.Errorf("load game of seat: %w", err)
	}
	c.Response().Header().Set("Cache-Control", "private, no-store")
	return render(c, http.StatusOK, views.JoinSeat(h.page(c, "Join "+g.Title, ""), g.Title, seat.Name, seat.Token))
}

// takeSeat binds the seat to this device. The link is the seat's secret:
// whoever takes it first holds it.
func (h *Handler) takeSeat(c echo.Context) error {
	seat, err := h.store.ClaimSeat(c.Request().Context(), c.Param("token"), device(c))
	switch {
	case errors.Is(err, store.ErrNotFound):
		return notFound("This join link does not lead to a seat (the game may have been deleted).")
	case errors.Is(err, store.ErrSeatTaken):
		return seatTaken()
	case err != nil:
		return fmt.Errorf("claim seat: %w", err)
	}
	return redirect(c, "/g/"+seat.GameID)
}

func seatTaken() error {
	return echo.NewHTTPError(http.StatusConflict, "This seat is already taken on another phone. Ask the host for another seat's link, or follow the game with the spectator link.")
}

func (h *Handler) watchShow(c echo.Context) error {
	g, k, log, err := h.loadWatched(c)
	if de := (*damagedError)(nil); errors.As(err, &de) {
		return h.damagedPage(c, de, true)
	}
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
	return h.screenOf(c, k, screen{Game: g, Log: log, Seats: seats, Seat: scorekeeperSeat, Watch: true, From: from, Status: http.StatusOK})
}

// status is the game's line on the home list and the delete page; a game
// whose record does not replay says where it is damaged (damaged true)
// instead of failing the page.
func (h *Handler) status(c echo.Context, k play.Kind, g store.Game, log []store.Entry) (line string, over, damaged bool) {
	line, over, err := k.Status(h.table(c, screen{Game: g, Seat: scorekeeperSeat}, log))
	if err == nil {
		return line, over, false
	}
	if _, d := h.verify(k, g, log); d != nil {
		return d.Words(), false, true
	}
	return "cannot be replayed: " + err.Error(), false, false
}
