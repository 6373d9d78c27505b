package session

import (
	"container/list"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/url"
	"reflect"
	"slices"
	"sort"
	"sync"

	"github.com/a-h/templ"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/store"
)

// The cache keeps, per game, what a version costs to rebuild: the log read
// from the store, the actions in force, and the fragments already Rendered
// for a (version, viewer) pair. It is never the truth: every request reads
// the stored version first (one row) and uses an entry only when it names
// that version. A game's log only grows and its entries never change, so
// whatever was true of (game, version) stays true; another instance's write
// shows up as a newer stored version, which misses and is read again.

// Screens kept per game: the latest versions' fragments for every viewer
// who asked. A tap needs its own version's screen (the client's "before")
// and the new one; spectators share theirs.
const cacheMaxScreens = 48

// Rendered is one fragment's HTML, as the answer would carry it, or any
// other text a caller keeps beside a game's screens (a compressed answer).
type Rendered struct {
	ID    string
	HTML  string
	Fresh bool
	// Fixed is views.Fragment's: the HTML is the same at every version of
	// the game for this screen's viewer, so a later screen of that viewer
	// reuses it (cache.fixed).
	Fixed bool
	// later, when not nil, draws HTML on first use instead: the embedded
	// record, which an answer with a record delta never sends.
	later *lazyHTML
}

// Render is the fragment's HTML, drawn now if it was left for later.
func (r Rendered) Render(ctx context.Context) (string, error) {
	if r.later == nil {
		return r.HTML, nil
	}
	return r.later.draw(ctx)
}

// Later says the HTML is drawn on first use (Render), not held in HTML:
// the embedded record, whose text grows with the game.
func (r Rendered) Later() bool { return r.later != nil }

// SameDrawing says r and o are one drawing left for later (the same
// version's record), so their HTML is the same without drawing either.
func (r Rendered) SameDrawing(o Rendered) bool { return r.later != nil && r.later == o.later }

// lazyHTML is a fragment drawn once, by whichever answer needs it first.
type lazyHTML struct {
	once sync.Once
	comp templ.Component
	// size is what the cache counts for it before it is drawn.
	size int
	html string
	err  error
}

func (l *lazyHTML) draw(ctx context.Context) (string, error) {
	l.once.Do(func() {
		l.html, l.err = renderString(ctx, l.comp)
		l.comp = nil
	})
	return l.html, l.err
}

// gameState is one game at one version, read from the store: shared
// read-only by every request that gets it (slices are capped, so an append
// copies).
type gameState struct {
	Log []store.Entry
	// InForce are the log's action entries still in force; Actions and
	// Seats are their actions and seats, as a play.Table holds them.
	InForce []store.Entry
	Actions []json.RawMessage
	Seats   []int
	// States are the kind's kept states (play.Stepper) after prefixes of
	// InForce, the longest last: the last one is the game now when its
	// InForce() is len(InForce), and the ones before it serve an undo
	// without a replay. Never written once shared.
	States []play.State
}

// cacheMaxStates is how many states an entry keeps: the game now and a few
// before it, for undos. An undo further back replays once.
const cacheMaxStates = 8

// now is the kept state of the game at this version, if any.
func (st gameState) now() play.State {
	if n := len(st.States); n > 0 && st.States[n-1].InForce() == len(st.InForce) {
		return st.States[n-1]
	}
	return nil
}

// withState is states with s as the state of the game now: states after
// longer prefixes than s's are dropped (an undo took them back), and at
// most cacheMaxStates are kept. It returns a new slice.
func withState(states []play.State, s play.State) []play.State {
	n := len(states)
	for n > 0 && states[n-1].InForce() >= s.InForce() {
		n--
	}
	first := max(n+1-cacheMaxStates, 0)
	out := make([]play.State, 0, n-first+1)
	out = append(out, states[first:n]...)
	return append(out, s)
}

// ScreenKey names one drawing of a game kept in the cache: the version it
// shows, the viewer it was drawn for (ViewerKey) and the step (a GET step's
// query, or a caller's own mark for a whole page, a compressed answer or a
// record delta).
type ScreenKey struct {
	Version int
	Viewer  string // digest of everything a Table holds besides its actions
	Step    string
}

type cacheEntry struct {
	id      string
	version int
	state   gameState
	screens map[ScreenKey][]Rendered
	// order lists screens oldest first, for eviction within the entry.
	order []ScreenKey
	// logBuf, inBuf, actBuf and seatBuf back state's slices and may run
	// past them: only the cache appends to them, under its lock.
	logBuf, inBuf []store.Entry
	actBuf        []json.RawMessage
	seatBuf       []int
	size          int
}

