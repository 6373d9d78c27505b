package main

import (
	"context"
	"crypto/tls"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"time"
)

// healthcheck asks a running server's /healthz, for a container's
// HEALTHCHECK where no curl exists. It reads the address the way serve
// does, so the same environment serves both.
func healthcheck(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("healthcheck", flag.ContinueOnError)
	fs.SetOutput(stderr)
	url := fs.String("url", "", "health URL; empty is /healthz on the address serve would listen on (GRIMOIRE_ADDR)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *url == "" {
		*url = localHealthURL()
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, *url, nil)
	if err != nil {
		return fmt.Errorf("healthcheck: %w", err)
	}
	// Only the local server's liveness is asked: its certificate names the
	// public host, not the loopback address this connects to.
	client := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}}
	res, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("healthcheck: %w", err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(res.Body, 512))
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("healthcheck: %s answered %d: %s", *url, res.StatusCode, body)
	}
	fmt.Fprintf(stdout, "%s", body)
	return nil
}

func localHealthURL() string {
	tlsOn := os.Getenv("GRIMOIRE_TLS_CERT") != "" || os.Getenv("GRIMOIRE_ACME_DOMAIN") != ""
	addr := os.Getenv("GRIMOIRE_ADDR")
	if addr == "" {
		addr = ":8080"
		if tlsOn {
			addr = ":443"
		}
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		host, port = "", "8080"
	}
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = "127.0.0.1"
	}
	scheme := "http"
	if tlsOn {
		scheme = "https"
	}
	return scheme + "://" + net.JoinHostPort(host, port) + "/healthz"
}
