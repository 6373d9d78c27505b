package handlers_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/rand"
	"crypto/tls"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"path/filepath"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"

	"github.com/grimoire-games/grimoire/handlers"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/store/sqlite"
)

// servingApp is the app built with a given serving configuration.
func servingApp(t *testing.T, edit func(*handlers.Config)) (http.Handler, store.Store) {
	t.Helper()
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "grimoire.db"))
	if err != nil {
		t.Fatalf("open store: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	key := make([]byte, 64)
	if _, err := rand.Read(key); err != nil {
		t.Fatal(err)
	}
	cfg := handlers.Config{
		Store:       st,
		Games:       testGames(),
		SessionKeys: [][]byte{key[:32], key[32:]},
		Logger:      slog.New(slog.NewTextHandler(io.Discard, nil)),
	}
	if edit != nil {
		edit(&cfg)
	}
	h, err := handlers.New(cfg)
	if err != nil {
		t.Fatalf("handlers: %v", err)
	}
	checkKept(t, h)
	return h.Echo(), st
}

func serveOnce(h http.Handler, r *http.Request) *http.Response {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	return rec.Result()
}

// assetURL finds a hashed asset URL in the home page.
func assetURL(t *testing.T, h http.Handler, prefix string) string {
	t.Helper()
	res := serveOnce(h, httptest.NewRequest(http.MethodGet, "/", nil))
	body, _ := io.ReadAll(res.Body)
	i := bytes.Index(body, []byte(prefix))
	if i < 0 {
		t.Fatalf("home page names no %s", prefix)
	}
	j := bytes.IndexByte(body[i:], '"')
	return string(body[i : i+j])
}

func inflate(t *testing.T, enc string, body []byte) []byte {
	t.Helper()
	var r io.Reader
	switch enc {
	case "br":
		r = brotli.NewReader(bytes.NewReader(body))
	case "gzip":
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil {
			t.Fatalf("gzip: %v", err)
		}
		r = zr
	default:
		return body
	}
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("inflate %s: %v", enc, err)
	}
	return out
}

func TestResponsesAreCompressedAsTheClientAccepts(t *testing.T) {
	h, _ := servingApp(t, nil)
	css := assetURL(t, h, "/static/app.")
	wasm := assetURL(t, h, "/static/wasm/grimoire.")
	cases := []struct {
		name, path, accept string
		wantEnc            string
	}{
		// A page drawn per request is compressed per request: the fast gzip.
		{"a page goes gzip to a browser that takes both", "/", "gzip, deflate, br, zstd", "gzip"},
		{"a page goes gzip to a client without brotli", "/", "gzip", "gzip"},
		{"a page goes brotli to a client that refuses gzip", "/", "br, gzip;q=0", "br"},
		{"a page goes as it is to a client that asks for nothing", "/", "", ""},
		{"br;q=0 refuses brotli", "/rules", "br;q=0, gzip", "gzip"},
		{"a wildcard takes gzip for a page", "/rules", "*", "gzip"},
		// Assets are compressed once, so they go brotli when they can.
		{"CSS goes brotli to a browser that takes both", css, "gzip, deflate, br, zstd", "br"},
		{"CSS goes gzip to a client without brotli", css, "gzip", "gzip"},
		{"a wildcard takes brotli for an asset", css, "*", "br"},
		{"the manifest (JSON) is compressed", "/manifest.webmanifest", "gzip", "gzip"},
		{"the service worker (JS) is compressed", "/sw.js", "br", "br"},
		{"the wasm module goes as its embedded brotli copy to a browser that takes br", wasm, "gzip, deflate, br", "br"},
		{"the wasm module goes as its embedded gzip to a client without brotli", wasm, "gzip", "gzip"},
		{"br;q=0 gets the wasm module's gzip", wasm, "br;q=0, gzip", "gzip"},
		{"a tiny body (the health check) goes as it is", "/healthz", "br", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			plain := serveOnce(h, httptest.NewRequest(http.MethodGet, tc.path, nil))
			want, _ := io.ReadAll(plain.Body)
			r := httptest.NewRequest(http.MethodGet, tc.path, nil)
			if tc.accept != "" {
				r.Header.Set("Accept-Encoding", tc.accept)
			}
			res := serveOnce(h, r)
			if res.StatusCode != http.StatusOK {
				t.Fatalf("status %d", res.StatusCode)
			}
			if got := res.Header.Get("Content-Encoding"); got != tc.wantEnc {
				t.Fatalf("Content-Encoding %q, want %q", got, tc.wantEnc)
			}
			body, _ := io.ReadAll(res.Body)
			if tc.wantEnc != "" && len(body) >= len(want) {
				t.Errorf("compressed %d bytes, identity %d: nothing saved", len(body), len(want))
			}
			got := inflate(t, tc.wantEnc, body)
			// Pages carry a fresh CSRF token per client: compare the text
			// around it by length, files byte for byte.
			if strings.HasPrefix(tc.path, "/static/") || tc.path == "/sw.js" || tc.path == "/manifest.webmanifest" {
				if !bytes.Equal(got, want) {
					t.Error("the inflated body differs from the identity one")
				}
			} else if len(got) != len(want) {
				t.Errorf("inflated %d bytes, identity %d", len(got), len(want))
			}
		})
	}
}

