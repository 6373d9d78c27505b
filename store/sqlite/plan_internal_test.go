package sqlite

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
)

// TestQueriesSearchIndexes asks SQLite how it runs the queries whose cost
// would otherwise grow with the whole server: a device's home list must
// search its games through indexes, never scan every game, and a tap's
// statements must find their row by key.
func TestQueriesSearchIndexes(t *testing.T) {
	s, err := Open(filepath.Join(t.TempDir(), "grimoire.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	tests := []struct {
		name, query string
		args        []any
	}{
		{"home list", `SELECT ` + gameCols + ` FROM games g WHERE ` + visible + byRecent, []any{"dev"}},
		{"home page", `SELECT ` + gameCols + ` FROM games g WHERE ` + visible + byRecent + ` LIMIT ?2 OFFSET ?3`, []any{"dev", 10, 0}},
		{"home count", `SELECT count(*) FROM games g WHERE ` + visible, []any{"dev"}},
		{"games made since", countSinceQuery, []any{"dev", 0}},
		{"seat by token", seatByTokenQuery, []any{"t"}},
		{"tap check", checkQuery, []any{"g", "c"}},
		{"tap bump", bumpQuery, []any{1, 2, "g"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rows, err := s.r.QueryContext(context.Background(), `EXPLAIN QUERY PLAN `+tt.query, tt.args...)
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			var plan []string
			for rows.Next() {
				var id, parent, unused int
				var detail string
				if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
					t.Fatal(err)
				}
				plan = append(plan, detail)
			}
			if err := rows.Err(); err != nil {
				t.Fatal(err)
			}
			if len(plan) == 0 {
				t.Fatal("no plan")
			}
			for _, step := range plan {
				if strings.HasPrefix(step, "SCAN ") {
					t.Errorf("plan scans a whole table (%q):\n%s", step, strings.Join(plan, "\n"))
				}
			}
		})
	}
}
