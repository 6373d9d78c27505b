package record

import "testing"

func TestLevelNames(t *testing.T) {
	if got := LevelNames(); got != "Apprentice, Adept or Archmage" {
		t.Errorf("LevelNames() = %q", got)
	}
}

func TestLevelName(t *testing.T) {
	for _, tc := range []struct{ id, name, label string }{
		{"random", "Apprentice", "Apprentice bot"},
		{"greedy", "Adept", "Adept bot"},
		{"search", "Archmage", "Archmage bot"},
		{"oracle", "oracle", "oracle bot"}, // unknown: shown as it is
	} {
		t.Run(tc.id, func(t *testing.T) {
			if got := LevelName(tc.id); got != tc.name {
				t.Errorf("LevelName(%q) = %q, want %q", tc.id, got, tc.name)
			}
			if got := BotLabel(tc.id); got != tc.label {
				t.Errorf("BotLabel(%q) = %q, want %q", tc.id, got, tc.label)
			}
		})
	}
}
