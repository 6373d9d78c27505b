package scribes

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/grimoire-games/grimoire/lang"
	"github.com/grimoire-games/grimoire/rules/record"
	sc "github.com/grimoire-games/grimoire/rules/scribes"
	"github.com/grimoire-games/grimoire/views"
	"github.com/grimoire-games/grimoire/views/sheets"
)

// Sheet is The Arcane Scribes scoresheet: a row per seat.
type Sheet struct {
	sheets.Head
	Elements []string // element names, in element order (the columns)
	Seats    []SheetSeat
	First    string // who started
	Round    int    // the round the game reached, counted as the board counts
	Pile     int    // cards left in the draw pile
	Slots    int    // boxes per element on a blank form
	Rounds   int    // round boxes on a blank form
	// The game where the record ends, worded into the head's status and
	// result when the sheet is drawn (played: false on a blank form).
	played  bool
	over    bool
	winners []string // "Mia (23)"
	turn    int
	active  string
}

// SheetSeat is one player's scribed spells and score.
type SheetSeat struct {
	Seat     int
	Name     string
	Bot      string
	Elements []SheetElement
	Face     int // without doubling
	Points   int
	Count    int // different elements scribed (1st tie-breaker)
	Oinks    int // oinks held (2nd tie-breaker)
	Winner   bool
	Empty    bool
}

// SheetElement is one cell: the face values of one element's spells.
type SheetElement struct {
	Values  []int
	Face    int
	Doubled bool
	Points  int
}

func (e SheetElement) valuesText() string {
	var vs []string
	for _, v := range e.Values {
		vs = append(vs, strconv.Itoa(v))
	}
	return strings.Join(vs, " ")
}

// Scribes derives the sheet from a record by replaying it.
func NewSheet(rec record.Record, h sheets.Head) (Sheet, error) {
	st, err := sc.Replay(rec)
	if err != nil {
		return Sheet{}, err
	}
	sh := Sheet{Head: h}
	sh.Game = views.ArcaneScribesName
	data := st.Data()
	for _, e := range sc.Elements() {
		sh.Elements = append(sh.Elements, data.ElementName(e))
	}
	snap := st.Snapshot()
	sh.Round, sh.Pile = RoundOf(snap.Turn, len(snap.Players)), snap.DrawPile
	if snap.First >= 0 && snap.First < len(snap.Players) {
		sh.First = snap.Players[snap.First].Name
	}
	scores := sc.Score(st)
	for i, p := range snap.Players {
		ps := p.Score
		if i < len(scores) {
			ps = scores[i]
		}
		seat := SheetSeat{Seat: i + 1, Name: p.Name, Bot: p.Bot, Face: ps.Face, Points: ps.Points,
			Count: ps.Elements, Oinks: ps.Oinks, Winner: snap.Over && ps.Winner}
		for ei, es := range ps.ByElement {
			cell := SheetElement{Face: es.Face, Doubled: es.Doubled, Points: es.Points}
			for _, c := range p.Scribed {
				if int(c.Element) == ei {
					cell.Values = append(cell.Values, c.Value)
				}
			}
			seat.Elements = append(seat.Elements, cell)
		}
		sh.Seats = append(sh.Seats, seat)
	}
	sh.played, sh.over, sh.turn = true, snap.Over, snap.Turn
	if snap.Over {
		for _, w := range snap.Winners {
			sh.winners = append(sh.winners, fmt.Sprintf("%s (%d)", snap.Players[w].Name, snap.Scores[w]))
		}
	} else {
		sh.Live = true
		sh.active = st.Name(snap.Active)
	}
	return sh, nil
}

// sheetHead is the sheet's head with its status and result in the
// language of ctx.
func sheetHead(ctx context.Context, s Sheet) sheets.Head {
	h := s.Head
	switch {
	case !s.played:
	case s.over:
		h.Status = lang.T(ctx, lang.SheetFinished)
		if len(s.winners) == 1 {
			h.Result = lang.T(ctx, lang.SheetSCWon, s.winners[0])
		} else {
			h.Result = lang.T(ctx, lang.SheetSCShared, strings.Join(s.winners, ", "))
		}
	default:
		round := ""
		if r := RoundOf(s.turn, len(s.Seats)); r > 0 {
			round = lang.T(ctx, lang.SheetSCRoundLower, r)
		}
		h.Status = lang.T(ctx, lang.SheetSCStatus, round, s.active, s.Pile)
	}
	return h
}

// BlankSheet is the empty form for a game played on paper.
func BlankSheet(h sheets.Head) Sheet {
	sh := Sheet{Head: h}
	sh.Game, sh.Blank = views.ArcaneScribesName, true
	// Seven spells of one element is more than a deck shared by two
	// scribes gives one of them in a game; thirty rounds covers a
	// two-player game that scribes slowly.
	sh.Slots, sh.Rounds = 7, 30
	data := sc.DefaultData()
	for _, e := range sc.Elements() {
		sh.Elements = append(sh.Elements, data.ElementName(e))
	}
	for i := 1; i <= 8; i++ {
		sh.Seats = append(sh.Seats, SheetSeat{Seat: i, Empty: true, Elements: make([]SheetElement, len(sh.Elements))})
	}
	return sh
}
