package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestRatingsCommand rates record files day by day (their modification
// days), the same table whatever order the files are named in; a file that
// is not a record is named and the exit status says so.
func TestRatingsCommand(t *testing.T) {
	dir := t.TempDir()
	var files []string
	srcs, err := filepath.Glob("../../rules/spellsarrows/testdata/*.json")
	if err != nil {
		t.Fatal(err)
	}
	for i, src := range srcs {
		if strings.HasSuffix(src, ".golden.json") {
			continue
		}
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		dst := filepath.Join(dir, filepath.Base(src))
		if err := os.WriteFile(dst, data, 0o600); err != nil {
			t.Fatal(err)
		}
		day := time.Date(2026, 1, 1+i, 12, 0, 0, 0, time.UTC)
		if err := os.Chtimes(dst, day, day); err != nil {
			t.Fatal(err)
		}
		files = append(files, dst)
	}
	rate := func(args ...string) (string, string, error) {
		var out, errOut bytes.Buffer
		err := run(context.Background(), append([]string{"ratings"}, args...), nil, &out, &errOut)
		return out.String(), errOut.String(), err
	}
	want, _, err := rate(files...)
	if err != nil || !strings.Contains(want, "Spells & Arrows") || !strings.Contains(want, "Ana") {
		t.Fatalf("ratings: %v\n%s", err, want)
	}
	reversed := make([]string, len(files))
	for i, f := range files {
		reversed[len(files)-1-i] = f
	}
	t.Run("order", func(t *testing.T) {
		if got, _, err := rate(reversed...); err != nil || got != want {
			t.Fatalf("files in reverse order: %v\n%s\nwant\n%s", err, got, want)
		}
	})
	t.Run("other game", func(t *testing.T) {
		if got, _, err := rate(append([]string{"--game", "mages-tower"}, files...)...); err != nil || !strings.Contains(got, "No finished games") {
			t.Fatalf("--game mages-tower over Spells & Arrows records: %v\n%s", err, got)
		}
	})
	t.Run("not a record", func(t *testing.T) {
		bad := filepath.Join(dir, "bad.json")
		if err := os.WriteFile(bad, []byte("{}"), 0o600); err != nil {
			t.Fatal(err)
		}
		got, errOut, err := rate(append(files, bad)...)
		if err == nil || got != want || !strings.Contains(errOut, "bad.json left out") {
			t.Fatalf("a bad file: %v\n%s\n%s", err, got, errOut)
		}
	})
}
