//go:build unix

package sqlite

import (
	"errors"
	"os"
	"syscall"
)

// lockFile opens (creating) name and takes an exclusive flock on it without
// waiting. flock belongs to the open file, not the process, so a second
// open of the same file in this process is refused as well. When the lock
// is held by another, it returns the open file with errLocked, to read the
// holder's process id from.
func lockFile(name string) (*os.File, error) {
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	for {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if !errors.Is(err, syscall.EINTR) {
			break
		}
	}
	switch {
	case err == nil:
		return f, nil
	case errors.Is(err, syscall.EWOULDBLOCK):
		return f, errLocked
	default:
		f.Close()
		return nil, err
	}
}
