package postgres_test

import (
	"context"
	"crypto/rand"
	"fmt"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
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

// TestLoadAfterNotifyAcrossInstances: two Stores on one database, as two
// app instances. Whenever the second hears a version by NOTIFY, its Load
// shows at least that version, whole (version equal to the log's length);
// at the end it holds exactly what the first wrote; and each sees the
// other's acknowledged writes at once, without waiting for a notification.
func TestLoadAfterNotifyAcrossInstances(t *testing.T) {
	a, b := openStore(t), openStore(t)
	defer a.Close()
	defer b.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	g := store.Game{ID: "notify-load", Kind: "k", Owner: "ana", SpectatorToken: "notify-load-spec"}
	if err := a.CreateGame(ctx, g, nil); err != nil {
		t.Fatalf("CreateGame: %v", err)
	}
	ch, err := b.Watch(ctx, g.ID)
	if err != nil {
		t.Fatalf("Watch: %v", err)
	}
	const writes = 30
	var (
		want  []string // ClientIDs in log order, as the first instance writes them
		final int
	)
	for i := range writes {
		if i%5 == 4 {
			want = append(want, fmt.Sprint("w", i), fmt.Sprint("w", i, "+1"), fmt.Sprint("w", i, "+2"))
		} else {
			want = append(want, fmt.Sprint("w", i))
		}
	}
	final = len(want)
	done := make(chan error, 1)
	go func() {
		v := 0
		for i := range writes {
			var err error
			if i%5 == 4 {
				batch := []store.Entry{{ClientID: fmt.Sprint("w", i)}, {ClientID: fmt.Sprint("w", i, "+1")}, {Kind: store.KindUndo, ClientID: fmt.Sprint("w", i, "+2")}}
				v, err = a.AppendBatch(ctx, g.ID, v, batch)
			} else {
				v, err = a.Append(ctx, g.ID, v, store.Entry{Action: []byte(`{"n":1}`), ClientID: fmt.Sprint("w", i)})
			}
			if err != nil {
				done <- err
				return
			}
		}
		done <- nil
	}()
	timeout := time.After(20 * time.Second)
	heard := 0
	for last := 0; last < final; {
		select {
		case v, ok := <-ch:
			if !ok {
				t.Fatal("watch channel closed")
			}
			got, log, err := b.Load(ctx, g.ID)
			if err != nil {
				t.Fatalf("Load after hearing version %d: %v", v, err)
			}
			if got.Version < v || len(log) != got.Version {
				t.Fatalf("heard version %d, then Load gave version %d with %d entries", v, got.Version, len(log))
			}
			for i, e := range log {
				if e.Seq != i+1 || e.ClientID != want[i] {
					t.Fatalf("entry %d = seq %d %q, want seq %d %q", i, e.Seq, e.ClientID, i+1, want[i])
				}
			}
			heard++
			last = v
		case <-timeout:
			t.Fatalf("heard up to version %d of %d within 20s", last, final)
		}
	}
	if err := <-done; err != nil {
		t.Fatalf("writer: %v", err)
	}
	if _, log, err := b.Load(ctx, g.ID); err != nil || len(log) != final {
		t.Fatalf("final Load through the second instance: %d entries, %v; want %d", len(log), err, final)
	}
	t.Logf("%d notifications heard for %d versions", heard, final)

	// The other way round, and without a notification: an acknowledged
	// write of one instance is in the other's next read.
	v, err := b.AppendBatch(ctx, g.ID, final, []store.Entry{{ClientID: "from-b"}, {ClientID: "from-b+1"}})
	if err != nil {
		t.Fatalf("AppendBatch through the second instance: %v", err)
	}
	got, log, err := a.Load(ctx, g.ID)
	if err != nil || got.Version != v || len(log) != v || log[v-1].ClientID != "from-b+1" {
		t.Errorf("first instance right after the second's write: version %d, %d entries, %v; want %d", got.Version, len(log), err, v)
	}
	// The same repeat through either instance is one write.
	if again, err := a.AppendBatch(ctx, g.ID, final, []store.Entry{{ClientID: "from-b"}, {ClientID: "from-b+1"}}); err != nil || again != v {
		t.Errorf("repeat through the first instance = (%d, %v), want (%d, nil)", again, err, v)
	}
}

// TestHotStatementsArePrepared: Game, Log, Load, Append, AppendBatch and
// Seats run as prepared statements, prepared once per connection (pgx's
// statement cache), and running them again prepares nothing new.
func TestHotStatementsArePrepared(t *testing.T) {
	u := urlFor(t, baseURL(t)) + "&pool_max_conns=1" // one connection holds every statement
	ctx := context.Background()
	s, err := postgres.Open(ctx, u)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer s.Close()
	g := store.Game{ID: "prepared", Kind: "k", Owner: "ana", SpectatorToken: "prepared-spec"}
	if err := s.CreateGame(ctx, g, []store.Seat{{Index: 0, Name: "Ana", Token: "prepared-seat"}}); err != nil {
		t.Fatalf("CreateGame: %v", err)
	}
	v := 0
	round := func(r int) {
		t.Helper()
		if _, err := s.Game(ctx, g.ID); err != nil {
			t.Fatalf("Game: %v", err)
		}
		if _, err := s.Log(ctx, g.ID); err != nil {
			t.Fatalf("Log: %v", err)
		}
		if _, _, err := s.Load(ctx, g.ID); err != nil {
			t.Fatalf("Load: %v", err)
		}
		if _, err := s.Seats(ctx, g.ID); err != nil {
			t.Fatalf("Seats: %v", err)
		}
		if v, err = s.Append(ctx, g.ID, v, store.Entry{Action: []byte(`{"n":1}`), ClientID: fmt.Sprint("a", r)}); err != nil {
			t.Fatalf("Append: %v", err)
		}
		if v, err = s.AppendBatch(ctx, g.ID, v, []store.Entry{{ClientID: fmt.Sprint("b", r)}, {ClientID: fmt.Sprint("b", r, "+1")}}); err != nil {
			t.Fatalf("AppendBatch: %v", err)
		}
	}
	round(0)
	first, err := s.PreparedStatements(ctx)
	if err != nil {
		t.Fatalf("PreparedStatements: %v", err)
	}
	for _, want := range []string{
		"FROM games WHERE id = $1",                           // Game, Load
		"SELECT version FROM games WHERE id = $1",            // Log
		"FROM entries WHERE game_id = $1 ORDER BY seq",       // Log, Load
		"FROM seats WHERE game_id = $1 ORDER BY idx",         // Seats
		"SELECT version FROM games WHERE id = $1 FOR UPDATE", // Append
		"INSERT INTO entries",                                // Append
		"UPDATE games SET version",                           // Append
	} {
		found := false
		for _, st := range first {
			if strings.Contains(st, want) {
				found = true
				break
			}
		}
		if !found {
			t.Errorf("no prepared statement contains %q; prepared: %q", want, first)
		}
	}
	round(1)
	round(2)
	again, err := s.PreparedStatements(ctx)
	if err != nil {
		t.Fatalf("PreparedStatements: %v", err)
	}
	if len(again) != len(first) {
		t.Errorf("%d prepared statements after the first round, %d after two more: statements are prepared again", len(first), len(again))
	}
}

// benchStore opens a Store on a fresh schema of the test database, dropped
// when b ends.
func benchStore(b *testing.B) *postgres.Store {
	b.Helper()
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
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+name); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() {
		conn.Exec(ctx, "DROP SCHEMA "+name+" CASCADE")
		conn.Close(ctx)
	})
	pu, _ := url.Parse(u)
	q := pu.Query()
	q.Set("search_path", name)
	pu.RawQuery = q.Encode()
	s, err := postgres.Open(ctx, pu.String())
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	return s
}

