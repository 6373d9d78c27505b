package sqlite

// OpenMaxGroup opens a Store whose writer commits at most n appends per
// transaction; n = 1 is one commit per append, the baseline group commit is
// measured against.
func OpenMaxGroup(path string, n int) (*Store, error) {
	return open(path, n, memoMaxGames, memoMaxBytes)
}

// Commits reports how many transactions the writer committed and how many
// appends they carried.
func (s *Store) Commits() (commits, appends int64) { return s.commits.Load(), s.committed.Load() }

// OpenMemo opens a Store whose memo keeps at most games games and about
// bytes bytes of them, so a test can make it evict.
func OpenMemo(path string, games, bytes int) (*Store, error) {
	return open(path, maxGroup, games, bytes)
}

// MemoLen is how many games the memo keeps.
func (s *Store) MemoLen() int { return s.memo.len() }
