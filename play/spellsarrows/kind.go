// Package spellsarrows is Spells & Arrows, Heroes & Spies as the app plays
// it: one scorekeeper's phone at the court records every make and miss, the
// rules core (rules/spellsarrows) runs the rest. There are no seats, no bots
// and nothing hidden, so every viewer sees the same game.
package spellsarrows

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"github.com/grimoire-games/grimoire/lang"
	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/rules/say"
	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
	"github.com/grimoire-games/grimoire/views"
	saview "github.com/grimoire-games/grimoire/views/spellsarrows"
)

// Kind is Spells & Arrows for the play layer.
type Kind struct{}

var _ play.Kind = Kind{}

// Info names the game.
func (Kind) Info() play.Info {
	return play.Info{
		ID:       record.SpellsArrows,
		Name:     views.SpellsArrowsName,
		Blurb:    "Heroes & Spies at a real basket: the spy shoots to escape the kingdom, the mage shoots spells to stop them. One phone keeps score.",
		BlurbKey: lang.GameSpellsArrowsBlurb,
	}
}

// replay plays the table's actions and keeps the log line of each.
func replay(t play.Table) (sa.State, []say.Text, error) {
	st, lines, err := saview.Play(t.Setup, t.Seed, t.Actions)
	if err != nil {
		return st, lines, fmt.Errorf("game %s: %w", t.GameID, err)
	}
	return st, lines, nil
}

// steps keeps the game between requests (play.Stepper) as a saview.Played.
var steps = play.Steps[sa.State, sa.Action, saview.Recent]{Game: "Spells & Arrows", Replay: saview.Replayed, ParseAction: sa.ParseAction}

var _ play.Stepper = Kind{}

// Start replays the table once.
func (Kind) Start(t play.Table) (play.State, error) { return steps.Start(t) }

// Step applies one more action to a kept state.
func (Kind) Step(t play.Table, s play.State, raw json.RawMessage, seat int) (play.State, error) {
	return steps.Step(t, s, raw, seat)
}

// Status is the home list's line.
func (Kind) Status(t play.Table) (string, bool, error) {
	p, err := steps.Played(t)
	st := p.State
	if err != nil {
		return "", false, err
	}
	sn := st.Snapshot()
	setup := st.Setup()
	if sn.Over {
		who := setup.Spy + " (spy)"
		if sn.Winner == "mage" {
			who = setup.Mage + " (mage)"
		}
		return fmt.Sprintf("%s won · %d/%d points", who, sn.Spy.Points, sn.Victory), true, nil
	}
	return fmt.Sprintf("Turn %d of %d · %s half · %d/%d points", sn.Turn, sn.Turns, sn.Half, sn.Spy.Points, sn.Victory), false, nil
}

// Decode reads one tap and checks it against the rules. Anyone who may
// change the game keeps its score: there are no seats to check.
func (Kind) Decode(t play.Table, form url.Values) (json.RawMessage, error) {
	a, err := ActionFromForm(form.Get)
	if err != nil {
		return nil, play.BadTap(err)
	}
	p, err := steps.Played(t)
	if err != nil {
		return nil, err
	}
	// Checked only: the server plays it once stored (Step).
	if err := sa.Check(p.State, a); err != nil {
		return nil, err
	}
	return json.Marshal(a)
}

// Undo takes back the last action while any is in force: one scorekeeper,
// no bots.
func (Kind) Undo(t play.Table) (int, error) {
	if len(t.Actions) == 0 {
		return 0, errors.New("there is nothing to undo yet")
	}
	return 1, nil
}

// Bot: people shoot the baskets, so nobody else ever moves.
func (Kind) Bot(play.Table) (json.RawMessage, int, bool, error) {
	return nil, 0, false, play.ErrNoBots
}

// Lines is the whole log; every viewer may read all of it.
func (Kind) Lines(t play.Table) ([]say.Text, error) {
	_, lines, err := replay(t)
	return lines, err
}

// source is what the board is drawn from; the page embeds the whole table
// for every viewer who may play (the game hides nothing).
func source(t play.Table) (saview.Source, error) {
	src := saview.Source{
		GameID: t.GameID, Title: t.Title, SpectatorToken: t.SpectatorToken,
		Watch: t.Watch, CSRF: t.CSRF, Setup: t.Setup, Seed: t.Seed, Actions: t.Actions,
	}
	if !t.Watch {
		t.Viewer = play.Scorekeeper // a Spells & Arrows game has no seats
		t.Seats = nil
		src.Record = t.JSON
	}
	return src, nil
}

