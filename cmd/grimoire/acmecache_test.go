package main

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/crypto/acme/autocert"
)

// acmeCache keeps what autocert.DirCache keeps, written durably; an empty
// file (what a cut could leave of a DirCache write) is a miss, not a
// certificate.
func TestACMECache(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "acme")
	c := acmeCache(dir)
	if _, err := c.Get(ctx, "example.org"); !errors.Is(err, autocert.ErrCacheMiss) {
		t.Fatalf("Get before Put: %v, want ErrCacheMiss", err)
	}
	if err := c.Put(ctx, "example.org", []byte("cert")); err != nil {
		t.Fatal(err)
	}
	if b, err := c.Get(ctx, "example.org"); err != nil || string(b) != "cert" {
		t.Fatalf("Get = %q, %v", b, err)
	}
	if fi, err := os.Stat(filepath.Join(dir, "example.org")); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("file mode: %v %v", fi, err)
	}
	if err := os.WriteFile(filepath.Join(dir, "empty"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Get(ctx, "empty"); !errors.Is(err, autocert.ErrCacheMiss) {
		t.Fatalf("an empty file: %v, want ErrCacheMiss", err)
	}
	if err := c.Delete(ctx, "example.org"); err != nil {
		t.Fatal(err)
	}
	if err := c.Delete(ctx, "example.org"); err != nil {
		t.Fatalf("Delete of a missing file: %v", err)
	}
	if _, err := c.Get(ctx, "example.org"); !errors.Is(err, autocert.ErrCacheMiss) {
		t.Fatalf("Get after Delete: %v", err)
	}
}