type cache struct {
	mu        sync.Mutex
	maxGames  int
	maxBytes  int
	lru       *list.List // of *cacheEntry, most recent first
	byID      map[string]*list.Element
	bytes     int
	hits      int
	misses    int
	renders   int
	screenHit int
	fixedHit  int
}

func newCache(maxGames, maxBytes int) *cache {
	return &cache{maxGames: maxGames, maxBytes: maxBytes, lru: list.New(), byID: map[string]*list.Element{}}
}

// state is the game at version when the cache holds exactly that version.
func (gc *cache) state(id string, version int) (gameState, bool) {
	gc.mu.Lock()
	defer gc.mu.Unlock()
	el, ok := gc.byID[id]
	if !ok || el.Value.(*cacheEntry).version != version {
		gc.misses++
		return gameState{}, false
	}
	gc.hits++
	gc.lru.MoveToFront(el)
	return el.Value.(*cacheEntry).state, true
}

// put records the game at a version read from the store or just appended.
// An older version never replaces a newer one (a slow request finishing
// after a quicker one); the screens stay, as they are true of their version.
func (gc *cache) put(id string, log []store.Entry) gameState {
	n := len(log)
	st := gameState{Log: log[:n:n]}
	in := store.InForce(st.Log)
	st.InForce = in[:len(in):len(in)]
	st.Actions, st.Seats = make([]json.RawMessage, len(in)), make([]int, len(in))
	for i, x := range in {
		st.Actions[i], st.Seats[i] = x.Action, x.Seat
	}
	gc.mu.Lock()
	defer gc.mu.Unlock()
	el, ok := gc.byID[id]
	if !ok {
		e := &cacheEntry{id: id, version: -1, screens: map[ScreenKey][]Rendered{}}
		el = gc.lru.PushFront(e)
		gc.byID[id] = el
	}
	e := el.Value.(*cacheEntry)
	if n > e.version {
		gc.bytes -= e.size
		e.version, e.state = n, st
		e.logBuf, e.inBuf, e.actBuf, e.seatBuf = nil, nil, nil, nil
		e.size = e.stateSize() + e.screensSize()
		gc.bytes += e.size
	} else if n == e.version {
		// The same log (it only grows): keep what was built on it.
		st = e.state
	}
	gc.lru.MoveToFront(el)
	gc.evict()
	return st
}

// appendTo moves a cached game on by entries it just stored at version
// from: the new log is the old one plus entries, with no second read. The
// entry's own arrays grow in place (readers hold capped prefixes, which an
// append never writes), so a tap costs the same at action 10 and 5,000.
// next, when not nil, is the kind's state after the new actions in force
// (the caller stepped it); after undos the kept states may already hold it.
// It answers false when the cache does not hold version from.
func (gc *cache) appendTo(id string, from int, entries []store.Entry, next play.State) (gameState, bool) {
	gc.mu.Lock()
	defer gc.mu.Unlock()
	el, ok := gc.byID[id]
	if !ok || el.Value.(*cacheEntry).version != from {
		gc.misses++
		return gameState{}, false
	}
	gc.hits++
	e := el.Value.(*cacheEntry)
	if len(e.logBuf) != from {
		e.logBuf = e.state.Log
	}
	e.logBuf = append(e.logBuf, entries...)
	in, acts, seats := e.inBuf, e.actBuf, e.seatBuf
	if len(in) != len(e.state.InForce) || len(acts) != len(in) || len(seats) != len(in) {
		in, acts, seats = e.state.InForce, e.state.Actions, e.state.Seats
	}
	states := e.state.States
	added := 96 * len(entries)
	for i := range entries {
		x := &e.logBuf[from+i]
		x.Seq = from + i + 1
		added += len(x.Action) + len(x.ClientID)
		if x.Kind == store.KindUndo {
			// A shrunk list must not be grown in place: a reader's longer
			// prefix would see the new action over the one taken back.
			if k := len(in) - 1; k >= 0 {
				in, acts, seats = in[:k:k], acts[:k:k], seats[:k:k]
			}
			continue
		}
		in, acts, seats = append(in, *x), append(acts, x.Action), append(seats, x.Seat)
	}
	e.inBuf, e.actBuf, e.seatBuf = in, acts, seats
	// Keep the states after prefixes the new list still starts with: an
	// undo drops the longer ones, an action keeps them all.
	keep := len(states)
	for keep > 0 && states[keep-1].InForce() > len(in) {
		keep--
	}
	if next != nil && next.InForce() == len(in) {
		states = withState(states[:keep], next)
	} else if keep != len(states) {
		states = states[:keep:keep]
	}
	added += stateBytes * (len(states) - len(e.state.States))
	n := len(e.logBuf)
	e.version = n
	k := len(in)
	e.state = gameState{Log: e.logBuf[:n:n], InForce: in[:k:k], Actions: acts[:k:k], Seats: seats[:k:k], States: states}
	e.size += added
	gc.bytes += added
	gc.lru.MoveToFront(el)
	gc.evict()
	return e.state, true
}

