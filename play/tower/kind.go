// Package tower is Mage's Tower as the app plays it: a General and a Mage
// on one phone, on two phones, or against a bot. The rules core
// (rules/tower) referees; this package decides everything the server, the
// phone and the command line must agree on: who may tap, what a tap means,
// how far an undo goes, the bots' moves, the title, and what each seat may
// see (the General's camp faces are hidden from the Mage and spectators).
package tower

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/url"

	"github.com/a-h/templ"

	"github.com/grimoire-games/grimoire/lang"
	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/rules/say"
	tw "github.com/grimoire-games/grimoire/rules/tower"
	"github.com/grimoire-games/grimoire/views"
	twview "github.com/grimoire-games/grimoire/views/tower"
)

// Kind is Mage's Tower for the play layer.
type Kind struct{}

var _ play.Kind = Kind{}

// Info names the game.
func (Kind) Info() play.Info {
	return play.Info{
		ID:       record.MagesTower,
		Name:     views.MagesTowerName,
		Blurb:    "A General marches nine coins toward the Tower; a Mage burns them with spells picked on one card. One phone, two phones, or against a bot.",
		BlurbKey: lang.GameTowerBlurb,
	}
}

// steps keeps the game between requests (play.Stepper) as a twview.Played.
// Its log is a history.List: after an undo the server steps an older state
// again, and the two branches share the lines before it without either
// writing where the other reads, at one small allocation per step however
// long the game.
var steps = play.Steps[tw.State, tw.Action, twview.Log]{Game: "Mage's Tower", Replay: twview.Replayed, ParseAction: tw.ParseAction}

var _ play.Stepper = Kind{}

// Start replays the table once.
func (Kind) Start(t play.Table) (play.State, error) { return steps.Start(t) }

// Step applies one more action to a kept state: one Apply, one log line.
func (Kind) Step(t play.Table, s play.State, raw json.RawMessage, seat int) (play.State, error) {
	return steps.Step(t, s, raw, seat)
}

// seating reads the table's seat rows: the bot of each side, and whether
// the people play on phones of their own. A row this game cannot have is an
// error, not a seat silently dropped: the server and the phone would
// otherwise disagree about who moves.
func seating(t play.Table) (players [2]twview.Player, twoPhones bool, err error) {
	for _, s := range t.Seats {
		if s.Index != twview.SeatGeneral && s.Index != twview.SeatMage {
			return players, false, fmt.Errorf("game %s: Mage's Tower has no seat %d", t.GameID, s.Index)
		}
		if s.Bot == "" {
			twoPhones = true
			continue
		}
		if !isBot(s.Bot) {
			return players, false, fmt.Errorf("game %s: there is no %s bot", t.GameID, s.Bot)
		}
		players[s.Index].Bot = s.Bot
	}
	return players, twoPhones, nil
}

// named is the players with the setup's names, for log lines.
func named(st tw.State, players [2]twview.Player) [2]twview.Player {
	setup := st.Setup()
	players[twview.SeatGeneral].Name, players[twview.SeatMage].Name = setup.General, setup.Mage
	return players
}

// Status is the home list's line.
func (Kind) Status(t play.Table) (string, bool, error) {
	p, err := steps.Played(t)
	if err != nil {
		return "", false, err
	}
	st := p.State
	sn := st.Snapshot()
	if sn.Over {
		who := sn.General + " (General)"
		if sn.Winner == tw.Mage {
			who = sn.Mage + " (Mage)"
		}
		return fmt.Sprintf("%s won: %s · turn %d", who, twview.ReasonText(sn.Reason), sn.Turn), true, nil
	}
	return fmt.Sprintf("Turn %d · %s to play · %d fallen, %d in play", sn.Turn, sn.ToPlay.Title(), sn.Score.Removed, sn.Score.InPlay), false, nil
}

// Decode reads one tap and checks it against the rules and the viewer's
// seat: a phone holding a seat plays only its side, nobody plays for a bot.
func (Kind) Decode(t play.Table, form url.Values) (json.RawMessage, error) {
	if t.Watch {
		return nil, errors.New("a spectator cannot play")
	}
	a, err := actionFromForm(form)
	if err != nil {
		return nil, play.BadTap(err)
	}
	p, err := steps.Played(t)
	if err != nil {
		return nil, err
	}
	st := p.State
	players, _, err := seating(t)
	if err != nil {
		return nil, err
	}
	if err := mayAct(st, a, t.Viewer, players); err != nil {
		return nil, err
	}
	if _, err := tw.Apply(st, a); err != nil {
		return nil, err
	}
	raw, err := json.Marshal(a)
	if err != nil {
		return nil, fmt.Errorf("encode action: %w", err)
	}
	return raw, nil
}

