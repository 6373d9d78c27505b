package sheets

import (
	"fmt"
	"slices"
	"strings"

	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/rules/tower"
	"github.com/grimoire-games/grimoire/views"
)

// TowerSheet is the Mage's Tower scoresheet: a row per turn.
type TowerSheet struct {
	Head
	General, Mage string
	Options       []string
	Faces         string // starting faces, only on a finished game (hidden while it runs)
	Turns         []TowerTurn
	Score         tower.Score
	Coins         []string // the soldiers' ids, on a blank form
	Spells        []string // the spells' initials, on a blank form
}

// TowerTurn is one General turn and the Mage turn after it.
type TowerTurn struct {
	Turn     int
	Placed   []string // camp coins put on the Field, in order
	Advances []string // "1→2: L2 M1", "4→Tower: S3"
	Flip     string   // the coin flipped to its shield, "—" for an end without flip
	Spell    string   // "Wave 4 on zone 1", "skip"
	Removed  []string // soldiers the spell removed
	Tower    []string // soldiers that reached the Tower
	Open     bool
	Empty    bool
}

// Tower derives the sheet from a record by replaying it.
func Tower(rec record.Record, h Head) (TowerSheet, error) {
	setup, err := tower.ParseSetup(rec.Setup)
	if err != nil {
		return TowerSheet{}, fmt.Errorf("setup: %w", err)
	}
	st, err := tower.New(setup, rec.Seed)
	if err != nil {
		return TowerSheet{}, fmt.Errorf("setup: %w", err)
	}
	sh := TowerSheet{Head: h, General: setup.General, Mage: setup.Mage}
	sh.Game = views.MagesTowerName
	if setup.Options.ThumbsMayStay {
		sh.Options = append(sh.Options, "a cast may leave a thumb on its row")
	}
	if setup.Card != nil {
		sh.Options = append(sh.Options, "custom card")
	}
	start := st.Snapshot()
	var cur *TowerTurn
	for i, raw := range rec.Actions {
		a, err := tower.ParseAction(raw)
		if err != nil {
			return sh, &record.ActionError{Index: i, Err: err}
		}
		next, err := tower.Apply(st, a)
		if err != nil {
			return sh, &record.ActionError{Index: i, Err: err}
		}
		b, n := st.Snapshot(), next.Snapshot()
		if cur == nil || cur.Turn != b.Turn {
			sh.Turns = append(sh.Turns, TowerTurn{Turn: b.Turn})
			cur = &sh.Turns[len(sh.Turns)-1]
		}
		switch a.Type {
		case tower.Place:
			cur.Placed = append(cur.Placed, a.Coins...)
		case tower.Advance:
			to := fmt.Sprint(a.Zone + 1)
			if a.Zone == tower.NumZones {
				to = "Tower"
			}
			cur.Advances = append(cur.Advances, fmt.Sprintf("%d→%s: %s", a.Zone, to, strings.Join(a.Coins, " ")))
		case tower.Flip:
			cur.Flip = a.Coin
		case tower.End:
			cur.Flip = "—"
		case tower.Cast:
			cur.Spell = towerSpell(b, a, n)
		case tower.Skip:
			cur.Spell = "skip"
		}
		cur.Removed = append(cur.Removed, added(b.Removed, n.Removed)...)
		cur.Tower = append(cur.Tower, added(b.Tower, n.Tower)...)
		st = next
	}
	fin := st.Snapshot()
	sh.Score = fin.Score
	if fin.Over {
		who := setup.General + " (general)"
		if fin.Winner == tower.Mage {
			who = setup.Mage + " (mage)"
		}
		sh.Status = "Finished"
		sh.Result = fmt.Sprintf("%s won · %s · removed %d, in the Tower %d, in play %d, in camp %d",
			who, towerReason(fin.Reason), fin.Score.Removed, fin.Score.Tower, fin.Score.InPlay, fin.Score.InCamp)
		var faces []string
		for _, c := range start.Coins {
			faces = append(faces, c.ID+" "+c.Face)
		}
		sh.Faces = strings.Join(faces, " · ")
	} else {
		sh.Live = true
		sh.Status = fmt.Sprintf("In progress: turn %d, %s to play · removed %d, in the Tower %d", fin.Turn, fin.ToPlay.Title(), fin.Score.Removed, fin.Score.Tower)
		if n := len(sh.Turns); n > 0 && sh.Turns[n-1].Turn == fin.Turn {
			sh.Turns[n-1].Open = true
		}
		// Rows to fill in up to the card's length (a cast uncovers a row).
		for t := fin.Turn + 1; t <= len(fin.Card)+1 && len(sh.Turns) < len(fin.Card)+1; t++ {
			sh.Turns = append(sh.Turns, TowerTurn{Turn: t, Empty: true})
		}
	}
	return sh, nil
}

// added lists the ids in after that are not in before (lists only grow).
func added(before, after []string) []string {
	var out []string
	for _, id := range after {
		if !slices.Contains(before, id) {
			out = append(out, id)
		}
	}
	return out
}

func towerSpell(b tower.Snapshot, a tower.Action, n tower.Snapshot) string {
	sp := a.Spell
	if a.SpellRow >= 1 && a.SpellRow <= len(b.Card) {
		sp = b.Card[a.SpellRow-1].Spell
	}
	dmg := 0
	if a.DamageRow >= 1 && a.DamageRow <= len(b.Card) {
		dmg = b.Card[a.DamageRow-1].Damage
	}
	t := fmt.Sprintf("%s %d", sp.Title(), dmg)
	switch sp {
	case tower.Lightning:
		var hits []string
		for _, h := range a.Hits {
			hits = append(hits, fmt.Sprintf("%s×%d", h.Coin, h.Damage))
		}
		t += ": " + strings.Join(hits, " ")
	case tower.Fireball:
		t += ", " + a.Side + " end"
	case tower.Wave:
		t += fmt.Sprintf(" on zone %d", a.Zone)
	case tower.Tome:
		t += " on " + a.Coin
	}
	return t + fmt.Sprintf(" (rows %d/%d)", a.DamageRow, a.SpellRow)
}

func towerReason(r string) string {
	switch r {
	case tower.ReasonTower:
		return "a soldier reached the Tower"
	case tower.ReasonAllFell:
		return "all nine soldiers fell"
	case tower.ReasonBookDone:
		return "the Mage could neither cast nor skip"
	}
	return r
}

// TowerBlank is the empty form for a game played on paper.
func TowerBlank(h Head) TowerSheet {
	sh := TowerSheet{Head: h}
	sh.Game, sh.Blank = views.MagesTowerName, true
	sh.Coins = tower.CoinIDs()
	sh.Spells = []string{"L", "F", "W", "T"}
	// A game lasts about as many turns as the card has rows (a cast moves a
	// thumb down, the Tome starts them again): twice that covers a long one.
	for t := 1; t <= 2*len(tower.DefaultCard().Rows); t++ {
		sh.Turns = append(sh.Turns, TowerTurn{Turn: t, Empty: true})
	}
	return sh
}
