package spellsarrows_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/rules/record"
	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
)

// goldenRecords are the full games kept in testdata (records, not their
// snapshots).
func goldenRecords(t *testing.T) map[string]record.Record {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("testdata", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]record.Record{}
	for _, p := range paths {
		if strings.HasSuffix(p, ".golden.json") {
			continue
		}
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := record.Parse(data)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		out[strings.TrimSuffix(filepath.Base(p), ".json")] = rec
	}
	if len(out) < 8 {
		t.Fatalf("only %d golden records in testdata", len(out))
	}
	return out
}

var shotTypes = map[string]string{sa.TypeSpyShot: sa.RoleSpy, sa.TypeArrow: sa.RoleMage, sa.TypeLeap: sa.RoleMage, sa.TypeSpellShot: sa.RoleMage}

// Every shot action of a record is one attempt, by the player of its side,
// made exactly when the action says so, drawn where the map puts its spot.
func TestAttemptsCountEveryShotOnce(t *testing.T) {
	m := sa.DefaultMap()
	for name, rec := range goldenRecords(t) {
		t.Run(name, func(t *testing.T) {
			got, err := sa.Attempts(rec)
			if err != nil {
				t.Fatal(err)
			}
			setup, err := sa.ParseSetup(rec.Setup)
			if err != nil {
				t.Fatal(err)
			}
			var shots []int
			for i, raw := range rec.Actions {
				a, err := sa.ParseAction(raw)
				if err != nil {
					t.Fatal(err)
				}
				if _, ok := shotTypes[a.Type]; ok {
					shots = append(shots, i)
				}
			}
			if len(got) != len(shots) {
				t.Fatalf("%d attempts for %d shot actions", len(got), len(shots))
			}
			for j, at := range got {
				a, _ := sa.ParseAction(rec.Actions[shots[j]])
				if at.Index != shots[j] {
					t.Fatalf("attempt %d is action %d, want %d", j, at.Index, shots[j])
				}
				if at.Role != shotTypes[a.Type] || at.Kind.Role() != at.Role {
					t.Fatalf("action %d (%s): role %q, kind %s", at.Index, a.Type, at.Role, at.Kind)
				}
				want := setup.Spy
				if at.Role == sa.RoleMage {
					want = setup.Mage
				}
				if at.Player != want {
					t.Fatalf("action %d: player %q, want %q", at.Index, at.Player, want)
				}
				if at.Made != a.Made {
					t.Fatalf("action %d: made %v, the record says %v", at.Index, at.Made, a.Made)
				}
				x, y, ok := spotXY(m, at.Spot)
				if !ok || x != at.X || y != at.Y {
					t.Fatalf("action %d: spot %q at (%v, %v), the map says (%v, %v) (known %v)", at.Index, at.Spot, at.X, at.Y, x, y, ok)
				}
			}
		})
	}
}

func spotXY(m sa.Map, id string) (float64, float64, bool) {
	if id == sa.FreeThrowSpot {
		return m.FreeThrow.X, m.FreeThrow.Y, true
	}
	if l, ok := m.Location(id); ok {
		return l.X, l.Y, true
	}
	for _, s := range m.Spots {
		if s.ID == id {
			return s.X, s.Y, true
		}
	}
	return 0, 0, false
}

