package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunMeasuresTheRealServer runs the program briefly against the server
// built from this checkout: a few taps at one slowdown, a trace, no shaped
// link. It checks that every figure was produced, never how fast.
func TestRunMeasuresTheRealServer(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the server and starts Chromium")
	}
	if _, err := findChromium(); err != nil {
		if os.Getenv("GRIMOIRE_REQUIRE_BROWSER") == "1" {
			t.Fatal("GRIMOIRE_REQUIRE_BROWSER=1 but " + err.Error())
		}
		t.Skip(err.Error() + ": skipped (set GRIMOIRE_REQUIRE_BROWSER=1 to fail instead)")
	}
	trace := filepath.Join(t.TempDir(), "tap.json")
	var out bytes.Buffer
	err := run(context.Background(), []string{"-src", "../..", "-taps", "3", "-warm", "1", "-cpu", "2", "-link=false", "-trace", trace}, &out)
	t.Log(out.String())
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"bare page (button changes a number)", "Spells & Arrows spy MAKE/MISS", "ratio app/bare", "by group:"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the output lacks %q", want)
		}
	}
	if st, err := os.Stat(trace); err != nil || st.Size() == 0 {
		t.Errorf("no trace written: %v", err)
	}
}

func TestQuantileIsTheNearestRank(t *testing.T) {
	for _, c := range []struct {
		v       []float64
		q, want float64
	}{
		{[]float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, 0.5, 5},
		{[]float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, 0.95, 10},
		{[]float64{7}, 0.95, 7},
		{nil, 0.5, 0},
	} {
		if got := quantile(c.v, c.q); got != c.want {
			t.Errorf("quantile(%v, %v) = %v, want %v", c.v, c.q, got, c.want)
		}
	}
}

func TestGoPackageOfASymbol(t *testing.T) {
	for sym, want := range map[string]string{
		"runtime.mallocgc": "runtime",
		"github.com/grimoire-games/grimoire/rules/spellsarrows.(*Game).Apply": "github.com/grimoire-games/grimoire/rules/spellsarrows",
		"encoding/json.Unmarshal": "encoding/json",
	} {
		if got := goPackage(sym); got != want {
			t.Errorf("goPackage(%q) = %q, want %q", sym, got, want)
		}
	}
}
