package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/play"
)

// simulating is a Kind whose Simulate says what it was given; quiet is a
// Kind that does not simulate (a game with no bots).
type simulating struct {
	play.Kind
	id  string
	err error
}

func (s simulating) Info() play.Info { return play.Info{ID: s.id} }

func (s simulating) Simulate(args []string, stdout, stderr io.Writer) error {
	fmt.Fprintf(stdout, "%s played with %q", s.id, args)
	return s.err
}

type quiet struct{ play.Kind }

func (quiet) Info() play.Info { return play.Info{ID: "no-bots"} }

// TestSimulateIsTheGamesOwn: the command knows no game. It lists and runs
// the games of the one list that simulate, hands them the flags after the
// id, and turns a game's "already reported" into a quiet failure.
func TestSimulateIsTheGamesOwn(t *testing.T) {
	kinds := []play.Kind{simulating{id: "zeta"}, quiet{}, simulating{id: "alpha", err: play.ErrReported}, simulating{id: "broken", err: errors.New("simulate broken: no")}}
	tests := []struct {
		name     string
		args     []string
		out, err string
		fail     error  // the error run answers
		failText string // or a part of its text
	}{
		{"a game's flags go to the game", []string{"zeta", "-n", "3"}, `zeta played with ["-n" "3"]`, "", nil, ""},
		{"no game prints the usage with every game that simulates", nil, "", "usage: grimoire simulate GAME [flags]  (games: alpha, broken, zeta)\n", errSilent, ""},
		{"a flag first is no game", []string{"-n", "3"}, "", "usage: grimoire simulate GAME", errSilent, ""},
		{"a game without bots is not offered", []string{"no-bots"}, "", "", nil, `unknown game "no-bots" (games: alpha, broken, zeta)`},
		{"a game that reported its problem fails quietly", []string{"alpha", "--bad"}, `alpha played with ["--bad"]`, "", errSilent, ""},
		{"a game's error is passed on", []string{"broken"}, "broken played", "", nil, "simulate broken: no"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			err := simulate(kinds, tt.args, &out, &errb)
			switch {
			case tt.fail != nil && err != tt.fail:
				t.Errorf("error %v, want %v", err, tt.fail)
			case tt.failText != "" && (err == nil || !strings.Contains(err.Error(), tt.failText)):
				t.Errorf("error %v, want one saying %q", err, tt.failText)
			case tt.fail == nil && tt.failText == "" && err != nil:
				t.Errorf("error %v", err)
			}
			if !strings.Contains(out.String(), tt.out) || (tt.out == "" && out.Len() > 0) {
				t.Errorf("stdout %q, want %q", out.String(), tt.out)
			}
			if !strings.HasPrefix(errb.String(), tt.err) || (tt.err == "" && errb.Len() > 0) {
				t.Errorf("stderr %q, want %q", errb.String(), tt.err)
			}
		})
	}
}

// TestSimulateEveryGameOfTheBinary: each game of this binary's list that
// simulates runs through the one command with the flag every simulation
// takes (-n, the number of games), and reports a flag it does not have.
func TestSimulateEveryGameOfTheBinary(t *testing.T) {
	_, names := simulators(games())
	if len(names) == 0 {
		t.Fatal("no game of the binary simulates")
	}
	// Taskfile.yml's bench reads the games from this line of the help.
	var help bytes.Buffer
	printHelp(&help, games())
	if want := "\ngrimoire simulate GAME [flags]   (GAME: " + strings.Join(names, ", ") + ")\n"; !strings.Contains(help.String(), want) {
		t.Errorf("the help has no line %q", want)
	}
	for _, id := range names {
		t.Run(id, func(t *testing.T) {
			var out, errb bytes.Buffer
			if err := run(t.Context(), []string{"simulate", id, "-n", "2"}, nil, &out, &errb); err != nil {
				t.Fatalf("%v: %s", err, errb.String())
			}
			if !strings.Contains(out.String(), "2 games") && !strings.Contains(out.String(), "games 2") {
				t.Errorf("the table does not count the 2 games:\n%s", out.String())
			}
			out.Reset()
			errb.Reset()
			if err := run(t.Context(), []string{"simulate", id, "--no-such-flag"}, nil, &out, &errb); err != errSilent {
				t.Errorf("a flag the game does not have: %v, want a quiet failure", err)
			}
			if !strings.Contains(errb.String(), "no-such-flag") {
				t.Errorf("stderr %q does not name the flag", errb.String())
			}
		})
	}
}
