//go:build !unix

package handlers_test

import "time"

// processCPU is not known here (see cputime_unix_test.go).
func processCPU() time.Duration { return -1 }
