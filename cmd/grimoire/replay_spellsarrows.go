package main

import (
	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/rules/spellsarrows"
)

func init() {
	replayers[record.SpellsArrows] = func(r record.Record) (any, error) {
		s, err := spellsarrows.Replay(r)
		if err != nil {
			return nil, err
		}
		return s.Snapshot(), nil
	}
}
