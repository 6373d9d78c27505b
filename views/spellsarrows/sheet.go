package spellsarrows

import (
	"context"
	"fmt"
	"strings"

	"github.com/a-h/templ"

	"github.com/grimoire-games/grimoire/lang"
	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/rules/say"
	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
	"github.com/grimoire-games/grimoire/views"
	"github.com/grimoire-games/grimoire/views/sheets"
)

// Sheet is the Spells & Arrows scoresheet.
type Sheet struct {
	sheets.Head
	Spy, Mage  string
	Victory    int
	Turns      int
	HouseRules []lang.Key
	Custom     []lang.Key // "custom map", "custom deck"
	Halves     []SheetHalf
	Points     int // spy's points at the end (or now)
	Health     int
	Charts     []ShotChart // one per player (none on a blank sheet)
	// fin is the game where the record ends, worded into the head's status
	// and result when the sheet is drawn (played: false on a blank form).
	fin    sa.Snapshot
	played bool
}

// SheetHalf is one row: a spy half or a mage half.
type SheetHalf struct {
	Turn    int
	Half    string // "spy" or "mage"
	Shots   int    // spy shots attempted (toll and free throws)
	Made    int
	Tolls   int // tolls paid in full
	Moves   int
	Escapes int
	Points  int // points scored in this half
	Total   int // spy's points after this half
	Arrows  int // arrows shot by the mage (in the spy half's response windows)
	Hits    int
	Leaps   int // giant leaps tried
	LeapsOK int
	Health  int // spy's health after this half
	Spells  []SheetSpell
	Open    bool // the half being played now
	Empty   bool // a half not played yet (live sheet) or a blank form row
}

// SheetSpell is one cast with its result.
type SheetSpell struct {
	Name   string
	Shots  int
	Made   int
	Result string // "succeeded", "failed", "abandoned", "casting"
	// detail is what the spell did (its effect, the bench's choice), said
	// in the reader's language; giant says it is the size of a giant to
	// place ("a giant of 3 cones").
	detail  say.Text
	giant   bool
	card    int // the card cast, named by Name when the rules know it
	targets []string
}

// OK says whether the spell succeeded.
func (s SheetSpell) OK() bool { return s.Result == "succeeded" }

// Text is the cast as the sheet writes it in the language of ctx: "✓
// Stone Giant 3/3: a giant of 3 cones → W3W4".
func (s SheetSpell) Text(ctx context.Context) string {
	mark := "✗"
	if s.OK() {
		mark = "✓"
	} else if s.Result == "casting" {
		mark = "…"
	}
	name := s.Name
	if name == "" {
		name = lang.T(ctx, lang.SheetSACard, s.card)
	}
	parts := []string{mark, name}
	if f := sheets.Frac(s.Made, s.Shots); f != "" {
		parts = append(parts, f)
	}
	if w := sheetSpellResult(ctx, s.Result); w != "" {
		parts = append(parts, w)
	}
	t := strings.Join(parts, " ")
	if d := s.detailText(ctx); d != "" {
		t += ": " + d
	}
	if len(s.targets) > 0 {
		t += " → " + strings.Join(s.targets, " ")
	}
	return strings.TrimSpace(t)
}

// sheetSpellResult is a cast's result as the sheet writes it, "" for a
// spell that succeeded (its mark says so).
func sheetSpellResult(ctx context.Context, r string) string {
	switch r {
	case "succeeded":
		return ""
	case "failed":
		return lang.T(ctx, lang.SheetSAFailed)
	case "abandoned":
		return lang.T(ctx, lang.SheetSAAbandoned)
	case "casting":
		return lang.T(ctx, lang.SheetSACasting)
	}
	return r
}

// detailText is what the spell did in the language of ctx, without the
// log line's lead-in (": ").
func (s SheetSpell) detailText(ctx context.Context) string {
	if s.detail.IsZero() {
		return ""
	}
	if s.giant {
		return lang.T(ctx, lang.SheetSAGiantOf, s.detail)
	}
	return strings.TrimLeft(lang.Say(ctx, s.detail), " :")
}

// The patterns of a succeeded spell's effect that place something: the
// sheet keeps what is placed (the targets follow it), not "to place".
const (
	sheetElfToPlace   = ": %s to place"
	sheetGiantToPlace = ": a giant of %s to place"
)

// sheetEffect is what a succeeded spell did, cut out of its log line (the
// part after "Mage made ...: ... succeeds with ... left", before the half's
// or the game's end), and whether it is the size of a giant to place.
func sheetEffect(line say.Text) (say.Text, bool) {
	effect := line.From(1).Until(sheetNotes...)
	if ps := effect.Parts(); len(ps) == 1 && len(ps[0].Args) == 1 && !ps[0].Verbatim {
		if t, ok := ps[0].Args[0].(say.Text); ok {
			switch ps[0].Pattern {
			case sheetElfToPlace:
				return t, false
			case sheetGiantToPlace:
				return t, true
			}
		}
	}
	return effect, false
}

