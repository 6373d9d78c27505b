package postgres

import (
	"context"
	"errors"
	"fmt"
	"net"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/grimoire-games/grimoire/store"
)

func TestUnavailable(t *testing.T) {
	refused := &net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connection refused")}
	tests := []struct {
		name string
		err  error
		want bool
	}{
		{"nothing", nil, false},
		{"connection refused", fmt.Errorf("append: %w", refused), true},
		{"server shutting down", &pgconn.PgError{Code: "57P01"}, true},
		{"cannot connect now", &pgconn.PgError{Code: "57P03"}, true},
		{"connection failure", &pgconn.PgError{Code: "08006"}, true},
		{"disk full", &pgconn.PgError{Code: "53100"}, true},
		{"deadline", fmt.Errorf("load: %w", context.DeadlineExceeded), true},
		{"unique violation", &pgconn.PgError{Code: "23505"}, false},
		{"not found", store.ErrNotFound, false},
		{"conflict", store.ErrConflict, false},
		{"caller left", context.Canceled, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Unavailable(tt.err); got != tt.want {
				t.Errorf("Unavailable(%v) = %v, want %v", tt.err, got, tt.want)
			}
		})
	}
}