// The attempts of particular actions read like the game's log.
func TestAttemptsKindAndSpot(t *testing.T) {
	recs := goldenRecords(t)
	tests := []struct {
		name   string
		record string
		index  int
		want   sa.Attempt
	}{
		{"a toll is shot at the spy's cone", "giants-engaged-and-leaps", 36,
			sa.Attempt{Index: 36, Turn: 2, Player: "Ana", Role: "spy", Kind: sa.ShotToll, Spot: "B", X: 0, Y: 42, Made: true}},
		{"a free throw at the giant blocking the way is shot from the free-throw spot", "giants-engaged-and-leaps", 40,
			sa.Attempt{Index: 40, Turn: 2, Player: "Ana", Role: "spy", Kind: sa.ShotFree, Spot: sa.FreeThrowSpot, X: 0, Y: 19, Made: true}},
		{"the free throw that destroys the giant is still a free throw", "giants-engaged-and-leaps", 49,
			sa.Attempt{Index: 49, Turn: 3, Player: "Ana", Role: "spy", Kind: sa.ShotFree, Spot: sa.FreeThrowSpot, X: 0, Y: 19, Made: true}},
		{"a giant leap is the mage's free throw", "giants-engaged-and-leaps", 34,
			sa.Attempt{Index: 34, Turn: 2, Player: "Ben", Role: "mage", Kind: sa.ShotLeap, Spot: sa.FreeThrowSpot, X: 0, Y: 19, Made: true}},
		{"a missed leap counts too", "giants-engaged-and-leaps", 35,
			sa.Attempt{Index: 35, Turn: 2, Player: "Ben", Role: "mage", Kind: sa.ShotLeap, Spot: sa.FreeThrowSpot, X: 0, Y: 19}},
		{"an elf arrow is shot from the guarded town the spy stands at", "mage-wins-by-capture", 28,
			sa.Attempt{Index: 28, Turn: 2, Player: "Ben", Role: "mage", Kind: sa.ShotArrow, Spot: "W3", X: -17, Y: 22, Made: true}},
		{"a spell shot is at the pattern's current spot", "spells-bench-cut-bonus", 15,
			sa.Attempt{Index: 15, Turn: 1, Player: "Ben", Role: "mage", Kind: sa.ShotSpell, Spot: "LW", X: -17, Y: 21}},
		{"after a miss the same spot is shot again", "spells-bench-cut-bonus", 16,
			sa.Attempt{Index: 16, Turn: 1, Player: "Ben", Role: "mage", Kind: sa.ShotSpell, Spot: "LW", X: -17, Y: 21, Made: true}},
		{"the bench's pattern has the free-throw line as a spell spot", "spells-bench-cut-bonus", 10,
			sa.Attempt{Index: 10, Turn: 1, Player: "Ben", Role: "mage", Kind: sa.ShotSpell, Spot: "FT", X: 0, Y: 19, Made: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			all, err := sa.Attempts(recs[tt.record])
			if err != nil {
				t.Fatal(err)
			}
			for _, at := range all {
				if at.Index == tt.index {
					if at != tt.want {
						t.Fatalf("got  %+v\nwant %+v", at, tt.want)
					}
					return
				}
			}
			t.Fatalf("no attempt at action %d", tt.index)
		})
	}
}

// The attempts of each golden record, one line each, are kept in testdata
// so a change in extraction shows as a diff.
func TestAttemptsGolden(t *testing.T) {
	for name, rec := range goldenRecords(t) {
		t.Run(name, func(t *testing.T) {
			all, err := sa.Attempts(rec)
			if err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			for _, at := range all {
				fmt.Fprintf(&b, "%d\t%d\t%s\t%s\t%s\t%s\t%g,%g\t%v\n", at.Index, at.Turn, at.Role, at.Player, at.Kind, at.Spot, at.X, at.Y, at.Made)
			}
			path := filepath.Join("testdata", name+".attempts.golden")
			if *update {
				if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if !bytes.Equal(b.Bytes(), want) {
				t.Fatalf("attempts differ from %s (go test -update rewrites it)\n%s", path, b.String())
			}
		})
	}
}

// AttemptsOf (setup, seed, actions) agrees with Attempts (a record).
func TestAttemptsOfMatchesRecord(t *testing.T) {
	for name, rec := range goldenRecords(t) {
		t.Run(name, func(t *testing.T) {
			setup, err := sa.ParseSetup(rec.Setup)
			if err != nil {
				t.Fatal(err)
			}
			var actions []sa.Action
			for _, raw := range rec.Actions {
				a, err := sa.ParseAction(raw)
				if err != nil {
					t.Fatal(err)
				}
				actions = append(actions, a)
			}
			a, err := sa.AttemptsOf(setup, rec.Seed, actions)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := sa.Attempts(rec)
			if fmt.Sprint(a) != fmt.Sprint(b) {
				t.Fatalf("AttemptsOf and Attempts differ:\n%v\n%v", a, b)
			}
		})
	}
}

func TestAttemptsErrors(t *testing.T) {
	rec := goldenRecords(t)["random-1"]
	bad := rec
	bad.Actions = append(append([]json.RawMessage{}, rec.Actions[:2]...), json.RawMessage(`{"type":"cast","card":1}`))
	tests := []struct {
		name string
		rec  record.Record
		want error
	}{
		{"a record of another game", record.Record{Game: record.MagesTower, Version: 1, Setup: rec.Setup}, record.ErrMalformed},
		{"an action the rules refuse", bad, sa.ErrNotNow},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := sa.Attempts(tt.rec); !errors.Is(err, tt.want) {
				t.Fatalf("error %v, want %v", err, tt.want)
			}
		})
	}
	if _, err := sa.AttemptsOf(sa.Setup{Victory: 12, Spy: "Ana", Mage: "Ben"}, 1, []sa.Action{sa.Cast(1)}); !errors.Is(err, sa.ErrNotNow) {
		t.Fatalf("AttemptsOf with a refused action: %v", err)
	}
}
