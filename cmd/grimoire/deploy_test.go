package main

import (
	"bufio"
	"context"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/store/sqlite"
)

// needTool finds a program the deploy tests drive. In CI (where
// GRIMOIRE_REQUIRE_BROWSER=1 is set, and .ci/run installs them) its absence
// fails the test; elsewhere it skips.
func needTool(t *testing.T, name, pkg string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err == nil {
		return p
	}
	if os.Getenv("GRIMOIRE_REQUIRE_BROWSER") == "1" {
		t.Fatalf("%s is not installed (apt-get install %s); CI must run this test", name, pkg)
	}
	t.Skipf("%s is not installed (apt-get install %s)", name, pkg)
	return ""
}

func TestSystemdUnitVerifies(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	analyze := needTool(t, "systemd-analyze", "systemd")
	bin := grimoireBinary(t)
	unit, err := os.ReadFile("../../deploy/grimoire.service")
	if err != nil {
		t.Fatal(err)
	}
	exec1 := regexp.MustCompile(`(?m)^ExecStart=(\S+)(.*)$`).FindStringSubmatch(string(unit))
	if exec1 == nil {
		t.Fatal("no ExecStart")
	}
	// verify checks that ExecStart's program exists: point it at the
	// binary just built, everything else as shipped.
	dir := t.TempDir()
	path := filepath.Join(dir, "grimoire.service")
	if err := os.WriteFile(path, []byte(strings.Replace(string(unit), exec1[0], "ExecStart="+bin+exec1[2], 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(analyze, "verify", path).CombinedOutput()
	// verify exits 0 on unknown keys and bad values, but says so: any word
	// from it is a fault in the unit.
	if err != nil || len(strings.TrimSpace(string(out))) > 0 {
		t.Fatalf("systemd-analyze verify: %v\n%s", err, out)
	}
	for _, want := range []string{"DynamicUser=yes", "StateDirectory=grimoire", "GRIMOIRE_DATA=/var/lib/grimoire", "NoNewPrivileges=yes"} {
		if !strings.Contains(string(unit), want) {
			t.Errorf("the unit lacks %s", want)
		}
	}

	t.Run("the unit's command line and environment start a server", func(t *testing.T) {
		var env []string
		for _, m := range regexp.MustCompile(`(?m)^Environment=(\S+)$`).FindAllStringSubmatch(string(unit), -1) {
			k, _, _ := strings.Cut(m[1], "=")
			if k == "GRIMOIRE_DATA" {
				m[1] = k + "=" + t.TempDir()
			}
			env = append(env, m[1])
		}
		env = append(env, "GRIMOIRE_ADDR=127.0.0.1:0")
		srv := startBinary(t, bin, strings.Fields(exec1[2]), env)
		res, err := http.Get(srv.url + "/healthz")
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Fatalf("healthz %d", res.StatusCode)
		}
	})
}

// proxied is Grimoire behind a proxy: a data directory holding one game
// whose spectator stream the proxy must pass through unbuffered.
type proxied struct {
	app       *running
	ca        *testCA
	certPath  string
	keyPath   string
	httpPort  string
	httpsPort string
	dir       string
}

func startProxied(t *testing.T) *proxied {
	t.Helper()
	bin := grimoireBinary(t)
	data := t.TempDir()
	st, err := sqlite.Open(filepath.Join(data, "grimoire.db"))
	if err != nil {
		t.Fatal(err)
	}
	g := store.Game{ID: "proxygame", Kind: "spells-arrows", Title: "Ana vs Ben", Owner: "nobody", SpectatorToken: "proxywatch", Setup: []byte(`{}`)}
	if err := st.CreateGame(context.Background(), g, nil); err != nil {
		t.Fatal(err)
	}
	st.Close()
	p := &proxied{ca: newTestCA(t), dir: t.TempDir(), httpPort: freePort(t), httpsPort: freePort(t)}
	p.certPath, p.keyPath, _ = p.ca.leafFiles(t, p.dir, "grimoire.test")
	p.app = startBinary(t, bin, []string{"serve", "--addr", "127.0.0.1:0", "--behind-proxy", "--data", data}, nil)
	return p
}

// upstream is the host:port Grimoire listens on.
func (p *proxied) upstream(t *testing.T) string { return hostPort(t, p.app.url) }

// waitListening waits until something accepts connections on the port.
func waitListening(t *testing.T, port string, logs func() string) {
	t.Helper()
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if c, err := net.Dial("tcp", "127.0.0.1:"+port); err == nil {
			c.Close()
			return
		}
	}
	t.Fatalf("nothing listens on %s\n%s", port, logs())
}

// checkThroughProxy is what both proxies must get right.
func (p *proxied) check(t *testing.T) {
	client := p.ca.clientFor("grimoire.test", "127.0.0.1:"+p.httpsPort)
	base := "https://grimoire.test:" + p.httpsPort
	t.Run("HTTPS through the proxy: Secure cookies and HSTS from Grimoire", func(t *testing.T) {
		res, err := client.Get(base + "/")
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Fatalf("status %d", res.StatusCode)
		}
		if res.Header.Get("Strict-Transport-Security") == "" {
			t.Error("no HSTS: Grimoire did not believe the proxy's X-Forwarded-Proto")
		}
		if len(res.Cookies()) < 2 {
			t.Fatalf("cookies %v", res.Header.Values("Set-Cookie"))
		}
		for _, c := range res.Cookies() {
			if !c.Secure {
				t.Errorf("cookie %s is not Secure behind HTTPS", c.Name)
			}
		}
	})
	t.Run("plain HTTP to the proxy redirects to HTTPS", func(t *testing.T) {
		req, _ := http.NewRequest(http.MethodGet, "http://127.0.0.1:"+p.httpPort+"/rules", nil)
		req.Host = "grimoire.test"
		res, err := (&http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}).Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		loc := res.Header.Get("Location")
		if res.StatusCode/100 != 3 || !strings.HasPrefix(loc, "https://grimoire.test") || !strings.HasSuffix(loc, "/rules") {
			t.Fatalf("%d to %q", res.StatusCode, loc)
		}
	})
	t.Run("a spectator's event stream arrives at once, not buffered", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"/watch/proxywatch/events", nil)
		res, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		sc := bufio.NewScanner(res.Body)
		for sc.Scan() {
			if strings.HasPrefix(sc.Text(), "data: ") {
				return
			}
		}
		t.Fatalf("no version line within 5 s: %v", sc.Err())
	})
	t.Run("no spectator token reaches the app's log", func(t *testing.T) {
		if strings.Contains(p.app.logsWith(t, "/watch/"), "proxywatch") {
			t.Error("the spectator token reached the log")
		}
	})
}

