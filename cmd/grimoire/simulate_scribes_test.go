package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestSimulateScribes(t *testing.T) {
	var out, errb bytes.Buffer
	if err := simulate([]string{"arcane-scribes", "-n", "6", "--players", "3", "--bots", "greedy,random", "--seed", "5"}, &out, &errb); err != nil {
		t.Fatalf("%v: %s", err, errb.String())
	}
	for _, want := range []string{"greedy", "random", "win%", "avg score", "games/s"} {
		if !strings.Contains(out.String(), want) {
			t.Fatalf("no %q in\n%s", want, out.String())
		}
	}
	if err := simulate([]string{"arcane-scribes", "--players", "9"}, &out, &errb); err == nil {
		t.Fatal("9 players accepted")
	}
	if err := simulate([]string{"arcane-scribes", "--bots", "genius"}, &out, &errb); err == nil {
		t.Fatal("unknown bot accepted")
	}
}