func board(t play.Table, step url.Values) (saview.Board, error) {
	src, err := source(t)
	if err != nil {
		return saview.Board{}, err
	}
	src.Step = step
	p, err := steps.Played(t)
	if err != nil {
		return saview.Board{}, err
	}
	b, err := saview.BuildPlayed(src, t.Version, p)
	if err != nil || !b.Snap.Over {
		return b, err
	}
	b.Charts, err = Charts(t)
	return b, err
}

// Fragments draws the courtside screen.
func (Kind) Fragments(t play.Table, step url.Values) ([]views.Fragment, error) {
	b, err := board(t, step)
	if err != nil {
		return nil, err
	}
	return saview.Fragments(&b), nil
}

// Page is the whole courtside page.
func (Kind) Page(p views.Page, t play.Table, step url.Values) (templ.Component, error) {
	b, err := board(t, step)
	if err != nil {
		return nil, err
	}
	return saview.Page(p, &b), nil
}

// Replay checks a record and returns its final snapshot.
func (Kind) Replay(rec record.Record) (any, error) {
	st, err := sa.Replay(rec)
	if err != nil {
		return nil, err
	}
	return st.Snapshot(), nil
}

// Players are the spy and the mage.
func (Kind) Players(setup json.RawMessage) ([]string, error) {
	s, err := sa.ParseSetup(setup)
	if err != nil {
		return nil, err
	}
	return []string{s.Spy, s.Mage}, nil
}

// Title names the game by its two players and their roles.
func (Kind) Title(setup json.RawMessage) (string, error) {
	s, err := sa.ParseSetup(setup)
	if err != nil {
		return "", err
	}
	return title(s), nil
}

func title(s sa.Setup) string { return fmt.Sprintf("%s (spy) vs %s (mage)", s.Spy, s.Mage) }

// Hidden: both players see everything.
func (Kind) Hidden() bool { return false }

// Sheet is the printable scoresheet of a record.
func (Kind) Sheet(p views.Page, rec record.Record, head views.SheetHead) (templ.Component, error) {
	s, err := saview.NewSheet(rec, head)
	if err != nil {
		return nil, err
	}
	if s.Charts, err = Charts(play.Table{Kind: rec.Game, Setup: rec.Setup, Seed: rec.Seed, Actions: rec.Actions}); err != nil {
		return nil, err
	}
	return saview.SheetPage(p, s), nil
}

// Blank is the empty scoresheet for a game played on paper.
func (Kind) Blank(p views.Page, head views.SheetHead) templ.Component {
	return saview.SheetPage(p, saview.BlankSheet(head))
}

// Rules is the rules page with the court, the deck and every ruling.
func (Kind) Rules(p views.Page) templ.Component {
	p.Title = "Spells & Arrows rules"
	return saview.Rules(p, saview.RulesData{Map: sa.DefaultMap(), Deck: sa.DefaultDeck(), Rulings: sa.Rulings()})
}

// NewGamePage is the new-game form, its Victory Number proposed for
// players with no games (see NewGamePageFrom).
func (k Kind) NewGamePage(p views.Page, q url.Values, prev *play.Table) templ.Component {
	return k.NewGamePageFrom(p, q, prev, nil)
}

// ProposalNames are the names whose records the form's proposal reads: the
// players of the previous game ("new game, same players").
func (Kind) ProposalNames(q url.Values, prev *play.Table) []string {
	if prev == nil || q.Get("change") == "1" {
		return nil
	}
	setup, err := sa.ParseSetup(prev.Setup)
	if err != nil {
		return nil
	}
	return []string{setup.Spy, setup.Mage}
}

