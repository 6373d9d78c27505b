package spellsarrows_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/rules/record"
	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
)

var update = flag.Bool("update", false, "rewrite the golden records, snapshots and logs in testdata/")

// scenarios are the full games kept as golden records.
var scenarios = []struct {
	name  string
	setup func() sa.Setup
	play  func(g *game)
}{
	{"spy-wins-by-escapes", func() sa.Setup { s := defaultSetup(); s.Victory = 10; return s }, func(g *game) {
		g.walk("A", "W3", "W2", "WG").pay()
		g.castClean(1).do(sa.TargetAt("E3"), sa.TargetAt("E2")).endMage()
		g.walk("A", "E3").do(sa.SpyShot(false)).walk("E2", "EG").pay()
	}},
	{"mage-wins-by-capture", nil, func(g *game) {
		guardAndArm(g).walk("A", "W3").do(sa.SpyShot(false), sa.Arrow(true), sa.Arrow(true))
	}},
	{"mage-wins-on-turns", nil, func(g *game) {
		g.walk("A", "W4").spyFails()
		g.castClean(1).do(sa.TargetAt("W4"), sa.TargetAt("W4")).cast(9, true, false, true).do(sa.Bench(7, 5)).castClean(3).endMage()
		g.do(sa.SpyShot(true), sa.SpyShot(false), sa.Arrow(true), sa.Arrow(false), sa.SpyShot(true)).spyFails()
		g.castClean(7).endMage()
		g.walk("W5", "P", "E5").spyFails()
		g.do(sa.Cast(2), sa.SpellShot(false), sa.SpellShot(false)).cast(9, false, true, true).do(sa.Bench(6, 1)).castClean(6).do(sa.TargetSpan("E5-EG")).endMage()
		g.walk("EG").do(sa.SpyShot(true)).spyFails()
		g.endMage()
		g.spyFails()
	}},
	{"giants-engaged-and-leaps", nil, func(g *game) {
		g.spyFails()
		g.castClean(2).do(sa.TargetSpan("A-W3"))
		g.castClean(9).do(sa.Bench(6, 5))
		g.castClean(4)
		g.castClean(9).do(sa.Bench(10, 1))
		g.cast(6, true, false, true, true, true, true).do(sa.TargetSpan("B-A"))
		g.do(sa.SpyShot(false), sa.Leap(true, "A-B", "W4-E4"), sa.Leap(false, "", ""))
		g.walk("A", "W3").do(sa.SpyShot(true), sa.SpyShot(false)).spyFails()
		g.endMage()
		g.walk("W3").do(sa.SpyShot(true)).walk("W4")
		g.spyFails().endMage().spyFails().endMage().spyFails()
	}},
	{"spells-bench-cut-bonus", func() sa.Setup { s := defaultSetup(); s.Options.SameSpellOnly = true; return s }, func(g *game) {
		g.spyFails()
		g.castClean(9).do(sa.Bench(10, 5))
		g.cast(10, true, false, true, true, true, true).do(sa.TargetAt("W3"), sa.TargetAt("E3"), sa.TargetAt("W4"), sa.TargetAt("W4"))
		g.cast(3, true, true).do(sa.Cast(4), sa.Abandon())
		g.castClean(1).do(sa.TargetAt("E4"), sa.TargetAt("E4"))
		g.spyFails()
		g.castClean(9).do(sa.Bench(8, 4)).castClean(8).cast(3, false, false, false)
		g.castClean(9).do(sa.Bench(11, 3)).castClean(11).do(sa.TargetSpan("W4-E4"))
		g.do(sa.Cast(1), sa.Abandon())
	}},
}

func randomGame(seed uint64) (sa.State, []sa.Action) {
	r := rand.New(rand.NewPCG(seed, seed^0x5eed))
	s, _ := sa.New(defaultSetup(), int64(seed))
	var actions []sa.Action
	for !s.Over() && len(actions) < 5000 {
		a := sa.RandomLegal(s, r)
		n, err := sa.Apply(s, a)
		if err != nil {
			panic(err)
		}
		s = n
		actions = append(actions, a)
	}
	return s, actions
}

