package spellsarrows_test

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
)

// Scenario builders shared by the tables.

// guardW3W4: turn 1 the spy fails; the mage guards W3 (1 cone) and W4 (1)
// and takes 3 arrows, then ends the half. Turn 2 starts.
func guardAndArm(g *game) *game {
	g.spyFails()
	g.castClean(1).do(sa.TargetAt("W3"), sa.TargetAt("W4"))
	g.castClean(9).do(sa.Bench(6, 5))
	g.castClean(3)
	return g.endMage()
}

// giantOn: turn 1 the spy fails; the mage puts a giant of 2 cones on span.
func giantOn(g *game, span string) *game {
	g.spyFails()
	g.castClean(2).do(sa.TargetSpan(span))
	return g.endMage()
}

func TestRules(t *testing.T) {
	type row struct {
		name  string
		setup func() sa.Setup
		play  func(g *game)
		check func(t *testing.T, g *game, s sa.Snapshot)
	}
	eq := func(t *testing.T, what string, got, want any) {
		t.Helper()
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s = %v, want %v", what, got, want)
		}
	}
	rows := []row{
		{"spy/starts at B with health 4, no armour, no travel", nil, func(g *game) {},
			func(t *testing.T, g *game, s sa.Snapshot) {
				eq(t, "spy", s.Spy, sa.SpySnapshot{At: "B", Health: 4, Armour: 0, Travel: []int8{}, Points: 0, Paid: 0, Toll: 1})
				eq(t, "shot clock", s.ShotClock, 6)
				eq(t, "phase", s.Phase, sa.PhaseSpyShoot)
				eq(t, "court", s.Mage.Court, []int{1, 2, 3, 4, 5})
				eq(t, "bench", s.Mage.Bench, []int{6, 7, 8})
				eq(t, "bonus", s.Mage.Bonus, []int{10, 11, 12, 13, 14, 15, 16, 17, 18})
			}},
		{"toll/B, A and P need a single basket", nil, func(g *game) { g.do(sa.SpyShot(true)) },
			func(t *testing.T, g *game, s sa.Snapshot) {
				eq(t, "phase", s.Phase, sa.PhaseSpyMove)
				eq(t, "moves", sa.Legal(g.s).Moves, []string{"A", "G1", "G2"})
			}},
		{"toll/elf cones add to the exit toll", nil, func(g *game) {
			g.spyFails()
			g.castClean(1).do(sa.TargetAt("W4"), sa.TargetAt("W4")).endMage()
			g.walk("A", "W4")
		}, func(t *testing.T, g *game, s sa.Snapshot) {
			eq(t, "elves", s.Elves, map[string]int{"W4": 2})
			eq(t, "toll", s.Spy.Toll, 3)
		}},
		{"toll/paid baskets are forgotten at the end of a half", nil, func(g *game) {
			g.spyFails()
			g.castClean(1).do(sa.TargetAt("W4"), sa.TargetAt("W4")).endMage()
			g.walk("A", "W4").do(sa.SpyShot(true)).spyFails().endMage()
		}, func(t *testing.T, g *game, s sa.Snapshot) {
			eq(t, "at", s.Spy.At, "W4")
			eq(t, "paid", s.Spy.Paid, 0)
			eq(t, "turn", s.Turn, 3)
		}},
		{"shot clock/the first six attempts add no miss counter", nil, func(g *game) { g.do(repeat(sa.SpyShot(false), 6)...) },
			func(t *testing.T, g *game, s sa.Snapshot) {
				eq(t, "shot clock", s.ShotClock, 0)
				eq(t, "misses", s.Misses, 0)
			}},
		{"shot clock/once it is out every miss adds a counter", nil, func(g *game) { g.do(repeat(sa.SpyShot(false), 8)...) },
			func(t *testing.T, g *game, s sa.Snapshot) { eq(t, "misses", s.Misses, 2) }},
		{"shot clock/the third miss counter ends the spy half", nil, func(g *game) { g.do(repeat(sa.SpyShot(false), 9)...) },
			func(t *testing.T, g *game, s sa.Snapshot) {
				eq(t, "half", s.Half, "mage")
				eq(t, "shot clock", s.ShotClock, 6)
				eq(t, "misses", s.Misses, 0)
			}},
		{"goto/a portal needs no basket and leads only to its target", nil, func(g *game) { g.walk("G1") },
			func(t *testing.T, g *game, s sa.Snapshot) {
				eq(t, "toll", s.Spy.Toll, 0)
				eq(t, "phase", s.Phase, sa.PhaseSpyMove)
				eq(t, "moves", sa.Legal(g.s).Moves, []string{"E4"})
				g.do(sa.Move("E4"))
				eq(t, "at", g.snap().Spy.At, "E4")
			}},
		{"exit/leaving the pharmacy heals 3, never above 6", nil, func(g *game) { g.walk("A", "W4", "W5", "P", "E5") },
			func(t *testing.T, g *game, s sa.Snapshot) { eq(t, "health", s.Spy.Health, 6) }},
		{"exit/leaving the armoury gives armour, at most 2", nil, func(g *game) { g.walk("A", "W3", "A", "W3", "A", "W3") },
			func(t *testing.T, g *game, s sa.Snapshot) { eq(t, "armour", s.Spy.Armour, 2) }},
		{"travel/a town on the arc is worth 3, inside 2, every exit counts", nil, func(g *game) { g.walk("A", "W3", "W4", "W3", "W2") },
			func(t *testing.T, g *game, s sa.Snapshot) { eq(t, "travel", s.Spy.Travel, []int8{3, 2, 3}) }},
		{"escape/paying the gate toll escapes at once with the travel points", nil, func(g *game) { g.walk("A", "W3", "W2", "WG").pay() },
			func(t *testing.T, g *game, s sa.Snapshot) {
				eq(t, "points", s.Spy.Points, 6)
				eq(t, "spy", s.Spy, sa.SpySnapshot{At: "B", Health: 4, Travel: []int8{}, Points: 6, Toll: 1})
				eq(t, "half", s.Half, "mage")
			}},
		{"victory/the spy wins as soon as points reach the Victory Number",
			func() sa.Setup { s := defaultSetup(); s.Victory = 6; return s },
			func(g *game) { g.walk("A", "W3", "W2", "WG").pay() },
			func(t *testing.T, g *game, s sa.Snapshot) {
				eq(t, "winner", s.Winner, "spy")
				eq(t, "over", s.Over, true)
				eq(t, "phase", s.Phase, sa.PhaseOver)
			}},
		{"turns/the mage wins when the last spy half ends short (last mage half skipped)",
			func() sa.Setup { s := defaultSetup(); s.Turns = 2; return s },
			func(g *game) { g.spyFails().endMage().spyFails() },
			func(t *testing.T, g *game, s sa.Snapshot) {
				eq(t, "winner", s.Winner, "mage")
				eq(t, "turn", s.Turn, 2)
				eq(t, "half", s.Half, "spy")
			}},
		{"giant/moving onto a giant's span engages it, the spy stays at the anchor", nil, func(g *game) {
			giantOn(g, "B-A").walk("A")
		}, func(t *testing.T, g *game, s sa.Snapshot) {
			eq(t, "engaged", s.Spy.Engaged, "A-B")
			eq(t, "at", s.Spy.At, "B")
			eq(t, "phase", s.Phase, sa.PhaseSpyShoot)
		}},
		{"giant/each made free throw removes a cone for good", nil, func(g *game) {
			giantOn(g, "A-B").walk("A").do(sa.SpyShot(true)).spyFails()
		}, func(t *testing.T, g *game, s sa.Snapshot) {
			eq(t, "giants", s.Giants, map[string]int{"A-B": 1})
			eq(t, "at", s.Spy.At, "B")
			eq(t, "engaged (back at the anchor)", s.Spy.Engaged, "")
		}},
		{"giant/destroying the giant takes the spy to the destination", nil, func(g *game) {
			giantOn(g, "A-B").walk("A").do(sa.SpyShot(true), sa.SpyShot(true))
		}, func(t *testing.T, g *game, s sa.Snapshot) {
			eq(t, "giants", s.Giants, map[string]int{})
			eq(t, "at", s.Spy.At, "A")
			eq(t, "phase", s.Phase, sa.PhaseSpyShoot)
		}},
		{"exit effects/happen when the spy gets past the giant", nil, func(g *game) {
			giantOn(g, "A-W3").walk("A", "W3")
			if a := g.snap().Spy.Armour; a != 0 {
				g.t.Errorf("armour while engaged = %d, want 0", a)
			}
			g.do(sa.SpyShot(true), sa.SpyShot(true))
		}, func(t *testing.T, g *game, s sa.Snapshot) {
			eq(t, "armour", s.Spy.Armour, 1)
			eq(t, "at", s.Spy.At, "W3")
		}},
		{"response/no window when the mage has no answer", nil, func(g *game) { g.do(sa.SpyShot(false)) },
			func(t *testing.T, g *game, s sa.Snapshot) {
				eq(t, "phase", s.Phase, sa.PhaseSpyShoot)
				eq(t, "window", s.Window, (*sa.WindowSnapshot)(nil))
			}},
		{"arrows/a made arrow deals 2 inside minus armour", nil, func(g *game) {
			guardAndArm(g).walk("A", "W4").do(sa.SpyShot(false))
			c := sa.Legal(g.s)
			if c.ArrowFrom != "W4" || c.ArrowDamage != 1 {
				g.t.Errorf("arrow from %q damage %d, want W4 1", c.ArrowFrom, c.ArrowDamage)
			}
			g.do(sa.Arrow(true))
		}, func(t *testing.T, g *game, s sa.Snapshot) {
			eq(t, "health", s.Spy.Health, 3)
			eq(t, "arrows", s.Mage.Arrows, 2)
			eq(t, "phase (volley goes on)", s.Phase, sa.PhaseResponse)
		}},
		{"capture/health 0 ends the game, the mage wins", nil, func(g *game) {
			guardAndArm(g).walk("A", "W3").do(sa.SpyShot(false), sa.Arrow(true), sa.Arrow(true))
		}, func(t *testing.T, g *game, s sa.Snapshot) {
			eq(t, "health", s.Spy.Health, 0)
			eq(t, "winner", s.Winner, "mage")
			eq(t, "over", s.Over, true)
		}},
		{"arrows/a miss ends the volley and every shot spends an arrow", nil, func(g *game) {
			guardAndArm(g).walk("A", "W3").do(sa.SpyShot(false), sa.Arrow(false))
		}, func(t *testing.T, g *game, s sa.Snapshot) {
			eq(t, "arrows", s.Mage.Arrows, 2)
			eq(t, "phase (window closed itself)", s.Phase, sa.PhaseSpyShoot)
		}},
		{"response/the spy's next shot closes the window", nil, func(g *game) {
			guardAndArm(g).walk("A", "W3").do(sa.SpyShot(false), sa.SpyShot(true))
		}, func(t *testing.T, g *game, s sa.Snapshot) {
			eq(t, "phase", s.Phase, sa.PhaseSpyShoot)
			eq(t, "window", s.Window, (*sa.WindowSnapshot)(nil))
			eq(t, "paid", s.Spy.Paid, 1)
			eq(t, "arrows", s.Mage.Arrows, 3)
		}},
		{"leap/a made leap moves a giant to a free span", nil, func(g *game) {
			g.spyFails()
			g.castClean(2).do(sa.TargetSpan("A-W3"))
			g.castClean(9).do(sa.Bench(6, 5))
			g.castClean(4).endMage()
			g.do(sa.SpyShot(false))
			c := sa.Legal(g.s)
			if !slices.Equal(c.LeapGiants, []string{"A-W3"}) || slices.Contains(c.LeapSpans, "A-W3") {
				g.t.Errorf("leap giants %v spans %v", c.LeapGiants, c.LeapSpans)
			}
			g.do(sa.Leap(true, "W3-A", "A-B"))
		}, func(t *testing.T, g *game, s sa.Snapshot) {
			eq(t, "giants", s.Giants, map[string]int{"A-B": 2})
			eq(t, "leaps", s.Mage.Leaps, 1)
			eq(t, "window", s.Window, &sa.WindowSnapshot{LeapUsed: true, Leap: true})
		}},
		{"leap/the giant the spy fights cannot leap", nil, func(g *game) {
			g.spyFails()
			g.castClean(2).do(sa.TargetSpan("A-B"))
			g.castClean(9).do(sa.Bench(6, 5))
			g.castClean(4).endMage()
			g.walk("A").do(sa.SpyShot(false))
		}, func(t *testing.T, g *game, s sa.Snapshot) {
			eq(t, "phase (no window: nothing may leap)", s.Phase, sa.PhaseSpyShoot)
		}},
		{"caps/arrows and leaps never exceed 5",
			func() sa.Setup { s := defaultSetup(); s.Options.SameSpellOnly = true; return s },
			func(g *game) {
				g.spyFails()
				g.castClean(3).castClean(4).castClean(3).castClean(4)
				if ph := g.s.Phase(); ph != sa.PhaseMage {
					g.t.Fatalf("phase after 4 attempts %s", ph)
				}
				g.castClean(3)
			},
			func(t *testing.T, g *game, s sa.Snapshot) {
				eq(t, "arrows", s.Mage.Arrows, 5)
				eq(t, "leaps", s.Mage.Leaps, 4)
				eq(t, "half (spell clock out after 5 attempts)", s.Half, "spy")
				eq(t, "turn", s.Turn, 2)
			}},
		{"mage/two spell fails end the half", nil, func(g *game) {
			g.spyFails().do(sa.Cast(1), sa.Abandon(), sa.Cast(9), sa.Abandon())
		}, func(t *testing.T, g *game, s sa.Snapshot) {
			eq(t, "turn", s.Turn, 2)
			eq(t, "half", s.Half, "spy")
			eq(t, "fails (fresh)", s.Mage.Fails, 0)
			eq(t, "spell clock (fresh)", s.Mage.SpellClock, 5)
		}},
		{"mage/a miss beyond grace fails the spell", nil, func(g *game) { g.spyFails().cast(4, false, false) },
			func(t *testing.T, g *game, s sa.Snapshot) {
				eq(t, "fails", s.Mage.Fails, 1)
				eq(t, "spell clock", s.Mage.SpellClock, 4)
				eq(t, "phase", s.Phase, sa.PhaseMage)
			}},
		{"potency/each unused grace counter adds to the effect", nil, func(g *game) { g.spyFails().cast(3, true, false, true) },
			func(t *testing.T, g *game, s sa.Snapshot) { eq(t, "arrows", s.Mage.Arrows, 2) }},
		{"clock/a clock spell adds to the spell clock", nil, func(g *game) { g.spyFails().castClean(9).do(sa.Bench(8, 5)).castClean(8) },
			func(t *testing.T, g *game, s sa.Snapshot) { eq(t, "spell clock", s.Mage.SpellClock, 5) }},
		{"court spells/no two court-spell attempts in a row", nil, func(g *game) { g.spyFails().do(sa.Cast(1), sa.Abandon()) },
			func(t *testing.T, g *game, s sa.Snapshot) {
				for _, cc := range sa.Legal(g.s).Cards {
					want := cc.Card.Number == 9
					if cc.Castable != want {
						t.Errorf("card %d castable %v, want %v (%s)", cc.Card.Number, cc.Castable, want, cc.Reason)
					}
				}
				eq(t, "last court spell", s.LastCourtSpell, 1)
			}},
		{"court spells/option sameSpellOnly bars only the same spell",
			func() sa.Setup { s := defaultSetup(); s.Options.SameSpellOnly = true; return s },
			func(g *game) { g.spyFails().do(sa.Cast(1), sa.Abandon()) },
			func(t *testing.T, g *game, s sa.Snapshot) {
				for _, cc := range sa.Legal(g.s).Cards {
					want := cc.Card.Number != 1
					if cc.Castable != want {
						t.Errorf("card %d castable %v, want %v", cc.Card.Number, cc.Castable, want)
					}
				}
			}},
		{"bench/a clean Librarian's Bench brings the lowest bonus spell, then the mage picks and cuts", nil,
			func(g *game) {
				g.spyFails().castClean(9)
				c := sa.Legal(g.s)
				if !slices.Equal(c.BenchCards, []int{6, 7, 8, 10}) || !slices.Equal(c.CutCards, []int{1, 2, 3, 4, 5}) {
					g.t.Errorf("bench %v cut %v", c.BenchCards, c.CutCards)
				}
				g.do(sa.Bench(10, 1))
			},
			func(t *testing.T, g *game, s sa.Snapshot) {
				eq(t, "court", s.Mage.Court, []int{2, 3, 4, 5, 10})
				eq(t, "bench", s.Mage.Bench, []int{1, 6, 7, 8})
				eq(t, "bonus", s.Mage.Bonus, []int{11, 12, 13, 14, 15, 16, 17, 18})
			}},
		{"bench/a Librarian's Bench with a miss brings no bonus spell", nil,
			func(g *game) { g.spyFails().cast(9, true, false, true) },
			func(t *testing.T, g *game, s sa.Snapshot) {
				eq(t, "bench", s.Mage.Bench, []int{6, 7, 8})
				eq(t, "phase", s.Phase, sa.PhaseBench)
			}},
		{"elf/an elf gain with nowhere to go is lost", tinySetup, func(g *game) {
			g.spyFails().castClean(1).do(sa.TargetAt("T1"), sa.TargetAt("GT"))
			g.castClean(9).do(sa.Bench(6, 1))
			g.castClean(5)
		}, func(t *testing.T, g *game, s sa.Snapshot) {
			eq(t, "elves", s.Elves, map[string]int{"T1": 1, "GT": 1})
			eq(t, "phase", s.Phase, sa.PhaseMage)
			eq(t, "pending", s.Pending, (*sa.PendingSnapshot)(nil))
		}},
		{"end-half/the mage may end the half early", nil, func(g *game) { g.spyFails().endMage() },
			func(t *testing.T, g *game, s sa.Snapshot) {
				eq(t, "turn", s.Turn, 2)
				eq(t, "phase", s.Phase, sa.PhaseSpyShoot)
			}},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			setup := defaultSetup()
			if r.setup != nil {
				setup = r.setup()
			}
			g := start(t, setup)
			r.play(g)
			r.check(t, g, g.snap())
		})
	}
}