// NewGamePageFrom is the new-game form over the device's games of
// ProposalNames. A fresh form, and one for the players of a previous game,
// propose the Victory Number fair for the spy and the mage by their
// records (the default rates for a player without games, or for names not
// entered yet) and say so; "Change" keeps the number typed, and the
// advisor's "Use N" sets N.
func (Kind) NewGamePageFrom(p views.Page, q url.Values, prev *play.Table, games []play.PlayerGame) templ.Component {
	p.Title = views.NewGameText(views.SpellsArrowsName)
	f := saview.NewForm{Victory: 12, Turns: 5}
	change := q.Get("change") == "1"
	if change {
		// "Change" on the confirmation: the form again with what was typed.
		f.Spy, f.Mage, f.SameSpellOnly = q.Get("spy"), q.Get("mage"), q.Get("sameSpellOnly") == "on"
		if n, err := strconv.Atoi(q.Get("victory")); err == nil {
			f.Victory = n
		}
		if n, err := strconv.Atoi(q.Get("turns")); err == nil {
			f.Turns = n
		}
		f.Advisor = saview.AdvisorForm{SpyRates: q.Get("spyRates"), MageRates: q.Get("mageRates")}
		for _, k := range []string{"mapName", "deckName"} {
			if n := q.Get(k); n != "" {
				f.Reload = append(f.Reload, n)
			}
		}
		if n, err := strconv.Atoi(q.Get("useVictory")); err == nil && n >= 1 && n <= sa.MaxVictory {
			f.Victory = n
			f.Proposal = "Proposed by the advisor: the fairest number it found for " + orRole(f.Spy, "the spy") + " as spy."
		}
	}
	if prev != nil {
		if setup, err := sa.ParseSetup(prev.Setup); err == nil {
			f = saview.NewForm{Spy: setup.Spy, Mage: setup.Mage, Victory: setup.Victory, Turns: setup.TurnCount(), SameSpellOnly: setup.Options.SameSpellOnly}
			change = false
		}
	}
	if !change {
		if vn, why, err := propose(f, games); err == nil {
			if prev != nil && f.Victory != vn {
				why += fmt.Sprintf(" Your last game used %d.", f.Victory)
			}
			f.Victory, f.Proposal = vn, why
		}
	}
	return saview.NewGame(p, f)
}

// propose is the Victory Number fair for f's spy and mage by their records
// (the advisor's search checked by its first rounds, see proposalFor), and
// where it came from.
func propose(f saview.NewForm, games []play.PlayerGame) (int, string, error) {
	spy, mage := strings.TrimSpace(f.Spy), strings.TrimSpace(f.Mage)
	a, b := saview.AdvicePlayer{Name: spy, Rates: sa.DefaultRates()}, saview.AdvicePlayer{Name: mage, Rates: sa.DefaultRates()}
	var err error
	if spy != "" {
		if a, err = advicePlayer(spy, "", games); err != nil {
			return 0, "", err
		}
	}
	if mage != "" {
		if b, err = advicePlayer(mage, "", games); err != nil {
			return 0, "", err
		}
	}
	pr, err := proposalFor(sa.Player{Name: orRole(spy, "Spy"), Rates: a.Rates}, sa.Player{Name: orRole(mage, "Mage"), Rates: b.Rates},
		f.Turns, sa.Options{SameSpellOnly: f.SameSpellOnly})
	if err != nil {
		return 0, "", err
	}
	ans := pr.fair
	var by string
	recA, recB := spy != "" && strings.HasPrefix(a.Source, "from "), mage != "" && strings.HasPrefix(b.Source, "from ")
	switch {
	case spy == "" || mage == "":
		by = "Proposed: fair for two players of the default make rates (a new player's)"
	case recA && recB:
		by = fmt.Sprintf("Proposed: fair for %s as spy and %s as mage by their records", spy, mage)
	case recA:
		by = fmt.Sprintf("Proposed: fair for %s as spy and %s as mage by %s's record and the default rates for %s (no games yet)", spy, mage, spy, mage)
	case recB:
		by = fmt.Sprintf("Proposed: fair for %s as spy and %s as mage by %s's record and the default rates for %s (no games yet)", spy, mage, mage, spy)
	default:
		by = fmt.Sprintf("Proposed: fair for %s as spy and %s as mage by the default make rates (no games of either yet)", spy, mage)
	}
	by += fmt.Sprintf(": the spy won %s of %d simulated games there (%s games simulated in all)", saview.Chance(ans.At), ans.At.Games, strconv.Itoa(pr.games))
	switch ans.Where {
	case sa.FairAboveRange:
		by += ", even at the highest number: nothing is near even"
	case sa.FairBelowRange:
		by += ", even at the lowest number: nothing is near even"
	}
	return ans.Victory, by + ". The advisor below checks it with more games.", nil
}

// orRole is name, or the role's word when no name is entered yet.
func orRole(name, role string) string {
	if strings.TrimSpace(name) == "" {
		return role
	}
	return strings.TrimSpace(name)
}

