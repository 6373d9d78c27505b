package takeaway

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/rules/say"
	"github.com/grimoire-games/grimoire/views"
	"github.com/grimoire-games/grimoire/views/offline"
)

// Kind is Take-away for the play layer: what play/takeaway would hold.
// Both players share one phone (the scorekeeper), or each plays on a
// phone of their own (seat rows without a bot); there are no bots.
type Kind struct{}

var _ play.Kind = Kind{}

func (Kind) Info() play.Info {
	return play.Info{ID: gameID, Name: name, Blurb: "Two players take stones from one pile; the last stone wins."}
}

// stateOf replays the table.
func stateOf(t play.Table) (State, []string, error) {
	s, lines, err := replay(t.Setup, t.Seed, t.Actions)
	if err != nil {
		return s, nil, fmt.Errorf("game %s: %w", t.GameID, err)
	}
	return s, lines, nil
}

func (Kind) Status(t play.Table) (string, bool, error) {
	s, _, err := stateOf(t)
	if err != nil {
		return "", false, err
	}
	if s.Over() {
		return s.Setup.Players[s.Winner] + " won", true, nil
	}
	return fmt.Sprintf("%s left, %s to take", stones(s.Stones), s.Setup.Players[s.ToMove]), false, nil
}

// mayAct says why the viewer may not play for the player to move, or nil.
func mayAct(t play.Table, s State) error {
	if t.Watch {
		return errors.New("a spectator cannot play")
	}
	if t.OnPhones() && t.Viewer != s.ToMove {
		return fmt.Errorf("it is %s's turn", s.Setup.Players[s.ToMove])
	}
	return nil
}

func (Kind) Decode(t play.Table, form url.Values) (json.RawMessage, error) {
	n, err := strconv.Atoi(form.Get("take"))
	if err != nil {
		return nil, play.BadTap(errors.New("a take is a number of stones"))
	}
	s, _, err := stateOf(t)
	if err != nil {
		return nil, err
	}
	if err := mayAct(t, s); err != nil {
		return nil, err
	}
	a := Action{Take: n}
	if err := legal(s, a); err != nil {
		return nil, err
	}
	return json.Marshal(a)
}

func (Kind) Undo(t play.Table) (int, error) {
	n := len(t.Actions)
	switch {
	case t.Watch:
		return 0, errors.New("a spectator cannot undo")
	case n == 0:
		return 0, errors.New("there is nothing to undo yet")
	case t.OnPhones() && t.ActionSeats[n-1] != t.Viewer:
		return 0, errors.New("only your own last take can be taken back")
	}
	return 1, nil
}

func (Kind) Bot(play.Table) (json.RawMessage, int, bool, error) {
	return nil, 0, false, play.ErrNoBots
}

func (Kind) Lines(t play.Table) ([]say.Text, error) {
	_, lines, err := stateOf(t)
	return play.Verbatim(lines), err
}

// boardOf is the viewer's screen; refused is the reason of a refused tap.
func boardOf(t play.Table) (board, error) {
	s, lines, err := stateOf(t)
	if err != nil {
		return board{}, err
	}
	b := board{GameID: t.GameID, Title: t.Title, CSRF: t.CSRF, Version: t.Version, State: s, Lines: lines}
	b.MayTake = !s.Over() && mayAct(t, s) == nil
	_, undoErr := Kind{}.Undo(t)
	b.MayUndo = undoErr == nil
	if !t.Watch {
		js, err := t.JSON()
		if err != nil {
			return board{}, err
		}
		b.Record = offline.Fixed(js)
	}
	return b, nil
}

func (Kind) Fragments(t play.Table, _ url.Values) ([]views.Fragment, error) {
	b, err := boardOf(t)
	if err != nil {
		return nil, err
	}
	return fragments(b), nil
}

func (Kind) Page(p views.Page, t play.Table, _ url.Values) (templ.Component, error) {
	b, err := boardOf(t)
	if err != nil {
		return nil, err
	}
	return page(p, b), nil
}

func (Kind) Replay(rec record.Record) (any, error) {
	s, _, err := replay(rec.Setup, rec.Seed, rec.Actions)
	if err != nil {
		return nil, err
	}
	return s, nil
}

func (Kind) Players(setup json.RawMessage) ([]string, error) {
	s, err := parseSetup(setup)
	if err != nil {
		return nil, err
	}
	return s.Players[:], nil
}

func (Kind) Title(setup json.RawMessage) (string, error) {
	s, err := parseSetup(setup)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%s vs %s (%d stones)", s.Players[0], s.Players[1], s.Stones), nil
}

