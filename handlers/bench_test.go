package handlers_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/store"
)

// BenchmarkWatchRefresh measures what every live update costs the server
// for a whole 5-turn game of Spells & Arrows (94 actions): read the log,
// replay it twice (the version the client shows and the current one),
// render both boards and send the fragments that differ. State is never
// cached: this number says whether it needs to be.
func BenchmarkWatchRefresh(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("..", "rules", "spellsarrows", "testdata", "mage-wins-on-turns.json"))
	if err != nil {
		b.Fatal(err)
	}
	rec, err := record.Parse(data)
	if err != nil {
		b.Fatal(err)
	}
	e, st := newHandler(b)
	ctx := context.Background()
	now := time.Now().UTC()
	g := store.Game{ID: "bench", Kind: rec.Game, Title: "bench", Owner: "nobody", SpectatorToken: "watch-bench", Seed: rec.Seed, Setup: rec.Setup, Created: now, Updated: now}
	if err := st.CreateGame(ctx, g, nil); err != nil {
		b.Fatal(err)
	}
	for i, a := range rec.Actions {
		if _, err := st.Append(ctx, g.ID, i, store.Entry{Kind: store.KindAction, Action: a, Seat: -1, ClientID: fmt.Sprint(i), At: now}); err != nil {
			b.Fatal(err)
		}
	}
	prev := strconv.Itoa(len(rec.Actions) - 1)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		req := httptest.NewRequest(http.MethodGet, "/watch/watch-bench?v="+prev, nil)
		req.Header.Set("HX-Request", "true")
		rr := httptest.NewRecorder()
		e.ServeHTTP(rr, req)
		if rr.Code != http.StatusOK {
			b.Fatalf("status %d", rr.Code)
		}
	}
}
