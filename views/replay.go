package views

import (
	"context"
	"strconv"

	"github.com/grimoire-games/grimoire/lang"
	"github.com/grimoire-games/grimoire/rules/say"
)

// Replay is the replay page of one game at one moment (play/replay's
// View builds it): the board as it was, a scrubber, the jump marks
// and the log with the moment's line marked.
type Replay struct {
	Title      string // the game's title
	Game       string // "Mage's Tower"
	BoardClass string // the game's board class (play.Info)
	At         int    // the moment: actions in force
	Total      int    // actions in force now
	Over       bool   // the game is over now
	Status     string // the game's line at At
	Fragments  []Fragment
	Lines      []ReplayLine
	Marks      []ReplayMark
	Base       string // the replay's address, without ?at=
	Back       string // the game's own page
	// ForkURL and CSRF are "Continue from here" for a viewer who may
	// change the game ("" for a spectator).
	ForkURL string
	CSRF    string
	// Seat is the viewer the replay is drawn for, as a number ("-1" the
	// scorekeeper), or "" for a spectator.
	Seat string
}

// ReplayLine is one line of the log: the game after it is moment N.
type ReplayLine struct {
	N    int
	Text say.Text
}

// ReplayMark is one jump mark.
type ReplayMark struct {
	At    int
	Kind  string
	Label string
}

// URL is the address of moment n of this replay.
func (r Replay) URL(n int) string { return r.Base + "?at=" + strconv.Itoa(n) }

// Moment says where the replay stands, in words.
func (r Replay) Moment(ctx context.Context) string {
	switch {
	case r.At == 0:
		return lang.T(ctx, lang.ReplayMomentStart, r.Total)
	case r.At == r.Total && r.Over:
		return lang.T(ctx, lang.ReplayMomentEnd, strconv.Itoa(r.At), strconv.Itoa(r.Total))
	case r.At == r.Total:
		return lang.T(ctx, lang.ReplayMomentNow, strconv.Itoa(r.At), strconv.Itoa(r.Total))
	}
	return lang.T(ctx, lang.ReplayMoment, strconv.Itoa(r.At), strconv.Itoa(r.Total))
}

// prevMark and nextMark are the nearest marks before and after the moment
// (-1 none), for the "previous / next moment that matters" links.
func (r Replay) prevMark() int {
	out := -1
	for _, m := range r.Marks {
		if m.At < r.At {
			out = m.At
		}
	}
	return out
}

func (r Replay) nextMark() int {
	for _, m := range r.Marks {
		if m.At > r.At {
			return m.At
		}
	}
	return -1
}