// Undo says how much the viewer's undo takes back (see undoSteps).
func (Kind) Undo(t play.Table) (int, error) {
	players, two, err := seating(t)
	if err != nil {
		return 0, err
	}
	return undoSteps(t, players, two)
}

// undoSteps says how many actions the viewer's undo takes back now, or why
// it may not. With one phone the last action goes; when a bot answered, its
// moves go too, so the person gets their own turn back. With two phones a
// player takes back only their own last action, until the other one acts.
func undoSteps(t play.Table, players [2]twview.Player, twoPhones bool) (int, error) {
	n := len(t.ActionSeats)
	if t.Watch {
		return 0, errors.New("a spectator cannot undo")
	}
	if n == 0 {
		return 0, errors.New("there is nothing to undo yet")
	}
	if twoPhones {
		if t.ActionSeats[n-1] != t.Viewer {
			return 0, errors.New("only your own last move can be taken back, and only until the other player moves")
		}
		return 1, nil
	}
	isBot := func(seat int) bool { return seat >= 0 && seat <= 1 && players[seat].Bot != "" }
	k := 0
	for k < n && isBot(t.ActionSeats[n-1-k]) {
		k++
	}
	if k == n {
		return 0, errors.New("only bots have moved: there is no move of yours to take back")
	}
	return k + 1, nil
}

// Bot is the move of the bot whose turn it is. The stream is drawn from the
// seed and the version, so two phones asking at once get the same move.
func (Kind) Bot(t play.Table) (json.RawMessage, int, bool, error) {
	p, err := steps.Played(t)
	if err != nil {
		return nil, 0, false, err
	}
	st := p.State
	if st.Over() {
		return nil, 0, false, nil
	}
	players, _, err := seating(t)
	if err != nil {
		return nil, 0, false, err
	}
	side := st.ToPlay()
	seat := twview.SideSeat(side)
	level := players[seat].Bot
	if level == "" {
		return nil, 0, false, nil
	}
	a, err := botMove(st, level, side, t.Seed, t.Version)
	if err != nil {
		return nil, 0, false, err
	}
	if _, err := tw.Apply(st, a); err != nil {
		return nil, 0, false, fmt.Errorf("the %s chose an illegal move: %w", record.BotLabel(level), err)
	}
	raw, err := json.Marshal(a)
	if err != nil {
		return nil, 0, false, fmt.Errorf("encode bot move: %w", err)
	}
	return raw, seat, true, nil
}

// botMove is the one call into the rules' bots, kept apart so a bot API
// that returns an error (a search level) changes only this function. st
// may be a server's kept state: the rules hand the bot a deep copy of it
// (tower.Bot), so the faces the Archmage guesses stay in its own copies.
func botMove(st tw.State, level string, side tw.Side, seed int64, version int) (tw.Action, error) {
	mk, ok := tw.Bots()[level]
	if !ok {
		return tw.Action{}, fmt.Errorf("there is no %s bot", level)
	}
	r := rand.New(rand.NewPCG(uint64(seed), uint64(version)))
	a, err := mk(side).Choose(st, r)
	if err != nil {
		return tw.Action{}, fmt.Errorf("the %s: %w", record.BotLabel(level), err)
	}
	return a, nil
}

// Lines is the log with the players' names. The rules' sentences never name
// a face the camp hides, so every viewer may read them.
func (Kind) Lines(t play.Table) ([]say.Text, error) {
	p, err := steps.Played(t)
	if err != nil {
		return nil, err
	}
	players, _, err := seating(t)
	if err != nil {
		return nil, err
	}
	return twview.Lines(named(p.State, players), p.Trail.All()), nil
}

