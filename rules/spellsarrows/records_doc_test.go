package spellsarrows_test

import (
	"encoding/json"
	"os"
	"reflect"
	"regexp"
	"testing"

	"github.com/grimoire-games/grimoire/rules/record"
	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
)

// TestRecordsDocExample replays the example record of RECORDS.md and checks
// that the snapshot printed there is what replay gives, key for key, so the
// document cannot drift from the code.
func TestRecordsDocExample(t *testing.T) {
	doc, err := os.ReadFile("RECORDS.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile("(?s)```json\n(.*?)```").FindAllSubmatch(doc, -1)
	if len(blocks) != 3 {
		t.Fatalf("RECORDS.md has %d JSON blocks, want the example record, its snapshot and the position record", len(blocks))
	}
	posRec, err := record.Parse(blocks[2][1])
	if err != nil {
		t.Fatalf("the position record: %v", err)
	}
	if _, err := sa.Replay(posRec); err != nil {
		t.Errorf("the position record does not replay: %v", err)
	}
	rec, err := record.Parse(blocks[0][1])
	if err != nil {
		t.Fatalf("the example record: %v", err)
	}
	s, err := sa.Replay(rec)
	if err != nil {
		t.Fatalf("the example record does not replay: %v", err)
	}
	got, err := json.Marshal(s.Snapshot())
	if err != nil {
		t.Fatal(err)
	}
	var have, want any
	if err := json.Unmarshal(got, &have); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(blocks[1][1], &want); err != nil {
		t.Fatalf("the documented snapshot: %v", err)
	}
	if !reflect.DeepEqual(have, want) {
		t.Errorf("replay gives\n%s\nRECORDS.md says\n%s", got, blocks[1][1])
	}
}
