package handlers_test

import (
	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/play/scribes"
	"github.com/grimoire-games/grimoire/play/spellsarrows"
	"github.com/grimoire-games/grimoire/play/tower"
)

// testGames is the binary's list of games (cmd/grimoire), for the handlers'
// tests: the handlers themselves know none.
func testGames() []play.Kind {
	return []play.Kind{spellsarrows.Kind{}, scribes.Kind{}, tower.Kind{}}
}
