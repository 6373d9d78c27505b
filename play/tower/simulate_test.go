package tower_test

import (
	"bytes"
	"strings"
	"testing"
)

func TestSimulateTowerLevels(t *testing.T) {
	var out, errb bytes.Buffer
	args := []string{"-n", "4", "--levels", "search,greedy", "--iterations", "20", "--jobs", "2", "--seed", "9"}
	if err := kind.Simulate(args, &out, &errb); err != nil {
		t.Fatalf("%v: %s", err, errb.String())
	}
	for _, want := range []string{"sides alternated", "Archmage (search)", "Adept (greedy)", "as General", "as Mage", "±"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	for _, bad := range []string{"search", "search,search", "search,genius"} {
		if err := kind.Simulate([]string{"--levels", bad}, &out, &errb); err == nil {
			t.Errorf("--levels %s accepted", bad)
		}
	}
}

// TestSimulateTowerJobs: the totals do not depend on how many games run at
// once.
func TestSimulateTowerJobs(t *testing.T) {
	run := func(jobs string) string {
		var out, errb bytes.Buffer
		if err := kind.Simulate([]string{"-n", "30", "--levels", "greedy,random", "--jobs", jobs}, &out, &errb); err != nil {
			t.Fatalf("%v: %s", err, errb.String())
		}
		lines := strings.Split(out.String(), "\n")
		return strings.Join(lines[:4], "\n") // without the speed line
	}
	if one, three := run("1"), run("3"); one != three {
		t.Errorf("--jobs 1:\n%s\n--jobs 3:\n%s", one, three)
	}
}
