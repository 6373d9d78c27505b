package main

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/crypto/acme"
)

// acmeCA is a minimal ACME server (RFC 8555) in the test: enough of the
// protocol for autocert to register, order, prove a name over HTTP-01,
// finalize and download. It checks the challenge for real, by fetching the
// key authorization from the address the binary serves plain HTTP on, and
// signs with a throwaway CA. Signatures on requests are not verified: the
// client under test is golang.org/x/crypto/acme, not this server.
type acmeCA struct {
	t   *testing.T
	ca  *testCA
	srv *httptest.Server

	mu         sync.Mutex
	http01Addr string // where the binary answers challenges (host:port)
	thumbprint string // of the account key
	orders     []*acmeOrder
	issued     int
	failures   []string
}

type acmeOrder struct {
	domains  []string
	token    string
	authzOK  bool
	certPEM  []byte
	finished bool
}

func newACMECA(t *testing.T, ca *testCA) *acmeCA {
	a := &acmeCA{t: t, ca: ca}
	a.srv = httptest.NewServer(http.HandlerFunc(a.serve))
	t.Cleanup(a.srv.Close)
	return a
}

func (a *acmeCA) directoryURL() string { return a.srv.URL + "/directory" }

func (a *acmeCA) fail(format string, args ...any) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.failures = append(a.failures, fmt.Sprintf(format, args...))
}

type jws struct {
	Protected, Payload, Signature string
}

func b64(s string) []byte {
	b, _ := base64.RawURLEncoding.DecodeString(s)
	return b
}

