package sqlite

// OpenMaxGroup opens a Store whose writer commits at most n appends per
// transaction; n = 1 is one commit per append, the baseline group commit is
// measured against.
func OpenMaxGroup(path string, n int) (*Store, error) { return open(path, n) }
