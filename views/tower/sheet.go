package tower

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/grimoire-games/grimoire/lang"
	"github.com/grimoire-games/grimoire/rules/record"
	tw "github.com/grimoire-games/grimoire/rules/tower"
	"github.com/grimoire-games/grimoire/views"
	"github.com/grimoire-games/grimoire/views/sheets"
)

// Sheet is the Mage's Tower scoresheet: a row per turn.
type Sheet struct {
	sheets.Head
	General, Mage string
	Options       []lang.Key
	Faces         []SheetFace // starting faces, only on a finished game (hidden while it runs)
	Turns         []SheetTurn
	Score         tw.Score
	Coins         []string // the soldiers' ids, on a blank form
	Spells        []string // the spells' initials, on a blank form
	// fin is the game where the record ends, worded into the head's status
	// and result when the sheet is drawn (played: false on a blank form).
	fin    tw.Snapshot
	played bool
}

// SheetTurn is one General turn and the Mage turn after it.
type SheetTurn struct {
	Turn     int
	Placed   []string       // camp coins put on the Field, in order
	Advances []SheetAdvance // "1→2: L2 M1", "4→Tower: S3"
	Flip     string         // the coin flipped to its shield, "—" for an end without flip
	Spell    *SheetSpell    // "Wave 4 on zone 1 (rows 2/3)", "skip"; nil before the Mage's turn
	Removed  []string       // soldiers the spell removed
	Tower    []string       // soldiers that reached the Tower
	Open     bool
	Empty    bool
}

// SheetFace is a soldier's face at the start: "L1 heads".
type SheetFace struct{ Coin, Face string }

// sheetFaces are the starting faces as the sheet writes them in the
// language of ctx: "L1 heads · L2 tails".
func sheetFaces(ctx context.Context, faces []SheetFace) string {
	out := make([]string, len(faces))
	for i, f := range faces {
		face := f.Face
		switch f.Face {
		case "heads":
			face = lang.T(ctx, lang.SheetTWHeads)
		case "tails":
			face = lang.T(ctx, lang.SheetTWTails)
		}
		out[i] = f.Coin + " " + face
	}
	return strings.Join(out, " · ")
}

// SheetAdvance is soldiers moved from one zone to the next ("1→2: L2 M1").
type SheetAdvance struct {
	Zone  int // the zone they left; the next is the Tower after the last
	Coins []string
}

// Text is the advance as the sheet writes it in the language of ctx.
func (a SheetAdvance) Text(ctx context.Context) string {
	to := fmt.Sprint(a.Zone + 1)
	if a.Zone == tw.NumZones {
		to = lang.T(ctx, lang.SheetTWTower)
	}
	return fmt.Sprintf("%d→%s: %s", a.Zone, to, strings.Join(a.Coins, " "))
}

// SheetSpell is the Mage's turn: a skip, or a cast with its aim.
type SheetSpell struct {
	Skip                bool
	Spell               tw.Spell
	Damage              int
	Hits                []string // Lightning: "L2×1"
	Side                string   // Fireball: tw.Leftmost or tw.Rightmost
	Zone                int      // Wave
	Coin                string   // Tome
	DamageRow, SpellRow int
}

