// Package scribes is The Arcane Scribes as the server, the phone and the
// command line play it (play.Kind): reading a tap for a seat, undo, the bots,
// the log as a seat may read it, the title, the new-game form and the
// screens, drawn through views/scribes.
package scribes

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/url"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"github.com/grimoire-games/grimoire/lang"
	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/rules/say"
	sc "github.com/grimoire-games/grimoire/rules/scribes"
	"github.com/grimoire-games/grimoire/views"
	scview "github.com/grimoire-games/grimoire/views/scribes"
)

// Kind is The Arcane Scribes. The zero value is ready to use.
type Kind struct{}

var _ play.Kind = Kind{}

// New returns the game's Kind.
func New() Kind { return Kind{} }

// Info names the game.
func (Kind) Info() play.Info {
	return play.Info{
		ID:       record.ArcaneScribes,
		Name:     views.ArcaneScribesName,
		Blurb:    "2 to 8 scribes collect spells with elemental oinks, at one phone or one each, with bots if you like.",
		BlurbKey: lang.GameScribesBlurb,

		BoardClass: scview.BoardClass,
	}
}

// steps keeps the game between requests (play.Stepper) as a scview.Played.
// A Scribes game can run to thousands of actions, so it keeps only what the
// screens read (the state now and the log), and its log is a history.List:
// after an undo the server steps an older state again, and the two branches
// share the moves before it without either writing where the other reads,
// at one small allocation per step.
var steps = play.Steps[sc.State, sc.Action, scview.Log]{Game: "Arcane Scribes", Replay: scview.Replayed, ParseAction: sc.ParseAction}

var _ play.Stepper = Kind{}

// Start replays the table once.
func (Kind) Start(t play.Table) (play.State, error) { return steps.Start(t) }

// Step applies one more action to a kept state: one Apply, one log line.
func (Kind) Step(t play.Table, s play.State, raw json.RawMessage, seat int) (play.State, error) {
	return steps.Step(t, s, raw, seat)
}

// Status is the home list's line. A record that cannot be replayed still
// gets a line saying so, beside the error.
func (Kind) Status(t play.Table) (string, bool, error) {
	g, err := steps.Played(t)
	if err != nil {
		return "cannot be replayed: " + err.Error(), false, err
	}
	st := g.State
	if st.Over() {
		var names []string
		for _, w := range sc.Winners(st) {
			names = append(names, st.Name(w))
		}
		return strings.Join(names, " and ") + " won", true, nil
	}
	// The round, as the game page counts (st.Turn counts every seat's
	// turn: "Turn 10" at a table of three is the page's "Round 4").
	return fmt.Sprintf("%s · %s to play · %d cards in the pile", scview.RoundText(st.Turn(), st.Players()), st.Name(st.Decider()), st.PileSize()), false, nil
}

// Decode reads one tap and checks it against the rules and the viewer's seat.
func (Kind) Decode(t play.Table, form url.Values) (json.RawMessage, error) {
	if t.Watch {
		return nil, errors.New("a spectator cannot play")
	}
	a, err := ActionFromForm(form)
	if err != nil {
		return nil, play.BadTap(err)
	}
	g, err := steps.Played(t)
	if err != nil {
		return nil, err
	}
	st := g.State
	if a, err = MayDecide(g.Trail.Setup, st, a, t.Viewer); err != nil {
		return nil, err
	}
	if _, err := sc.Apply(st, a); err != nil {
		return nil, err
	}
	raw, err := json.Marshal(a)
	if err != nil {
		return nil, fmt.Errorf("encode action: %w", err)
	}
	return raw, nil
}

// Undo is what the viewer's undo takes back (scview.Log.UndoPlan): on a
// shared phone the last person's action and the bot moves after it; on
// separate phones the player's own last action until the next player acts.
func (Kind) Undo(t play.Table) (int, error) {
	if t.Watch {
		return 0, errors.New("a spectator cannot undo")
	}
	g, err := steps.Played(t)
	if err != nil {
		return 0, err
	}
	n, _, err := g.Trail.UndoPlan(t.Viewer)
	return n, err
}

// Bot is the move of the bot that decides now.
func (Kind) Bot(t play.Table) (json.RawMessage, int, bool, error) {
	g, err := steps.Played(t)
	if err != nil {
		return nil, 0, false, err
	}
	st := g.State
	d := st.Decider()
	if st.Over() || d < 0 {
		return nil, 0, false, nil
	}
	level := scview.BotOf(g.Trail.Setup, d)
	if level == "" {
		return nil, 0, false, nil
	}
	a, err := botChoose(level, st, d, t.Seed, t.Version)
	if err != nil {
		return nil, 0, false, err
	}
	raw, err := json.Marshal(a)
	if err != nil {
		return nil, 0, false, fmt.Errorf("encode bot move: %w", err)
	}
	return raw, a.Seat, true, nil
}

// botChoose is the one call into the rules' bots. The random source is
// drawn from the seed and the version, so two phones asking for the same
// move get the same one, and a move taken back and asked again (a new
// version) may differ. st may be a server's kept state: the rules hand the
// bot a deep copy of it (scribes.Bot), so what the bot guesses never
// reaches the state screens are drawn from and taps are judged against.
func botChoose(level string, st sc.State, seat int, seed int64, version int) (sc.Action, error) {
	bot := sc.BotByName(level)
	if bot == nil {
		return sc.Action{}, fmt.Errorf("%s's bot %q is not one this app knows", st.Name(seat), level)
	}
	r := rand.New(rand.NewPCG(uint64(seed), uint64(version)))
	a, err := bot.Choose(st, seat, r)
	if err != nil {
		return sc.Action{}, fmt.Errorf("the %s: %w", record.BotLabel(level), err)
	}
	return a, nil
}

