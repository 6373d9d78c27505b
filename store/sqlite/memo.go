package sqlite

import (
	"container/list"
	"hash/maphash"
	"slices"
	"sync"
	"time"

	"github.com/grimoire-games/grimoire/store"
)

// memo keeps game rows and their seats in memory, so the reads every page
// and every tap make first (Game, then Seats) cost no SQL once a game has
// been seen.
//
// Why it is right: this process is the only writer of the file. Open takes
// an exclusive lock beside the database (lock.go) and holds it until Close,
// so every write to games and seats goes through this Store, and each one
// updates or drops what it touched here once its COMMIT succeeded, before
// its caller hears back. A read after an acknowledged write therefore never
// sees less than that write. A second grimoire on the same file is refused
// at Open; a second Store on it in this process is refused the same way.
// What the lock cannot stop is another program (the sqlite3 shell, a
// restore over the live file) writing the file behind grimoire's back: such
// a change is seen by Load, Log and the lists at once, but Game and Seats
// only after a restart. Change the data with grimoire stopped.
//
// A write marks its game busy before its COMMIT and settles it (updates or
// drops the row, clears the mark) after: while a game is busy the memo does
// not answer for it, so a reader between the COMMIT and the update reads the
// file rather than the row the write is about to replace, and one reader
// never sees a version go backwards. (ClaimSeat learns its game only from
// its statement, so a claim under way makes every Seats read the file.)
//
// A read that misses fills the memo from the database, and could race a
// write: it reads the old row, the write commits and settles, and the read
// then puts the old row back. So a read takes a ticket (its game's
// generation) before its query and fills only if the game is not busy and no
// write to it settled since; settling bumps the generation. Generations are
// kept per stripe of games rather than per game, so they take fixed memory;
// a write to another game of the same stripe only costs a fill that is
// skipped.
//
// Only games that exist are kept (a miss for an unknown id asks the
// database every time, which the health check relies on), seats only for a
// game whose row is kept, and at most memoMaxGames games and about
// memoMaxBytes of them, the least recently used going first. Every answer
// is a copy: a caller cannot change what the next one reads.
type memo struct {
	mu       sync.Mutex
	seed     maphash.Seed
	byID     map[string]*list.Element // of *memoEntry
	lru      list.List                // most recently used first
	bytes    int
	maxGames int
	maxBytes int
	gens     [memoStripes]uint64
	// busy counts, per game, the writes between their begin and their
	// settling; claims the ClaimSeat statements under way.
	busy   map[string]int
	claims int
}

const (
	memoMaxGames = 4096
	// A game row is a few hundred bytes with its seats; a setup is whatever
	// the game's rules chose, so the bound counts bytes too.
	memoMaxBytes = 16 << 20
	memoStripes  = 256
)

type memoEntry struct {
	id       string
	game     store.Game
	seats    []store.Seat
	hasSeats bool
	size     int
}

// ticket is a read's place in the order of writes to its game's stripe,
// taken before its query: what a fill checks.
type ticket uint64

func newMemo(maxGames, maxBytes int) *memo {
	return &memo{seed: maphash.MakeSeed(), byID: make(map[string]*list.Element), busy: make(map[string]int),
		maxGames: maxGames, maxBytes: maxBytes}
}

func (m *memo) stripe(id string) *uint64 {
	return &m.gens[maphash.String(m.seed, id)%memoStripes]
}

// game answers from the memo, or gives the ticket to fill it with.
func (m *memo) game(id string) (store.Game, bool, ticket) {
	m.mu.Lock()
	defer m.mu.Unlock()
	el, ok := m.byID[id]
	if !ok || m.busy[id] > 0 {
		return store.Game{}, false, ticket(*m.stripe(id))
	}
	m.lru.MoveToFront(el)
	return copyGame(el.Value.(*memoEntry).game), true, 0
}

// seats answers from the memo, or gives the ticket to fill it with.
func (m *memo) seats(id string) ([]store.Seat, bool, ticket) {
	m.mu.Lock()
	defer m.mu.Unlock()
	el, ok := m.byID[id]
	if !ok || !el.Value.(*memoEntry).hasSeats || m.busy[id] > 0 || m.claims > 0 {
		return nil, false, ticket(*m.stripe(id))
	}
	m.lru.MoveToFront(el)
	return copySeats(el.Value.(*memoEntry).seats), true, 0
}

// ticket is the one a read that does not ask the memo first fills with.
func (m *memo) ticket(id string) ticket {
	m.mu.Lock()
	defer m.mu.Unlock()
	return ticket(*m.stripe(id))
}

// fillGame keeps g, read after t was taken, unless a write to its game
// finished since (g may then be older than what that write left).
func (m *memo) fillGame(g store.Game, t ticket) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if ticket(*m.stripe(g.ID)) != t || m.busy[g.ID] > 0 {
		return
	}
	if el, ok := m.byID[g.ID]; ok {
		// Another read filled it since our ticket, with no write between:
		// the same row.
		m.lru.MoveToFront(el)
		return
	}
	e := &memoEntry{id: g.ID, game: copyGame(g)}
	e.size = e.weigh()
	m.byID[g.ID] = m.lru.PushFront(e)
	m.bytes += e.size
	m.evict()
}

