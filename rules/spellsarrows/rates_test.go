package spellsarrows_test

import (
	"errors"
	"math"
	"testing"

	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
)

func TestParseRates(t *testing.T) {
	d := sa.DefaultRates()
	tests := []struct {
		name string
		in   string
		want sa.Rates
	}{
		{"nothing given keeps the defaults", "", d},
		{"every kind by name", "toll=0.6,free=0.8,spell=0.4,arrow=0.3,leap=0.9", sa.Rates{Toll: 0.6, Free: 0.8, Spell: 0.4, Arrow: 0.3, Leap: 0.9}},
		{"a kind left out keeps its default", "toll=0.6", d.With(sa.ShotToll, 0.6)},
		{"all sets every kind", "all=0.5", sa.Rates{Toll: 0.5, Free: 0.5, Spell: 0.5, Arrow: 0.5, Leap: 0.5}},
		{"a kind after all overrides it", "free=0.9, all=0.5", sa.Rates{Toll: 0.5, Free: 0.9, Spell: 0.5, Arrow: 0.5, Leap: 0.5}},
		{"percentages read too", "toll=60%,LEAP = 75 %", d.With(sa.ShotToll, 0.6).With(sa.ShotLeap, 0.75)},
		{"the ends of the range are allowed", "toll=0,free=1", d.With(sa.ShotToll, 0).With(sa.ShotFree, 1)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := sa.ParseRates(tt.in, d)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
			again, err := sa.ParseRates(got.String(), sa.Rates{})
			if err != nil || again != got {
				t.Fatalf("String does not read back: %q -> %v, %v", got.String(), again, err)
			}
		})
	}
}

func TestParseRatesErrors(t *testing.T) {
	for _, in := range []string{"toll", "toll=", "toll=x", "toll=1.2", "toll=-0.1", "toll=120%", "dunk=0.5", "toll=0.5,toll=0.6", "=0.5", "toll=NaN"} {
		t.Run(in, func(t *testing.T) {
			if _, err := sa.ParseRates(in, sa.DefaultRates()); !errors.Is(err, sa.ErrBadRates) {
				t.Fatalf("ParseRates(%q): %v, want ErrBadRates", in, err)
			}
		})
	}
	if err := (sa.Rates{Toll: math.NaN()}).Validate(); !errors.Is(err, sa.ErrBadRates) {
		t.Fatalf("NaN rate validated: %v", err)
	}
}

// A player's rates are their makes over attempts per kind, pulled toward
// the prior by PriorWeight attempts, and only their own attempts count.
func TestRatesOf(t *testing.T) {
	att := func(player string, k sa.ShotKind, made bool) sa.Attempt {
		return sa.Attempt{Player: player, Kind: k, Made: made}
	}
	attempts := []sa.Attempt{
		att("Ana", sa.ShotToll, true), att("Ana", sa.ShotToll, true), att("Ana", sa.ShotToll, true), att("Ana", sa.ShotToll, false),
		att("Ana", sa.ShotSpell, false), att("Ana", sa.ShotSpell, false), att("Ana", sa.ShotSpell, false), att("Ana", sa.ShotSpell, false),
		att("Ben", sa.ShotToll, false), att("Ben", sa.ShotFree, true),
	}
	prior := sa.Rates{Toll: 0.5, Free: 0.5, Spell: 0.5, Arrow: 0.5, Leap: 0.5}
	got := sa.RatesOf(attempts, "Ana", prior)
	want := sa.Rates{Toll: (3 + 2.0) / 8, Free: 0.5, Spell: 2.0 / 8, Arrow: 0.5, Leap: 0.5}
	if got != want {
		t.Fatalf("got %v, want %v", got, want)
	}
	if got := sa.RatesOf(attempts, "Cy", prior); got != prior {
		t.Fatalf("a player with no attempts: %v, want the prior %v", got, prior)
	}
}
