package sqlite

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
)

// errLocked is what lockFile returns when somebody else holds the lock.
var errLocked = errors.New("locked")

// owner is this process's claim on a database file: an exclusive lock on
// <db>.lock that the operating system drops when the file is closed or the
// process dies, kill -9 included. The memo (memo.go) is only right while no
// other process writes the file, and this is what makes that so.
//
// The lock file is left in place on Close: removing it would let a process
// that opened the old file and one that creates a new one both hold "the"
// lock.
type owner struct{ f *os.File }

// InUseError is Open's answer when the database is open in another Store:
// in another process (most likely another grimoire on the same data
// directory), or in this one.
type InUseError struct {
	Path string
	// PID is the holder's process id, 0 when it has not written it yet.
	PID int
	// Here: the holder is this process, through another Store.
	Here bool
}

func (e *InUseError) Error() string {
	switch {
	case e.Here:
		return fmt.Sprintf("%s is already open in this process: close that store first", e.Path)
	case e.PID > 0:
		return fmt.Sprintf("another grimoire (process %d) is already using %s", e.PID, e.Path)
	default:
		return fmt.Sprintf("another grimoire is already using %s", e.Path)
	}
}

// own takes the lock of the database at path, or says who holds it. The
// holder writes its process id into the file, so a refusal can tell another
// program from this process through another Store. A second Open in one
// process is refused rather than shared: sharing would need one Store per
// file behind the callers' backs, and two memos of one file would each miss
// the other's writes.
func own(path string) (*owner, error) {
	// The lock sits beside the file itself, so that a symbolic link to the
	// database (which SQLite follows) names the same lock. A hard link
	// cannot be told apart: do not make one.
	name := path
	if real, err := filepath.EvalSymlinks(path); err == nil {
		name = real
	}
	f, err := lockFile(name + ".lock")
	if errors.Is(err, errLocked) {
		pid := holder(f)
		f.Close()
		return nil, &InUseError{Path: path, PID: pid, Here: pid == os.Getpid()}
	}
	if err != nil {
		return nil, fmt.Errorf("lock %s: %w", name+".lock", err)
	}
	if err := f.Truncate(0); err != nil {
		f.Close()
		return nil, fmt.Errorf("lock %s: %w", name+".lock", err)
	}
	if _, err := f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0); err != nil {
		f.Close()
		return nil, fmt.Errorf("lock %s: %w", name+".lock", err)
	}
	return &owner{f: f}, nil
}

// holder reads the process id the lock's holder wrote; 0 when there is none
// yet (it has the lock but has not written it) or the file cannot be read.
func holder(f *os.File) int {
	if f == nil {
		return 0
	}
	b := make([]byte, 32)
	n, _ := f.ReadAt(b, 0)
	pid, err := strconv.Atoi(string(bytes.TrimSpace(b[:n])))
	if err != nil {
		return 0
	}
	return pid
}

// release gives the file up for the next process.
func (o *owner) release() error {
	if err := o.f.Close(); err != nil {
		return fmt.Errorf("unlock %s: %w", o.f.Name(), err)
	}
	return nil
}
