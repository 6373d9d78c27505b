package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/grimoire-games/grimoire/play"
)

// isHelpFlag: the spellings of "help" the flag package knows.
func isHelpFlag(a string) bool { return a == "-h" || a == "-help" || a == "--help" }

// wantsHelp is true when the command line asks for help anywhere before a
// "--", so `replay --help` prints help instead of opening a file of that
// name (a file really called that is `replay ./--help`).
func wantsHelp(cmd string, args []string) bool {
	if cmd == "help" || isHelpFlag(cmd) {
		return true
	}
	for _, a := range args {
		if a == "--" {
			return false
		}
		if isHelpFlag(a) {
			return true
		}
	}
	return false
}

func isVersionFlag(a string) bool { return a == "--version" || a == "-version" || a == "version" }

// printHelp prints every subcommand with its flags: one text answers
// `grimoire help`, `-h` and `--help` after any subcommand.
func printHelp(w io.Writer, kinds []play.Kind) {
	fmt.Fprint(w, usage)
	fmt.Fprintln(w, "\ngrimoire serve [flags]")
	var cfg serveConfig
	fs, _, _, _ := serveFlags(&cfg, w)
	fs.PrintDefaults()
	fmt.Fprint(w, `
grimoire replay FILE|-
  Prints the final state of a game record as JSON (exit 0), or one line
  "action N: reason" on standard error (exit 1). "-" reads standard input.

grimoire ratings [--game GAME] [--role spy|mage] FILE...
  Prints the Glicko-2 rating table of the finished games among the record
  files, by the code of the app's league table (docs/clubs.md). A file's
  day of play is its modification day.

grimoire healthcheck [--url URL]
  Asks a running server's /healthz (exit 0 when healthy); for container
  health checks.

grimoire rotate-session-keys [--data DIR] [--db URL] [--keep N]
  Puts a new session key in front of those kept in the store and keeps the
  N newest (default 2): cookies signed with a kept key still work, new ones
  are signed with the new key. With SQLite, stop the server first; restart
  every server on the store afterwards.
`)
	_, games := simulators(kinds)
	fmt.Fprintf(w, "\ngrimoire simulate GAME [flags]   (GAME: %s)\n", strings.Join(games, ", "))
	for _, g := range games {
		// Each game's own flag set prints its flags when asked for help.
		var buf bytes.Buffer
		_ = simulate(kinds, []string{g, "-h"}, io.Discard, &buf)
		text := strings.TrimSpace(buf.String())
		if _, rest, ok := strings.Cut(text, "\n"); ok && strings.HasPrefix(text, "Usage of") {
			text = rest
		}
		fmt.Fprintf(w, "\ngrimoire simulate %s\n%s\n", g, strings.TrimRight(text, "\n"))
	}
}