// Hidden: the pile is on the table for everyone.
func (Kind) Hidden() bool { return false }

func (Kind) Sheet(p views.Page, rec record.Record, head views.SheetHead) (templ.Component, error) {
	s, _, err := replay(rec.Setup, rec.Seed, rec.Actions)
	if err != nil {
		return nil, err
	}
	var takes []Action
	for _, raw := range rec.Actions {
		a, err := parseAction(raw)
		if err != nil {
			return nil, err
		}
		takes = append(takes, a)
	}
	head.Game = name
	if s.Over() {
		head.Status, head.Result = "Finished", s.Setup.Players[s.Winner]+" took the last stone and won"
	} else {
		head.Live, head.Status = true, "In progress: "+stones(s.Stones)+" left"
	}
	p.Title = views.SheetTitle(head.Title)
	return sheet(p, head, s, takes, false), nil
}

func (Kind) Blank(p views.Page, head views.SheetHead) templ.Component {
	head.Game, head.Blank = name, true
	p.Title = views.BlankSheetTitle(name)
	return sheet(p, head, State{}, nil, true)
}

func (Kind) Rules(p views.Page) templ.Component {
	p.Title = name + " rules"
	return inLayout(p, rulesHTML())
}

// readForm reads the new-game fields into a setup, or says what is wrong.
func readForm(v url.Values) (form, Setup, error) {
	f := form{A: strings.TrimSpace(v.Get("a")), B: strings.TrimSpace(v.Get("b")), Stones: v.Get("stones"), Most: v.Get("most")}
	if f.Stones == "" {
		f.Stones = "15"
	}
	if f.Most == "" {
		f.Most = "3"
	}
	s := Setup{Players: [2]string{f.A, f.B}}
	var problems []error
	var err error
	if s.Stones, err = strconv.Atoi(f.Stones); err != nil {
		problems = append(problems, errors.New("the pile is a number of stones"))
	}
	if s.Most, err = strconv.Atoi(f.Most); err != nil {
		problems = append(problems, errors.New("the most a turn takes is a number"))
	}
	if len(problems) == 0 {
		problems = append(problems, checkSetup(s))
	}
	return f, s, errors.Join(problems...)
}

func (Kind) NewGamePage(p views.Page, q url.Values, prev *play.Table) templ.Component {
	f := form{A: q.Get("a"), B: q.Get("b"), Stones: q.Get("stones"), Most: q.Get("most")}
	if prev != nil {
		if s, err := parseSetup(prev.Setup); err == nil {
			f = form{A: s.Players[0], B: s.Players[1], Stones: strconv.Itoa(s.Stones), Most: strconv.Itoa(s.Most)}
		}
	}
	p.Title = "New game of " + name
	return inLayout(p, newGameHTML(p, f))
}

func (Kind) CheckNewGame(p views.Page, f play.Form) (templ.Component, bool, error) {
	fm, _, err := readForm(f.Values)
	fm.Problems = f.Problems
	if err != nil {
		fm.Problems = append(fm.Problems, strings.Split(err.Error(), "\n")...)
	}
	if len(fm.Problems) > 0 {
		p.Title = "New game of " + name
		return inLayout(p, newGameHTML(p, fm)), false, nil
	}
	p.Title = "Start this game?"
	return inLayout(p, confirmHTML(p, fm)), true, nil
}

func newGame(s Setup, seed int64) (play.NewGame, error) {
	setup, err := json.Marshal(s)
	if err != nil {
		return play.NewGame{}, err
	}
	return play.NewGame{Setup: setup, Seed: seed, Mine: play.Scorekeeper}, nil
}

func (Kind) StartNewGame(f play.Form, seed int64) (play.NewGame, error) {
	_, s, err := readForm(f.Values)
	if err != nil {
		return play.NewGame{}, err
	}
	return newGame(s, seed)
}

func (Kind) StartOffline(fields url.Values, seed int64) (play.NewGame, error) {
	_, s, err := readForm(fields)
	if err != nil {
		return play.NewGame{}, err
	}
	return newGame(s, seed)
}

func (Kind) AcceptOffline(setup json.RawMessage, seed int64, seats []play.Seat) (play.NewGame, error) {
	s, err := parseSetup(setup)
	if err != nil {
		return play.NewGame{}, fmt.Errorf("setup: %w", err)
	}
	if len(seats) > 0 {
		return play.NewGame{}, errors.New("a game started offline is played on one phone")
	}
	return newGame(s, seed)
}
