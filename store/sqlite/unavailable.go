package sqlite

import (
	"context"
	"errors"

	sqlite3 "modernc.org/sqlite"
	sqlite3lib "modernc.org/sqlite/lib"
)

// Unavailable tells whether err means the database file cannot be used at
// the moment rather than that the request was wrong: the disk failed or is
// full, the file or its directory cannot be opened or written, or another
// process kept it locked past the busy timeout. Such a write may succeed
// once the disk is back, so it is answered "try again later" (503), not
// "something broke" (500). A damaged file (SQLITE_CORRUPT) is not listed:
// waiting does not mend it.
func Unavailable(err error) bool {
	if err == nil {
		return false
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return true
	}
	var se *sqlite3.Error
	if !errors.As(err, &se) {
		return false
	}
	switch se.Code() & 0xff { // the primary code under an extended one
	case sqlite3lib.SQLITE_IOERR, sqlite3lib.SQLITE_FULL, sqlite3lib.SQLITE_CANTOPEN,
		sqlite3lib.SQLITE_BUSY, sqlite3lib.SQLITE_LOCKED, sqlite3lib.SQLITE_READONLY,
		sqlite3lib.SQLITE_PERM, sqlite3lib.SQLITE_PROTOCOL:
		return true
	}
	return false
}
