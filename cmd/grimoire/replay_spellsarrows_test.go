package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReplaySpellsArrows(t *testing.T) {
	t.Run("a good record prints the snapshot", func(t *testing.T) {
		var out, errb bytes.Buffer
		file := filepath.Join("..", "..", "rules", "spellsarrows", "testdata", "spy-wins-by-escapes.json")
		if err := run(context.Background(), []string{"replay", file}, strings.NewReader(""), &out, &errb); err != nil {
			t.Fatalf("run: %v (stderr %q)", err, errb.String())
		}
		var snap struct {
			Over   bool   `json:"over"`
			Winner string `json:"winner"`
			Spy    struct {
				Points int   `json:"points"`
				Travel []int `json:"travel"`
			} `json:"spy"`
			Elves map[string]int `json:"elves"`
		}
		if err := json.Unmarshal(out.Bytes(), &snap); err != nil {
			t.Fatalf("snapshot is not JSON: %v\n%s", err, out.String())
		}
		if !snap.Over || snap.Winner != "spy" || snap.Spy.Points < 10 || snap.Elves == nil {
			t.Errorf("snapshot %+v", snap)
		}
	})
	t.Run("standard input", func(t *testing.T) {
		var out, errb bytes.Buffer
		rec := `{"game":"spells-arrows","version":1,"seed":1,"setup":{"victory":5,"spy":"a","mage":"b"},"actions":[{"type":"spy-shot","made":true},{"type":"move","to":"G1"},{"type":"move","to":"E4"}]}`
		if err := run(context.Background(), []string{"replay", "-"}, strings.NewReader(rec), &out, &errb); err != nil {
			t.Fatalf("run: %v (stderr %q)", err, errb.String())
		}
		if !strings.Contains(out.String(), `"at": "E4"`) {
			t.Errorf("stdout %s", out.String())
		}
	})
	bad := []struct{ name, actions, line string }{
		{"an illegal action names its index and the rule",
			`[{"type":"spy-shot","made":false},{"type":"move","to":"A"}]`,
			"action 1: toll not paid: 0 of 1 basket made at B"},
		{"a malformed action names its index",
			`[{"type":"spy-shot","made":true},{"type":"move","to":"A","made":true}]`,
			`action 1: malformed action: a "move" action has no "made" field`},
	}
	for _, b := range bad {
		t.Run(b.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "bad.json")
			rec := `{"game":"spells-arrows","version":1,"seed":1,"setup":{"victory":5,"spy":"a","mage":"b"},"actions":` + b.actions + `}`
			if err := os.WriteFile(file, []byte(rec), 0o644); err != nil {
				t.Fatal(err)
			}
			var out, errb bytes.Buffer
			err := run(context.Background(), []string{"replay", file}, strings.NewReader(""), &out, &errb)
			if err == nil {
				t.Fatal("run succeeded on a bad record")
			}
			if got := errb.String(); got != b.line+"\n" {
				t.Errorf("stderr = %q, want %q", got, b.line+"\n")
			}
			if out.Len() != 0 {
				t.Errorf("stdout not empty: %s", out.String())
			}
		})
	}
}
