package main

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"time"

	"golang.org/x/crypto/acme"
	"golang.org/x/crypto/acme/autocert"

	"github.com/grimoire-games/grimoire/store/durable"
)

// tlsSetup returns the TLS configuration for the configured way of serving
// HTTPS (nil for plain HTTP) and, for ACME, the wrapper that answers HTTP-01
// challenges on the plain-HTTP port.
func tlsSetup(cfg serveConfig) (*tls.Config, func(http.Handler) http.Handler, error) {
	switch {
	case cfg.tlsCert != "":
		cf := &certFiles{cert: cfg.tlsCert, key: cfg.tlsKey}
		if _, err := cf.load(); err != nil {
			return nil, nil, fmt.Errorf("serve: %w", err)
		}
		return &tls.Config{MinVersion: tls.VersionTLS12, GetCertificate: cf.get}, nil, nil
	case len(cfg.acmeDomains) > 0:
		m := &autocert.Manager{
			Prompt:     autocert.AcceptTOS,
			Cache:      acmeCache(filepath.Join(cfg.data, "acme")),
			HostPolicy: autocert.HostWhitelist(cfg.acmeDomains...),
			Email:      cfg.acmeEmail,
			Client:     &acme.Client{DirectoryURL: cfg.acmeDirectory, UserAgent: "grimoire"},
		}
		conf := m.TLSConfig()
		conf.MinVersion = tls.VersionTLS12
		return conf, m.HTTPHandler, nil
	}
	return nil, nil, nil
}

// acmeCache keeps the ACME account key and certificates in a directory, as
// autocert.DirCache does, but writes them through store/durable: DirCache
// renames a file into place without syncing it or its directory, so a
// power cut could leave an empty certificate (or lose the account key) and
// the next start would ask the CA again, against its rate limits.
type acmeCache string

func (d acmeCache) Get(ctx context.Context, name string) ([]byte, error) {
	b, err := os.ReadFile(filepath.Join(string(d), name))
	if errors.Is(err, os.ErrNotExist) {
		return nil, autocert.ErrCacheMiss
	}
	if err == nil && len(b) == 0 {
		// Empty is never a certificate: treat it as missing, so it is
		// fetched again rather than served broken.
		return nil, autocert.ErrCacheMiss
	}
	return b, err
}

func (d acmeCache) Put(ctx context.Context, name string, data []byte) error {
	if err := durable.MkdirAll(string(d), 0o700); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	return durable.WriteFile(filepath.Join(string(d), name), data, 0o600)
}

func (d acmeCache) Delete(ctx context.Context, name string) error {
	if err := os.Remove(filepath.Join(string(d), name)); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return durable.SyncDir(string(d))
}

// certFiles serves a certificate from files and rereads them when they
// change, so a renewal by certbot or another tool needs no restart.
type certFiles struct {
	cert, key string

	mu      sync.Mutex
	current *tls.Certificate
	stamp   string    // modification times of both files when loaded
	checked time.Time // files are looked at no more than once a second
}

func (cf *certFiles) stampNow() (string, error) {
	a, err := os.Stat(cf.cert)
	if err != nil {
		return "", fmt.Errorf("TLS certificate: %w", err)
	}
	b, err := os.Stat(cf.key)
	if err != nil {
		return "", fmt.Errorf("TLS key: %w", err)
	}
	return a.ModTime().String() + "|" + b.ModTime().String(), nil
}

func (cf *certFiles) load() (*tls.Certificate, error) {
	stamp, err := cf.stampNow()
	if err != nil {
		return nil, err
	}
	c, err := tls.LoadX509KeyPair(cf.cert, cf.key)
	if err != nil {
		return nil, fmt.Errorf("TLS certificate and key: %w", err)
	}
	cf.mu.Lock()
	cf.current, cf.stamp, cf.checked = &c, stamp, time.Now()
	cf.mu.Unlock()
	return &c, nil
}

func (cf *certFiles) get(*tls.ClientHelloInfo) (*tls.Certificate, error) {
	cf.mu.Lock()
	cur, stamp, fresh := cf.current, cf.stamp, time.Since(cf.checked) < time.Second
	if !fresh {
		cf.checked = time.Now()
	}
	cf.mu.Unlock()
	if fresh {
		return cur, nil
	}
	if now, err := cf.stampNow(); err == nil && now != stamp {
		// A half-written renewal fails to parse: keep serving the old pair.
		if c, err := cf.load(); err == nil {
			return c, nil
		}
	}
	if cur == nil {
		return nil, errors.New("no TLS certificate")
	}
	return cur, nil
}

// toHTTPS redirects plain-HTTP requests to the same URL over HTTPS on the
// port the app listens on. GET and HEAD move permanently; other methods get
// 308 so a form post keeps its method and body.
func toHTTPS(tlsPort int) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host := r.Host
		if h, _, err := net.SplitHostPort(host); err == nil {
			host = h
		}
		if host == "" {
			http.Error(w, "Use HTTPS.", http.StatusBadRequest)
			return
		}
		if tlsPort != 443 {
			host = net.JoinHostPort(host, strconv.Itoa(tlsPort))
		} else if net.ParseIP(host) != nil && net.ParseIP(host).To4() == nil {
			host = "[" + host + "]"
		}
		code := http.StatusMovedPermanently
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			code = http.StatusPermanentRedirect
		}
		http.Redirect(w, r, "https://"+host+r.URL.RequestURI(), code)
	})
}