func marshalIndent(v any) []byte {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		panic(err)
	}
	return append(b, '\n')
}

func recordJSON(t *testing.T, setup sa.Setup, actions []sa.Action) []byte {
	t.Helper()
	rec, err := sa.NewRecord(setup, 42, actions)
	if err != nil {
		t.Fatal(err)
	}
	// One action per line keeps the golden records readable in diffs.
	var b bytes.Buffer
	setupJSON, _ := json.Marshal(setup)
	b.WriteString("{\n  \"game\": \"spells-arrows\",\n  \"version\": 1,\n  \"seed\": 42,\n  \"setup\": ")
	b.Write(setupJSON)
	b.WriteString(",\n  \"actions\": [")
	for i, a := range rec.Actions {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString("\n    ")
		b.Write(a)
	}
	b.WriteString("\n  ]\n}\n")
	return b.Bytes()
}

func TestGoldenGames(t *testing.T) {
	type golden struct {
		name    string
		setup   sa.Setup
		actions []sa.Action
	}
	var games []golden
	for _, sc := range scenarios {
		t.Run("build/"+sc.name, func(t *testing.T) {
			setup := defaultSetup()
			if sc.setup != nil {
				setup = sc.setup()
			}
			g := start(t, setup)
			sc.play(g)
			if !g.s.Over() && !strings.Contains(sc.name, "bench") {
				t.Errorf("scenario %s did not end the game", sc.name)
			}
			games = append(games, golden{sc.name, setup, g.actions})
		})
	}
	for _, seed := range []uint64{1, 2, 3} {
		_, actions := randomGame(seed)
		games = append(games, golden{"random-" + string(rune('0'+seed)), defaultSetup(), actions})
	}
	for _, gm := range games {
		t.Run(gm.name, func(t *testing.T) {
			recPath := filepath.Join("testdata", gm.name+".json")
			snapPath := filepath.Join("testdata", gm.name+".golden.json")
			logPath := filepath.Join("testdata", gm.name+".log")
			built := recordJSON(t, gm.setup, gm.actions)
			if *update {
				os.WriteFile(recPath, built, 0o644)
			}
			data, err := os.ReadFile(recPath)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if !bytes.Equal(data, built) {
				t.Errorf("%s differs from the scenario's actions (run go test -update and review the diff)", recPath)
			}
			rec, err := record.Parse(data)
			if err != nil {
				t.Fatal(err)
			}
			s, err := sa.Replay(rec)
			if err != nil {
				t.Fatal(err)
			}
			snap := marshalIndent(s.Snapshot())
			log := replayLog(t, rec)
			if *update {
				os.WriteFile(snapPath, snap, 0o644)
				os.WriteFile(logPath, []byte(log), 0o644)
			}
			want, err := os.ReadFile(snapPath)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(snap, want) {
				t.Errorf("snapshot differs from %s:\n%s", snapPath, snap)
			}
			wantLog, _ := os.ReadFile(logPath)
			if log != string(wantLog) {
				t.Errorf("log differs from %s", logPath)
			}
		})
	}
}

// replayLog describes every action of a record, one line each.
func replayLog(t *testing.T, rec record.Record) string {
	t.Helper()
	setup, err := sa.ParseSetup(rec.Setup)
	if err != nil {
		t.Fatal(err)
	}
	s, err := sa.New(setup, rec.Seed)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for i, raw := range rec.Actions {
		a, err := sa.ParseAction(raw)
		if err != nil {
			t.Fatalf("action %d: %v", i, err)
		}
		n, err := sa.Apply(s, a)
		if err != nil {
			t.Fatalf("action %d: %v", i, err)
		}
		b.WriteString(sa.Describe(s, a, n).String())
		b.WriteByte('\n')
		s = n
	}
	return b.String()
}
