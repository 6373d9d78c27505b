//go:build !js

package record

import (
	"crypto/sha256"
	"hash"
)

// newHash is the SHA-256 the digest is made with. The WebAssembly module
// has its own (hash_js.go): crypto/sha256 brings the FIPS 140 module's
// packages with it, 42 KB of the compressed module.
func newHash() hash.Hash { return sha256.New() }

// Sum256 is the SHA-256 of b, for the other names the app derives from
// words (play's club pairing words), by the same rule in the module.
func Sum256(b []byte) [32]byte { return sha256.Sum256(b) }