// BenchmarkAppend measures one move against the test database: lock, check,
// insert, notify, commit.
func BenchmarkAppend(b *testing.B) {
	s := benchStore(b)
	ctx := context.Background()
	if err := s.CreateGame(ctx, store.Game{ID: "bench", Kind: "k", Owner: "ana", SpectatorToken: "spec"}, nil); err != nil {
		b.Fatal(err)
	}
	v := 0
	for b.Loop() {
		var err error
		v, err = s.Append(ctx, "bench", v, store.Entry{Action: []byte(`{"type":"cast"}`), ClientID: strconv.Itoa(v)})
		if err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkConcurrentAppends: W goroutines, each appending to its own game
// as fast as it is answered, as the SQLite store's DurableAppends measures;
// the server commits the games side by side under their own row locks.
//
// Run: go test -run '^$' -bench ConcurrentAppends ./store/postgres
func BenchmarkConcurrentAppends(b *testing.B) {
	for _, w := range []int{1, 8, 64} {
		b.Run(fmt.Sprintf("writers=%d", w), func(b *testing.B) {
			s := benchStore(b)
			ctx := context.Background()
			for g := range w {
				if err := s.CreateGame(ctx, store.Game{ID: fmt.Sprint("g", g), Kind: "k", Owner: "ana", SpectatorToken: fmt.Sprint("s", g)}, nil); err != nil {
					b.Fatal(err)
				}
			}
			var next atomic.Int64
			var wg sync.WaitGroup
			b.ResetTimer()
			for g := range w {
				wg.Go(func() {
					for v := 0; next.Add(1) <= int64(b.N); v++ {
						if _, err := s.Append(ctx, fmt.Sprint("g", g), v, store.Entry{Action: []byte(`{"type":"cast"}`), ClientID: strconv.Itoa(v)}); err != nil {
							b.Error(err)
							return
						}
					}
				})
			}
			wg.Wait()
			b.StopTimer()
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "appends/s")
		})
	}
}

// TestHomeListSearchesIndexes: a device's home list is found through the
// owner and seat-holder indexes, never by reading every game on the server
// (an OR with EXISTS did that).
func TestHomeListSearchesIndexes(t *testing.T) {
	t.Parallel()
	s := openStore(t)
	plan, err := s.HomeListPlan(context.Background(), "dev")
	if err != nil {
		t.Fatal(err)
	}
	for _, table := range []string{"games", "seats"} {
		if strings.Contains(plan, "Seq Scan on "+table) {
			t.Errorf("the home list reads all of %s:\n%s", table, plan)
		}
	}
}
