package spellsarrows_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/rules/record"
	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
)

// TestWording reads the log lines and prompts a scorekeeper sees at the
// moments issue 14 named, each row failing on the wording it replaced.
func TestWording(t *testing.T) {
	sameSpellOnly := func() sa.Setup { s := defaultSetup(); s.Options.SameSpellOnly = true; return s }
	cases := []struct {
		name  string
		setup func() sa.Setup
		play  func(g *game)
		line  bool   // read the last log line, not the prompt
		want  string // the whole prompt, or a part of the log line (its end, when it ends the game)
	}{
		{"a capped arrow gain says what the cap took (not arrows +3 (3 → 5))", sameSpellOnly,
			func(g *game) { g.spyFails(); g.castClean(3).castClean(4).castClean(3) },
			true, ": arrows +3 (3 → 5, 1 lost: at most 5)"},
		{"a gain under the cap shows only before and after", sameSpellOnly,
			func(g *game) { g.spyFails(); g.castClean(4).castClean(3).castClean(4) },
			true, ": leaps +2 (2 → 4)"},
		{"a Victory Number of one is one point (not 0 of 1 points)", func() sa.Setup { s := defaultSetup(); s.Victory = 1; return s },
			func(g *game) {
				for range sa.DefaultTurns {
					g.spyFails()
					if !g.s.Over() {
						g.endMage()
					}
				}
			},
			true, "ended with 0 of 1 point"}, // the game's reason ends the line
		{"the toll and the shot clock share one bracket", nil,
			func(g *game) {}, false, "Spy: toll at B, 0 of 1 made (shot clock 6)"},
		{"once the clock is out the misses join the same bracket (not (shot clock out, 1 miss))", nil,
			func(g *game) { g.do(repeat(sa.SpyShot(false), 7)...) },
			false, "Spy: toll at B, 0 of 1 made (shot clock out with 1 miss)"},
		{"two misses are plural", nil,
			func(g *game) { g.do(repeat(sa.SpyShot(false), 8)...) },
			false, "Spy: toll at B, 0 of 1 made (shot clock out with 2 misses)"},
		{"a giant's cones and the shot clock are one aside (not (2 cones left) (shot clock 5))", nil,
			func(g *game) { giantOn(g, "B-A").walk("A") },
			false, "Spy: free throw at giant A-B (2 cones left, shot clock 5)"},
		{"one cone left is singular", nil,
			func(g *game) { giantOn(g, "B-A").walk("A").do(sa.SpyShot(true)) },
			false, "Spy: free throw at giant A-B (1 cone left, shot clock 4)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			setup := defaultSetup()
			if tc.setup != nil {
				setup = tc.setup()
			}
			g := start(t, setup)
			tc.play(g)
			if tc.line {
				got := g.log[len(g.log)-1]
				if g.s.Over() && !strings.HasSuffix(got, tc.want) || !strings.Contains(got, tc.want) {
					t.Errorf("log line %q, want it to say %q", got, tc.want)
				}
				return
			}
			if got := sa.Legal(g.s).Prompt.String(); got != tc.want {
				t.Errorf("prompt %q, want %q", got, tc.want)
			}
		})
	}
}

// badWording is what no line may say: a count of one with a plural noun,
// a "(s)" plural, or two brackets side by side.
var badWording = regexp.MustCompile(`(^|[^0-9])1 (arrows|leaps|cones|elf cones|casts|counters|miss counters|points|moves|misses|attempts|fails)\b|\(s\)|\) \(`)

// TestNoBadWordingInAnyRecord replays every golden record and reads every
// log line and every prompt on the way.
func TestNoBadWordingInAnyRecord(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	read := 0
	for _, f := range files {
		if strings.HasSuffix(f, ".golden.json") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := record.Parse(data)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		setup, err := sa.ParseSetup(rec.Setup)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		s, err := sa.New(setup, rec.Seed)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for i, raw := range rec.Actions {
			a, err := sa.ParseAction(raw)
			if err != nil {
				t.Fatalf("%s action %d: %v", f, i+1, err)
			}
			n, err := sa.Apply(s, a)
			if err != nil {
				t.Fatalf("%s action %d: %v", f, i+1, err)
			}
			for _, line := range []string{sa.Legal(s).Prompt.String(), sa.Describe(s, a, n).String()} {
				read++
				if m := badWording.FindString(line); m != "" {
					t.Errorf("%s action %d: %q says %q", f, i+1, line, m)
				}
			}
			s = n
		}
	}
	if read == 0 {
		t.Fatal("no records read")
	}
}
