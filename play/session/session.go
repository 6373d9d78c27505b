// Package session is a game session with no HTTP in it: it loads a game
// from a store and checks its record by replay, keeps the bounded caches of
// games' logs, kept states and drawn screens (each checked by version, never
// a second truth), builds the play.Table a viewer sees, draws screens from
// the cache or afresh, and plays a tap (an action, an undo or a bot's move)
// made on an expected version into an Outcome. The server's handlers parse a
// request, call it and encode what it answers; the tap itself is judged by
// play.Judge, which the phone's module calls too.
package session

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strings"

	"github.com/grimoire-games/grimoire/lang"
	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/views/offline"
)

// Store is what a session needs from persistence; store.Store has it.
type Store interface {
	// Game is the game's row (one read; its version names the log).
	Game(ctx context.Context, id string) (store.Game, error)
	// Load is the row and its whole log read in one snapshot.
	Load(ctx context.Context, id string) (store.Game, []store.Entry, error)
	// AppendBatch stores entries after version expected, whole or not at
	// all (store.ErrConflict when the game moved on).
	AppendBatch(ctx context.Context, id string, expected int, entries []store.Entry) (int, error)
}

// Session is the games of one server (or one test): the store, the kinds
// it knows, and the caches in front of the store.
type Session struct {
	store   Store
	games   []play.Kind
	log     *slog.Logger
	cache   *cache
	damages *damageMemo
	// check, when set, hears of every kept state that differs from the
	// replay of the record it stands for (VerifyKept). Only tests set it,
	// before the session serves.
	check func(error)
}

// Cache bounds. A Spells & Arrows entry at action 5,000 holds ~150 KB of
// log plus a few rendered screens; 64 MB keeps several hundred long games.
const (
	cacheMaxGames = 2048
	cacheMaxBytes = 64 << 20
)

// New is a session over st for the games listed, logging to log.
func New(st Store, games []play.Kind, log *slog.Logger) *Session {
	return newSession(st, games, log, cacheMaxGames, cacheMaxBytes)
}

func newSession(st Store, games []play.Kind, log *slog.Logger, maxGames, maxBytes int) *Session {
	if log == nil {
		log = slog.Default()
	}
	return &Session{store: st, games: games, log: log, cache: newCache(maxGames, maxBytes), damages: newDamageMemo(damageMemoMax)}
}

// Missing is a game (or a kind of game) that is not there: the words
// that say so (Key, with Args in their place), in the reader's language
// where there is a reader.
type Missing struct {
	Key  lang.Key
	Args []any
}

func (m *Missing) Error() string { return lang.English.T(m.Key, m.Args...) }

// Load reads a game row and finds its kind, then its log: from the state
// cache when it holds the stored version (one row read), otherwise from the
// store in one snapshot (the version always equals the log's length),
// checked by replay before it is cached. A game that is not there is a
// *Missing; a record that does not replay is a *Damaged that still carries
// the game, its kind and its log.
func (s *Session) Load(ctx context.Context, id string) (store.Game, play.Kind, []store.Entry, error) {
	g, err := s.store.Game(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return g, nil, nil, &Missing{Key: lang.ErrorNoGame}
	}
	if err != nil {
		return g, nil, nil, fmt.Errorf("load game %s: %w", id, err)
	}
	k, ok := play.Find(s.games, g.Kind)
	if !ok {
		return g, nil, nil, &Missing{Key: lang.ErrorUnknownKind, Args: []any{g.Kind}}
	}
	if st, ok := s.cache.state(id, g.Version); ok {
		return g, k, st.Log, nil
	}
	g, log, err := s.store.Load(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return g, nil, nil, &Missing{Key: lang.ErrorNoGame}
	}
	if err != nil {
		return g, nil, nil, fmt.Errorf("load game %s: %w", id, err)
	}
	log, err = s.checkAndKeep(k, g, log)
	return g, k, log, err
}

// LoadIfGood is the log of game row g for the player pages, or the damage
// that keeps it out of them.
func (s *Session) LoadIfGood(ctx context.Context, k play.Kind, g store.Game) (store.Game, []store.Entry, *Damage, error) {
	if st, ok := s.cache.state(g.ID, g.Version); ok {
		return g, st.Log, nil, nil
	}
	g, log, err := s.store.Load(ctx, g.ID)
	if err != nil {
		return g, nil, nil, fmt.Errorf("load game %s: %w", g.ID, err)
	}
	log, err = s.checkAndKeep(k, g, log)
	var de *Damaged
	if errors.As(err, &de) {
		return g, nil, &de.Damage, nil
	}
	return g, log, nil, err
}