// fillSeats keeps the seats of a game whose row is kept, on the same terms
// as fillGame.
func (m *memo) fillSeats(id string, seats []store.Seat, t ticket) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if ticket(*m.stripe(id)) != t || m.busy[id] > 0 || m.claims > 0 {
		return
	}
	el, ok := m.byID[id]
	if !ok {
		return
	}
	e := el.Value.(*memoEntry)
	if e.hasSeats {
		return
	}
	e.seats, e.hasSeats = copySeats(seats), true
	m.resize(e)
	m.lru.MoveToFront(el)
	m.evict()
}

// begin marks the game busy: a write to it is about to commit. Every begin
// is settled by exactly one wrote or appended.
func (m *memo) begin(id string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.busy[id]++
}

// settle ends one write's busy mark and bumps its stripe; m.mu is held.
func (m *memo) settle(id string) {
	*m.stripe(id)++
	if m.busy[id]--; m.busy[id] <= 0 {
		delete(m.busy, id)
	}
}

// wrote settles a write by forgetting the game: after it committed, or
// after one whose outcome is unknown.
func (m *memo) wrote(id string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.settle(id)
	m.drop(id)
}

// appended settles an append that committed: a kept row moves from version
// from to version to (and updated to at least latest), as the bump
// statement did. A kept row not at from is dropped: it cannot be, but a
// re-read costs less than a wrong answer.
func (m *memo) appended(id string, from, to int, latest time.Time) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.settle(id)
	el, ok := m.byID[id]
	if !ok {
		return
	}
	e := el.Value.(*memoEntry)
	if e.game.Version != from {
		m.drop(id)
		return
	}
	e.game.Version = to
	if latest.After(e.game.Updated) {
		e.game.Updated = latest
	}
}

// claiming marks a ClaimSeat statement under way; claimEnd, claimed or
// forget ends it.
func (m *memo) claiming() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.claims++
}

// claimEnd ends a claim that changed nothing.
func (m *memo) claimEnd() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.claims--
}

// claimed ends a claim that committed, recording the seat as its
// UPDATE ... RETURNING left it.
func (m *memo) claimed(st store.Seat) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.claims--
	*m.stripe(st.GameID)++
	el, ok := m.byID[st.GameID]
	if !ok {
		return
	}
	e := el.Value.(*memoEntry)
	if !e.hasSeats {
		return
	}
	i := slices.IndexFunc(e.seats, func(s store.Seat) bool { return s.Index == st.Index })
	if i < 0 {
		e.seats, e.hasSeats = nil, false
	} else {
		e.seats[i] = st
	}
	m.resize(e)
}

// forget ends a claim whose outcome and game are both unknown by dropping
// everything.
func (m *memo) forget() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.claims--
	for i := range m.gens {
		m.gens[i]++
	}
	clear(m.byID)
	m.lru.Init()
	m.bytes = 0
}

func (m *memo) drop(id string) {
	if el, ok := m.byID[id]; ok {
		m.remove(el)
	}
}

func (m *memo) remove(el *list.Element) {
	e := m.lru.Remove(el).(*memoEntry)
	delete(m.byID, e.id)
	m.bytes -= e.size
}

func (m *memo) resize(e *memoEntry) {
	m.bytes -= e.size
	e.size = e.weigh()
	m.bytes += e.size
}

// evict drops the least recently used games until both bounds hold; the
// newest stays even alone over the byte bound, so a read of it still fills.
func (m *memo) evict() {
	for m.lru.Len() > 1 && (m.lru.Len() > m.maxGames || m.bytes > m.maxBytes) {
		m.remove(m.lru.Back())
	}
}

// len is how many games are kept, for tests.
func (m *memo) len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.lru.Len()
}

// weigh estimates what an entry holds, strings and slices included.
func (e *memoEntry) weigh() int {
	const overhead = 256 // the entry, its list element and map slot
	g := e.game
	n := overhead + len(e.id) + len(g.ID) + len(g.Kind) + len(g.Title) + len(g.Owner) + len(g.SpectatorToken) + len(g.Setup)
	for _, s := range e.seats {
		n += 64 + len(s.GameID) + len(s.Name) + len(s.Token) + len(s.Holder)
	}
	return n
}

// copyGame copies the one part of a row a caller could write through.
func copyGame(g store.Game) store.Game {
	if g.Setup != nil {
		g.Setup = slices.Clone(g.Setup)
	}
	return g
}

// copySeats copies the list (a seat holds only strings and an int). No
// seats is nil, as the query answers.
func copySeats(seats []store.Seat) []store.Seat {
	if len(seats) == 0 {
		return nil
	}
	return slices.Clone(seats)
}
