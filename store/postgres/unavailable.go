package postgres

import (
	"context"
	"errors"
	"io"
	"net"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
)

// Unavailable tells whether err means the database cannot be reached at the
// moment rather than that the request was wrong: no connection (refused,
// reset, timed out), a server shutting down or starting up, too many
// connections, a full disk. The pool makes new connections by itself once
// the server is back, so such a write is answered "try again later" (503),
// not "something broke" (500).
func Unavailable(err error) bool {
	if err == nil {
		return false
	}
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return true
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		switch {
		case strings.HasPrefix(pe.Code, "08"): // connection exception
			return true
		case strings.HasPrefix(pe.Code, "53"): // insufficient resources: disk full, out of memory, too many connections
			return true
		case pe.Code == "57P01", pe.Code == "57P02", pe.Code == "57P03": // admin shutdown, crash shutdown, cannot connect now
			return true
		}
		return false
	}
	var ce *pgconn.ConnectError
	var ne net.Error
	if errors.As(err, &ce) || errors.As(err, &ne) || pgconn.Timeout(err) {
		return true
	}
	// A connection the server closed under a query; pgx says so in words.
	msg := err.Error()
	return strings.Contains(msg, "conn closed") || strings.Contains(msg, "connection reset") ||
		strings.Contains(msg, "broken pipe") || strings.Contains(msg, "failed to connect")
}
