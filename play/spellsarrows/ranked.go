package spellsarrows

import "github.com/grimoire-games/grimoire/play"

// Roles: a player's spy and mage are rated apart too (the two halves ask
// different skills: shooting for tolls and arrows, casting patterns).
func (Kind) Roles() []string { return []string{"spy", "mage"} }

// Placings: the winner first, the other second. Spells & Arrows has no
// bots and no shared wins.
func (Kind) Placings(t play.Table) ([]play.Placing, bool, error) {
	p, err := steps.Played(t)
	if err != nil {
		return nil, false, err
	}
	sn := p.State.Snapshot()
	if !sn.Over {
		return nil, false, nil
	}
	setup := p.State.Setup()
	spy, mage := 1, 2
	if sn.Winner == "mage" {
		spy, mage = 2, 1
	}
	return []play.Placing{
		{Name: setup.Spy, Role: "spy", Place: spy},
		{Name: setup.Mage, Role: "mage", Place: mage},
	}, true, nil
}
