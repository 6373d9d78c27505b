package spellsarrows_test

import (
	"errors"
	"reflect"
	"testing"

	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
)

// TestStrictActions: a record action whose fields say nothing in a way
// that could be read as another field's absence is refused as it is read,
// and the state it was offered to is unchanged.
func TestStrictActions(t *testing.T) {
	rows := []struct {
		rule string
		play func(g *game)
		raw  string
	}{
		{"a move names where to", func(g *game) { g.do(sa.SpyShot(true)) }, `{"type":"move","to":""}`},
		{"an empty span is not a target location", func(g *game) { g.spyFails().castClean(2) }, `{"type":"target","span":""}`},
		{"an empty location is not a target", func(g *game) { g.spyFails().castClean(1) }, `{"type":"target","at":""}`},
		{"a made leap names both spans", func(g *game) {}, `{"type":"leap","made":true,"from":"","to":"A-W3"}`},
		{"a card number that does not fit a number", func(g *game) { g.spyFails() }, `{"type":"cast","card":9223372036854775808}`},
		{"a card number is whole", func(g *game) { g.spyFails() }, `{"type":"cast","card":1.5}`},
	}
	for _, r := range rows {
		t.Run(r.rule, func(t *testing.T) {
			g := start(t, defaultSetup())
			r.play(g)
			before := g.snap()
			a, err := sa.ParseAction([]byte(r.raw))
			if err == nil {
				_, err = sa.Apply(g.s, a)
			}
			if !errors.Is(err, sa.ErrBadAction) {
				t.Fatalf("err = %v, want ErrBadAction", err)
			}
			if !reflect.DeepEqual(before, g.snap()) {
				t.Error("a refused action changed the state")
			}
		})
	}
}