// sheetNotes are the patterns a log line ends with when a half or the game
// ends: the sheet keeps the sentence before them.
var sheetNotes = []string{sa.NoteSpyWins, sa.NoteMageWins, sa.NoteSpyHalfOver, sa.NoteSpyStays, sa.NoteMageHalfOver, sa.NoteMageMay}

// SpellsArrows derives the sheet from a record by replaying it.
func NewSheet(rec record.Record, h sheets.Head) (Sheet, error) {
	setup, err := sa.ParseSetup(rec.Setup)
	if err != nil {
		return Sheet{}, fmt.Errorf("setup: %w", err)
	}
	st, err := sa.New(setup, rec.Seed)
	if err != nil {
		return Sheet{}, fmt.Errorf("setup: %w", err)
	}
	sh := Sheet{Head: h, Spy: setup.Spy, Mage: setup.Mage, Victory: setup.Victory, Turns: setup.TurnCount()}
	sh.Game = views.SpellsArrowsName
	sh.HouseRules = sheetHouseRules(setup.Options)
	if setup.Map != nil {
		sh.Custom = append(sh.Custom, lang.SheetSACustomMap)
	}
	if setup.Deck != nil {
		sh.Custom = append(sh.Custom, lang.SheetSACustomDeck)
	}
	m := st.Map()
	var cur *SheetHalf
	var spell *SheetSpell
	for i, raw := range rec.Actions {
		a, err := sa.ParseAction(raw)
		if err != nil {
			return sh, &record.ActionError{Index: i, Err: err}
		}
		next, err := sa.Apply(st, a)
		if err != nil {
			return sh, &record.ActionError{Index: i, Err: err}
		}
		b, n := st.Snapshot(), next.Snapshot()
		if cur == nil || cur.Turn != b.Turn || cur.Half != b.Half {
			sh.Halves = append(sh.Halves, SheetHalf{Turn: b.Turn, Half: b.Half})
			cur = &sh.Halves[len(sh.Halves)-1]
			spell = nil
		}
		switch a.Type {
		case sa.TypeSpyShot:
			cur.Shots++
			if a.Made {
				cur.Made++
				if b.Spy.Engaged == "" && b.Spy.Paid+1 >= b.Spy.Toll {
					cur.Tolls++
					if loc, ok := m.Location(b.Spy.At); ok && loc.Kind == sa.KindGate && n.Spy.Points > b.Spy.Points {
						cur.Escapes++
					}
				}
			}
		case sa.TypeMove:
			cur.Moves++
		case sa.TypeArrow:
			cur.Arrows++
			if a.Made {
				cur.Hits++
			}
		case sa.TypeLeap:
			cur.Leaps++
			if a.Made {
				cur.LeapsOK++
			}
		case sa.TypeCast:
			var name string
			if c, ok := st.Card(a.Card); ok {
				name = c.Name
			}
			cur.Spells = append(cur.Spells, SheetSpell{Name: name, card: a.Card, Result: "casting"})
			spell = &cur.Spells[len(cur.Spells)-1]
		case sa.TypeSpellShot:
			if spell == nil {
				break
			}
			spell.Shots++
			if a.Made {
				spell.Made++
			}
			if n.Cast == nil {
				if a.Made {
					spell.Result = "succeeded"
					spell.detail, spell.giant = sheetEffect(sa.Describe(st, a, next))
				} else {
					spell.Result = "failed"
				}
			}
		case sa.TypeAbandon:
			if spell != nil {
				spell.Result = "abandoned"
			}
		case sa.TypeTarget:
			if spell != nil {
				spell.targets = append(spell.targets, a.At+a.Span)
			}
		case sa.TypeBench:
			if spell != nil {
				spell.detail = sa.Describe(st, a, next).Until(sheetNotes...)
			}
		}
		cur.Points += n.Spy.Points - b.Spy.Points
		cur.Total = n.Spy.Points
		cur.Health = n.Spy.Health
		st = next
	}
	fin := st.Snapshot()
	sh.Points, sh.Health = fin.Spy.Points, fin.Spy.Health
	sh.fin, sh.played = fin, !sh.Blank
	if !fin.Over && !sh.Blank {
		sh.Live = true
		if len(sh.Halves) > 0 {
			last := &sh.Halves[len(sh.Halves)-1]
			last.Open = last.Turn == fin.Turn && last.Half == fin.Half
		}
		// The halves still to play, as empty rows to fill in.
		turn, half := fin.Turn, fin.Half
		if n := len(sh.Halves); n > 0 && sh.Halves[n-1].Open {
			turn, half = sheetNextHalf(turn, half)
		}
		for ; turn <= sh.Turns; turn, half = sheetNextHalf(turn, half) {
			sh.Halves = append(sh.Halves, SheetHalf{Turn: turn, Half: half, Empty: true})
		}
	}
	return sh, nil
}

