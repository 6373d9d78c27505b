package handlers

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"sync/atomic"
	"testing"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/play/spellsarrows"
	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/store/sqlite"
)

// countingKind counts the replays a kind is asked for.
type countingKind struct {
	spellsarrows.Kind
	starts, replays *atomic.Int32
}

func (k countingKind) Start(t play.Table) (play.State, error) {
	k.starts.Add(1)
	return k.Kind.Start(t)
}

func (k countingKind) Replay(rec record.Record) (any, error) {
	k.replays.Add(1)
	return k.Kind.Replay(rec)
}

// Checking a record before it is cached costs a kind that keeps its state
// no second replay: the opening of a game the cache does not hold replays
// it once, as it did before the check, and the next request none.
func TestCheckingARecordReplaysItOnce(t *testing.T) {
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "g.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	k := countingKind{starts: new(atomic.Int32), replays: new(atomic.Int32)}
	h, err := New(Config{Store: st, Games: []play.Kind{k}, SessionKeys: [][]byte{make([]byte, 32), make([]byte, 32)}, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join("..", "rules", "spellsarrows", "testdata", "mage-wins-on-turns.json"))
	if err != nil {
		t.Fatal(err)
	}
	rec, err := record.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	entries := make([]store.Entry, len(rec.Actions))
	for i, a := range rec.Actions {
		entries[i] = store.Entry{Kind: store.KindAction, Action: a, Seat: play.Scorekeeper, ClientID: "import:" + strconv.Itoa(i)}
	}
	g := store.Game{ID: "checkedonce1", Kind: rec.Game, Title: "Ana vs Ben", Owner: "someone", SpectatorToken: "checkedoncewatch00000001", Seed: rec.Seed, Setup: rec.Setup}
	if err := st.CreateGameWithLog(context.Background(), g, nil, entries); err != nil {
		t.Fatal(err)
	}
	e := h.Echo()
	for i, want := range []int32{1, 1} {
		rr := httptest.NewRecorder()
		e.ServeHTTP(rr, httptest.NewRequest(http.MethodGet, "/watch/"+g.SpectatorToken, nil))
		if rr.Code != http.StatusOK {
			t.Fatalf("spectator's page: %d", rr.Code)
		}
		if got := k.starts.Load() + k.replays.Load(); got != want {
			t.Errorf("after request %d: %d replays (%d Start, %d Replay), want %d", i+1, got, k.starts.Load(), k.replays.Load(), want)
		}
	}
}