// readForm reads the new-game form (the server's first step and the phone
// without network read it alike) into the setup it describes.
func readForm(v url.Values, files map[string]play.File) (saview.NewForm, sa.Setup, []string) {
	f := saview.NewForm{
		Spy: strings.TrimSpace(v.Get("spy")), Mage: strings.TrimSpace(v.Get("mage")),
		SameSpellOnly: v.Get("sameSpellOnly") == "on",
	}
	var problems []string
	var err error
	if f.Victory, err = strconv.Atoi(v.Get("victory")); err != nil {
		problems = append(problems, "The Victory Number must be a whole number.")
	}
	if f.Turns, err = strconv.Atoi(v.Get("turns")); err != nil {
		problems = append(problems, "The number of turns must be a whole number.")
	} else if err := sa.CheckTurns(f.Turns); err != nil {
		// The setup's rule, not a second copy of it: in a Setup 0 means
		// the field was left out, but a form always fills it in.
		problems = append(problems, err.Error())
	}
	setup := sa.Setup{Victory: f.Victory, Spy: f.Spy, Mage: f.Mage, Turns: f.Turns, Options: sa.Options{SameSpellOnly: f.SameSpellOnly}}
	if m, ok := files["map"]; ok {
		mp, err := sa.ParseMap(m.Data)
		if err != nil {
			problems = append(problems, "Map file "+m.Name+": "+err.Error())
		} else {
			setup.Map = &mp
			f.MapName = m.Name
		}
	}
	if d, ok := files["deck"]; ok {
		mp := sa.DefaultMap()
		if setup.Map != nil {
			mp = *setup.Map
		}
		dk, err := sa.ParseDeck(d.Data, mp)
		if err != nil {
			problems = append(problems, "Deck file "+d.Name+": "+err.Error())
		} else {
			setup.Deck = &dk
			f.DeckName = d.Name
		}
	}
	if len(problems) == 0 {
		if err := setup.Validate(); err != nil {
			problems = append(problems, err.Error())
		}
	}
	f.Problems = problems
	return f, setup, problems
}

// CheckNewGame is the form's first step: the form again, or the summary.
func (Kind) CheckNewGame(p views.Page, form play.Form) (templ.Component, bool, error) {
	f, setup, problems := readForm(form.Values, form.Files)
	if len(problems) > 0 {
		p.Title = views.NewGameText(views.SpellsArrowsName)
		return saview.NewGame(p, f), false, nil
	}
	raw, err := json.Marshal(setup)
	if err != nil {
		return nil, false, fmt.Errorf("encode setup: %w", err)
	}
	p.Title = views.ConfirmNewGameTitle
	return saview.Confirm(p, f, string(raw)), true, nil
}

// StartNewGame reads the confirmed setup.
func (Kind) StartNewGame(form play.Form, seed int64) (play.NewGame, error) {
	setup, err := sa.ParseSetup([]byte(form.Values.Get("setup")))
	if err != nil {
		return play.NewGame{}, play.BadTap(fmt.Errorf("The game setup could not be read: %w", err))
	}
	return start(setup, seed)
}

func start(setup sa.Setup, seed int64) (play.NewGame, error) {
	if _, err := sa.New(setup, seed); err != nil {
		return play.NewGame{}, fmt.Errorf("The game cannot start: %w", err)
	}
	raw, err := json.Marshal(setup)
	if err != nil {
		return play.NewGame{}, fmt.Errorf("encode setup: %w", err)
	}
	return play.NewGame{Setup: raw, Seed: seed, Mine: play.Scorekeeper}, nil
}

// StartOffline reads the form on a phone without network: the same reading
// as the server's, without the optional map and deck files (they need the
// network).
func (Kind) StartOffline(fields url.Values, seed int64) (play.NewGame, error) {
	_, setup, problems := readForm(fields, nil)
	if len(problems) > 0 {
		return play.NewGame{}, errors.New(strings.Join(problems, " "))
	}
	return start(setup, seed)
}

// AcceptOffline checks a game a phone started offline: one scorekeeper, no
// seat rows.
func (Kind) AcceptOffline(raw json.RawMessage, seed int64, seats []play.Seat) (play.NewGame, error) {
	if len(seats) > 0 {
		return play.NewGame{}, errors.New("A Spells & Arrows game has no seats to take.")
	}
	setup, err := sa.ParseSetup(raw)
	if err != nil {
		return play.NewGame{}, fmt.Errorf("The game setup could not be read: %w", err)
	}
	return start(setup, seed)
}
