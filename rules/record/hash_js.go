//go:build js

package record

import "hash"

// newHash is SHA-256 (FIPS 180-4) written out for the WebAssembly module,
// which then links no crypto package: crypto/sha256 brings the FIPS 140
// module's aes, sha3, sha512, hmac and drbg with it (42 KB of the
// compressed module, measured). hash_test.go checks it against
// crypto/sha256.
func newHash() hash.Hash { return newSHA256() }

// Sum256 is the SHA-256 of b.
func Sum256(b []byte) [32]byte {
	h := newSHA256()
	h.Write(b)
	var out [32]byte
	copy(out[:], h.Sum(nil))
	return out
}
