package main

import (
	"bytes"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"
)

// hostPort is the host:port part of a URL the binary printed.
func hostPort(t testing.TB, raw string) string {
	t.Helper()
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	return u.Host
}

func TestHTTPSFromCertificateFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the real binary")
	}
	bin := grimoireBinary(t)
	ca := newTestCA(t)
	dir := t.TempDir()
	certPath, keyPath, leaf := ca.leafFiles(t, dir, "grimoire.test")
	srv := startBinary(t, bin, []string{"serve", "--addr", "127.0.0.1:0", "--http-addr", "127.0.0.1:0",
		"--tls-cert", certPath, "--tls-key", keyPath, "--data", t.TempDir()}, nil)
	if !strings.HasPrefix(srv.url, "https://") || srv.redirect == "" {
		t.Fatalf("serving on %q, redirecting %q: want HTTPS and a redirector", srv.url, srv.redirect)
	}
	addr := hostPort(t, srv.url)
	_, tlsPort, _ := net.SplitHostPort(addr)
	client := ca.clientFor("grimoire.test", addr)

	t.Run("HTTPS serves the app with the certificate, HSTS and Secure cookies", func(t *testing.T) {
		res, err := client.Get("https://grimoire.test/")
		if err != nil {
			t.Fatalf("GET over HTTPS: %v", err)
		}
		defer res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Fatalf("status %d", res.StatusCode)
		}
		if got := res.TLS.PeerCertificates[0].SerialNumber; got.Cmp(leaf.SerialNumber) != 0 {
			t.Errorf("served certificate %v, want the file's %v", got, leaf.SerialNumber)
		}
		if hsts := res.Header.Get("Strict-Transport-Security"); !strings.Contains(hsts, "max-age=") {
			t.Errorf("Strict-Transport-Security %q", hsts)
		}
		cookies := res.Cookies()
		if len(cookies) < 2 {
			t.Fatalf("want the session and CSRF cookies, got %v", res.Header.Values("Set-Cookie"))
		}
		for _, c := range cookies {
			if !c.Secure || !c.HttpOnly {
				t.Errorf("cookie %s: Secure %v HttpOnly %v", c.Name, c.Secure, c.HttpOnly)
			}
		}
	})
	t.Run("the health check over HTTPS sets no cookie", func(t *testing.T) {
		res, err := client.Head("https://grimoire.test/healthz")
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusOK || len(res.Header.Values("Set-Cookie")) > 0 {
			t.Fatalf("HEAD /healthz: %d, cookies %v", res.StatusCode, res.Header.Values("Set-Cookie"))
		}
	})
	t.Run("plain HTTP redirects to the same URL over HTTPS", func(t *testing.T) {
		plain := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		cases := []struct {
			method string
			want   int
		}{
			{http.MethodGet, http.StatusMovedPermanently},
			{http.MethodHead, http.StatusMovedPermanently},
			{http.MethodPost, http.StatusPermanentRedirect},
		}
		for _, tc := range cases {
			req, _ := http.NewRequest(tc.method, srv.redirect+"/rules/mages-tower?from=qr", nil)
			req.Host = "grimoire.test"
			res, err := plain.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			want := "https://grimoire.test:" + tlsPort + "/rules/mages-tower?from=qr"
			if res.StatusCode != tc.want || res.Header.Get("Location") != want {
				t.Errorf("%s: %d to %q, want %d to %q", tc.method, res.StatusCode, res.Header.Get("Location"), tc.want, want)
			}
			if len(res.Header.Values("Set-Cookie")) > 0 {
				t.Errorf("%s: the redirect set a cookie over plain HTTP", tc.method)
			}
		}
	})
	t.Run("a renewed certificate file is served without a restart", func(t *testing.T) {
		// Modification times must differ from the first files' for the
		// reload to notice; and the binary looks at most once a second.
		time.Sleep(1100 * time.Millisecond)
		newDir := t.TempDir()
		c2, k2, leaf2 := ca.leafFiles(t, newDir, "grimoire.test")
		for from, to := range map[string]string{c2: certPath, k2: keyPath} {
			b, err := os.ReadFile(from)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(to+".new", b, 0o600); err != nil {
				t.Fatal(err)
			}
			if err := os.Rename(to+".new", to); err != nil {
				t.Fatal(err)
			}
		}
		fresh := ca.clientFor("grimoire.test", addr) // a new connection, a new handshake
		var got []byte
		for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
			res, err := fresh.Get("https://grimoire.test/healthz")
			if err != nil {
				t.Fatal(err)
			}
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
			got = res.TLS.PeerCertificates[0].SerialNumber.Bytes()
			if bytes.Equal(got, leaf2.SerialNumber.Bytes()) {
				return
			}
			fresh.CloseIdleConnections()
		}
		t.Fatalf("still serving serial %x after the files changed, want %x", got, leaf2.SerialNumber.Bytes())
	})
	t.Run("one access log line per request, by route", func(t *testing.T) {
		logs := srv.logsWith(t, "route=")
		if !strings.Contains(logs, "route=/rules/mages-tower") && !strings.Contains(logs, "route=/healthz") {
			t.Errorf("no access log lines naming routes:\n%s", logs)
		}
		if strings.Contains(logs, "from=qr") {
			t.Errorf("a query string reached the log:\n%s", logs)
		}
	})
}

func TestServeRefusesHalfATLSConfiguration(t *testing.T) {
	cases := []struct {
		name string
		args []string
	}{
		{"a certificate without its key", []string{"--tls-cert", "c.pem"}},
		{"a key without its certificate", []string{"--tls-key", "k.pem"}},
		{"files and ACME at once", []string{"--tls-cert", "c.pem", "--tls-key", "k.pem", "--acme-domain", "a.example"}},
		{"an unknown log format", []string{"--log-format", "xml"}},
		{"a trusted proxy that is no address", []string{"--behind-proxy", "--trusted-proxies", "proxy.local"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := parseServe(tc.args, io.Discard); err == nil {
				t.Fatalf("%v accepted", tc.args)
			}
		})
	}
}

func TestServeDefaultsFollowTheWayItServes(t *testing.T) {
	t.Setenv("GRIMOIRE_ADDR", "")
	cases := []struct {
		name     string
		args     []string
		addr     string
		proxies  int
		wantsTLS bool
	}{
		{"plain HTTP on :8080", nil, ":8080", 0, false},
		{"certificate files on :443", []string{"--tls-cert", "c", "--tls-key", "k"}, ":443", 0, true},
		{"ACME on :443", []string{"--acme-domain", "a.example,b.example"}, ":443", 0, true},
		{"behind a proxy on loopback by default", []string{"--behind-proxy"}, ":8080", 2, false},
		{"behind a proxy elsewhere", []string{"--behind-proxy", "--trusted-proxies", "10.0.0.0/8, 192.0.2.7"}, ":8080", 2, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := parseServe(tc.args, io.Discard)
			if err != nil {
				t.Fatal(err)
			}
			if cfg.addr != tc.addr || len(cfg.proxies) != tc.proxies || cfg.servesTLS() != tc.wantsTLS {
				t.Fatalf("addr %q proxies %v TLS %v", cfg.addr, cfg.proxies, cfg.servesTLS())
			}
		})
	}
}
