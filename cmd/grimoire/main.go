// Command grimoire is the whole app in one binary: `serve` (the default) runs
// the web app, `replay` prints the final state of a game record, and
// `simulate` plays bots against each other.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/play/scribes"
	"github.com/grimoire-games/grimoire/play/spellsarrows"
	"github.com/grimoire-games/grimoire/play/tower"
)

// games are the games this binary plays, in the order the app lists them.
// Adding a game is one line here (and one in cmd/grimoire-wasm).
func games() []play.Kind {
	return []play.Kind{
		spellsarrows.Kind{},
		scribes.Kind{},
		tower.Kind{},
	}
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr); err != nil {
		if err != errSilent {
			fmt.Fprintln(os.Stderr, "grimoire:", err)
		}
		os.Exit(1)
	}
}

// errSilent reports failure after the subcommand already printed what went wrong
// in the form its contract asks for (replay's `action N: reason` line).
var errSilent = fmt.Errorf("failed")

const usage = `usage: grimoire [command] [flags]

commands:
  serve        run the web app (the default)
  replay       print the final state of a game record: grimoire replay FILE|-
  simulate     play bots against each other: grimoire simulate GAME -n N
  ratings      the rating table of game records: grimoire ratings [--game G] FILE...
  healthcheck  ask a running server's /healthz (container health checks)
  rotate-session-keys
               sign new cookies with a new key, keep the previous ones
  help         this text; -h or --help after any command prints it too
  version      the version and VCS revision (also --version)
`

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	cmd := "serve"
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		cmd, args = args[0], args[1:]
	}
	if wantsHelp(cmd, args) {
		printHelp(stdout, games())
		return nil
	}
	if isVersionFlag(cmd) || (len(args) > 0 && isVersionFlag(args[0]) && args[0] != "version") {
		fmt.Fprint(stdout, versionText())
		return nil
	}
	switch cmd {
	case "serve":
		return serve(ctx, games(), args, stdout, stderr)
	case "replay":
		return replay(args, stdin, stdout, stderr)
	case "simulate":
		return simulate(games(), args, stdout, stderr)
	case "ratings":
		return ratings(args, stdout, stderr)
	case "healthcheck":
		return healthcheck(ctx, args, stdout, stderr)
	case "rotate-session-keys":
		return rotateKeys(ctx, args, stdout, stderr)
	default:
		fmt.Fprint(stderr, usage)
		return fmt.Errorf("unknown command %q", cmd)
	}
}