// Forget drops a deleted game from the caches.
func (s *Session) Forget(id string) {
	s.cache.drop(id)
	s.damages.drop(id)
}

// Viewer is who looks at a game, as a Table carries it.
type Viewer struct {
	Seat  int  // play.Scorekeeper, or the seat this device holds
	Watch bool // a read-only view: a spectator, or a device with no seat
	Owner bool // this device created the game
	CSRF  string
	Seats []store.Seat
}

// BotHolder prefixes the holder of a seat row played by a bot: "bot:greedy".
const BotHolder = "bot:"

// Table is game g as viewer v knows it after the entries of log: what every
// play.Kind method reads. When log is the cached log of its version (the
// same array), the actions and the kept state are the cache's, shared and
// capped: no Kind method writes a table's actions.
func (s *Session) Table(g store.Game, v Viewer, log []store.Entry) play.Table {
	st, cached := s.cached(g.ID, log)
	csrf := v.CSRF
	if v.Watch {
		// A read-only view posts nothing; without the token, every
		// spectator's screen of a version is the same and is drawn once.
		csrf = ""
	}
	t := play.Table{
		Kind: g.Kind, GameID: g.ID, Title: g.Title, SpectatorToken: g.SpectatorToken,
		CSRF: csrf, Setup: g.Setup, Seed: g.Seed, Version: len(log),
		Viewer: v.Seat, Watch: v.Watch, Owner: !v.Watch && v.Owner,
	}
	if v.Watch {
		t.Viewer = play.Scorekeeper
	}
	if cached {
		t.Actions, t.ActionSeats, t.State = st.Actions, st.Seats, st.now()
	} else {
		in := store.InForce(log)
		t.Actions, t.ActionSeats = make([]json.RawMessage, len(in)), make([]int, len(in))
		for i, e := range in {
			t.Actions[i], t.ActionSeats[i] = e.Action, e.Seat
		}
	}
	t.Seats = PlaySeats(v.Seats, !v.Watch)
	return t
}

// PlaySeats reads the store's seat rows: a holder "bot:LEVEL" is a bot, any
// other row a person on a phone of their own (joined once a device holds
// it). Join links go only to viewers who play.
func PlaySeats(rows []store.Seat, withJoins bool) []play.Seat {
	out := make([]play.Seat, 0, len(rows))
	for _, r := range rows {
		s := play.Seat{Index: r.Index, Name: r.Name}
		if lvl, ok := strings.CutPrefix(r.Holder, BotHolder); ok {
			s.Bot = lvl
		} else {
			s.Joined = r.Holder != ""
			if withJoins {
				s.Join = "/join/" + r.Token
			}
		}
		out = append(out, s)
	}
	return out
}

// InForce is store.InForce(log), taken from the cache when log is the
// cached log of that version (the same array), so a long game is not folded
// again on every request.
func (s *Session) InForce(id string, log []store.Entry) []store.Entry {
	if st, ok := s.cached(id, log); ok {
		return st.InForce
	}
	return store.InForce(log)
}

// cached is the cache's state of the game when log is its cached log of
// that version (the same array).
func (s *Session) cached(id string, log []store.Entry) (gameState, bool) {
	if len(log) == 0 {
		return gameState{}, false
	}
	st, ok := s.cache.state(id, len(log))
	return st, ok && &st.Log[0] == &log[0]
}

// AttachState gives table t its kind's kept state (play.Stepper): the
// cache's when t came from it, otherwise a replay of t's actions, which the
// cache then keeps for this version. A kind without a Stepper, or a game
// that cannot be replayed (the kind's own methods then say why), is left as
// it was.
func (s *Session) AttachState(k play.Kind, t *play.Table) {
	sp, ok := k.(play.Stepper)
	if !ok || t.State != nil {
		return
	}
	st, err := sp.Start(*t)
	if err != nil {
		return
	}
	t.State = st
	s.cache.keepState(t.GameID, t.Version, st)
}

// stepKept is the kept state after one more action stored on table t, or
// nil when the kind keeps none (the next request replays once).
//
// A kept state that refuses an action its own rules judged legal a moment
// ago is not the record's replay any more (issue 28 was such a state): it
// is said once, at error level, and the game leaves the cache, so the next
// request replays the record from the store rather than trusting memory.
func (s *Session) stepKept(k play.Kind, t play.Table, e store.Entry) play.State {
	sp, ok := k.(play.Stepper)
	if !ok || t.State == nil || e.Kind != store.KindAction {
		return nil
	}
	next, err := sp.Step(t, t.State, e.Action, e.Seat)
	if err != nil {
		s.log.Error("the kept state refuses an action just stored; the game is read again from the store",
			"game", t.GameID, "version", t.Version+1, "err", err)
		s.cache.drop(t.GameID)
		return nil
	}
	return next
}

