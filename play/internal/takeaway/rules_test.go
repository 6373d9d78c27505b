package takeaway

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/grimoire-games/grimoire/rules/record"
)

// gameID is the record's game id; the game's own, not a line in record.
const gameID = "take-away"

// Setup is who plays and how big the pile is.
type Setup struct {
	Players [2]string `json:"players"`
	Stones  int       `json:"stones"` // the pile at the start
	Most    int       `json:"most"`   // the most stones one turn takes
}

// Action is one turn: how many stones were taken.
type Action struct {
	Take int `json:"take"`
}

// State is the pile and whose turn it is; a value, never changed in place.
type State struct {
	Setup  Setup `json:"setup"`
	Stones int   `json:"stones"`
	ToMove int   `json:"toMove"`
	Winner int   `json:"winner"` // -1 while the game runs
}

// Over says someone took the last stone.
func (s State) Over() bool { return s.Winner >= 0 }

// MostNow is the most the player to move may take now.
func (s State) MostNow() int { return min(s.Setup.Most, s.Stones) }

func parseSetup(data []byte) (Setup, error) {
	var s Setup
	if err := record.DecodeStrict(data, &s); err != nil {
		return s, err
	}
	return s, checkSetup(s)
}

func checkSetup(s Setup) error {
	var problems []error
	for i, n := range s.Players {
		if err := record.CheckName(n); err != nil {
			problems = append(problems, fmt.Errorf("player %d: %w", i+1, err))
		}
	}
	if s.Players[0] == s.Players[1] && s.Players[0] != "" {
		problems = append(problems, errors.New("the two players need different names"))
	}
	if s.Stones < 1 || s.Stones > 50 {
		problems = append(problems, errors.New("the pile is 1 to 50 stones"))
	}
	if s.Most < 1 || s.Most > 5 {
		problems = append(problems, errors.New("a turn takes at most 1 to 5 stones"))
	}
	return errors.Join(problems...)
}

func newState(s Setup, _ int64) (State, error) {
	if err := checkSetup(s); err != nil {
		return State{}, err
	}
	return State{Setup: s, Stones: s.Stones, Winner: -1}, nil
}

func parseAction(data []byte) (Action, error) {
	var a Action
	err := record.DecodeStrict(data, &a)
	return a, err
}

// legal says why the action may not be played now, or nil.
func legal(s State, a Action) error {
	switch {
	case s.Over():
		return errors.New("the game is over")
	case a.Take < 1:
		return errors.New("take at least one stone")
	case a.Take > s.MostNow():
		return fmt.Errorf("take at most %d now", s.MostNow())
	}
	return nil
}

// apply is the state after a.
func apply(s State, a Action) (State, error) {
	if err := legal(s, a); err != nil {
		return s, err
	}
	s.Stones -= a.Take
	if s.Stones == 0 {
		s.Winner = s.ToMove
	} else {
		s.ToMove = 1 - s.ToMove
	}
	return s, nil
}

// describe is the log line of an action.
func describe(before State, a Action, after State) string {
	who := before.Setup.Players[before.ToMove]
	if after.Over() {
		return fmt.Sprintf("%s took the last %s and won.", who, stones(a.Take))
	}
	return fmt.Sprintf("%s took %s; %s left.", who, stones(a.Take), stones(after.Stones))
}

func stones(n int) string {
	if n == 1 {
		return "1 stone"
	}
	return fmt.Sprintf("%d stones", n)
}

var rules = record.Rules[Setup, State, Action]{ParseSetup: parseSetup, New: newState, ParseAction: parseAction, Apply: apply}

// replay is the state after a record's actions, with a log line each.
func replay(setup json.RawMessage, seed int64, actions []json.RawMessage) (State, []string, error) {
	var lines []string
	s, err := record.Play(rules, setup, seed, actions, func(b State, a Action, n State) {
		lines = append(lines, describe(b, a, n))
	})
	return s, lines, err
}
