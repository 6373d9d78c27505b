package scribes_test

import (
	"os"
	"testing"

	"github.com/grimoire-games/grimoire/rules/record"
	S "github.com/grimoire-games/grimoire/rules/scribes"
)

// TestExampleRecord replays the example of RECORDS.md (kept in testdata).
func TestExampleRecord(t *testing.T) {
	data, err := os.ReadFile("testdata/example.record.json")
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
	if s.Oinks(0) != oinks(0, 2, 0, 0) || s.Oinks(1) != oinks(0, 1, 3, 1) || len(s.Scribed(0)) != 1 || len(s.Reserved(1)) != 1 {
		t.Fatalf("%v %v", s.Oinks(0), s.Oinks(1))
	}
}
