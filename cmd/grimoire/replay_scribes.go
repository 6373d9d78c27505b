package main

import (
	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/rules/scribes"
)

func init() {
	replayers[record.ArcaneScribes] = func(rec record.Record) (any, error) {
		s, err := scribes.Replay(rec)
		if err != nil {
			return nil, err
		}
		return s.Snapshot(), nil
	}
}
