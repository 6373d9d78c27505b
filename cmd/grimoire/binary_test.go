package main

import (
	"bufio"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"debug/elf"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"math/big"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// The tests in this file and its neighbours start the real binary, built
// once per test run by the Dockerfile's own build-stage commands, so the
// container recipe is proven by every test that uses what it makes.

// dockerStage is one FROM ... stage of the Dockerfile, read the simple way
// our Dockerfile is written: one instruction per line, no continuations.
type dockerStage struct {
	from, name  string
	args, env   [][2]string // in order
	workdir     string
	run         []string
	user        string
	volumes     []string
	healthcheck []string
	entrypoint  []string
	cmd         []string
}

func readDockerfile(t testing.TB, path string) []*dockerStage {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var stages []*dockerStage
	for n, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		instr, rest, _ := strings.Cut(line, " ")
		instr = strings.ToUpper(instr)
		if instr == "FROM" {
			f := strings.Fields(rest)
			st := &dockerStage{from: f[0]}
			if len(f) == 3 && strings.EqualFold(f[1], "AS") {
				st.name = f[2]
			}
			stages = append(stages, st)
			continue
		}
		if len(stages) == 0 {
			t.Fatalf("Dockerfile line %d: %s before FROM", n+1, instr)
		}
		st := stages[len(stages)-1]
		switch instr {
		case "ARG":
			k, v, _ := strings.Cut(rest, "=")
			st.args = append(st.args, [2]string{k, v})
		case "ENV":
			for _, kv := range strings.Fields(rest) {
				k, v, ok := strings.Cut(kv, "=")
				if !ok {
					t.Fatalf("Dockerfile line %d: ENV %q is not KEY=VALUE", n+1, kv)
				}
				st.env = append(st.env, [2]string{k, v})
			}
		case "WORKDIR":
			st.workdir = rest
		case "RUN":
			st.run = append(st.run, rest)
		case "USER":
			st.user = rest
		case "VOLUME":
			st.volumes = append(st.volumes, jsonList(t, rest)...)
		case "HEALTHCHECK":
			_, cmd, ok := strings.Cut(rest, "CMD ")
			if !ok {
				t.Fatalf("Dockerfile line %d: HEALTHCHECK without CMD", n+1)
			}
			st.healthcheck = jsonList(t, cmd)
		case "ENTRYPOINT":
			st.entrypoint = jsonList(t, rest)
		case "CMD":
			st.cmd = jsonList(t, rest)
		case "COPY", "EXPOSE":
		default:
			t.Fatalf("Dockerfile line %d: the test does not know %s", n+1, instr)
		}
	}
	return stages
}

// jsonList reads an exec-form list; the shell form would hide a shell that
// the distroless image does not have.
func jsonList(t testing.TB, s string) []string {
	t.Helper()
	var out []string
	if err := json.Unmarshal([]byte(s), &out); err != nil {
		t.Fatalf("Dockerfile: %q is not an exec-form list: %v", s, err)
	}
	return out
}

var (
	buildOnce sync.Once
	buildDir  string
	buildErr  error
	buildLog  string
)

const testVersion = "v0.0.0-grimoire-test"

// grimoireBinary is the binary the Dockerfile's build stage makes. Its
// RUN lines run with sh in the repository root (what `COPY . .` puts in
// WORKDIR), the stage's ENV and ARG defaults, OUT in a temporary directory
// and VERSION set to testVersion.
func grimoireBinary(t testing.TB) string {
	t.Helper()
	buildOnce.Do(func() {
		buildDir, buildErr = os.MkdirTemp("", "grimoire-build-")
		if buildErr != nil {
			return
		}
		stages := readDockerfile(t, "../../Dockerfile")
		build := stages[0]
		env := os.Environ()
		for _, kv := range build.args {
			if kv[0] == "VERSION" {
				kv[1] = testVersion
			}
			env = append(env, kv[0]+"="+kv[1])
		}
		for _, kv := range build.env {
			if kv[0] == "OUT" {
				kv[1] = buildDir
			}
			env = append(env, kv[0]+"="+kv[1])
		}
		var log strings.Builder
		for _, run := range build.run {
			cmd := exec.Command("sh", "-c", run)
			cmd.Dir = "../.."
			cmd.Env = env
			out, err := cmd.CombinedOutput()
			fmt.Fprintf(&log, "$ %s\n%s", run, out)
			if err != nil {
				buildErr = fmt.Errorf("RUN %s: %w", run, err)
				break
			}
		}
		buildLog = log.String()
	})
	if buildErr != nil {
		t.Fatalf("Dockerfile build stage: %v\n%s", buildErr, buildLog)
	}
	return filepath.Join(buildDir, "grimoire")
}

