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
// (drawcheck.go, !js) draws them, from this one list. gen.go builds one
// module with them all and one for each (it reads this list by running it,
// and builds a game's module with this file overlaid by that game's entry
// alone), so an entry must stay written pkg.Kind{}.
func games() []play.Kind {
	return []play.Kind{
		spellsarrows.Kind{},
		scribes.Kind{},
		tower.Kind{},
	}
}
