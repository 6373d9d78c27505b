package sheets

import (
	"fmt"
	"strings"

	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/rules/scribes"
	"github.com/grimoire-games/grimoire/views"
	scview "github.com/grimoire-games/grimoire/views/scribes"
)

// ScribesSheet is The Arcane Scribes scoresheet: a row per seat.
type ScribesSheet struct {
	Head
	Elements []string // element names, in element order (the columns)
	Seats    []ScribesSeat
	First    string // who started
	Round    int    // the round the game reached, counted as the board counts
	Pile     int    // cards left in the draw pile
	Slots    int    // boxes per element on a blank form
	Rounds   int    // round boxes on a blank form
}

// ScribesSeat is one player's scribed spells and score.
type ScribesSeat struct {
	Seat     int
	Name     string
	Bot      string
	Elements []ScribesElement
	Face     int // without doubling
	Points   int
	Count    int // different elements scribed (1st tie-breaker)
	Oinks    int // oinks held (2nd tie-breaker)
	Winner   bool
	Empty    bool
}

// ScribesElement is one cell: the face values of one element's spells.
type ScribesElement struct {
	Values  []int
	Face    int
	Doubled bool
	Points  int
}

func (e ScribesElement) valuesText() string {
	var vs []string
	for _, v := range e.Values {
		vs = append(vs, itoa(v))
	}
	return strings.Join(vs, " ")
}

// Scribes derives the sheet from a record by replaying it.
func Scribes(rec record.Record, h Head) (ScribesSheet, error) {
	st, err := scribes.Replay(rec)
	if err != nil {
		return ScribesSheet{}, err
	}
	sh := ScribesSheet{Head: h}
	sh.Game = views.ArcaneScribesName
	data := st.Data()
	for _, e := range scribes.Elements() {
		sh.Elements = append(sh.Elements, data.ElementName(e))
	}
	snap := st.Snapshot()
	sh.Round, sh.Pile = scview.RoundOf(snap.Turn, len(snap.Players)), snap.DrawPile
	if snap.First >= 0 && snap.First < len(snap.Players) {
		sh.First = snap.Players[snap.First].Name
	}
	scores := scribes.Score(st)
	for i, p := range snap.Players {
		ps := p.Score
		if i < len(scores) {
			ps = scores[i]
		}
		seat := ScribesSeat{Seat: i + 1, Name: p.Name, Bot: p.Bot, Face: ps.Face, Points: ps.Points,
			Count: ps.Elements, Oinks: ps.Oinks, Winner: snap.Over && ps.Winner}
		for ei, es := range ps.ByElement {
			cell := ScribesElement{Face: es.Face, Doubled: es.Doubled, Points: es.Points}
			for _, c := range p.Scribed {
				if int(c.Element) == ei {
					cell.Values = append(cell.Values, c.Value)
				}
			}
			seat.Elements = append(seat.Elements, cell)
		}
		sh.Seats = append(sh.Seats, seat)
	}
	if snap.Over {
		var names []string
		for _, w := range snap.Winners {
			names = append(names, fmt.Sprintf("%s (%d)", snap.Players[w].Name, snap.Scores[w]))
		}
		sh.Status = "Finished"
		if len(names) == 1 {
			sh.Result = names[0] + " won"
		} else {
			sh.Result = "Shared win: " + strings.Join(names, ", ")
		}
	} else {
		sh.Live = true
		sh.Status = fmt.Sprintf("In progress: %s, %s to play · %d cards in the draw pile", strings.ToLower(scview.RoundText(snap.Turn, len(snap.Players))), st.Name(snap.Active), snap.DrawPile)
	}
	return sh, nil
}

// ScribesBlank is the empty form for a game played on paper.
func ScribesBlank(h Head) ScribesSheet {
	sh := ScribesSheet{Head: h}
	sh.Game, sh.Blank = views.ArcaneScribesName, true
	// Seven spells of one element is more than a deck shared by two
	// scribes gives one of them in a game; thirty rounds covers a
	// two-player game that scribes slowly.
	sh.Slots, sh.Rounds = 7, 30
	data := scribes.DefaultData()
	for _, e := range scribes.Elements() {
		sh.Elements = append(sh.Elements, data.ElementName(e))
	}
	for i := 1; i <= 8; i++ {
		sh.Seats = append(sh.Seats, ScribesSeat{Seat: i, Empty: true, Elements: make([]ScribesElement, len(sh.Elements))})
	}
	return sh
}