// tinySetup plays on a custom map with one town and one gate.
func tinySetup() sa.Setup {
	m := sa.Map{
		Locations: []sa.Location{
			{ID: "S", Kind: "start", Zone: "none"},
			{ID: "T1", Kind: "town", Zone: "arc"},
			{ID: "GT", Kind: "gate", Zone: "arc"},
		},
		Spans: [][2]string{{"S", "T1"}, {"T1", "GT"}},
		Spots: sa.DefaultMap().Spots,
	}
	s := defaultSetup()
	s.Map = &m
	return s
}

func TestErrors(t *testing.T) {
	type row struct {
		name string
		play func(g *game)
		a    sa.Action
		want error
		text string
	}
	rows := []row{
		{"game over/nothing after the end", func(g *game) {
			g.s, _ = sa.New(sa.Setup{Victory: 1, Spy: "a", Mage: "b", Turns: 1}, 1)
			g.spyFails()
		}, sa.SpyShot(true), sa.ErrGameOver, "the game is over"},
		{"toll/no move before the toll is paid", func(g *game) {}, sa.Move("A"), sa.ErrNotNow, "toll not paid: 0 of 1 basket made at B"},
		{"toll/no shot once the toll is paid", func(g *game) { g.do(sa.SpyShot(true)) }, sa.SpyShot(true), sa.ErrNotNow, "paid"},
		{"move/only to an adjacent location", func(g *game) { g.do(sa.SpyShot(true)) }, sa.Move("W3"), sa.ErrIllegal, "W3 is not next to B"},
		{"move/unknown location", func(g *game) { g.do(sa.SpyShot(true)) }, sa.Move("ZZ"), sa.ErrIllegal, "no location"},
		{"goto/only to the target", func(g *game) { g.walk("G1") }, sa.Move("B"), sa.ErrIllegal, "only way is to E4"},
		{"giant/no move while the giant blocks", func(g *game) { giantOn(g, "A-B").walk("A") }, sa.Move("A"), sa.ErrNotNow, "still blocks"},
		{"half/the mage does not cast in the spy half", func(g *game) {}, sa.Cast(1), sa.ErrNotNow, "spy's half"},
		{"half/the spy does not shoot in the mage half", func(g *game) { g.spyFails() }, sa.SpyShot(true), sa.ErrNotNow, "mage's half"},
		{"response/no arrow without a miss", func(g *game) {}, sa.Arrow(true), sa.ErrNotNow, "spy miss"},
		{"response/one volley per miss", func(g *game) {
			guardAndArm(g).walk("A", "W3").do(sa.SpyShot(false), sa.Arrow(false))
		}, sa.Arrow(true), sa.ErrNotNow, ""},
		{"response/no pass without a window", func(g *game) {}, sa.Pass(), sa.ErrNotNow, "no response window"},
		{"leap/giant must exist", func(g *game) {
			g.spyFails()
			g.castClean(2).do(sa.TargetSpan("A-W3"))
			g.castClean(9).do(sa.Bench(6, 5))
			g.castClean(4).endMage()
			g.do(sa.SpyShot(false))
		}, sa.Leap(true, "A-B", "A-E3"), sa.ErrIllegal, "no giant stands on A-B"},
		{"leap/one giant per span", func(g *game) {
			g.spyFails()
			g.castClean(2).do(sa.TargetSpan("A-W3"))
			g.castClean(9).do(sa.Bench(6, 5))
			g.castClean(2).do(sa.TargetSpan("A-E3"))
			g.castClean(9).do(sa.Bench(7, 1))
			g.castClean(4)
			g.do(sa.SpyShot(false))
		}, sa.Leap(true, "A-W3", "A-E3"), sa.ErrIllegal, "one giant per span"},
		{"court spells/no two in a row", func(g *game) { g.spyFails().do(sa.Cast(1), sa.Abandon()) }, sa.Cast(2), sa.ErrIllegal, "Librarian's Bench"},
		{"court spells/bench cards are not on the court", func(g *game) { g.spyFails() }, sa.Cast(6), sa.ErrIllegal, "not on the court"},
		{"court spells/no card 99", func(g *game) { g.spyFails() }, sa.Cast(99), sa.ErrIllegal, "no card 99"},
		{"casting/no end of half during a cast", func(g *game) { g.spyFails().do(sa.Cast(1)) }, sa.EndHalf(), sa.ErrNotNow, "abandon"},
		{"elf/a town on the arc holds one elf cone", func(g *game) { g.spyFails().castClean(1).do(sa.TargetAt("W3")) }, sa.TargetAt("W3"), sa.ErrIllegal, "W3 already holds 1 elf cone"},
		{"elf/B cannot be guarded", func(g *game) { g.spyFails().castClean(1) }, sa.TargetAt("B"), sa.ErrIllegal, "only towns and gates"},
		{"elf/not on a span", func(g *game) { g.spyFails().castClean(1) }, sa.TargetSpan("A-B"), sa.ErrIllegal, "not on a span"},
		{"giant/one giant per span", func(g *game) {
			g.spyFails().castClean(2).do(sa.TargetSpan("A-B")).castClean(9).do(sa.Bench(6, 5)).castClean(2)
		}, sa.TargetSpan("B-A"), sa.ErrIllegal, "one giant per span"},
		{"giant/only on a road span", func(g *game) { g.spyFails().castClean(2) }, sa.TargetSpan("B-P"), sa.ErrIllegal, "not a road span"},
		{"bench/a full court needs a cut", func(g *game) { g.spyFails().castClean(9) }, sa.Bench(6, 0), sa.ErrIllegal, "cut one"},
		{"bench/only bench cards join", func(g *game) { g.spyFails().castClean(9) }, sa.Bench(11, 1), sa.ErrIllegal, "not on the bench"},
		{"bench/only court cards are cut", func(g *game) { g.spyFails().castClean(9) }, sa.Bench(6, 7), sa.ErrIllegal, "cannot be cut"},
		{"action/unknown type", func(g *game) {}, sa.Action{Type: "dance"}, sa.ErrBadAction, "unknown action type"},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			g := start(t, defaultSetup())
			r.play(g)
			before := g.snap()
			n, err := sa.Apply(g.s, r.a)
			if !errors.Is(err, r.want) {
				t.Fatalf("err = %v, want %v", err, r.want)
			}
			if !strings.Contains(err.Error(), r.text) {
				t.Errorf("err = %q, want it to mention %q", err, r.text)
			}
			if !reflect.DeepEqual(before, g.snap()) || !reflect.DeepEqual(n.Snapshot(), before) {
				t.Errorf("a rejected action changed the state")
			}
		})
	}
}
