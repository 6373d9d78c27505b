package middleware

import (
	"net/http/httptest"
	"net/netip"
	"testing"
)

func TestClientAddressComesFromXFFOnlyThroughATrustedProxy(t *testing.T) {
	proxies := []netip.Prefix{netip.MustParsePrefix("10.0.0.5/32"), netip.MustParsePrefix("::1/128")}
	cases := []struct {
		name    string
		proxies []netip.Prefix
		remote  string
		xff     string
		want    string
	}{
		{"no proxy configured: the connection's address, whatever the header says", nil, "192.0.2.1:5000", "203.0.113.9", "192.0.2.1"},
		{"no proxy configured: loopback is not trusted either", nil, "127.0.0.1:5000", "203.0.113.9", "127.0.0.1"},
		{"a client that is not the proxy cannot name itself", proxies, "192.0.2.1:5000", "203.0.113.9", "192.0.2.1"},
		{"the trusted proxy names the client", proxies, "10.0.0.5:5000", "203.0.113.9", "203.0.113.9"},
		{"the trusted proxy over IPv6 loopback", proxies, "[::1]:5000", "203.0.113.9", "203.0.113.9"},
		{"a forged entry before the real client is skipped", proxies, "10.0.0.5:5000", "198.51.100.1, 203.0.113.9", "203.0.113.9"},
		{"a private address is not trusted just for being private", proxies, "10.0.0.6:5000", "203.0.113.9", "10.0.0.6"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest("GET", "/", nil)
			r.RemoteAddr = tc.remote
			r.Header.Set("X-Forwarded-For", tc.xff)
			if got := IPExtractor(tc.proxies)(r); got != tc.want {
				t.Fatalf("client %q, want %q", got, tc.want)
			}
		})
	}
}
