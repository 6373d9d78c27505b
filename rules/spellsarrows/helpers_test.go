package spellsarrows_test

import (
	"testing"

	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
)

// game drives a State through a test, failing the test on any rejected
// action.
type game struct {
	t       *testing.T
	s       sa.State
	actions []sa.Action
	log     []string
}

func defaultSetup() sa.Setup { return sa.Setup{Victory: 12, Spy: "Ana", Mage: "Ben"} }

func start(t *testing.T, setup sa.Setup) *game {
	t.Helper()
	s, err := sa.New(setup, 42)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return &game{t: t, s: s}
}

func (g *game) do(as ...sa.Action) *game {
	g.t.Helper()
	for _, a := range as {
		n, err := sa.Apply(g.s, a)
		if err != nil {
			g.t.Fatalf("action %d %+v rejected in phase %s: %v", len(g.actions), a, g.s.Phase(), err)
		}
		g.log = append(g.log, sa.Describe(g.s, a, n).String())
		g.actions = append(g.actions, a)
		g.s = n
	}
	return g
}

func (g *game) try(a sa.Action) error {
	_, err := sa.Apply(g.s, a)
	return err
}

func (g *game) snap() sa.Snapshot { return g.s.Snapshot() }

// walk pays each toll with made baskets and moves along the given route.
func (g *game) walk(route ...string) *game {
	g.t.Helper()
	for _, to := range route {
		for g.s.Phase() == sa.PhaseSpyShoot {
			g.do(sa.SpyShot(true))
		}
		g.do(sa.Move(to))
	}
	return g
}

// pay makes the toll where the spy stands (at a gate this escapes).
func (g *game) pay() *game {
	g.t.Helper()
	sp := g.snap().Spy
	for i := sp.Paid; i < sp.Toll; i++ {
		g.do(sa.SpyShot(true))
	}
	return g
}

// spyFails misses until the spy half ends, passing on every response.
func (g *game) spyFails() *game {
	g.t.Helper()
	for turn := g.snap().Turn; !g.s.Over() && g.snap().Half == "spy" && g.snap().Turn == turn; {
		if g.s.Phase() == sa.PhaseResponse {
			g.do(sa.Pass())
			continue
		}
		g.do(sa.SpyShot(false))
	}
	return g
}

// cast casts card with the given shots (true = made).
func (g *game) cast(card int, shots ...bool) *game {
	g.t.Helper()
	g.do(sa.Cast(card))
	for _, m := range shots {
		g.do(sa.SpellShot(m))
	}
	return g
}

func (g *game) castClean(card int) *game {
	g.t.Helper()
	c, ok := g.s.Card(card)
	if !ok {
		g.t.Fatalf("no card %d", card)
	}
	shots := make([]bool, len(c.Pattern))
	for i := range shots {
		shots[i] = true
	}
	return g.cast(card, shots...)
}

func (g *game) endMage() *game { g.t.Helper(); return g.do(sa.EndHalf()) }

func repeat(a sa.Action, n int) []sa.Action {
	out := make([]sa.Action, n)
	for i := range out {
		out[i] = a
	}
	return out
}