func TestBehindNginx(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	nginx := needTool(t, "nginx", "nginx-light")
	p := startProxied(t)
	site, err := os.ReadFile("../../deploy/nginx.conf")
	if err != nil {
		t.Fatal(err)
	}
	conf := string(site)
	// The test listens on loopback ports only (IPv6 may be absent here).
	conf = regexp.MustCompile(`(?m)^\s*listen \[::\].*$`).ReplaceAllString(conf, "")
	conf = regexp.MustCompile(`listen 80;`).ReplaceAllString(conf, "listen 127.0.0.1:"+p.httpPort+";")
	conf = regexp.MustCompile(`listen 443 ssl`).ReplaceAllString(conf, "listen 127.0.0.1:"+p.httpsPort+" ssl")
	conf = regexp.MustCompile(`/etc/letsencrypt/live/grimoire\.example\.org/fullchain\.pem`).ReplaceAllString(conf, p.certPath)
	conf = regexp.MustCompile(`/etc/letsencrypt/live/grimoire\.example\.org/privkey\.pem`).ReplaceAllString(conf, p.keyPath)
	conf = strings.ReplaceAll(conf, "grimoire.example.org", "grimoire.test")
	conf = strings.ReplaceAll(conf, "127.0.0.1:8080", p.upstream(t))
	// nginx's redirect says https://$host/..., the default port; the test's
	// port is another, so the check only looks at scheme, host and path.
	tmp := p.dir
	var user string
	if os.Geteuid() == 0 {
		user = "user root;\n"
	}
	main := user + "pid " + tmp + "/nginx.pid;\nerror_log " + tmp + "/error.log;\nevents {}\nhttp {\n" +
		"access_log off;\nclient_body_temp_path " + tmp + "/body;\nproxy_temp_path " + tmp + "/proxy;\n" +
		"fastcgi_temp_path " + tmp + "/fcgi;\nuwsgi_temp_path " + tmp + "/uwsgi;\nscgi_temp_path " + tmp + "/scgi;\n" +
		conf + "\n}\n"
	confPath := filepath.Join(tmp, "nginx.conf")
	if err := os.WriteFile(confPath, []byte(main), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(nginx, "-t", "-p", tmp, "-c", confPath).CombinedOutput(); err != nil {
		t.Fatalf("nginx -t: %v\n%s", err, out)
	}
	cmd := exec.Command(nginx, "-p", tmp, "-c", confPath, "-g", "daemon off;")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Signal(os.Interrupt); cmd.Wait() })
	errLog := func() string { b, _ := os.ReadFile(filepath.Join(tmp, "error.log")); return string(b) }
	waitListening(t, p.httpsPort, errLog)
	p.check(t)
}

func TestBehindCaddy(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	caddy := needTool(t, "caddy", "caddy")
	p := startProxied(t)
	site, err := os.ReadFile("../../deploy/Caddyfile")
	if err != nil {
		t.Fatal(err)
	}
	conf := strings.ReplaceAll(string(site), "127.0.0.1:8080", p.upstream(t))
	// The test's certificate instead of one from Let's Encrypt, and its ports.
	conf = strings.Replace(conf, "grimoire.example.org {", "grimoire.test {\n\ttls "+p.certPath+" "+p.keyPath, 1)
	global := "{\n\tadmin off\n\thttp_port " + p.httpPort + "\n\thttps_port " + p.httpsPort + "\n\tskip_install_trust\n\tlocal_certs\n}\n"
	confPath := filepath.Join(p.dir, "Caddyfile")
	if err := os.WriteFile(confPath, []byte(global+conf), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(caddy, "run", "--config", confPath, "--adapter", "caddyfile")
	cmd.Env = append(os.Environ(), "HOME="+p.dir, "XDG_DATA_HOME="+p.dir+"/data", "XDG_CONFIG_HOME="+p.dir+"/config")
	var logs strings.Builder
	cmd.Stdout, cmd.Stderr = &logs, &logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Signal(os.Interrupt); cmd.Wait() })
	waitListening(t, p.httpsPort, logs.String)
	p.check(t)
}
