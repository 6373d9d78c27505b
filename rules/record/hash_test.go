package record

import (
	"crypto/sha256"
	"math/rand/v2"
	"testing"
)

// The module's SHA-256 (sha256.go, hash_js.go) must give the digest the
// server gives: every length around the block and padding boundaries, and
// writes split anywhere.
func TestSHA256IsCryptoSHA256(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for n := range 300 {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(r.IntN(256))
		}
		h := newSHA256()
		cut := 0
		if n > 0 {
			cut = r.IntN(n)
		}
		h.Write(b[:cut])
		h.Write(b[cut:])
		want := sha256.Sum256(b)
		if got := h.Sum(nil); string(got) != string(want[:]) {
			t.Fatalf("%d bytes (written as %d + %d): %x, want %x", n, cut, n-cut, got, want)
		}
		// Sum leaves the hash as it was.
		if again := h.Sum(nil); string(again) != string(want[:]) {
			t.Fatalf("%d bytes: a second Sum gave %x", n, again)
		}
	}
}