// KeptScreen is what the cache keeps for the game under key, if anything.
func (s *Session) KeptScreen(id string, key ScreenKey) ([]Rendered, bool) {
	return s.cache.screen(id, key)
}

// KeepScreen keeps r for the game under key (only for a game the cache
// holds, so a game's entry never mixes games).
func (s *Session) KeepScreen(id string, key ScreenKey, r []Rendered) {
	s.cache.addScreen(id, key, r)
}

// ViewerIn is the key of t's viewer reading in ctx's language: the same
// table draws other words in another language, so screens and their fixed
// parts are kept per language too.
func ViewerIn(ctx context.Context, t play.Table) string {
	return ViewerKey(t) + "\x00" + lang.From(ctx).Tag()
}

// Screen is a viewer's screen of a game after a request: the table it is
// drawn from, the viewer's key (ViewerIn), the fragments now, and the
// fragments as the client shows them at the version it named (nil when
// unknown: the client then gets every fragment). Which of them changed is
// the answer's to say, by their HTML.
type Screen struct {
	Table  play.Table
	Viewer string
	Before []Rendered
	Now    []Rendered
}

// Screens is viewer v's screen of game g after log, and before it the
// screen the client shows at version from, each from the cache when this
// viewer (or one with the same table) was shown it already: a tap draws
// only the new screen, and a version's spectators share one drawing. step
// is the query of a GET step of the screen (nil after a write).
func (s *Session) Screens(ctx context.Context, k play.Kind, g store.Game, v Viewer, log []store.Entry, from int, step url.Values) (Screen, error) {
	t := s.Table(g, v, log)
	viewer := ViewerIn(ctx, t)
	now, err := s.DrawScreen(ctx, k, g.ID, ScreenKey{Version: t.Version, Viewer: viewer, Step: StepKey(step)}, func() play.Table {
		s.AttachState(k, &t)
		return t
	}, step)
	if err != nil {
		return Screen{}, err
	}
	var before []Rendered
	if from <= len(log) {
		// What the client shows: the same viewer at its version. A game
		// that cannot be drawn there (it never can, but a bad version
		// should not fail the answer) just gets every fragment.
		old, err := s.DrawScreen(ctx, k, g.ID, ScreenKey{Version: from, Viewer: viewer}, func() play.Table {
			return s.Table(g, v, log[:from])
		}, nil)
		if err == nil {
			before = old
		}
	}
	return Screen{Table: t, Viewer: viewer, Before: before, Now: now}, nil
}

// DrawScreen is a screen's fragments rendered: the cache's when it keeps
// them under key, otherwise drawn from the table (asked for only then) and
// kept for the next request. A Fixed fragment is taken from another
// version's screen of the same viewer when the cache holds one.
func (s *Session) DrawScreen(ctx context.Context, k play.Kind, id string, key ScreenKey, table func() play.Table, step url.Values) ([]Rendered, error) {
	if r, ok := s.cache.screen(id, key); ok {
		return r, nil
	}
	t := table()
	frags, err := k.Fragments(t, step)
	if err != nil {
		return nil, err
	}
	out := make([]Rendered, len(frags))
	for i, f := range frags {
		if f.ID == offline.ElementID {
			// The record grows with the game; only an answer that carries
			// it whole draws it.
			out[i] = Rendered{ID: f.ID, Fresh: f.Fresh, later: &lazyHTML{comp: f.Component, size: 256 + 40*len(t.Actions)}}
			continue
		}
		if f.Fixed {
			// The same bytes at every version for this viewer: the map of
			// the court is drawn once per viewer, not at every tap.
			if h, ok := s.cache.fixed(id, key.Viewer, f.ID); ok {
				out[i] = Rendered{ID: f.ID, HTML: h, Fresh: f.Fresh, Fixed: true}
				continue
			}
		}
		h, err := renderString(ctx, f.Component)
		if err != nil {
			return nil, fmt.Errorf("render fragment %s: %w", f.ID, err)
		}
		out[i] = Rendered{ID: f.ID, HTML: h, Fresh: f.Fresh, Fixed: f.Fixed}
	}
	s.cache.addScreen(id, key, out)
	return out, nil
}
