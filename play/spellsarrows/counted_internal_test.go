package spellsarrows

import "testing"

// TestCounted: a rates source reads "from 1 shot in 1 game", never "1 shots"
// or "1 games" (issue 14).
func TestCounted(t *testing.T) {
	for _, tc := range []struct {
		n         int
		one, many string
		want      string
	}{
		{1, "shot", "shots", "1 shot"},
		{0, "shot", "shots", "0 shots"},
		{12, "game", "games", "12 games"},
		{1, "game", "games", "1 game"},
	} {
		if got := counted(tc.n, tc.one, tc.many); got != tc.want {
			t.Errorf("counted(%d, %q, %q) = %q, want %q", tc.n, tc.one, tc.many, got, tc.want)
		}
	}
}
