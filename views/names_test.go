package views

import "testing"

func TestNewGameText(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{SpellsArrowsName, "New Spells & Arrows game"},
		{MagesTowerName, "New Mage's Tower game"},
		{ArcaneScribesName, "New Arcane Scribes game"},
		{"Theurgy", "New Theurgy game"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := NewGameText(tc.name); got != tc.want {
				t.Errorf("NewGameText(%q) = %q, want %q", tc.name, got, tc.want)
			}
		})
	}
}
