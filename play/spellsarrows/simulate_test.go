package spellsarrows_test

import (
	"bytes"
	"strings"
	"testing"

	saplay "github.com/grimoire-games/grimoire/play/spellsarrows"
)

func TestSimulateSpellsArrows(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"random bots by default, with the default rates", []string{"-n", "20"},
			[]string{"spy random (toll=0.5,free=0.7,spell=0.45,arrow=0.45,leap=0.7) vs mage random", "games 20  spy wins", "spy win%", "avg spy points", "games/s"}},
		{"planner bots with each side's rates", []string{"-n", "20", "--spy-bot", "planner", "--mage-bot", "planner", "--spy-rates", "all=0.6,free=0.8", "--mage-rates", "spell=55%", "--victory", "20"},
			[]string{"spy planner (toll=0.6,free=0.8,spell=0.6,arrow=0.6,leap=0.6) vs mage planner (toll=0.5,free=0.7,spell=0.55,arrow=0.45,leap=0.7), victory 20", "games 20  spy wins"}},
		{"a spy who never misses against a mage who never makes wins every game", []string{"-n", "10", "--spy-bot", "planner", "--spy-rates", "all=1", "--mage-rates", "all=0"},
			[]string{"games 10  spy wins 10  mage wins 0  unfinished 0"}},
		{"the advisor's table, every Victory Number of the range", []string{"-n", "10", "--victory-table", "10..12", "--spy-rates", "toll=0.6"},
			[]string{"A = toll=0.6,free=0.7", "B = toll=0.5,free=0.7", "10 games per cell", "A spy, B mage", "B spy, A mage", "\n  10 ", "\n  11 ", "\n  12 ", "fairest Victory Number:", "60 games in"}},
		{"the advisor's table with a step", []string{"-n", "5", "--victory-table", "10..20/5"},
			[]string{"\n  10 ", "\n  15 ", "\n  20 ", "30 games in"}},
		{"the advisor's search: every number tried and the fairest", []string{"-n", "5", "--fair", "--spy-rates", "toll=1,free=1", "--mage-rates", "toll=0"},
			[]string{"5 games per number tried", "A spy, B mage: tried 1:100% 8:100%", "999:100%\nfairest 999: spy wins 100.0%", "even at the highest number",
				"B spy, A mage: tried 1:0%\nfairest 1: spy wins 0.0%", "fewer than half even at 1", "games in"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			if err := (saplay.Kind{}).Simulate(tt.args, &out, &errb); err != nil {
				t.Fatalf("%v: %s", err, errb.String())
			}
			for _, w := range tt.want {
				if !strings.Contains(out.String(), w) {
					t.Fatalf("no %q in\n%s", w, out.String())
				}
			}
		})
	}
}

func TestSimulateSpellsArrowsErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"an unknown bot", []string{"--spy-bot", "genius"}, `unknown spy bot "genius"`},
		{"a rate out of range", []string{"--mage-rates", "spell=1.5"}, "--mage-rates: bad make rates: spell"},
		{"an unknown kind of shot", []string{"--spy-rates", "dunk=0.5"}, `unknown kind "dunk"`},
		{"a table that is not a range", []string{"--victory-table", "ten..twelve"}, "is not FROM..TO"},
		{"a table running backwards", []string{"--victory-table", "12..10"}, "low to high"},
		{"no games", []string{"-n", "0"}, "-n must be at least 1"},
		{"a stray argument", []string{"extra"}, `unexpected argument "extra"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			err := (saplay.Kind{}).Simulate(tt.args, &out, &errb)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want one saying %q", err, tt.want)
			}
		})
	}
}
