package handlers

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/binary"
	"fmt"
)

// randomID is n random bytes as URL-safe text: game ids, spectator, join
// and invite tokens and device ids (middleware.Device), which must not be
// guessed.
func randomID(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(fmt.Sprintf("crypto/rand failed: %v", err)) // the OS has no entropy: nothing can be safe
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// randomSeed is a record seed: any non-negative int64 the rules may draw
// from. It is drawn on the server, never taken from a form.
func randomSeed() (int64, error) {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return 0, fmt.Errorf("seed: %w", err)
	}
	return int64(binary.LittleEndian.Uint64(b[:]) >> 1), nil
}
