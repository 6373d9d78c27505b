package sqlite

import (
	"errors"
	"os"
	"syscall"
)

// errorSharingViolation is ERROR_SHARING_VIOLATION: the file is open
// elsewhere with a share mode that excludes us.
const errorSharingViolation = syscall.Errno(32)

// lockFile opens (creating) name for writing with a share mode that lets
// nobody else write it: Windows refuses every other such open, in this
// process or another, until the handle closes, which it does when the
// process dies. The holder's process id stays readable. When the file is
// held, it returns it opened for reading with errLocked.
func lockFile(name string) (*os.File, error) {
	p, err := syscall.UTF16PtrFromString(name)
	if err != nil {
		return nil, err
	}
	h, err := syscall.CreateFile(p, syscall.GENERIC_READ|syscall.GENERIC_WRITE, syscall.FILE_SHARE_READ,
		nil, syscall.OPEN_ALWAYS, syscall.FILE_ATTRIBUTE_NORMAL, 0)
	if errors.Is(err, errorSharingViolation) {
		f, rerr := os.Open(name)
		if rerr != nil {
			return nil, errLocked
		}
		return f, errLocked
	}
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: name, Err: err}
	}
	return os.NewFile(uintptr(h), name), nil
}
