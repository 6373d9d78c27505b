package postgres

import "time"

// ListenerPID is the backend pid of the Store's LISTEN connection, so a test
// can kill it and watch the Store reconnect.
func (s *Store) ListenerPID() uint32 { return s.listenerPID.Load() }

// SetMinBackoff sets how long a dropped listener waits before reconnecting,
// for Stores opened afterwards; it returns a func that restores the default.
// Only for tests that run alone: listeners read it without a lock.
func SetMinBackoff(d time.Duration) (restore func()) {
	old := minBackoff
	minBackoff = d
	return func() { minBackoff = old }
}
