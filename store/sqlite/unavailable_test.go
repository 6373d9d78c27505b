package sqlite

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"

	"github.com/grimoire-games/grimoire/store"
)

func TestUnavailable(t *testing.T) {
	// A database that cannot be opened (its directory is gone) is an
	// outage; a constraint the request broke is not.
	db, err := sql.Open("sqlite", "file:"+filepath.Join(t.TempDir(), "gone", "x.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	cantOpen := db.PingContext(context.Background())
	if cantOpen == nil {
		t.Fatal("opened a database in a missing directory")
	}
	ok, err := sql.Open("sqlite", "file:"+filepath.Join(t.TempDir(), "x.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer ok.Close()
	if _, err := ok.Exec(`CREATE TABLE t (k TEXT PRIMARY KEY); INSERT INTO t VALUES ('a')`); err != nil {
		t.Fatal(err)
	}
	_, unique := ok.Exec(`INSERT INTO t VALUES ('a')`)
	tests := []struct {
		name string
		err  error
		want bool
	}{
		{"cannot open", cantOpen, true},
		{"unique violation", unique, false},
		{"not found", store.ErrNotFound, false},
		{"deadline", context.DeadlineExceeded, true},
		{"nothing", nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Unavailable(tt.err); got != tt.want {
				t.Errorf("Unavailable(%v) = %v, want %v", tt.err, got, tt.want)
			}
		})
	}
}
