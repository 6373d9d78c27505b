package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/rules/record"
)

// replay implements `grimoire replay FILE|-`: the final snapshot as JSON on
// stdout (exit 0), or one `action N: reason` line on stderr (exit 1).
func replay(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) != 1 {
		fmt.Fprintln(stderr, "usage: grimoire replay FILE|-")
		return errSilent
	}
	var data []byte
	var err error
	if args[0] == "-" {
		data, err = io.ReadAll(stdin)
	} else {
		data, err = os.ReadFile(args[0])
	}
	if err != nil {
		return fmt.Errorf("replay: %w", err)
	}
	snap, err := replayRecord(games(), data)
	if err != nil {
		fmt.Fprintln(stderr, replayErrorLine(err))
		return errSilent
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(snap)
}

func replayRecord(games []play.Kind, data []byte) (any, error) {
	rec, err := play.ParseRecord(games, data)
	if err != nil {
		return nil, err
	}
	k, _ := play.Find(games, rec.Game) // ParseRecord refused a game not on the list
	return k.Replay(rec)
}

// replayErrorLine is the one line replay prints on failure: an action's own
// `action N: reason`, or the reason the record as a whole cannot be read.
func replayErrorLine(err error) string {
	var ae *record.ActionError
	if errors.As(err, &ae) {
		return ae.Error()
	}
	return err.Error()
}
