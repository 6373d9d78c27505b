package scribes_test

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"

	S "github.com/grimoire-games/grimoire/rules/scribes"
)

// order puts the given ids first, then every other id in data order.
func order(all []string, front ...string) []string {
	out := slices.Clone(front)
	for _, id := range all {
		if !slices.Contains(front, id) {
			out = append(out, id)
		}
	}
	return out
}

func cardIDs() []string {
	var out []string
	for _, c := range S.DefaultData().Cards {
		out = append(out, c.ID)
	}
	return out
}

func tileIDs() []string {
	var out []string
	for _, t := range S.DefaultData().Tiles {
		out = append(out, t.ID)
	}
	return out
}

// table starts a game with seat 0 first, the row's cards and tiles fixed.
func table(t testing.TB, players int, cards, tiles []string) S.State {
	t.Helper()
	names := []string{"Mia", "Ben", "Cy", "Dee", "Eve", "Fox", "Gil", "Hal"}[:players]
	first := 0
	s, err := S.New(S.Setup{Players: names, First: &first, Deck: order(cardIDs(), cards...), Tiles: order(tileIDs(), tiles...)}, 1)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func must(t testing.TB, s S.State, acts ...S.Action) S.State {
	t.Helper()
	for _, a := range acts {
		n, err := S.Apply(s, a)
		if err != nil {
			t.Fatalf("%+v: %v", a, err)
		}
		s = n
	}
	return s
}

func refuse(t testing.TB, s S.State, a S.Action, want error) {
	t.Helper()
	_, err := S.Apply(s, a)
	if !errors.Is(err, want) {
		t.Fatalf("%+v: got %v, want %v", a, err, want)
	}
}

func oinks(a, t, g, r int) [4]int { return [4]int{a, t, g, r} }

const (
	A = S.ASHW
	T = S.TIDE
	G = S.GALE
	R = S.ROOT
)

func sameJSON(a, b any) bool {
	x, err1 := json.Marshal(a)
	y, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && string(x) == string(y)
}
