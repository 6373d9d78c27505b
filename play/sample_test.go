package play_test

import (
	"context"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/play/scribes"
	"github.com/grimoire-games/grimoire/play/spellsarrows"
	"github.com/grimoire-games/grimoire/play/tower"
)

// Every game shows sample screens (the server's compression dictionary is
// drawn from them): legal games of their own, drawn the same every time,
// so every server of a build makes the same dictionary.
func TestSamplesAreLegalGamesDrawnTheSameEveryTime(t *testing.T) {
	for _, k := range []play.Kind{spellsarrows.Kind{}, scribes.Kind{}, tower.Kind{}} {
		t.Run(k.Info().ID, func(t *testing.T) {
			s, ok := k.(play.Sampler)
			if !ok {
				t.Fatal("no samples")
			}
			first, err := s.Samples()
			if err != nil {
				t.Fatal(err)
			}
			again, err := s.Samples()
			if err != nil {
				t.Fatal(err)
			}
			if len(first) < 2 || len(first) != len(again) {
				t.Fatalf("%d samples, then %d: want the same few", len(first), len(again))
			}
			for i, tb := range first {
				// A sample may show a version again, to another viewer.
				if tb.Kind != k.Info().ID || tb.Version < 1 || len(tb.Actions) != tb.Version || len(tb.ActionSeats) != len(tb.Actions) {
					t.Fatalf("sample %d: kind %s, version %d, %d actions, %d seats", i, tb.Kind, tb.Version, len(tb.Actions), len(tb.ActionSeats))
				}
				if _, err := k.Replay(tb.Record()); err != nil {
					t.Fatalf("sample %d is no legal game: %v", i, err)
				}
				if got, want := screen(t, k, tb), screen(t, k, again[i]); got != want {
					t.Fatalf("sample %d was drawn two ways", i)
				}
			}
		})
	}
}

// screen is a table's fragments drawn, one after another.
func screen(t *testing.T, k play.Kind, tb play.Table) string {
	t.Helper()
	frags, err := k.Fragments(tb, nil)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, f := range frags {
		if err := f.Component.Render(context.Background(), &b); err != nil {
			t.Fatal(err)
		}
	}
	return b.String()
}