// keepState keeps s as the kind's state of the game at version, when the
// cache holds that version and s is after all of its actions in force.
func (gc *cache) keepState(id string, version int, s play.State) {
	gc.mu.Lock()
	defer gc.mu.Unlock()
	el, ok := gc.byID[id]
	if !ok {
		return
	}
	e := el.Value.(*cacheEntry)
	if e.version != version || s.InForce() != len(e.state.InForce) || e.state.now() != nil {
		return
	}
	was := len(e.state.States)
	e.state.States = withState(e.state.States, s)
	add := stateBytes * (len(e.state.States) - was)
	e.size += add
	gc.bytes += add
	gc.evict()
}

// A kept state is trusted to be the record's replay by induction: Start
// replays the record, Step applies one stored action with the rules' Apply,
// and nothing changes a state once made. Apply never writes memory an older
// state shares (rules/scribes clone, TestApplyLeavesEveryStateAsItWas), and a
// bot decides on its own deep copy (the rules' Bot), so a tap judged and a
// screen drawn on a kept state are those of the record. VerifyKept checks the
// induction in tests: a cold replay per tap costs too much to do in
// production (docs/bots.md has the figure).

// VerifyKept compares t's kept state with a cold replay of t's actions when
// the cache's check is on, and reports a difference (or a record that does
// not replay) with when it was seen. States are compared in full, hidden
// parts too (reflect.DeepEqual reads unexported fields), because what went
// wrong before was hidden: guesses written into the deck order.
func (s *Session) VerifyKept(k play.Kind, t play.Table, when string) {
	report := s.check
	if report == nil || t.State == nil || t.State.InForce() != len(t.Actions) {
		return
	}
	sp, ok := k.(play.Stepper)
	if !ok {
		return
	}
	cold := t
	cold.State = nil
	want, err := sp.Start(cold)
	if err != nil {
		report(fmt.Errorf("game %s at version %d, %s: the record does not replay: %w", t.GameID, t.Version, when, err))
		return
	}
	same := reflect.DeepEqual(t.State, want)
	if sm, ok := t.State.(interface{ Same(play.State) bool }); ok {
		// A state that carries memos taken at different moments (a
		// snapshot drawn once) says itself what makes two the same game.
		same = sm.Same(want)
	}
	if !same {
		report(fmt.Errorf("game %s at version %d, %s: the kept state after %d actions is not the record's replay", t.GameID, t.Version, when, len(t.Actions)))
	}
}

// stateBytes is a kept state's size as the cache counts it: a rules state
// shares most of its data with the states before it.
const stateBytes = 2048

// drop forgets a game (deleted).
func (gc *cache) drop(id string) {
	gc.mu.Lock()
	defer gc.mu.Unlock()
	if el, ok := gc.byID[id]; ok {
		gc.remove(el)
	}
}

func (gc *cache) screen(id string, k ScreenKey) ([]Rendered, bool) {
	gc.mu.Lock()
	defer gc.mu.Unlock()
	el, ok := gc.byID[id]
	if !ok {
		return nil, false
	}
	r, ok := el.Value.(*cacheEntry).screens[k]
	if ok {
		gc.screenHit++
	}
	return r, ok
}

// fixed is the HTML of the fragment fragID on a cached screen of the game
// drawn for this viewer at any version, when it was drawn Fixed: the
// same fragment drawn again would be the same bytes. Only the game's own
// entry and the viewer's own screens are looked at.
func (gc *cache) fixed(id, viewer, fragID string) (string, bool) {
	gc.mu.Lock()
	defer gc.mu.Unlock()
	el, ok := gc.byID[id]
	if !ok {
		return "", false
	}
	e := el.Value.(*cacheEntry)
	// Newest first: the previous version's screen is usually the last.
	for i := len(e.order) - 1; i >= 0; i-- {
		k := e.order[i]
		if k.Viewer != viewer {
			continue
		}
		for _, f := range e.screens[k] {
			if f.ID == fragID && f.Fixed && f.later == nil {
				gc.fixedHit++
				return f.HTML, true
			}
		}
	}
	return "", false
}

