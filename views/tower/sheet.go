package tower

import (
	"fmt"
	"slices"
	"strings"

	"github.com/grimoire-games/grimoire/rules/record"
	tw "github.com/grimoire-games/grimoire/rules/tower"
	"github.com/grimoire-games/grimoire/views"
	"github.com/grimoire-games/grimoire/views/sheets"
)

// Sheet is the Mage's Tower scoresheet: a row per turn.
type Sheet struct {
	sheets.Head
	General, Mage string
	Options       []string
	Faces         string // starting faces, only on a finished game (hidden while it runs)
	Turns         []SheetTurn
	Score         tw.Score
	Coins         []string // the soldiers' ids, on a blank form
	Spells        []string // the spells' initials, on a blank form
}

// SheetTurn is one General turn and the Mage turn after it.
type SheetTurn struct {
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
func NewSheet(rec record.Record, h sheets.Head) (Sheet, error) {
	setup, err := tw.ParseSetup(rec.Setup)
	if err != nil {
		return Sheet{}, fmt.Errorf("setup: %w", err)
	}
	st, err := tw.New(setup, rec.Seed)
	if err != nil {
		return Sheet{}, fmt.Errorf("setup: %w", err)
	}
	sh := Sheet{Head: h, General: setup.General, Mage: setup.Mage}
	sh.Game = views.MagesTowerName
	if setup.Options.ThumbsMayStay {
		sh.Options = append(sh.Options, "a cast may leave a thumb on its row")
	}
	if setup.Card != nil {
		sh.Options = append(sh.Options, "custom card")
	}
	start := st.Snapshot()
	var cur *SheetTurn
	for i, raw := range rec.Actions {
		a, err := tw.ParseAction(raw)
		if err != nil {
			return sh, &record.ActionError{Index: i, Err: err}
		}
		next, err := tw.Apply(st, a)
		if err != nil {
			return sh, &record.ActionError{Index: i, Err: err}
		}
		b, n := st.Snapshot(), next.Snapshot()
		if cur == nil || cur.Turn != b.Turn {
			sh.Turns = append(sh.Turns, SheetTurn{Turn: b.Turn})
			cur = &sh.Turns[len(sh.Turns)-1]
		}
		switch a.Type {
		case tw.Place:
			cur.Placed = append(cur.Placed, a.Coins...)
		case tw.Advance:
			to := fmt.Sprint(a.Zone + 1)
			if a.Zone == tw.NumZones {
				to = "Tower"
			}
			cur.Advances = append(cur.Advances, fmt.Sprintf("%d→%s: %s", a.Zone, to, strings.Join(a.Coins, " ")))
		case tw.Flip:
			cur.Flip = a.Coin
		case tw.End:
			cur.Flip = "—"
		case tw.Cast:
			cur.Spell = sheetSpell(b, a, n)
		case tw.Skip:
			cur.Spell = "skip"
		}
		cur.Removed = append(cur.Removed, sheetAdded(b.Removed, n.Removed)...)
		cur.Tower = append(cur.Tower, sheetAdded(b.Tower, n.Tower)...)
		st = next
	}
	fin := st.Snapshot()
	sh.Score = fin.Score
	if fin.Over {
		who := setup.General + " (general)"
		if fin.Winner == tw.Mage {
			who = setup.Mage + " (mage)"
		}
		sh.Status = "Finished"
		sh.Result = fmt.Sprintf("%s won · %s · removed %d, in the Tower %d, in play %d, in camp %d",
			who, sheetReason(fin.Reason), fin.Score.Removed, fin.Score.Tower, fin.Score.InPlay, fin.Score.InCamp)
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
			sh.Turns = append(sh.Turns, SheetTurn{Turn: t, Empty: true})
		}
	}
	return sh, nil
}

// sheetAdded lists the ids in after that are not in before (lists only grow).
func sheetAdded(before, after []string) []string {
	var out []string
	for _, id := range after {
		if !slices.Contains(before, id) {
			out = append(out, id)
		}
	}
	return out
}

func sheetSpell(b tw.Snapshot, a tw.Action, n tw.Snapshot) string {
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
	case tw.Lightning:
		var hits []string
		for _, h := range a.Hits {
			hits = append(hits, fmt.Sprintf("%s×%d", h.Coin, h.Damage))
		}
		t += ": " + strings.Join(hits, " ")
	case tw.Fireball:
		t += ", " + a.Side + " end"
	case tw.Wave:
		t += fmt.Sprintf(" on zone %d", a.Zone)
	case tw.Tome:
		t += " on " + a.Coin
	}
	return t + fmt.Sprintf(" (rows %d/%d)", a.DamageRow, a.SpellRow)
}

func sheetReason(r string) string {
	switch r {
	case tw.ReasonTower:
		return "a soldier reached the Tower"
	case tw.ReasonAllFell:
		return "all nine soldiers fell"
	case tw.ReasonBookDone:
		return "the Mage could neither cast nor skip"
	}
	return r
}

// BlankSheet is the empty form for a game played on paper.
func BlankSheet(h sheets.Head) Sheet {
	sh := Sheet{Head: h}
	sh.Game, sh.Blank = views.MagesTowerName, true
	sh.Coins = tw.CoinIDs()
	sh.Spells = []string{"L", "F", "W", "T"}
	// A game lasts about as many turns as the card has rows (a cast moves a
	// thumb down, the Tome starts them again): twice that covers a long one.
	for t := 1; t <= 2*len(tw.DefaultCard().Rows); t++ {
		sh.Turns = append(sh.Turns, SheetTurn{Turn: t, Empty: true})
	}
	return sh
}

// sheetList writes a list the way a person writes it on a form.
func sheetList(s []string) string { return strings.Join(s, ", ") }
