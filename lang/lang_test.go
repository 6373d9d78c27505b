package lang_test

import (
	"context"
	"testing"

	"github.com/grimoire-games/grimoire/lang"
)

func TestParse(t *testing.T) {
	tests := []struct {
		in   string
		want lang.Lang
		ok   bool
	}{
		{"en", lang.English, true},
		{"es", lang.Spanish, true},
		{"fr", lang.French, true},
		{"de", lang.German, true},
		{"pt-BR", lang.Portuguese, true},
		{"pt-br", lang.Portuguese, true},
		{"pt", lang.English, false},
		{"en-XA", lang.English, false}, // the pseudo-language is never a choice
		{"", lang.English, false},
		{"de;drop table", lang.English, false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, ok := lang.Parse(tt.in)
			if got != tt.want || ok != tt.ok {
				t.Errorf("Parse(%q) = %s, %v; want %s, %v", tt.in, got, ok, tt.want, tt.ok)
			}
		})
	}
}

func TestContext(t *testing.T) {
	ctx := context.Background()
	if got := lang.From(ctx); got != lang.English {
		t.Errorf("a bare context speaks %s, want English", got)
	}
	if got := lang.T(ctx, lang.HomeTitle); got != "Your games" {
		t.Errorf("English home title %q", got)
	}
	ctx = lang.With(ctx, lang.German)
	if got := lang.T(ctx, lang.HomeTitle); got != "Deine Spiele" {
		t.Errorf("German home title %q", got)
	}
	if got := lang.T(ctx, lang.HomeDeleteGame, "Ana gegen Ben"); got != "Ana gegen Ben löschen" {
		t.Errorf("German delete %q", got)
	}
}

func TestOfferedNamesAndTags(t *testing.T) {
	want := map[lang.Lang]string{
		lang.English: "English", lang.Spanish: "Español", lang.French: "Français",
		lang.German: "Deutsch", lang.Portuguese: "Português (Brasil)",
	}
	got := lang.Offered()
	if len(got) != len(want) || got[0] != lang.English {
		t.Fatalf("Offered() = %v", got)
	}
	for _, l := range got {
		if l.Name() != want[l] {
			t.Errorf("%s is named %q, want %q", l, l.Name(), want[l])
		}
		if p, ok := lang.Parse(l.Tag()); !ok || p != l {
			t.Errorf("%s's tag %q does not parse back", l, l.Tag())
		}
	}
}
