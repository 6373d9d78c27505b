package tower_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/grimoire-games/grimoire/rules/tower"
)

// explainPositions are real moments a referee might be asked about.
func explainPositions() []struct {
	name string
	p    tower.Position
} {
	type row = struct {
		name string
		p    tower.Position
	}
	cast := func(p tower.Position) tower.Position {
		p.Phase = tower.PhaseCast
		return p
	}
	return []row{
		{"opening-place", turnOne()},
		{"general-advancing", towerBase()},
		{"mage-late-in-the-card", func() tower.Position {
			p := cast(towerBase())
			p.Thumbs = tower.PositionThumbs{Left: 5, Right: 6}
			p.TomeUsed = true
			return p
		}()},
		{"mage-must-skip", func() tower.Position {
			p := cast(towerBase())
			p.Thumbs = tower.PositionThumbs{Left: 8, Right: 7}
			return p
		}()},
	}
}

func TestExplainGolden(t *testing.T) {
	for _, row := range explainPositions() {
		t.Run(row.name, func(t *testing.T) {
			setup, err := tower.FromPosition(towerSetup(), row.p)
			if err != nil {
				t.Fatal(err)
			}
			s, err := tower.New(setup, 1)
			if err != nil {
				t.Fatal(err)
			}
			e := tower.Explain(s)
			if len(e.Legal) == 0 || len(e.Refused) == 0 {
				t.Fatalf("nothing legal or nothing refused: %+v", e)
			}
			for _, o := range e.Legal {
				if _, err := tower.Apply(s, o.Action); err != nil {
					t.Errorf("%+v is listed legal but Apply refuses it: %v", o.Action, err)
				}
			}
			rulings := map[string]bool{}
			for _, r := range tower.Rulings() {
				rulings[r.ID] = true
			}
			for _, r := range e.Refused {
				if r.Ruling != "" && !rulings[r.Ruling] {
					t.Errorf("%+v names the ruling %q, which the rules page does not have", r.Action, r.Ruling)
				}
				if _, err := tower.Apply(s, r.Action); err == nil || err.Error() != r.Reason {
					t.Errorf("%+v is listed refused for %q but Apply says %v", r.Action, r.Reason, err)
				}
			}
			got, err := json.MarshalIndent(struct {
				Position    tower.Position    `json:"position"`
				Explanation tower.Explanation `json:"explanation"`
			}{row.p, e}, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, '\n')
			path := filepath.Join("testdata", "explain", row.name+".json")
			if *update {
				os.MkdirAll(filepath.Dir(path), 0o755)
				os.WriteFile(path, got, 0o644)
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("the explanation differs from %s", path)
			}
		})
	}
}

// BenchmarkExplain: the opening lists the most actions (129 placements).
func BenchmarkExplain(b *testing.B) {
	setup, err := tower.FromPosition(towerSetup(), turnOne())
	if err != nil {
		b.Fatal(err)
	}
	s, err := tower.New(setup, 1)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		tower.Explain(s)
	}
}
