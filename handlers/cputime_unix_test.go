//go:build unix

package handlers_test

import (
	"syscall"
	"time"
)

// processCPU is the CPU time this process has used, user and system: what
// a benchmark of the server's work reports per tap beside the wall time,
// which a durable append's wait for the disk and a busy machine blur.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return -1
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