func TestCompressedResponsesVaryOnAcceptEncoding(t *testing.T) {
	h, _ := servingApp(t, nil)
	for _, accept := range []string{"", "br"} {
		r := httptest.NewRequest(http.MethodGet, "/rules", nil)
		r.Header.Set("Accept-Encoding", accept)
		res := serveOnce(h, r)
		if !strings.Contains(strings.Join(res.Header.Values("Vary"), ","), "Accept-Encoding") {
			t.Errorf("Accept-Encoding %q: Vary %q lacks Accept-Encoding", accept, res.Header.Values("Vary"))
		}
	}
}

// An event stream must reach a watcher line by line: a compressor would hold
// its lines back, so it goes out as it is.
func TestEventStreamsAreNeverCompressed(t *testing.T) {
	h, st := servingApp(t, nil)
	srv := httptest.NewServer(h)
	defer srv.Close()
	g := store.Game{ID: "g1", Kind: "spells-arrows", Title: "A vs B", Owner: "x", SpectatorToken: "tok1", Setup: []byte(`{}`)}
	if err := st.CreateGame(context.Background(), g, nil); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+"/watch/tok1/events", nil)
	req.Header.Set("Accept-Encoding", "br, gzip")
	res, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/event-stream") {
		t.Fatalf("Content-Type %q", ct)
	}
	if enc := res.Header.Get("Content-Encoding"); enc != "" {
		t.Fatalf("event stream sent with Content-Encoding %q", enc)
	}
	line := make([]byte, 64)
	n, err := res.Body.Read(line)
	if err != nil || !strings.Contains(string(line[:n]), "version") {
		t.Fatalf("first read %q, %v: want the version line at once", line[:n], err)
	}
}

func TestHTTPSIsBelievedOnlyFromTheConnectionOrATrustedProxy(t *testing.T) {
	proxy := netip.MustParsePrefix("10.0.0.5/32")
	cases := []struct {
		name       string
		remote     string
		tls        bool
		forwarded  string
		proxies    []netip.Prefix
		wantSecure bool
	}{
		{"plain HTTP from a client: no HSTS, cookies not Secure", "192.0.2.1:1000", false, "", nil, false},
		{"TLS on the connection: HSTS and Secure cookies", "192.0.2.1:1000", true, "", nil, true},
		{"a client claiming https in a header is not believed", "192.0.2.1:1000", false, "https", nil, false},
		{"a client claiming https is not believed when a proxy is configured", "192.0.2.1:1000", false, "https", []netip.Prefix{proxy}, false},
		{"the trusted proxy saying https is believed", "10.0.0.5:1000", false, "https", []netip.Prefix{proxy}, true},
		{"the trusted proxy saying http is believed too", "10.0.0.5:1000", false, "http", []netip.Prefix{proxy}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h, _ := servingApp(t, func(c *handlers.Config) { c.TrustedProxies = tc.proxies })
			r := httptest.NewRequest(http.MethodGet, "/", nil)
			r.RemoteAddr = tc.remote
			if tc.tls {
				r.TLS = &tls.ConnectionState{}
			}
			if tc.forwarded != "" {
				r.Header.Set("X-Forwarded-Proto", tc.forwarded)
			}
			res := serveOnce(h, r)
			if got := res.Header.Get("Strict-Transport-Security") != ""; got != tc.wantSecure {
				t.Errorf("HSTS sent = %v, want %v", got, tc.wantSecure)
			}
			cookies := res.Cookies()
			if len(cookies) < 2 {
				t.Fatalf("want the session and CSRF cookies, got %d", len(cookies))
			}
			for _, ck := range cookies {
				if ck.Secure != tc.wantSecure {
					t.Errorf("cookie %s Secure = %v, want %v", ck.Name, ck.Secure, tc.wantSecure)
				}
			}
		})
	}
}

