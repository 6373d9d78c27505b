package spellsarrows

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ErrBadRates marks make rates that cannot be read or are out of range.
var ErrBadRates = errors.New("bad make rates")

// Rates are one player's make probabilities per kind of shot, each 0..1.
// As spy a player shoots tolls and free throws; as mage, spells, arrows and
// leaps.
type Rates struct {
	Toll  float64 `json:"toll"`
	Free  float64 `json:"free"`
	Spell float64 `json:"spell"`
	Arrow float64 `json:"arrow"`
	Leap  float64 `json:"leap"`
}

// DefaultRates are the rates assumed for a player with no games: an
// average recreational shooter (free throws easier than spots on the arc).
func DefaultRates() Rates {
	return Rates{Toll: 0.5, Free: 0.7, Spell: 0.45, Arrow: 0.45, Leap: 0.7}
}

// Of is the rate of one kind of shot.
func (r Rates) Of(k ShotKind) float64 {
	switch k {
	case ShotToll:
		return r.Toll
	case ShotFree:
		return r.Free
	case ShotSpell:
		return r.Spell
	case ShotArrow:
		return r.Arrow
	case ShotLeap:
		return r.Leap
	}
	return 0
}

// With returns r with the rate of kind k set to p.
func (r Rates) With(k ShotKind, p float64) Rates {
	switch k {
	case ShotToll:
		r.Toll = p
	case ShotFree:
		r.Free = p
	case ShotSpell:
		r.Spell = p
	case ShotArrow:
		r.Arrow = p
	case ShotLeap:
		r.Leap = p
	}
	return r
}

// Plus returns r with every rate moved by d, kept within 0..1.
func (r Rates) Plus(d float64) Rates {
	for _, k := range ShotKinds() {
		r = r.With(k, min(1, max(0, r.Of(k)+d)))
	}
	return r
}

// String is the form ParseRates reads: "toll=0.5,free=0.7,spell=0.45,arrow=0.45,leap=0.7".
func (r Rates) String() string {
	parts := make([]string, 0, 5)
	for _, k := range ShotKinds() {
		parts = append(parts, string(k)+"="+strconv.FormatFloat(r.Of(k), 'f', -1, 64))
	}
	return strings.Join(parts, ",")
}

// Validate checks every rate is a probability.
func (r Rates) Validate() error {
	for _, k := range ShotKinds() {
		if p := r.Of(k); !(p >= 0 && p <= 1) {
			return fmt.Errorf("%w: the %s rate must be 0 to 1, not %v", ErrBadRates, k, p)
		}
	}
	return nil
}

// ParseRates reads comma-separated kind=rate pairs (kinds toll, free,
// spell, arrow, leap; rates 0..1, or percentages with a % sign). A kind
// left out keeps its rate in base; "all=0.6" sets every kind first, so
// "all=0.6,free=0.8" is valid. An empty string is base itself.
func ParseRates(s string, base Rates) (Rates, error) {
	r := base
	s = strings.TrimSpace(s)
	if s == "" {
		return r, nil
	}
	seen := map[string]bool{}
	pairs := strings.Split(s, ",")
	// "all" first, whatever its place, so that a later kind overrides it.
	for pass := range 2 {
		for _, pair := range pairs {
			k, v, ok := strings.Cut(strings.TrimSpace(pair), "=")
			k = strings.ToLower(strings.TrimSpace(k))
			if !ok || k == "" {
				return base, fmt.Errorf("%w: %q is not kind=rate", ErrBadRates, pair)
			}
			if (k == "all") != (pass == 0) {
				continue
			}
			if seen[k] {
				return base, fmt.Errorf("%w: %s is given twice", ErrBadRates, k)
			}
			seen[k] = true
			p, err := parseRate(v)
			if err != nil {
				return base, fmt.Errorf("%w: %s: %v", ErrBadRates, k, err)
			}
			if k == "all" {
				r = Rates{p, p, p, p, p}
				continue
			}
			known := false
			for _, kind := range ShotKinds() {
				if string(kind) == k {
					r, known = r.With(kind, p), true
				}
			}
			if !known {
				return base, fmt.Errorf("%w: unknown kind %q (toll, free, spell, arrow, leap or all)", ErrBadRates, k)
			}
		}
	}
	return r, r.Validate()
}

func parseRate(v string) (float64, error) {
	v = strings.TrimSpace(v)
	scale := 1.0
	if p, ok := strings.CutSuffix(v, "%"); ok {
		v, scale = strings.TrimSpace(p), 100
	}
	p, err := strconv.ParseFloat(v, 64)
	if err != nil {
		return 0, fmt.Errorf("%q is not a number", v)
	}
	p /= scale
	if !(p >= 0 && p <= 1) {
		return 0, fmt.Errorf("%s is not within 0..1 (or 0%%..100%%)", v)
	}
	return p, nil
}

// PriorWeight is how many attempts of DefaultRates RatesOf blends into a
// player's record, so that a player with two shots of a kind is not rated
// 0% or 100% at it.
const PriorWeight = 4

// RatesOf is a player's rates from their attempts: per kind, makes over
// attempts, blended with prior as PriorWeight attempts at its rate. Only
// attempts by player count (compared exactly: the caller decides which
// names are one player).
func RatesOf(attempts []Attempt, player string, prior Rates) Rates {
	var made, tried [5]float64
	kinds := ShotKinds()
	for _, a := range attempts {
		if a.Player != player {
			continue
		}
		for i, k := range kinds {
			if a.Kind == k {
				tried[i]++
				if a.Made {
					made[i]++
				}
			}
		}
	}
	r := prior
	for i, k := range kinds {
		r = r.With(k, (made[i]+PriorWeight*prior.Of(k))/(tried[i]+PriorWeight))
	}
	return r
}
