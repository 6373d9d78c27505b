package spellsarrows

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"github.com/grimoire-games/grimoire/rules/record"
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
	HouseRules []string
	Custom     []string // "custom map", "custom deck"
	Halves     []SheetHalf
	Points     int // spy's points at the end (or now)
	Health     int
	Charts     []ShotChart // one per player (none on a blank sheet)
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
	Name    string
	Shots   int
	Made    int
	Result  string // "succeeded", "failed", "abandoned", "casting"
	Detail  string // effect, targets placed, bench choice
	targets []string
}

// OK says whether the spell succeeded.
func (s SheetSpell) OK() bool { return s.Result == "succeeded" }

func (s SheetSpell) text() string {
	mark := "✗"
	if s.OK() {
		mark = "✓"
	} else if s.Result == "casting" {
		mark = "…"
	}
	parts := []string{mark, s.Name}
	if f := sheets.Frac(s.Made, s.Shots); f != "" {
		parts = append(parts, f)
	}
	if s.Result != "succeeded" {
		parts = append(parts, s.Result)
	}
	t := strings.Join(parts, " ")
	if s.Detail != "" {
		t += ": " + s.Detail
	}
	if len(s.targets) > 0 {
		t += " → " + strings.Join(s.targets, " ")
	}
	return strings.TrimSpace(t)
}

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
		sh.Custom = append(sh.Custom, "custom map")
	}
	if setup.Deck != nil {
		sh.Custom = append(sh.Custom, "custom deck")
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
			name := fmt.Sprintf("card %d", a.Card)
			if c, ok := st.Card(a.Card); ok {
				name = c.Name
			}
			cur.Spells = append(cur.Spells, SheetSpell{Name: name, Result: "casting"})
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
					d := sa.Describe(st, a, next).String()
					if j := strings.Index(d, "grace left: "); j >= 0 {
						spell.Detail = strings.TrimSuffix(sheetCutSentence(d[j+len("grace left: "):]), " to place")
					}
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
				spell.Detail = sheetCutSentence(sa.Describe(st, a, next).String())
			}
		}
		cur.Points += n.Spy.Points - b.Spy.Points
		cur.Total = n.Spy.Points
		cur.Health = n.Spy.Health
		st = next
	}
	fin := st.Snapshot()
	sh.Points, sh.Health = fin.Spy.Points, fin.Spy.Health
	if fin.Over {
		who := setup.Spy + " (spy)"
		if fin.Winner == sa.WinnerMage {
			who = setup.Mage + " (mage)"
		}
		sh.Status = "Finished"
		sh.Result = fmt.Sprintf("%s won · %d of %s · %s", who, fin.Spy.Points, sheetPoints(fin.Victory), fin.Reason)
	} else if !sh.Blank {
		sh.Live = true
		sh.Status = fmt.Sprintf("In progress: turn %d of %d, %s half, %d of %s", fin.Turn, fin.Turns, fin.Half, fin.Spy.Points, sheetPoints(fin.Victory))
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

// sheetCutSentence keeps the first sentence of a log line (drops "Mage half
// over, ..." and the like).
func sheetCutSentence(s string) string {
	if i := strings.Index(s, ". "); i >= 0 {
		return s[:i]
	}
	return strings.TrimSuffix(s, ".")
}

func sheetHouseRules(o sa.Options) []string {
	var out []string
	if o.SameSpellOnly {
		out = append(out, "only the same court spell twice in a row is forbidden")
	}
	return out
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

func (s SheetSpell) String() string { return s.text() }

// sheetTurns numbers the turns of the sheet's game.
func sheetTurns(s Sheet) []int { return sheets.BlankRows(s.Turns) }

// sheetPoints is a count of points: "1 point", "12 points".
func sheetPoints(n int) string {
	if n == 1 {
		return "1 point"
	}
	return strconv.Itoa(n) + " points"
}

// sheetHead is the sheet's head with its promise on paper: the shot charts,
// when there are any, print on a page of their own after the sheet's one;
// a long game prints dense to keep that one page.
func sheetHead(s Sheet) sheets.Head {
	h := s.Head
	if len(s.Charts) > 0 {
		h.Pages = "The sheet fits one A4 or Letter page; the players' shot charts print on a second."
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

// sheetList writes a list the way a person writes it on a form.
func sheetList(s []string) string { return strings.Join(s, ", ") }