func TestHealthCheck(t *testing.T) {
	h, st := servingApp(t, nil)
	for _, method := range []string{http.MethodGet, http.MethodHead} {
		t.Run(method+" answers ok and sets no cookie", func(t *testing.T) {
			res := serveOnce(h, httptest.NewRequest(method, "/healthz", nil))
			if res.StatusCode != http.StatusOK {
				t.Fatalf("status %d", res.StatusCode)
			}
			if c := res.Header.Values("Set-Cookie"); len(c) > 0 {
				t.Errorf("health check set cookies %q", c)
			}
			if cc := res.Header.Get("Cache-Control"); cc != "no-store" {
				t.Errorf("Cache-Control %q", cc)
			}
		})
	}
	t.Run("a closed store is 503", func(t *testing.T) {
		if err := st.Close(); err != nil {
			t.Fatal(err)
		}
		res := serveOnce(h, httptest.NewRequest(http.MethodGet, "/healthz", nil))
		if res.StatusCode != http.StatusServiceUnavailable {
			t.Fatalf("status %d with the store closed, want 503", res.StatusCode)
		}
	})
}

func TestAccessLogNamesTheRouteNeverTheToken(t *testing.T) {
	var buf bytes.Buffer
	var logged *slog.Logger = slog.New(slog.NewJSONHandler(&buf, nil))
	h, _ := servingApp(t, func(c *handlers.Config) { c.Logger = logged; c.AccessLog = true })
	serveOnce(h, httptest.NewRequest(http.MethodGet, "/watch/secret-token-123/export?k=secret-q", nil))
	serveOnce(h, httptest.NewRequest(http.MethodGet, "/rules", nil))
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("want one line per request, got %d:\n%s", len(lines), buf.String())
	}
	if strings.Contains(buf.String(), "secret") {
		t.Errorf("a token reached the log:\n%s", buf.String())
	}
	for _, want := range []string{`"route":"/watch/:token/export"`, `"status":404`, `"method":"GET"`, `"duration":`, `"bytes":`} {
		if !strings.Contains(lines[0], want) {
			t.Errorf("log line lacks %s: %s", want, lines[0])
		}
	}
	if !strings.Contains(lines[1], `"route":"/rules"`) || !strings.Contains(lines[1], `"status":200`) {
		t.Errorf("second line: %s", lines[1])
	}
}

// The files a browser fetches on its own (the favicon, the manifest, the
// service worker, assets) set no cookie: one answered late must not replace
// the cookies a page has just set (a second device's copied cookies were
// overwritten that way by the favicon's 404 page in a browser test).
func TestFilesSetNoCookie(t *testing.T) {
	h, _ := servingApp(t, nil)
	css := assetURL(t, h, "/static/app.")
	for _, path := range []string{"/favicon.ico", "/manifest.webmanifest", "/sw.js", css} {
		t.Run(path, func(t *testing.T) {
			res := serveOnce(h, httptest.NewRequest(http.MethodGet, path, nil))
			if res.StatusCode != http.StatusOK {
				t.Fatalf("status %d", res.StatusCode)
			}
			if c := res.Header.Values("Set-Cookie"); len(c) > 0 {
				t.Errorf("set cookies %q", c)
			}
		})
	}
	res := serveOnce(h, httptest.NewRequest(http.MethodGet, "/favicon.ico", nil))
	if ct := res.Header.Get("Content-Type"); ct != "image/png" {
		t.Errorf("favicon Content-Type %q, want image/png", ct)
	}
}
