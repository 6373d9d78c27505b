package session

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"

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

// Damage is where a record stops replaying.
type Damage struct {
	// At is the bad action among the actions in force, counted from 1 as
	// people count (`grimoire replay` counts from 0: its "action 4" is our
	// action 5). 0 means the record breaks before any action (its setup).
	At     int
	Reason string
}

// Words is the sentence every screen shows.
func (d Damage) Words() string {
	if d.At < 1 {
		return "This game's record is damaged in its setup: " + d.Reason
	}
	return "This game's record is damaged at action " + strconv.Itoa(d.At) + ": " + d.Reason
}

// Damaged is what loading a damaged game answers, with what was read, for
// the pages that show it (the game's page, export, delete).
type Damaged struct {
	Game store.Game
	Kind play.Kind
	Log  []store.Entry
	Damage
}

func (e *Damaged) Error() string {
	return fmt.Sprintf("game %s: %s", e.Game.ID, e.Words())
}

// Message is the damage in words with where to go for what can be done.
func (e *Damaged) Message() string {
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
	Damage
}

// damageMemoMax bounds the memo; when it is full it starts again (a
// forgotten game is replayed once more, and logged again).
const damageMemoMax = 1024

func newDamageMemo(max int) *damageMemo {
	return &damageMemo{max: max, by: map[string]damageAt{}}
}

func (m *damageMemo) get(id string, version int) (Damage, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	d, ok := m.by[id]
	return d.Damage, ok && d.version == version
}

// add keeps the verdict and says whether it is news.
func (m *damageMemo) add(id string, version int, d Damage) bool {
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

// RecordTable is the game's record as a table of the scorekeeper: what a
// replay reads (setup, seed, actions in force and who made them).
func RecordTable(g store.Game, log []store.Entry) play.Table {
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

// Verify replays the game's actions in force. A good game gives the kind's
// state after them (nil for a kind without a Stepper), which the cache
// keeps, so the request that checked pays no second replay. A damaged one
// gives where it breaks, logged the first time it is met.
func (s *Session) Verify(k play.Kind, g store.Game, log []store.Entry) (play.State, *Damage) {
	if d, ok := s.damages.get(g.ID, len(log)); ok {
		return nil, &d
	}
	t := RecordTable(g, log)
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
	if s.damages.add(g.ID, len(log), d) {
		s.log.Warn("stored game's record is damaged; it is shown as damaged and never changed",
			"game", g.ID, "kind", g.Kind, "version", len(log), "action", d.At, "reason", d.Reason)
	}
	return nil, &d
}

// damageOf reads a replay's error: a bad action is counted from 1.
func damageOf(err error) Damage {
	var ae *record.ActionError
	if errors.As(err, &ae) {
		return Damage{At: ae.Index + 1, Reason: ae.Err.Error()}
	}
	// The page already says "in its setup".
	reason := err.Error()
	for _, p := range []string{"bad setup: ", "setup: "} {
		reason = strings.TrimPrefix(reason, p)
	}
	return Damage{At: 0, Reason: reason}
}

// checkAndKeep takes a log just read from the store: a good game goes into
// the cache (with its replayed state), a damaged one comes back as a
// *Damaged and is never cached.
func (s *Session) checkAndKeep(k play.Kind, g store.Game, log []store.Entry) ([]store.Entry, error) {
	st, d := s.Verify(k, g, log)
	if d != nil {
		return log, &Damaged{Game: g, Kind: k, Log: log, Damage: *d}
	}
	log = s.cache.put(g.ID, log).Log
	if st != nil {
		s.cache.keepState(g.ID, len(log), st)
	}
	return log, nil
}

// DamagedPage is the damaged game's page for viewer v: the damage in words, the
// export when v may take the record, and for the scorekeeper or a seated
// player (not v.Watch) the offer to keep the actions before the bad one.
func (s *Session) DamagedPage(e *Damaged, v Viewer) views.Damaged {
	g := e.Game
	out := views.Damaged{GameID: g.ID, Title: g.Title, Words: e.Words(), At: e.At, Watch: v.Watch}
	if err := play.MayExport(e.Kind, s.Table(g, v, e.Log), false); err != nil {
		out.ExportWhy = err.Error()
	} else if v.Watch {
		out.ExportURL = "/watch/" + g.SpectatorToken + "/export"
	} else {
		out.ExportURL = "/g/" + g.ID + "/export"
	}
	if !v.Watch && e.At >= 1 {
		out.KeepURL = "/g/" + g.ID + "/keep"
	}
	return out
}
