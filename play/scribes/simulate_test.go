package scribes_test

import (
	"bytes"
	"strings"
	"testing"
)

func TestSimulateScribes(t *testing.T) {
	var out, errb bytes.Buffer
	if err := kind.Simulate([]string{"-n", "6", "--players", "3", "--bots", "greedy,random", "--seed", "5"}, &out, &errb); err != nil {
		t.Fatalf("%v: %s", err, errb.String())
	}
	for _, want := range []string{"greedy", "random", "win%", "avg score", "games/s"} {
		if !strings.Contains(out.String(), want) {
			t.Fatalf("no %q in\n%s", want, out.String())
		}
	}
	if err := kind.Simulate([]string{"--players", "9"}, &out, &errb); err == nil {
		t.Fatal("9 players accepted")
	}
	if err := kind.Simulate([]string{"--bots", "genius"}, &out, &errb); err == nil {
		t.Fatal("unknown bot accepted")
	}
}

func TestSimulateScribesSearch(t *testing.T) {
	var out, errb bytes.Buffer
	if err := kind.Simulate([]string{"-n", "2", "--bots", "search,greedy", "--max-actions", "400", "--jobs", "2"}, &out, &errb); err != nil {
		t.Fatalf("%v: %s", err, errb.String())
	}
	for _, want := range []string{"Archmage (search)", "Adept (greedy)", "±"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}