// source is what the board is drawn from, for the table's viewer: the
// undo it may make and, for anyone but a spectator, the embedded table.
func source(t play.Table, ui twview.UI) (twview.Source, error) {
	players, two, err := seating(t)
	if err != nil {
		return twview.Source{}, err
	}
	src := twview.Source{
		GameID: t.GameID, Title: t.Title, SpectatorToken: t.SpectatorToken,
		Watch: t.Watch, CSRF: t.CSRF, Setup: t.Setup, Seed: t.Seed, Actions: t.Actions,
		Players: players, TwoPhones: two, Seat: t.Viewer, UI: ui, Offline: t.Offline,
	}
	if t.Watch {
		return src, nil
	}
	if two && t.Viewer >= 0 {
		// The other seat's link, while no phone holds it, so the host can
		// hand it out from the screen.
		for _, s := range t.Seats {
			if s.Index != t.Viewer && s.Bot == "" && !s.Joined && s.Join != "" {
				src.JoinPath = s.Join
			}
		}
	}
	if n, err := undoSteps(t, players, two); err == nil {
		src.Undo = n
	}
	if !mayHoldRecord(t, players, two) {
		return src, nil
	}
	// Made only when drawn: an answer that sends the record's change, or a
	// screen compared and not sent, never needs it.
	src.Record = t.JSON
	return src, nil
}

// mayHoldRecord says whether the viewer's page may embed the record, which
// holds every camp coin's face. The Mage may not see them: the Mage's own
// phone (two phones), and a shared phone whose only person is the Mage
// (against a General bot), get no record, so those screens need the network.
// The General knows the faces; a phone passed between two people shows
// everything to both by their agreement, as a board on a table does.
func mayHoldRecord(t play.Table, players [2]twview.Player, two bool) bool {
	switch {
	case t.Watch:
		return false
	case two:
		return t.Viewer == twview.SeatGeneral
	default:
		return players[twview.SeatGeneral].Bot == "" || players[twview.SeatMage].Bot != ""
	}
}

// board builds the viewer's board; step is a GET step's query (nil after a
// write: no selection).
func board(t play.Table, step url.Values) (twview.Board, error) {
	ui := twview.UI{Seen: -1}
	if step != nil {
		ui = twview.ParseUI(step)
	}
	src, err := source(t, ui)
	if err != nil {
		return twview.Board{}, err
	}
	p, err := steps.Played(t)
	if err != nil {
		return twview.Board{}, err
	}
	return twview.BuildPlayed(src, t.Version, p)
}

// Fragments draws the viewer's screen. A selection step (ui=1) or a write
// (step nil) re-sends the parts that show the selection, since the client's
// copy of them may carry one.
func (Kind) Fragments(t play.Table, step url.Values) ([]views.Fragment, error) {
	b, err := board(t, step)
	if err != nil {
		return nil, err
	}
	return twview.Fragments(b, step == nil || step.Get("ui") == "1"), nil
}

// Page is the whole game page.
func (Kind) Page(p views.Page, t play.Table, step url.Values) (templ.Component, error) {
	b, err := board(t, step)
	if err != nil {
		return nil, err
	}
	return twview.Page(p, b), nil
}

// Replay checks a record and returns its final snapshot (what `grimoire
// replay` prints).
func (Kind) Replay(rec record.Record) (any, error) {
	st, err := tw.Replay(rec)
	if err != nil {
		return nil, err
	}
	return st.Snapshot(), nil
}

// Players are the General and the Mage.
func (Kind) Players(setup json.RawMessage) ([]string, error) {
	s, err := tw.ParseSetup(setup)
	if err != nil {
		return nil, err
	}
	return []string{s.General, s.Mage}, nil
}

// Title names the game by its players and their sides.
func (Kind) Title(setup json.RawMessage) (string, error) {
	s, err := tw.ParseSetup(setup)
	if err != nil {
		return "", err
	}
	return title(s), nil
}

// title is the one title of a game, made in the app, on a phone or imported.
func title(s tw.Setup) string {
	return fmt.Sprintf("%s (General) vs %s (Mage)", s.General, s.Mage)
}

// Hidden: the record holds the camp's faces, which the Mage may not see.
func (Kind) Hidden() bool { return true }

// Sheet is the printable scoresheet of a record.
func (Kind) Sheet(p views.Page, rec record.Record, head views.SheetHead) (templ.Component, error) {
	s, err := twview.NewSheet(rec, head)
	if err != nil {
		return nil, err
	}
	return twview.SheetPage(p, s), nil
}

// Blank is the empty scoresheet for a game played on paper.
func (Kind) Blank(p views.Page, head views.SheetHead) templ.Component {
	return twview.SheetPage(p, twview.BlankSheet(head))
}

// Rules is the rules page with the default card and every ruling.
func (Kind) Rules(p views.Page) templ.Component {
	p.Title = "Mage's Tower rules"
	return twview.Rules(p, twview.RulesData{Card: tw.DefaultCard(), Rulings: tw.Rulings()})
}
