package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
)

// rotateKeys puts a new session key in front of those kept in the store:
// new cookies are signed with it, cookies signed with the kept older keys
// still open their games, and keys beyond --keep are dropped (a phone
// whose cookie only a dropped key opens becomes a new device). Servers
// read the keys when they start: restart them afterwards.
func rotateKeys(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("rotate-session-keys", flag.ContinueOnError)
	fs.SetOutput(stderr)
	data := fs.String("data", envOr("GRIMOIRE_DATA", defaultDataDir()), "data directory of the SQLite store (env GRIMOIRE_DATA)")
	db := fs.String("db", os.Getenv("GRIMOIRE_DB"), "PostgreSQL URL; empty uses SQLite in the data directory (env GRIMOIRE_DB)")
	keep := fs.Int("keep", 2, "keys kept, the new one included: 2 keeps the previous key's cookies working until the next rotation")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("rotate-session-keys: unexpected argument %q", fs.Arg(0))
	}
	if *keep < 1 {
		return errors.New("rotate-session-keys: --keep is at least 1")
	}
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	st, err := openStore(ctx, serveConfig{data: *data, db: *db}, logger)
	if err != nil {
		return fmt.Errorf("rotate-session-keys: %w", err)
	}
	defer st.Close()
	// Keys an older build left in the data directory go in first, so this
	// rotation does not drop them unseen.
	if _, err := sessionKeys(ctx, serveConfig{data: *data}, st, logger); err != nil {
		return fmt.Errorf("rotate-session-keys: %w", err)
	}
	keys, err := st.AddSessionKeys(ctx, []string{newSessionKey()}, true, *keep)
	if err != nil {
		return fmt.Errorf("rotate-session-keys: %w", err)
	}
	fmt.Fprintf(stdout, "A new session key is in use from the next start; %d key(s) kept. Restart every grimoire server on this store.\n", len(keys))
	return nil
}