func (a *acmeCA) serve(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Replay-Nonce", base64.RawURLEncoding.EncodeToString(big.NewInt(time.Now().UnixNano()).Bytes()))
	w.Header().Set("Cache-Control", "no-store")
	base := a.srv.URL
	if r.URL.Path == "/directory" {
		writeJSON(w, http.StatusOK, map[string]string{
			"newNonce": base + "/nonce", "newAccount": base + "/new-account", "newOrder": base + "/new-order",
			"revokeCert": base + "/revoke", "keyChange": base + "/key-change",
		})
		return
	}
	if r.URL.Path == "/nonce" {
		w.WriteHeader(http.StatusOK)
		return
	}
	if r.Method != http.MethodPost {
		http.Error(w, "POST only", http.StatusMethodNotAllowed)
		return
	}
	var msg jws
	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
		a.fail("%s: body is not a JWS: %v", r.URL.Path, err)
		http.Error(w, "bad JWS", http.StatusBadRequest)
		return
	}
	var prot struct {
		JWK json.RawMessage `json:"jwk"`
		URL string          `json:"url"`
	}
	json.Unmarshal(b64(msg.Protected), &prot)
	payload := b64(msg.Payload)
	parts := strings.Split(strings.Trim(r.URL.Path, "/"), "/")
	a.mu.Lock()
	defer a.mu.Unlock()
	order := func() *acmeOrder {
		if len(parts) < 2 {
			return nil
		}
		i, err := strconv.Atoi(parts[1])
		if err != nil || i < 0 || i >= len(a.orders) {
			return nil
		}
		return a.orders[i]
	}
	switch parts[0] {
	case "new-account":
		var k struct{ Crv, Kty, X, Y string }
		json.Unmarshal(prot.JWK, &k)
		pub := &ecdsa.PublicKey{Curve: elliptic.P256(), X: new(big.Int).SetBytes(b64(k.X)), Y: new(big.Int).SetBytes(b64(k.Y))}
		tp, err := acme.JWKThumbprint(pub)
		if err != nil || k.Kty != "EC" {
			a.failures = append(a.failures, fmt.Sprintf("account key %s: %v", prot.JWK, err))
			http.Error(w, "unsupported key", http.StatusBadRequest)
			return
		}
		a.thumbprint = tp
		w.Header().Set("Location", base+"/account/1")
		writeJSON(w, http.StatusCreated, map[string]any{"status": "valid"})
	case "account":
		writeJSON(w, http.StatusOK, map[string]any{"status": "valid"})
	case "new-order":
		var req struct {
			Identifiers []struct{ Type, Value string }
		}
		json.Unmarshal(payload, &req)
		o := &acmeOrder{token: base64.RawURLEncoding.EncodeToString(big.NewInt(time.Now().UnixNano()).Bytes())}
		for _, id := range req.Identifiers {
			o.domains = append(o.domains, id.Value)
		}
		a.orders = append(a.orders, o)
		w.Header().Set("Location", fmt.Sprintf("%s/order/%d", base, len(a.orders)-1))
		writeJSON(w, http.StatusCreated, a.orderJSON(len(a.orders)-1))
	case "order":
		if o := order(); o != nil {
			writeJSON(w, http.StatusOK, a.orderJSON(indexOf(a.orders, o)))
			return
		}
		http.NotFound(w, r)
	case "authz":
		o := order()
		if o == nil {
			http.NotFound(w, r)
			return
		}
		writeJSON(w, http.StatusOK, a.authzJSON(indexOf(a.orders, o)))
	case "challenge":
		o := order()
		if o == nil {
			http.NotFound(w, r)
			return
		}
		// Validate as a CA would: ask the name's port 80 (here: the
		// binary's redirect address) for the key authorization.
		req, _ := http.NewRequest(http.MethodGet, "http://"+a.http01Addr+"/.well-known/acme-challenge/"+o.token, nil)
		req.Host = o.domains[0]
		a.mu.Unlock()
		res, err := http.DefaultClient.Do(req)
		a.mu.Lock()
		if err != nil {
			a.failures = append(a.failures, fmt.Sprintf("HTTP-01 fetch: %v", err))
			http.Error(w, "fetch failed", http.StatusBadRequest)
			return
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if want := o.token + "." + a.thumbprint; strings.TrimSpace(string(body)) != want {
			a.failures = append(a.failures, fmt.Sprintf("HTTP-01 answer %q (status %d), want %q", body, res.StatusCode, want))
			http.Error(w, "wrong key authorization", http.StatusForbidden)
			return
		}
		o.authzOK = true
		writeJSON(w, http.StatusOK, a.challengeJSON(indexOf(a.orders, o)))
	case "finalize":
		o := order()
		if o == nil || !o.authzOK {
			http.Error(w, "order not ready", http.StatusForbidden)
			return
		}
		var req struct{ CSR string }
		json.Unmarshal(payload, &req)
		csr, err := x509.ParseCertificateRequest(b64(req.CSR))
		if err != nil || csr.CheckSignature() != nil {
			a.failures = append(a.failures, fmt.Sprintf("CSR: %v", err))
			http.Error(w, "bad CSR", http.StatusBadRequest)
			return
		}
		der := a.ca.sign(a.t, csr.PublicKey, o.domains, 90*24*time.Hour)
		o.certPEM = append(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), a.ca.pem...)
		o.finished = true
		a.issued++
		writeJSON(w, http.StatusOK, a.orderJSON(indexOf(a.orders, o)))
	case "cert":
		o := order()
		if o == nil || o.certPEM == nil {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/pem-certificate-chain")
		w.Write(o.certPEM)
	default:
		a.failures = append(a.failures, "unexpected request to "+r.URL.Path)
		http.NotFound(w, r)
	}
}

func indexOf(list []*acmeOrder, o *acmeOrder) int {
	for i, x := range list {
		if x == o {
			return i
		}
	}
	return -1
}

func (a *acmeCA) orderJSON(i int) map[string]any {
	o, base := a.orders[i], a.srv.URL
	status := "pending"
	switch {
	case o.finished:
		status = "valid"
	case o.authzOK:
		status = "ready"
	}
	ids := []map[string]string{}
	for _, d := range o.domains {
		ids = append(ids, map[string]string{"type": "dns", "value": d})
	}
	m := map[string]any{
		"status": status, "identifiers": ids, "expires": time.Now().Add(time.Hour).Format(time.RFC3339),
		"authorizations": []string{fmt.Sprintf("%s/authz/%d", base, i)},
		"finalize":       fmt.Sprintf("%s/finalize/%d", base, i),
	}
	if o.finished {
		m["certificate"] = fmt.Sprintf("%s/cert/%d", base, i)
	}
	return m
}

