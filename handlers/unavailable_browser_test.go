package handlers_test

import (
	"errors"
	"io"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/grimoire-games/grimoire/handlers"
	"github.com/grimoire-games/grimoire/store/outage"
	"github.com/grimoire-games/grimoire/store/sqlite"
)

// TestBrowserTapsKeptWhileDatabaseAway: while the database cannot be
// reached the server answers the phone's outbox 503; the taps stay on the
// phone, counted, and reach the server in order once the database is back.
func TestBrowserTapsKeptWhileDatabaseAway(t *testing.T) {
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "grimoire.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	away := &awayStore{Store: st}
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	key := make([]byte, 64)
	for i := range key {
		key[i] = byte(i * 7)
	}
	h, err := handlers.New(handlers.Config{
		Store:       outage.Wrap(away, func(err error) bool { return errors.Is(err, errGone) }, logger),
		Games:       testGames(),
		SessionKeys: [][]byte{key[:32], key[32:]},
		Logger:      logger,
	})
	if err != nil {
		t.Fatal(err)
	}
	a := &app{Store: st}
	srv := httptest.NewServer(a.reachable(h.Echo()))
	t.Cleanup(func() {
		srv.CloseClientConnections()
		srv.Close()
	})
	a.URL = srv.URL

	ctx, _ := browser(t)
	p := &phone{t: t, ctx: ctx}
	newSAGame(p, a.URL, "Ana", "Ben", "6", "5")
	p.waitServiceWorker()
	id := gameID(p)
	p.step("spy-shot-make", 1) // the server takes it

	away.away.Store(true)
	p.step("undo", 2)
	p.step("spy-shot-make", 3)
	// The outbox tried and got 503: the taps wait on the phone.
	time.Sleep(2 * time.Second)
	if got := p.outboxCount(); !strings.HasPrefix(got, "2 taps") {
		t.Fatalf("outbox count %q while the database is away, want 2 taps waiting", got)
	}
	if v, _ := serverRecord(t, a, id); v != 1 {
		t.Fatalf("the server is at version %d while its database is away", v)
	}
	_, played := p.pageRecord()

	away.away.Store(false)
	p.waitFor(`document.querySelector('[data-testid="outbox-count"]').textContent === ''`)
	v, actions := serverRecord(t, a, id)
	if v != 3 || !sameActions(actions, played) {
		t.Fatalf("server: version %d, actions %s; played %s", v, actions, played)
	}
}