// addScreen keeps a Rendered screen. Only games the cache already holds keep
// screens, so an entry's state and screens always belong to one game.
func (gc *cache) addScreen(id string, k ScreenKey, r []Rendered) {
	gc.mu.Lock()
	defer gc.mu.Unlock()
	gc.renders++
	el, ok := gc.byID[id]
	if !ok {
		return
	}
	e := el.Value.(*cacheEntry)
	if _, dup := e.screens[k]; dup {
		return
	}
	e.screens[k] = r
	e.order = append(e.order, k)
	add := screenSize(k, r)
	e.size += add
	gc.bytes += add
	for len(e.order) > cacheMaxScreens {
		// Drop the screen of the oldest version first: clients catch up
		// from recent versions, and an old one is Rendered again if asked.
		// Never the one just kept, though: a screen asked for at an old
		// version (a phone far behind, refreshing from where it is) would
		// go at once and be drawn again for every one of its requests.
		sort.SliceStable(e.order, func(i, j int) bool { return e.order[i].Version < e.order[j].Version })
		i := 0
		if e.order[0] == k {
			i = 1
		}
		old := e.order[i]
		e.order = slices.Delete(e.order, i, i+1)
		sub := screenSize(old, e.screens[old])
		delete(e.screens, old)
		e.size -= sub
		gc.bytes -= sub
	}
	gc.evict()
}

func (gc *cache) evict() {
	for gc.lru.Len() > 0 && (gc.lru.Len() > gc.maxGames || gc.bytes > gc.maxBytes) {
		gc.remove(gc.lru.Back())
	}
}

func (gc *cache) remove(el *list.Element) {
	e := el.Value.(*cacheEntry)
	gc.lru.Remove(el)
	delete(gc.byID, e.id)
	gc.bytes -= e.size
}

// CacheStats are the cache's counters since start: state hits and misses,
// screens served from the cache, screens Rendered, and Fixed fragments
// taken from another version's screen instead of drawn.
type CacheStats struct {
	Games, Bytes                    int
	Hits, Misses, ScreenHits, Drawn int
	FixedReused                     int
}

func (gc *cache) stats() CacheStats {
	gc.mu.Lock()
	defer gc.mu.Unlock()
	return CacheStats{Games: gc.lru.Len(), Bytes: gc.bytes, Hits: gc.hits, Misses: gc.misses, ScreenHits: gc.screenHit, Drawn: gc.renders, FixedReused: gc.fixedHit}
}

// CacheStats reports the state cache's counters (for tests and benchmarks).
func (s *Session) CacheStats() CacheStats { return s.cache.stats() }

func (e *cacheEntry) stateSize() int {
	n := 256
	for _, x := range e.state.Log {
		n += len(x.Action) + len(x.ClientID) + 96
	}
	return n + 72*len(e.state.InForce) + stateBytes*len(e.state.States)
}

func (e *cacheEntry) screensSize() int {
	n := 0
	for k, r := range e.screens {
		n += screenSize(k, r)
	}
	return n
}

func screenSize(k ScreenKey, r []Rendered) int {
	n := 64 + len(k.Viewer) + len(k.Step)
	for _, f := range r {
		n += len(f.ID) + len(f.HTML) + 32
		if f.later != nil {
			n += f.later.size
		}
	}
	return n
}

// ViewerKey is a digest of everything a Table carries besides its actions
// and version: the game row's fields, the seats, the viewer's seat, owner
// flag, watch flag and CSRF token. Every play.Kind method is a pure function
// of its Table, so two tables with the same key, version and game show the
// same screen; a screen can never reach a viewer whose table differs. The
// setup and seed are fixed by the game id, and the kept state by the
// version, so they are left out. Each field is written out length-prefixed
// (encoding/json's reflection was a twentieth of a refresh's CPU);
// TestViewerKeyCoversTheTable fails when a field of play.Table or
// play.Seat is added and not written here.
func ViewerKey(t play.Table) string {
	var buf [512]byte
	b := buf[:0]
	for _, f := range [...]string{t.Kind, t.GameID, t.Title, t.SpectatorToken, t.CSRF} {
		b = appendKeyString(b, f)
	}
	b = binary.AppendVarint(b, int64(t.Viewer))
	b = append(b, keyBool(t.Owner), keyBool(t.Watch), keyBool(t.Offline))
	b = binary.AppendUvarint(b, uint64(len(t.Seats)))
	for _, st := range t.Seats {
		b = binary.AppendVarint(b, int64(st.Index))
		b = appendKeyString(b, st.Name)
		b = appendKeyString(b, st.Bot)
		b = appendKeyString(b, st.Join)
		b = append(b, keyBool(st.Joined))
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:16])
}

func appendKeyString(b []byte, s string) []byte {
	return append(binary.AppendUvarint(b, uint64(len(s))), s...)
}

func keyBool(v bool) byte {
	if v {
		return 1
	}
	return 0
}

func StepKey(step url.Values) string {
	if len(step) == 0 {
		return ""
	}
	return step.Encode()
}
