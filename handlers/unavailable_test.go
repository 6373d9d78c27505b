package handlers_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/grimoire-games/grimoire/handlers"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/store/outage"
	"github.com/grimoire-games/grimoire/store/sqlite"
)

// awayStore fails every call the way a database that went away does, while
// away is set: with a driver error its backend counts as an outage.
type awayStore struct {
	store.Store
	away atomic.Bool
}

var errGone = errors.New("dial tcp 127.0.0.1:5432: connect: connection refused")

func (s *awayStore) Append(ctx context.Context, id string, expected int, e store.Entry) (int, error) {
	if s.away.Load() {
		return 0, fmt.Errorf("append to game %s: %w", id, errGone)
	}
	return s.Store.Append(ctx, id, expected, e)
}

func (s *awayStore) Game(ctx context.Context, id string) (store.Game, error) {
	if s.away.Load() {
		return store.Game{}, fmt.Errorf("game %s: %w", id, errGone)
	}
	return s.Store.Game(ctx, id)
}

func (s *awayStore) Load(ctx context.Context, id string) (store.Game, []store.Entry, error) {
	if s.away.Load() {
		return store.Game{}, nil, fmt.Errorf("load game %s: %w", id, errGone)
	}
	return s.Store.Load(ctx, id)
}

func (s *awayStore) Log(ctx context.Context, id string) ([]store.Entry, error) {
	if s.away.Load() {
		return nil, fmt.Errorf("log of game %s: %w", id, errGone)
	}
	return s.Store.Log(ctx, id)
}

// While the database is away a tap is answered 503 with Retry-After and
// words, not 500; /healthz says unhealthy; the outage is logged once; the
// same tap sent again once it is back is stored once.
func TestDatabaseAway(t *testing.T) {
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "grimoire.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	away := &awayStore{Store: st}
	var logs bytes.Buffer
	logger := slog.New(slog.NewTextHandler(&logs, nil))
	key := make([]byte, 64)
	rand.Read(key)
	h, err := handlers.New(handlers.Config{
		Store:       outage.Wrap(away, func(err error) bool { return errors.Is(err, errGone) }, logger),
		Games:       testGames(),
		SessionKeys: [][]byte{key[:32], key[32:]},
		Logger:      logger,
	})
	if err != nil {
		t.Fatal(err)
	}
	a := &testApp{t: t, Store: st, Handler: h.Echo()}
	p := a.phone()
	id := p.newSAGame("Ana", "Ben", "12")
	tap := url.Values{"op": {"act"}, "v": {"0"}, "cid": {"tap-00000001"}, "type": {"spy-shot"}, "made": {"1"}}

	away.away.Store(true)
	for i := range 3 {
		res := p.post("/g/"+id+"/sync", tap, nil)
		if res.StatusCode != http.StatusServiceUnavailable {
			t.Fatalf("tap %d while away: status %d, want 503\n%.300s", i, res.StatusCode, res.Body)
		}
		if res.Header.Get("Retry-After") == "" {
			t.Errorf("tap %d while away: no Retry-After", i)
		}
		if !strings.Contains(res.Body, "cannot reach its database") {
			t.Errorf("tap %d while away: the page does not say why:\n%.500s", i, res.Body)
		}
	}
	if res := p.post("/g/"+id+"/act", url.Values{"v": {"0"}, "type": {"spy-shot"}, "made": {"1"}}, htmx); res.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("htmx tap while away: status %d, want 503", res.StatusCode)
	}
	if res := p.get("/healthz", nil); res.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("/healthz while away: %d, want 503", res.StatusCode)
	}
	if res := p.get("/g/"+id, nil); res.StatusCode != http.StatusServiceUnavailable && res.StatusCode != http.StatusOK {
		t.Errorf("game page while away: %d, want 503 or a page from what is known", res.StatusCode)
	}
	if n := strings.Count(logs.String(), "store unreachable"); n != 1 {
		t.Errorf("outage logged %d times, want once:\n%s", n, logs.String())
	}
	if strings.Contains(logs.String(), "request failed") {
		t.Errorf("an outage logged per request:\n%s", logs.String())
	}

	away.away.Store(false)
	if res := p.post("/g/"+id+"/sync", tap, nil); res.StatusCode >= 300 {
		t.Fatalf("tap resent once back: status %d\n%.300s", res.StatusCode, res.Body)
	}
	if res := p.post("/g/"+id+"/sync", tap, nil); res.StatusCode >= 300 {
		t.Fatalf("tap resent twice: status %d\n%.300s", res.StatusCode, res.Body)
	}
	a.unchanged(t, id, 1)
	if res := p.get("/healthz", nil); res.StatusCode != http.StatusOK {
		t.Errorf("/healthz once back: %d, want 200", res.StatusCode)
	}
	if !strings.Contains(logs.String(), "store back") {
		t.Errorf("the return is not logged:\n%s", logs.String())
	}
}
