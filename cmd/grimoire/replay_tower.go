package main

import (
	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/rules/tower"
)

func init() {
	replayers[record.MagesTower] = func(rec record.Record) (any, error) {
		s, err := tower.Replay(rec)
		if err != nil {
			return nil, err
		}
		return s.Snapshot(), nil
	}
}