func (a *acmeCA) challengeJSON(i int) map[string]any {
	status := "pending"
	if a.orders[i].authzOK {
		status = "valid"
	}
	return map[string]any{"type": "http-01", "url": fmt.Sprintf("%s/challenge/%d", a.srv.URL, i), "token": a.orders[i].token, "status": status}
}

func (a *acmeCA) authzJSON(i int) map[string]any {
	status := "pending"
	if a.orders[i].authzOK {
		status = "valid"
	}
	return map[string]any{
		"status": status, "expires": time.Now().Add(time.Hour).Format(time.RFC3339),
		"identifier": map[string]string{"type": "dns", "value": a.orders[i].domains[0]},
		"challenges": []any{a.challengeJSON(i)},
	}
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(v)
}

func TestACMECertificateIsIssuedCachedAndReusedOnRestart(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the real binary")
	}
	bin := grimoireBinary(t)
	ca := newTestCA(t)
	acmeSrv := newACMECA(t, ca)
	data := t.TempDir()
	args := []string{"serve", "--addr", "127.0.0.1:0", "--http-addr", "127.0.0.1:0", "--data", data,
		"--acme-domain", "grimoire.test", "--acme-email", "referee@grimoire.test", "--acme-directory", acmeSrv.directoryURL()}

	handshake := func(t *testing.T, srv *running) *x509.Certificate {
		t.Helper()
		acmeSrv.mu.Lock()
		acmeSrv.http01Addr = hostPort(t, srv.redirect)
		acmeSrv.mu.Unlock()
		res, err := ca.clientFor("grimoire.test", hostPort(t, srv.url)).Get("https://grimoire.test/healthz")
		if err != nil {
			acmeSrv.mu.Lock()
			defer acmeSrv.mu.Unlock()
			t.Fatalf("HTTPS with the ACME certificate: %v\nACME server saw: %v\ngrimoire logged:\n%s", err, acmeSrv.failures, srv.logs())
		}
		defer res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Fatalf("status %d", res.StatusCode)
		}
		return res.TLS.PeerCertificates[0]
	}

	first := startBinary(t, bin, args, nil)
	cert := handshake(t, first)
	if cert.Subject.CommonName != "grimoire.test" || cert.Issuer.CommonName != ca.cert.Subject.CommonName {
		t.Fatalf("served %q issued by %q", cert.Subject.CommonName, cert.Issuer.CommonName)
	}
	acmeSrv.mu.Lock()
	issued, failures := acmeSrv.issued, acmeSrv.failures
	acmeSrv.mu.Unlock()
	if issued != 1 || len(failures) > 0 {
		t.Fatalf("issued %d certificates, failures %v", issued, failures)
	}
	if _, err := os.Stat(filepath.Join(data, "acme", "grimoire.test")); err != nil {
		t.Fatalf("the certificate is not cached in the data directory: %v", err)
	}

	// Stop the first server (as the cleanup would) and start again on the
	// same data directory: the cached certificate is served, none is ordered.
	stopEarly(t, first)
	second := startBinary(t, bin, args, nil)
	again := handshake(t, second)
	if again.SerialNumber.Cmp(cert.SerialNumber) != 0 {
		t.Errorf("after a restart the serial is %v, want the cached %v", again.SerialNumber, cert.SerialNumber)
	}
	acmeSrv.mu.Lock()
	defer acmeSrv.mu.Unlock()
	if acmeSrv.issued != 1 || len(acmeSrv.orders) != 1 {
		t.Errorf("the restart ordered again: %d orders, %d issued", len(acmeSrv.orders), acmeSrv.issued)
	}
}
