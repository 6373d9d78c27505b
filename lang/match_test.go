//go:build !js

package lang_test

import (
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/lang"
)

func TestMatch(t *testing.T) {
	tests := []struct {
		header string
		want   lang.Lang
	}{
		{"", lang.English},
		{"en-US,en;q=0.9", lang.English},
		{"es-MX,es;q=0.9,en;q=0.8", lang.Spanish},
		{"es", lang.Spanish},
		{"fr-CA", lang.French},
		{"de-AT,de;q=0.9", lang.German},
		{"de-CH", lang.German},
		{"pt-BR", lang.Portuguese},
		{"pt", lang.Portuguese},
		{"pt-PT", lang.Portuguese},
		// The browser's first choice wins when it is offered.
		{"fr;q=0.9,de", lang.German},
		{"it,de;q=0.5", lang.German},
		// Nothing offered, or nothing readable: English.
		{"ja,zh;q=0.8", lang.English},
		{"*", lang.English},
		{"en-XA", lang.English},
		{";;;,,q=zz", lang.English},
		{"\x00\xff", lang.English},
		{strings.Repeat("de,", 2000), lang.English},
	}
	for _, tt := range tests {
		t.Run(tt.header, func(t *testing.T) {
			if got := lang.Match(tt.header); got != tt.want {
				t.Errorf("Match(%q) = %s, want %s", tt.header, got, tt.want)
			}
		})
	}
}
