package middleware

import (
	"net/http"
	"testing"

	"github.com/labstack/echo/v4"
)

// A per-client limit counts the connection's address, an IPv6 client by its
// /64 (one household or phone holds a whole /64, and would otherwise have
// 2^64 allowances), and never a header the client writes.
func TestClientKey(t *testing.T) {
	e := echo.New()
	e.IPExtractor = echo.ExtractIPDirect()
	key := func(remote string, h map[string]string) string {
		r := httptestRequest(remote, h)
		return ClientKey(e.NewContext(r, nil))
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