func sheetNextHalf(turn int, half string) (int, string) {
	if half == sa.HalfSpy {
		return turn, sa.HalfMage
	}
	return turn + 1, sa.HalfSpy
}

func sheetHouseRules(o sa.Options) []lang.Key {
	var out []lang.Key
	if o.SameSpellOnly {
		out = append(out, lang.SheetSASameSpellOnly)
	}
	return out
}

// sheetStatus and sheetResult are the head's status and result lines in
// the language of ctx: the game finished, or how far it is.
func sheetStatus(ctx context.Context, s Sheet) string {
	f := s.fin
	switch {
	case !s.played:
		return ""
	case f.Over:
		return lang.T(ctx, lang.SheetFinished)
	}
	return lang.T(ctx, lang.SheetSAStatus, f.Turn, f.Turns, sheetHalfOf(ctx, f.Half), f.Spy.Points, sheetPoints(ctx, f.Victory))
}

func sheetResult(ctx context.Context, s Sheet) string {
	f := s.fin
	if !s.played || !f.Over {
		return ""
	}
	who := lang.T(ctx, lang.SheetSAWhoSpy, s.Spy)
	if f.Winner == sa.WinnerMage {
		who = lang.T(ctx, lang.SheetSAWhoMage, s.Mage)
	}
	return lang.T(ctx, lang.SheetSAResult, who, f.Spy.Points, sheetPoints(ctx, f.Victory), f.Reason)
}

// sheetHalfOf is "spy half" or "mage half" in the status line.
func sheetHalfOf(ctx context.Context, half string) string {
	if half == sa.HalfMage {
		return lang.T(ctx, lang.SABoardHalfMage)
	}
	return lang.T(ctx, lang.SABoardHalfSpy)
}

// sheetHalfWord is a row's half, "spy" or "mage", in the table.
func sheetHalfWord(ctx context.Context, half string) string {
	switch half {
	case sa.HalfSpy:
		return lang.T(ctx, lang.SheetSAHalfSpy)
	case sa.HalfMage:
		return lang.T(ctx, lang.SheetSAHalfMage)
	}
	return half
}

// BlankSheet is the empty form for a game played on paper.
func BlankSheet(h sheets.Head) Sheet {
	sh := Sheet{Head: h, Turns: sa.DefaultTurns}
	sh.Game, sh.Blank = views.SpellsArrowsName, true
	for t := 1; t <= sa.DefaultTurns; t++ {
		sh.Halves = append(sh.Halves, SheetHalf{Turn: t, Half: sa.HalfSpy, Empty: true}, SheetHalf{Turn: t, Half: sa.HalfMage, Empty: true})
	}
	return sh
}

// sheetTurns numbers the turns of the sheet's game.
func sheetTurns(s Sheet) []int { return sheets.BlankRows(s.Turns) }

// sheetPoints is a count of points: "1 point", "12 points".
func sheetPoints(ctx context.Context, n int) string {
	return lang.T(ctx, lang.SheetSAPoints, n)
}

// sheetHead is the sheet's head with its promise on paper: the shot charts,
// when there are any, print on a page of their own after the sheet's one;
// a long game prints dense to keep that one page.
func sheetHead(ctx context.Context, s Sheet) sheets.Head {
	h := s.Head
	h.Status, h.Result = sheetStatus(ctx, s), sheetResult(ctx, s)
	if len(s.Charts) > 0 {
		h.Pages = lang.T(ctx, lang.SheetSAPagesCharts)
	}
	h.Dense = len(s.Halves) > 2*sheetDenseAfterTurns
	return h
}

// sheetDenseAfterTurns is the most turns a sheet prints at its ordinary size:
// measured with Chromium's print to PDF, a 20-turn game of many spells
// needs the dense print to stay on one page, the default 5 turns never.
const sheetDenseAfterTurns = 8

// sheetAfter is what follows the sheet's result: a played game's shot charts
// (a blank sheet has none).
func sheetAfter(s Sheet) templ.Component {
	if s.Blank {
		return nil
	}
	return ShotCharts(s.Charts)
}

// sheetList writes a list the way a person writes it on a form, each
// item in the language of ctx.
func sheetList(ctx context.Context, keys []lang.Key) string {
	words := make([]string, len(keys))
	for i, k := range keys {
		words[i] = lang.T(ctx, k)
	}
	return strings.Join(words, ", ")
}