func TestMain(m *testing.M) {
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	os.Exit(code)
}

func TestDockerfileBuildStageMakesAStaticBinaryThatServesAndIsHealthy(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	stages := readDockerfile(t, "../../Dockerfile")
	if len(stages) != 2 {
		t.Fatalf("want a build stage and a final stage, got %d stages", len(stages))
	}
	final := stages[1]
	t.Run("the final stage runs as a non-root user with a data volume", func(t *testing.T) {
		if final.user == "" || strings.HasPrefix(final.user, "0") || strings.HasPrefix(final.user, "root") {
			t.Errorf("USER %q", final.user)
		}
		if len(final.volumes) != 1 {
			t.Fatalf("VOLUME %v", final.volumes)
		}
		var dataEnv string
		for _, kv := range final.env {
			if kv[0] == "GRIMOIRE_DATA" {
				dataEnv = kv[1]
			}
		}
		if dataEnv != final.volumes[0] {
			t.Errorf("GRIMOIRE_DATA %q is not the volume %q", dataEnv, final.volumes[0])
		}
		if len(final.healthcheck) == 0 || len(final.entrypoint) == 0 {
			t.Errorf("HEALTHCHECK %v ENTRYPOINT %v", final.healthcheck, final.entrypoint)
		}
	})
	bin := grimoireBinary(t)
	t.Run("the binary is static (the distroless base has no libc)", func(t *testing.T) {
		f, err := elf.Open(bin)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		for _, p := range f.Progs {
			if p.Type == elf.PT_INTERP {
				t.Fatal("the binary asks for a dynamic loader")
			}
		}
		if libs, _ := f.ImportedLibraries(); len(libs) > 0 {
			t.Fatalf("the binary links %v", libs)
		}
	})
	t.Run("it starts as the final stage says and its health check passes", func(t *testing.T) {
		// The image's paths point into the image; here they point into the
		// test's own directories, everything else is the stage's.
		port := freePort(t)
		env := []string{}
		for _, kv := range final.env {
			switch kv[0] {
			case "GRIMOIRE_DATA":
				kv[1] = t.TempDir()
			case "GRIMOIRE_ADDR":
				kv[1] = "127.0.0.1:" + port
			}
			env = append(env, kv[0]+"="+kv[1])
		}
		srv := startBinary(t, bin, final.cmd, env)
		if srv.url != "http://127.0.0.1:"+port {
			t.Fatalf("serving on %s, want port %s", srv.url, port)
		}
		hc := exec.Command(bin, final.healthcheck[1:]...)
		hc.Env = append(os.Environ(), env...)
		out, err := hc.CombinedOutput()
		if err != nil {
			t.Fatalf("HEALTHCHECK %v: %v\n%s", final.healthcheck, err, out)
		}
		if last := lastLine(srv.logsWith(t, "/healthz")); !json.Valid([]byte(last)) {
			t.Errorf("GRIMOIRE_LOG_FORMAT=json but the log says %q", last)
		}
	})
	t.Run("a stopped server fails the health check", func(t *testing.T) {
		hc := exec.Command(bin, "healthcheck", "--url", "http://127.0.0.1:"+freePort(t)+"/healthz")
		if err := hc.Run(); err == nil {
			t.Fatal("the health check passed with nothing listening")
		}
	})
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

func freePort(t testing.TB) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	return port
}

// running is a started binary: where it serves and what it logged.
type running struct {
	url, redirect string // https://... or http://..., and the redirector's http://...
	mu            sync.Mutex
	stdout        strings.Builder
	stderr        strings.Builder
	stopOnce      sync.Once
	stop          func() error
}

// stopEarly stops a server before the test ends (a restart).
func stopEarly(t testing.TB, r *running) {
	t.Helper()
	if err := r.stop(); err != nil {
		t.Fatal(err)
	}
}

func (r *running) logs() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.stderr.String()
}

