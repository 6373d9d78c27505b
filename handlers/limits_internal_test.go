package handlers

import (
	"context"
	"errors"
	"net/http"
	"path/filepath"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/store/sqlite"
)

// The count of games per device: a creation the store refuses is not
// counted, the window slides (a game leaves it an hour after it was made,
// not at the top of the hour), and devices that made nothing in the last
// hour are forgotten.
func TestCreationLimit(t *testing.T) {
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "grimoire.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	now := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	lim := newCreationLimit(st, 2, func() time.Time { return now })
	ctx := context.Background()
	n := 0
	game := func(owner string) store.Game {
		n++
		return store.Game{ID: "g" + string(rune('a'+n)), Kind: "spells-arrows", Title: "t", Owner: owner,
			SpectatorToken: "s" + string(rune('a'+n)), Setup: []byte(`{}`), Created: now, Updated: now}
	}
	tooMany := func(err error) bool {
		var he *echo.HTTPError
		return errors.As(err, &he) && he.Code == http.StatusTooManyRequests
	}

	first := game("ana")
	if err := lim.CreateGame(ctx, first, nil); err != nil {
		t.Fatal(err)
	}
	now = now.Add(30 * time.Minute)
	dup := first
	dup.SpectatorToken = "another"
	if err := lim.CreateGame(ctx, dup, nil); err == nil || tooMany(err) {
		t.Fatalf("a game with a taken id: %v, want the store's refusal", err)
	}
	if err := lim.CreateGame(ctx, game("ana"), nil); err != nil {
		t.Fatalf("the refused creation was counted: %v", err)
	}
	if err := lim.CreateGame(ctx, game("ana"), nil); !tooMany(err) {
		t.Fatalf("a third game within the hour: %v, want 429", err)
	}
	if err := lim.check("ben"); err != nil {
		t.Fatalf("another device: %v", err)
	}
	now = now.Add(30*time.Minute + time.Second) // the first game leaves the window
	if err := lim.check("ana"); err != nil {
		t.Fatalf("an hour after the first game: %v", err)
	}
	if err := lim.CreateGame(ctx, game("ana"), nil); err != nil {
		t.Fatal(err)
	}
	if err := lim.CreateGame(ctx, game("ana"), nil); !tooMany(err) {
		t.Fatalf("the second game of the sliding hour: %v, want 429", err)
	}
	now = now.Add(3 * time.Hour)
	_ = lim.check("cy")
	lim.mu.Lock()
	left := len(lim.made)
	lim.mu.Unlock()
	if left > 1 {
		t.Fatalf("%d devices remembered after three idle hours", left)
	}
}

// A per-client limit counts the connection's address, an IPv6 client by its
// /64 (one household or phone holds a whole /64, and would otherwise have
// 2^64 allowances), and never a header the client writes.
func TestClientKey(t *testing.T) {
	e := echo.New()
	e.IPExtractor = echo.ExtractIPDirect()
	key := func(remote string, h map[string]string) string {
		r := httptestRequest(remote, h)
		return clientKey(e.NewContext(r, nil))
	}
	tests := []struct {
		rule   string
		a, b   string
		h      map[string]string
		shared bool
	}{
		{"two IPv4 addresses are two clients", "192.0.2.1:1000", "192.0.2.2:1000", nil, false},
		{"two ports of one address are one client", "192.0.2.1:1000", "192.0.2.1:2000", nil, true},
		{"an IPv4 address mapped into IPv6 is that address", "[::ffff:192.0.2.1]:1000", "192.0.2.1:1000", nil, true},
		{"one IPv6 /64 is one client", "[2001:db8:1:2::1]:1000", "[2001:db8:1:2:ffff:ffff:ffff:ffff]:1000", nil, true},
		{"two IPv6 /64s are two clients", "[2001:db8:1:2::1]:1000", "[2001:db8:1:3::1]:1000", nil, false},
		{"X-Forwarded-For does not make a new client", "192.0.2.1:1000", "192.0.2.1:1000", map[string]string{"X-Forwarded-For": "198.51.100.7"}, true},
	}
	for _, tc := range tests {
		t.Run(tc.rule, func(t *testing.T) {
			ka, kb := key(tc.a, nil), key(tc.b, tc.h)
			if (ka == kb) != tc.shared {
				t.Fatalf("keys %q and %q: shared = %v, want %v", ka, kb, ka == kb, tc.shared)
			}
		})
	}
}

func httptestRequest(remote string, h map[string]string) *http.Request {
	r, _ := http.NewRequest(http.MethodGet, "http://grimoire.test/", nil)
	r.RemoteAddr = remote
	for k, v := range h {
		r.Header.Set(k, v)
	}
	return r
}
