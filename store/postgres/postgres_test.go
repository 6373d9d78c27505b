package postgres_test

import (
	"context"
	"crypto/rand"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/store/postgres"
	"github.com/grimoire-games/grimoire/store/storetest"
)

// baseURL is the test database, or skips the test when there is none. CI sets
// GRIMOIRE_REQUIRE_POSTGRES=1 so a missing database fails instead of quietly
// passing.
func baseURL(t *testing.T) string {
	t.Helper()
	u := os.Getenv("GRIMOIRE_TEST_POSTGRES")
	if u == "" {
		if os.Getenv("GRIMOIRE_REQUIRE_POSTGRES") == "1" {
			t.Fatal("GRIMOIRE_REQUIRE_POSTGRES=1 but GRIMOIRE_TEST_POSTGRES (a postgres:// URL) is not set")
		}
		t.Skip("GRIMOIRE_TEST_POSTGRES not set: skipping the PostgreSQL store tests")
	}
	return u
}

// schemas gives each test one schema, so the reopen subtest's second open
// sees the first one's data while parallel tests stay apart.
var schemas sync.Map // *testing.T -> string (URL with search_path)

// urlFor returns a URL whose connections use a fresh schema owned by t,
// dropped when t ends.
func urlFor(t *testing.T, base string) string {
	t.Helper()
	if u, ok := schemas.Load(t); ok {
		return u.(string)
	}
	name := "grimoire_test_" + strings.ToLower(rand.Text()[:12])
	ctx := context.Background()
	admin := func(sql string) {
		t.Helper()
		conn, err := pgx.Connect(ctx, base)
		if err != nil {
			t.Fatalf("connect to %s: %v", redact(base), err)
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, sql); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	admin("CREATE SCHEMA " + name)
	t.Cleanup(func() { admin("DROP SCHEMA " + name + " CASCADE") })

	pu, err := url.Parse(base)
	if err != nil {
		t.Fatalf("GRIMOIRE_TEST_POSTGRES is not a URL: %v", err)
	}
	q := pu.Query()
	// pgx sends unknown URL parameters as run-time settings at connect time.
	q.Set("search_path", name)
	pu.RawQuery = q.Encode()
	u, _ := schemas.LoadOrStore(t, pu.String())
	return u.(string)
}

func redact(u string) string {
	if pu, err := url.Parse(u); err == nil {
		return pu.Redacted()
	}
	return "the test database"
}

func openStore(t *testing.T) *postgres.Store {
	t.Helper()
	u := urlFor(t, baseURL(t))
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	s, err := postgres.Open(ctx, u)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	return s
}

func TestConformance(t *testing.T) {
	baseURL(t)
	storetest.Run(t, func(t *testing.T) store.Store { return openStore(t) })
}

// TestWatchAcrossInstances is why PostgreSQL notifies: a move made through
// one app instance reaches a watcher connected to another.
func TestWatchAcrossInstances(t *testing.T) {
	a, b := openStore(t), openStore(t)
	defer a.Close()
	defer b.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	g := store.Game{ID: "across", Kind: "k", Owner: "ana", SpectatorToken: "across-spec"}
	if err := a.CreateGame(ctx, g, nil); err != nil {
		t.Fatalf("CreateGame: %v", err)
	}
	ch, err := b.Watch(ctx, g.ID)
	if err != nil {
		t.Fatalf("Watch: %v", err)
	}
	if _, err := a.Append(ctx, g.ID, 0, store.Entry{ClientID: "c1"}); err != nil {
		t.Fatalf("Append: %v", err)
	}
	waitVersion(t, ch, 1)
}

func waitVersion(t *testing.T, ch <-chan int, want int) {
	t.Helper()
	timeout := time.After(10 * time.Second)
	for {
		select {
		case v, ok := <-ch:
			if !ok {
				t.Fatalf("watch channel closed while waiting for version %d", want)
			}
			if v >= want {
				return
			}
		case <-timeout:
			t.Fatalf("no version %d within 10s", want)
		}
	}
}

// TestListenerReconnects kills the LISTEN connection's backend, then appends
// while nobody listens: the watcher must still hear of it (the reconnected
// listener tells every watcher to look) and of later moves too.
func TestListenerReconnects(t *testing.T) {
	// Long enough that the append below surely lands while nobody listens.
	defer postgres.SetMinBackoff(time.Second)()
	s := openStore(t)
	defer s.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	g := store.Game{ID: "reconnect", Kind: "k", Owner: "ana", SpectatorToken: "reconnect-spec"}
	if err := s.CreateGame(ctx, g, nil); err != nil {
		t.Fatalf("CreateGame: %v", err)
	}
	ch, err := s.Watch(ctx, g.ID)
	if err != nil {
		t.Fatalf("Watch: %v", err)
	}

	old := s.ListenerPID()
	conn, err := pgx.Connect(ctx, baseURL(t))
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	defer conn.Close(ctx)
	var killed bool
	// The timeout makes pg_terminate_backend wait until the backend is gone.
	if err := conn.QueryRow(ctx, `SELECT pg_terminate_backend($1, 5000)`, int32(old)).Scan(&killed); err != nil || !killed {
		t.Fatalf("terminate listener %d: %v, %v", old, killed, err)
	}
	if _, err := s.Append(ctx, g.ID, 0, store.Entry{ClientID: "while-down"}); err != nil {
		t.Fatalf("Append: %v", err)
	}
	if s.ListenerPID() != old {
		t.Fatal("listener reconnected before the append: the test proves nothing")
	}
	waitVersion(t, ch, 1)
	if s.ListenerPID() == old {
		t.Errorf("listener pid still %d after reconnecting", old)
	}
	if _, err := s.Append(ctx, g.ID, 1, store.Entry{ClientID: "after"}); err != nil {
		t.Fatalf("Append: %v", err)
	}
	waitVersion(t, ch, 2)
}

// BenchmarkAppend measures one move against the test database: lock, check,
// insert, notify, commit.
func BenchmarkAppend(b *testing.B) {
	u := os.Getenv("GRIMOIRE_TEST_POSTGRES")
	if u == "" {
		b.Skip("GRIMOIRE_TEST_POSTGRES not set")
	}
	ctx := context.Background()
	name := "grimoire_bench_" + strings.ToLower(rand.Text()[:12])
	conn, err := pgx.Connect(ctx, u)
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+name); err != nil {
		b.Fatal(err)
	}
	defer conn.Exec(ctx, "DROP SCHEMA "+name+" CASCADE")
	pu, _ := url.Parse(u)
	q := pu.Query()
	q.Set("search_path", name)
	pu.RawQuery = q.Encode()
	s, err := postgres.Open(ctx, pu.String())
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	if err := s.CreateGame(ctx, store.Game{ID: "bench", Kind: "k", Owner: "ana", SpectatorToken: "spec"}, nil); err != nil {
		b.Fatal(err)
	}
	v := 0
	for b.Loop() {
		v, err = s.Append(ctx, "bench", v, store.Entry{Action: []byte(`{"type":"cast"}`), ClientID: strconv.Itoa(v)})
		if err != nil {
			b.Fatal(err)
		}
	}
}