// logsWith is the log once it holds want: the server writes its lines out
// within logFlushAfter, not as each is made (logwriter.go).
func (r *running) logsWith(t testing.TB, want string) string {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		logs := r.logs()
		if strings.Contains(logs, want) {
			return logs
		}
		if time.Now().After(deadline) {
			t.Fatalf("the log does not say %q within 5 s:\n%s", want, logs)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

var servingLine = regexp.MustCompile(`serving on (https?://\S+)`)
var redirectLine = regexp.MustCompile(`redirects (http://\S+) to HTTPS`)

// startBinary runs the binary with args and extra environment, waits until
// it says where it serves, and stops it with SIGTERM when the test ends.
func startBinary(t testing.TB, bin string, args, env []string) *running {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), env...)
	r := &running{}
	outPipe, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = writerFunc(func(p []byte) (int, error) {
		r.mu.Lock()
		defer r.mu.Unlock()
		return r.stderr.Write(p)
	})
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	ready := make(chan struct{})
	httpOff := strings.Contains(strings.Join(args, " "), "--http-addr off")
	go func() {
		sc := bufio.NewScanner(outPipe)
		signalled := false
		for sc.Scan() {
			line := sc.Text()
			r.mu.Lock()
			r.stdout.WriteString(line + "\n")
			if m := servingLine.FindStringSubmatch(line); m != nil {
				r.url = strings.Replace(m[1], "localhost", "127.0.0.1", 1)
			}
			if m := redirectLine.FindStringSubmatch(line); m != nil {
				r.redirect = strings.Replace(m[1], "localhost", "127.0.0.1", 1)
			}
			// Over HTTPS the redirector's line follows the serving line,
			// unless it is turned off.
			done := r.url != "" && (r.redirect != "" || !strings.HasPrefix(r.url, "https") || httpOff)
			r.mu.Unlock()
			if done && !signalled {
				signalled = true
				close(ready)
			}
		}
		if !signalled {
			close(ready)
		}
		exited <- cmd.Wait()
	}()
	r.stop = func() error {
		var err error
		r.stopOnce.Do(func() {
			cmd.Process.Signal(syscall.SIGTERM)
			select {
			case <-exited:
			case <-time.After(15 * time.Second):
				cmd.Process.Kill()
				err = errors.New("grimoire did not stop within 15 s of SIGTERM")
			}
		})
		return err
	}
	t.Cleanup(func() {
		if err := r.stop(); err != nil {
			t.Error(err)
		}
	})
	select {
	case <-ready:
	case <-time.After(30 * time.Second):
		t.Fatalf("grimoire did not say where it serves within 30 s\nstdout:\n%s\nstderr:\n%s", r.stdout.String(), r.logs())
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.url == "" {
		t.Fatalf("grimoire exited without serving\nstdout:\n%s\nstderr:\n%s", r.stdout.String(), r.stderr.String())
	}
	return r
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

// testCA is a throwaway certificate authority for one test.
type testCA struct {
	cert *x509.Certificate
	key  *ecdsa.PrivateKey
	pem  []byte
	pool *x509.CertPool
}

func newTestCA(t testing.TB) *testCA {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "Grimoire test CA"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(24 * time.Hour),
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageDigitalSignature,
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, _ := x509.ParseCertificate(der)
	pool := x509.NewCertPool()
	pool.AddCert(cert)
	return &testCA{cert: cert, key: key, pem: pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), pool: pool}
}

var serial int64 = 100

// sign issues a leaf certificate for pub, valid for the names (DNS names or
// IP addresses), and returns its DER.
func (ca *testCA) sign(t testing.TB, pub any, names []string, validity time.Duration) []byte {
	t.Helper()
	serial++
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(serial),
		Subject:      pkix.Name{CommonName: names[0]},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(validity),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	for _, n := range names {
		if ip := net.ParseIP(n); ip != nil {
			tmpl.IPAddresses = append(tmpl.IPAddresses, ip)
		} else {
			tmpl.DNSNames = append(tmpl.DNSNames, n)
		}
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, ca.cert, pub, ca.key)
	if err != nil {
		t.Fatal(err)
	}
	return der
}

// leafFiles writes a certificate and key for the names into dir and returns
// their paths and the certificate.
func (ca *testCA) leafFiles(t testing.TB, dir string, names ...string) (certPath, keyPath string, leaf *x509.Certificate) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	der := ca.sign(t, &key.PublicKey, names, 24*time.Hour)
	kb, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	certPath, keyPath = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	chain := append(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), ca.pem...)
	if err := os.WriteFile(certPath, chain, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(keyPath, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: kb}), 0o600); err != nil {
		t.Fatal(err)
	}
	leaf, _ = x509.ParseCertificate(der)
	return certPath, keyPath, leaf
}

// clientFor trusts only the CA and reaches name at addr (a name that no
// resolver knows, the way a phone reaches a laptop by name).
func (ca *testCA) clientFor(name, addr string) *http.Client {
	dialer := &net.Dialer{Timeout: 10 * time.Second}
	return &http.Client{
		Timeout: 60 * time.Second,
		Transport: &http.Transport{
			TLSClientConfig: &tls.Config{RootCAs: ca.pool, ServerName: name},
			DialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
				return dialer.DialContext(ctx, network, addr)
			},
		},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}