// Text is the Mage's turn as the sheet writes it in the language of ctx:
// "Wave 4 on zone 1 (rows 2/3)", "skip". Spell names stay names.
func (c SheetSpell) Text(ctx context.Context) string {
	if c.Skip {
		return lang.T(ctx, lang.SheetTWSkip)
	}
	t := fmt.Sprintf("%s %d", c.Spell.Title(), c.Damage)
	switch c.Spell {
	case tw.Lightning:
		t += ": " + strings.Join(c.Hits, " ")
	case tw.Fireball:
		end := lang.T(ctx, lang.SheetTWLeftEnd)
		if c.Side == tw.Rightmost {
			end = lang.T(ctx, lang.SheetTWRightEnd)
		}
		t += ", " + end
	case tw.Wave:
		t += " " + lang.T(ctx, lang.SheetTWOnZone, c.Zone)
	case tw.Tome:
		t += " " + lang.T(ctx, lang.SheetTWOnCoin, c.Coin)
	}
	return t + " " + lang.T(ctx, lang.SheetTWRows, c.DamageRow, c.SpellRow)
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
		sh.Options = append(sh.Options, lang.SheetTWThumbMayStay)
	}
	if setup.Card != nil {
		sh.Options = append(sh.Options, lang.SheetTWCustomCard)
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
			cur.Advances = append(cur.Advances, SheetAdvance{Zone: a.Zone, Coins: a.Coins})
		case tw.Flip:
			cur.Flip = a.Coin
		case tw.End:
			cur.Flip = "—"
		case tw.Cast:
			cur.Spell = sheetSpell(b, a, n)
		case tw.Skip:
			cur.Spell = &SheetSpell{Skip: true}
		}
		cur.Removed = append(cur.Removed, sheetAdded(b.Removed, n.Removed)...)
		cur.Tower = append(cur.Tower, sheetAdded(b.Tower, n.Tower)...)
		st = next
	}
	fin := st.Snapshot()
	sh.Score = fin.Score
	sh.fin, sh.played = fin, true
	if fin.Over {
		for _, c := range start.Coins {
			sh.Faces = append(sh.Faces, SheetFace{Coin: c.ID, Face: c.Face})
		}
	} else {
		sh.Live = true
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

func sheetSpell(b tw.Snapshot, a tw.Action, n tw.Snapshot) *SheetSpell {
	sp := a.Spell
	if a.SpellRow >= 1 && a.SpellRow <= len(b.Card) {
		sp = b.Card[a.SpellRow-1].Spell
	}
	dmg := 0
	if a.DamageRow >= 1 && a.DamageRow <= len(b.Card) {
		dmg = b.Card[a.DamageRow-1].Damage
	}
	c := &SheetSpell{Spell: sp, Damage: dmg, Side: a.Side, Zone: a.Zone, Coin: a.Coin, DamageRow: a.DamageRow, SpellRow: a.SpellRow}
	for _, h := range a.Hits {
		c.Hits = append(c.Hits, fmt.Sprintf("%s×%d", h.Coin, h.Damage))
	}
	return c
}

func sheetReason(ctx context.Context, r string) string {
	switch r {
	case tw.ReasonTower:
		return lang.T(ctx, lang.SheetTWReasonTower)
	case tw.ReasonAllFell:
		return lang.T(ctx, lang.SheetTWReasonAllFell)
	case tw.ReasonBookDone:
		return lang.T(ctx, lang.SheetTWReasonBookDone)
	}
	return r
}

// sheetHead is the sheet's head with its status and result in the
// language of ctx.
func sheetHead(ctx context.Context, s Sheet) sheets.Head {
	h, f := s.Head, s.fin
	if !s.played {
		return h
	}
	if !f.Over {
		h.Status = lang.T(ctx, lang.SheetTWStatus, f.Turn, tw.SideWord(f.ToPlay), f.Score.Removed, f.Score.Tower)
		return h
	}
	who := lang.T(ctx, lang.SheetTWWhoGeneral, s.General)
	if f.Winner == tw.Mage {
		who = lang.T(ctx, lang.SheetTWWhoMage, s.Mage)
	}
	h.Status = lang.T(ctx, lang.SheetFinished)
	h.Result = lang.T(ctx, lang.SheetTWResult, who, sheetReason(ctx, f.Reason), f.Score.Removed, f.Score.Tower, f.Score.InPlay, f.Score.InCamp)
	return h
}

// sheetSpellText is a row's Mage turn, "" before it.
func sheetSpellText(ctx context.Context, c *SheetSpell) string {
	if c == nil {
		return ""
	}
	return c.Text(ctx)
}

// sheetKeys writes options the way a person writes them on a form, in the
// language of ctx.
func sheetKeys(ctx context.Context, keys []lang.Key) string {
	words := make([]string, len(keys))
	for i, k := range keys {
		words[i] = lang.T(ctx, k)
	}
	return strings.Join(words, ", ")
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