// Lines is the log; a reserved card is named only to the seat that
// reserved it until the game is over (a shared phone and a spectator see
// none of them).
func (Kind) Lines(t play.Table) ([]say.Text, error) {
	g, err := steps.Played(t)
	if err != nil {
		return nil, err
	}
	// A spectator's table has no seat (Scorekeeper); a replay's is the
	// seat of the device that looks.
	return g.Trail.Lines(t.Viewer, g.State.Over()), nil
}

// Fragments draws the viewer's screen; step's "seen" is the privacy screen
// tapped away at that version, its "ui" the trade's first step taken.
func (Kind) Fragments(t play.Table, step url.Values) ([]views.Fragment, error) {
	b, err := board(t, step)
	if err != nil {
		return nil, err
	}
	return scview.Fragments(b), nil
}

// Page is the whole table screen.
func (Kind) Page(p views.Page, t play.Table, step url.Values) (templ.Component, error) {
	b, err := board(t, step)
	if err != nil {
		return nil, err
	}
	return scview.Page(p, b), nil
}

func board(t play.Table, step url.Values) (scview.Board, error) {
	src, err := SourceOf(t, step)
	if err != nil {
		return scview.Board{}, err
	}
	p, err := steps.Played(t)
	if err != nil {
		return scview.Board{}, err
	}
	b, err := scview.BuildPlayed(src, t.Version, p)
	if err != nil {
		return scview.Board{}, fmt.Errorf("game %s: %w", t.GameID, err)
	}
	return b, nil
}

// SourceOf is what the board of a table is drawn from, on the server and
// on the phone alike. A spectator gets no seat, no join links and no
// embedded record; the join links are the owner's to hand out, so only the
// owner's record carries them.
func SourceOf(t play.Table, step url.Values) (scview.Source, error) {
	seen := step.Get("seen")
	src := scview.Source{
		GameID: t.GameID, Title: t.Title, SpectatorToken: t.SpectatorToken,
		Watch: t.Watch, CSRF: t.CSRF, Setup: t.Setup, Seed: t.Seed,
		Actions: t.Actions, Seat: t.Viewer, Owner: t.Owner && !t.Watch,
		Revealed: seen != "" && seen == strconv.Itoa(t.Version), Offline: t.Offline,
	}
	// The trade's first step picked what to give (ui=trade.ROOT); "ui=trade"
	// alone is the first step again.
	if give, ok := strings.CutPrefix(step.Get("ui"), "trade."); ok {
		src.TradeGive = give
	}
	if t.Watch {
		// Read-only: a spectator's table has no seat (Scorekeeper), a
		// replay's keeps the seat of the device that looks
		// (docs/replay.md), so it sees that seat's hand and no other.
		return src, nil
	}
	embed := t
	embed.Seats = make([]play.Seat, len(t.Seats))
	for i, s := range t.Seats {
		if !src.Owner {
			s.Join = ""
		}
		embed.Seats[i] = s
		if s.Bot == "" {
			src.Joins = append(src.Joins, scview.Join{Seat: s.Index, Name: s.Name, Path: s.Join, Joined: s.Joined})
		}
	}
	if t.Viewer != play.Scorekeeper && t.OnPhones() {
		// A seated player on a phone of their own: the record's seed fixes
		// the whole deck and tile order, and it would show the others'
		// reserves. That phone gets no record and plays with the network.
		return src, nil
	}
	// Made only when drawn: a long game's record is most of a screen's
	// bytes, and an answer that sends the record's change, or a screen
	// compared and not sent, never needs it.
	src.Record = embed.JSON
	return src, nil
}

// Replay checks a record and returns its final snapshot.
func (Kind) Replay(rec record.Record) (any, error) {
	s, err := sc.Replay(rec)
	if err != nil {
		return nil, err
	}
	return s.Snapshot(), nil
}

// Players are the seat names of a setup.
func (Kind) Players(setup json.RawMessage) ([]string, error) {
	s, err := sc.ParseSetup(setup)
	if err != nil {
		return nil, fmt.Errorf("players: %w", err)
	}
	return s.Players, nil
}

// Title names a game on the home list: "Scribes: Mia, Ben, Cy".
func (Kind) Title(setup json.RawMessage) (string, error) {
	s, err := sc.ParseSetup(setup)
	if err != nil {
		return "", fmt.Errorf("title: %w", err)
	}
	return title(s), nil
}

func title(s sc.Setup) string { return "Scribes: " + strings.Join(s.Players, ", ") }

// Hidden: the record holds the deck order and the reserved cards.
func (Kind) Hidden() bool { return true }

// Sheet is the printable scoresheet of a record.
func (Kind) Sheet(p views.Page, rec record.Record, head views.SheetHead) (templ.Component, error) {
	s, err := scview.NewSheet(rec, head)
	if err != nil {
		return nil, err
	}
	p.Section = ""
	return scview.SheetPage(p, s), nil
}

// Blank is the empty scoresheet.
func (Kind) Blank(p views.Page, head views.SheetHead) templ.Component {
	p.Section = ""
	return scview.SheetPage(p, scview.BlankSheet(head))
}

// Rules is the rules page.
func (Kind) Rules(p views.Page) templ.Component {
	p.Title, p.Section = "The Arcane Scribes rules", "rules"
	return scview.Rules(p, scview.RulesData{Data: sc.DefaultData(), Rulings: sc.Rulings()})
}
