package sqlite

// OpenMaxGroup opens a Store whose writer commits at most n appends per
// transaction; n = 1 is one commit per append, the baseline group commit is
// measured against.
func OpenMaxGroup(path string, n int) (*Store, error) { return open(path, n) }

// Commits reports how many transactions the writer committed and how many
// appends they carried.
func (s *Store) Commits() (commits, appends int64) { return s.commits.Load(), s.committed.Load() }
