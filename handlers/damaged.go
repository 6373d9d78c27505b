package handlers

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/views"
)

// A damaged record is a stored game whose actions in force no longer
// replay: an action its own rules refuse, or a setup they cannot read. This
// build never stores one (every tap is judged first), but an older build
// could have, and a server must go on serving the rest. Such a game is
// never cached as good: it is found when a request first loads it (one
// replay, which a request would make anyway), logged once, and every path
// answers it in words (docs/reliability.md, "A damaged record").

// damage is where a record stops replaying.
type damage struct {
	// At is the bad action among the actions in force, counted from 1 as
	// people count (`grimoire replay` counts from 0: its "action 4" is our
	// action 5). 0 means the record breaks before any action (its setup).
	At     int
	Reason string
}

// Words is the sentence every screen shows.
func (d damage) Words() string {
	if d.At < 1 {
		return "This game's record is damaged in its setup: " + d.Reason
	}
	return "This game's record is damaged at action " + strconv.Itoa(d.At) + ": " + d.Reason
}

// damagedError is what loading a damaged game answers, with what was read,
// for the pages that show it (the game's page, export, delete).
type damagedError struct {
	Game store.Game
	Kind play.Kind
	Log  []store.Entry
	damage
}

func (e *damagedError) Error() string {
	return fmt.Sprintf("game %s: %s", e.Game.ID, e.Words())
}

// message is the damage in words with where to go for what can be done.
func (e *damagedError) message() string {
	return e.Words() + ". Open the game's page to export its record or to keep the actions before the damaged one."
}

// damageMemo remembers the games found damaged, by version, so a damaged
// game is replayed once per version (not at every request) and logged once.
// Good games need no entry: they are in the state cache.
type damageMemo struct {
	mu  sync.Mutex
	max int
	by  map[string]damageAt
}

type damageAt struct {
	version int
	damage
}

// damageMemoMax bounds the memo; when it is full it starts again (a
// forgotten game is replayed once more, and logged again).
const damageMemoMax = 1024

func newDamageMemo(max int) *damageMemo {
	return &damageMemo{max: max, by: map[string]damageAt{}}
}

func (m *damageMemo) get(id string, version int) (damage, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	d, ok := m.by[id]
	return d.damage, ok && d.version == version
}

// add keeps the verdict and says whether it is news.
func (m *damageMemo) add(id string, version int, d damage) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	if old, ok := m.by[id]; ok && old.version == version {
		return false
	}
	if len(m.by) >= m.max {
		clear(m.by)
	}
	m.by[id] = damageAt{version, d}
	return true
}

func (m *damageMemo) drop(id string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.by, id)
}

// recordTable is the game's record as a table of the scorekeeper: what a
// replay reads (setup, seed, actions in force and who made them).
func recordTable(g store.Game, log []store.Entry) play.Table {
	in := store.InForce(log)
	t := play.Table{
		Kind: g.Kind, GameID: g.ID, Title: g.Title, Setup: g.Setup, Seed: g.Seed,
		Version: len(log), Viewer: play.Scorekeeper,
		Actions: make([]json.RawMessage, len(in)), ActionSeats: make([]int, len(in)),
	}
	for i, e := range in {
		t.Actions[i], t.ActionSeats[i] = e.Action, e.Seat
	}
	return t
}

// verify replays the game's actions in force. A good game gives the kind's
// state after them (nil for a kind without a Stepper), which the cache
// keeps, so the request that checked pays no second replay. A damaged one
// gives where it breaks, logged the first time it is met.
func (h *Handler) verify(k play.Kind, g store.Game, log []store.Entry) (play.State, *damage) {
	if d, ok := h.damages.get(g.ID, len(log)); ok {
		return nil, &d
	}
	t := recordTable(g, log)
	var st play.State
	var err error
	if sp, ok := k.(play.Stepper); ok {
		st, err = sp.Start(t)
		if err != nil {
			// Only the record's own replay says which action broke.
			if _, rerr := k.Replay(t.Record()); rerr != nil {
				err = rerr
			}
		}
	} else {
		_, err = k.Replay(t.Record())
	}
	if err == nil {
		return st, nil
	}
	d := damageOf(err)
	if h.damages.add(g.ID, len(log), d) {
		h.log.Warn("stored game's record is damaged; it is shown as damaged and never changed",
			"game", g.ID, "kind", g.Kind, "version", len(log), "action", d.At, "reason", d.Reason)
	}
	return nil, &d
}

// damageOf reads a replay's error: a bad action is counted from 1.
func damageOf(err error) damage {
	var ae *record.ActionError
	if errors.As(err, &ae) {
		return damage{At: ae.Index + 1, Reason: ae.Err.Error()}
	}
	// The page already says "in its setup".
	reason := err.Error()
	for _, p := range []string{"bad setup: ", "setup: "} {
		reason = strings.TrimPrefix(reason, p)
	}
	return damage{At: 0, Reason: reason}
}

// checked takes a log just read from the store: a good game goes into the
// cache (with its replayed state), a damaged one comes back as a
// *damagedError and is never cached.
func (h *Handler) checked(k play.Kind, g store.Game, log []store.Entry) ([]store.Entry, error) {
	st, d := h.verify(k, g, log)
	if d != nil {
		return log, &damagedError{Game: g, Kind: k, Log: log, damage: *d}
	}
	log = h.cache.put(g.ID, log).Log
	if st != nil {
		h.cache.keepState(g.ID, len(log), st)
	}
	return log, nil
}

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
	t := recordTable(g, kept)
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

// playedGood is the log of a game for the player pages, or the damage that
// keeps it out of them.
func (h *Handler) playedGood(ctx context.Context, k play.Kind, g store.Game) (store.Game, []store.Entry, *damage, error) {
	if st, ok := h.cache.state(g.ID, g.Version); ok {
		return g, st.Log, nil, nil
	}
	g, log, err := h.store.Load(ctx, g.ID)
	if err != nil {
		return g, nil, nil, fmt.Errorf("load game %s: %w", g.ID, err)
	}
	log, err = h.checked(k, g, log)
	var de *damagedError
	if errors.As(err, &de) {
		return g, nil, &de.damage, nil
	}
	return g, log, nil, err
}
