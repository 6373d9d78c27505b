package main

import (
	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/play/scribes"
	"github.com/grimoire-games/grimoire/play/spellsarrows"
	"github.com/grimoire-games/grimoire/play/tower"
)

// games are the games the phone plays offline: the same list as the
// server's (cmd/grimoire). Adding a game is one line here. This file has no
// build tag: the module (main.go, js) plays these games and drawcheck
// (drawcheck.go, !js) draws them, from this one list.
func games() []play.Kind {
	return []play.Kind{
		spellsarrows.Kind{},
		scribes.Kind{},
		tower.Kind{},
	}
}
