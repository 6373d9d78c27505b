package scribes_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/rules/record"
	S "github.com/grimoire-games/grimoire/rules/scribes"
)

var update = flag.Bool("update", false, "rewrite golden records and snapshots in testdata/")

// goldenGames are full bot games; with -update their records are played
// afresh and their snapshots rewritten.
var goldenGames = []struct {
	name  string
	setup S.Setup
	seed  int64
	bots  []string
}{
	{"two-greedy", S.Setup{Players: []string{"Mia", "Ben"}}, 7, []string{"greedy", "greedy"}},
	{"three-mixed", S.Setup{Players: []string{"Mia", "Ben", "Cy"}, Bots: []string{"greedy", "random", "greedy"}}, 11, []string{"greedy", "random", "greedy"}},
	{"five-greedy", S.Setup{Players: []string{"Ana", "Bo", "Cal", "Dot", "Eli"}}, 23, []string{"greedy", "greedy", "greedy", "greedy", "greedy"}},
	{"fixed-order", S.Setup{Players: []string{"Mia", "Ben"}, Draw: [][]string{{"TIDE-8", "ROOT-8"}, {"ASHW-2", "GALE-9"}},
		Deck: order(cardIDs(), "TIDE-8", "ASHW-10", "GALE-5a", "ROOT-3", "ASHW-2"), Tiles: order(tileIDs(), "T-ARENA-1", "T-ASHW+TIDE+GALE-1", "T-TIDE+GALE-1", "T-ROOT-1", "T-GALE+GALE")}, 0, []string{"greedy", "random"}},
}

func TestGolden(t *testing.T) {
	for _, g := range goldenGames {
		t.Run(g.name, func(t *testing.T) {
			recPath := filepath.Join("testdata", g.name+".record.json")
			snapPath := filepath.Join("testdata", g.name+".snapshot.json")
			if *update {
				bots := make([]S.Bot, len(g.bots))
				for i, b := range g.bots {
					bots[i] = S.BotByName(b)
				}
				_, acts, err := S.PlayGame(g.setup, g.seed, bots, 20000)
				if err != nil {
					t.Fatal(err)
				}
				writeRecord(t, recPath, g.setup, g.seed, acts)
			}
			data, err := os.ReadFile(recPath)
			if err != nil {
				t.Fatal(err)
			}
			rec, err := record.Parse(data)
			if err != nil {
				t.Fatal(err)
			}
			s, err := S.Replay(rec)
			if err != nil {
				t.Fatal(err)
			}
			if !s.Over() {
				t.Fatal("golden game did not finish")
			}
			got, _ := json.MarshalIndent(s.Snapshot(), "", "  ")
			got = append(got, '\n')
			if *update {
				if err := os.WriteFile(snapPath, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(snapPath)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("snapshot differs from %s (run go test -update after checking the change)", snapPath)
			}
		})
	}
}

// writeRecord writes one action per line so diffs stay readable.
func writeRecord(t *testing.T, path string, setup S.Setup, seed int64, acts []S.Action) {
	t.Helper()
	sj, _ := json.Marshal(setup)
	var b strings.Builder
	fmt.Fprintf(&b, "{\"game\": %q, \"version\": %d, \"seed\": %d,\n \"setup\": %s,\n \"actions\": [\n", record.ArcaneScribes, record.FormatVersion, seed, sj)
	for i, a := range acts {
		aj, err := json.Marshal(a)
		if err != nil {
			t.Fatal(err)
		}
		sep := ","
		if i == len(acts)-1 {
			sep = ""
		}
		fmt.Fprintf(&b, "  %s%s\n", aj, sep)
	}
	b.WriteString(" ]}\n")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
