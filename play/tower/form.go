package tower

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
	tw "github.com/grimoire-games/grimoire/rules/tower"
	"github.com/grimoire-games/grimoire/views"
	twview "github.com/grimoire-games/grimoire/views/tower"
)

// mayAct checks that the seat may play a's side now: a phone holding a seat
// plays only that side; nobody plays for a bot.
func mayAct(st tw.State, a tw.Action, seat int, players [2]twview.Player) error {
	if st.Over() {
		return nil // the rules say why
	}
	side := st.ToPlay()
	idx := twview.SideSeat(side)
	if players[idx].Bot != "" {
		return fmt.Errorf("it is the %s's turn as %s; it moves by itself", record.BotLabel(players[idx].Bot), side.Title())
	}
	if seat >= 0 && seat != idx {
		return fmt.Errorf("it is the %s's turn, on the other phone", side.Title())
	}
	if a.Type.Side() != tw.NoSide && a.Type.Side() != side {
		return fmt.Errorf("it is the %s's turn", side.Title())
	}
	return nil
}

// actionFromForm turns the fields of one tap into an action; legality is
// the rules' job.
func actionFromForm(form url.Values) (tw.Action, error) {
	var err error
	num := func(name string) (int, error) {
		n, err := strconv.Atoi(form.Get(name))
		if err != nil || n < 0 || n > 99 {
			return 0, fmt.Errorf("%q is not a number (%s)", form.Get(name), name)
		}
		return n, nil
	}
	a := tw.Action{Type: tw.ActionType(form.Get("type"))}
	switch a.Type {
	case tw.Place:
		a.Coins = form["coins"]
		if len(a.Coins) == 0 {
			return a, errors.New("tap the coins to place first")
		}
	case tw.Advance:
		if a.Zone, err = num("zone"); err != nil {
			return a, err
		}
		a.Coins = form["coins"]
		if len(a.Coins) == 0 {
			return a, errors.New("tap the soldiers to advance first")
		}
	case tw.Flip:
		a.Coin = form.Get("coin")
	case tw.End, tw.Skip:
	case tw.Cast:
		if a.DamageRow, err = num("damageRow"); err != nil {
			return a, err
		}
		if a.SpellRow, err = num("spellRow"); err != nil {
			return a, err
		}
		if sp := form.Get("spell"); sp != "" {
			if err := a.Spell.UnmarshalText([]byte(sp)); err != nil {
				return a, err
			}
		}
		a.Side = form.Get("side")
		if form.Get("zone") != "" {
			if a.Zone, err = num("zone"); err != nil {
				return a, err
			}
		}
		a.Coin = form.Get("coin")
		if hs := form.Get("hits"); hs != "" {
			for _, part := range strings.Split(hs, ",") {
				id, n, ok := strings.Cut(part, ":")
				d, err := strconv.Atoi(n)
				if !ok || err != nil {
					return a, fmt.Errorf("%q is not a Lightning share (coin:damage)", part)
				}
				a.Hits = append(a.Hits, tw.Hit{Coin: id, Damage: d})
			}
		}
	case "":
		return a, errors.New("the tap did not say what happened")
	default:
		return a, fmt.Errorf("%q is not something that happens in Mage's Tower", a.Type)
	}
	// Round-trip through the record form: unknown coin ids are refused here.
	raw, err := json.Marshal(a)
	if err != nil {
		return a, fmt.Errorf("encode action: %w", err)
	}
	return tw.ParseAction(raw)
}

func isBot(level string) bool {
	_, ok := tw.Bots()[level]
	return ok
}

// readForm reads and checks the players and mode of the new-game form: the
// one reading behind CheckNewGame, StartNewGame and StartOffline. Only the
// bot levels rules/tower offers are taken.
func readForm(v url.Values) twview.NewForm {
	f := twview.NewForm{
		General: strings.TrimSpace(v.Get("general")), Mage: strings.TrimSpace(v.Get("mage")),
		ThumbsMayStay: v.Get("thumbsMayStay") == "on", TwoPhones: v.Get("mode") == "two",
		MySide: v.Get("myside"),
	}
	player := func(field, side string) string {
		switch p := v.Get(field); {
		case p == "" || p == "person":
			return ""
		case isBot(p):
			return p
		default:
			f.Problems = append(f.Problems, fmt.Sprintf("The %s is played by a person or a bot (%s), not %q.", side, record.LevelNames(), p))
			return ""
		}
	}
	f.GeneralBot, f.MageBot = player("generalPlayer", "General"), player("magePlayer", "Mage")
	name := func(n *string, bot, side string) {
		switch {
		case *n == "" && bot != "":
			// The level's name, as the form calls it: "Archmage", never
			// the id's "Search bot".
			*n = record.LevelName(bot)
		case *n == "":
			f.Problems = append(f.Problems, "Give the "+side+"'s name.")
		case len([]rune(*n)) > 40:
			f.Problems = append(f.Problems, "The "+side+"'s name is longer than 40 letters.")
		}
	}
	name(&f.General, f.GeneralBot, "General")
	name(&f.Mage, f.MageBot, "Mage")
	switch m := v.Get("mode"); m {
	case "", "one", "two":
	default:
		f.Problems = append(f.Problems, fmt.Sprintf("Play on one phone or two, not %q.", m))
	}
	if f.MySide != "mage" {
		f.MySide = "general"
	}
	if f.TwoPhones && (f.GeneralBot != "" || f.MageBot != "") {
		f.Problems = append(f.Problems, "Two phones are for two people: with a bot, play on one phone.")
	}
	return f
}

// cardFile reads the optional custom card of the form (file "card", JSON
// checked by tw.ParseCard). It returns nil without a file; a bad file is a
// problem for the form, named like the map and deck files of Spells &
// Arrows are.
func cardFile(files map[string]play.File, f *twview.NewForm) *tw.Card {
	file, ok := files["card"]
	if !ok {
		return nil
	}
	card, err := tw.ParseCard(file.Data)
	if err != nil {
		f.Problems = append(f.Problems, "Card file "+file.Name+": "+err.Error())
		return nil
	}
	f.CardName, f.CardRows = file.Name, len(card.Rows)
	return &card
}

// NewGamePage is the new-game form: empty, filled again from the
// confirmation's "Change" link, or from an earlier game for "New game, same
// players".
func (Kind) NewGamePage(p views.Page, q url.Values, prev *play.Table) templ.Component {
	p.Title = views.NewGameText(views.MagesTowerName)
	f := twview.NewForm{MySide: "general"}
	if q.Get("change") == "1" {
		bot := func(v string) string {
			if isBot(v) {
				return v
			}
			return ""
		}
		f = twview.NewForm{
			General: q.Get("general"), Mage: q.Get("mage"),
			GeneralBot: bot(q.Get("generalPlayer")), MageBot: bot(q.Get("magePlayer")),
			ThumbsMayStay: q.Get("thumbsMayStay") == "on", TwoPhones: q.Get("mode") == "two",
			MySide: "general",
		}
		if q.Get("myside") == "mage" {
			f.MySide = "mage"
		}
	}
	if prev != nil && prev.Kind == record.MagesTower {
		setup, err := tw.ParseSetup(prev.Setup)
		players, two, serr := seating(*prev)
		if err == nil && serr == nil {
			f = twview.NewForm{General: setup.General, Mage: setup.Mage, GeneralBot: players[0].Bot, MageBot: players[1].Bot,
				ThumbsMayStay: setup.Options.ThumbsMayStay, TwoPhones: two, MySide: "general"}
			if prev.Viewer == twview.SeatMage {
				f.MySide = "mage"
			}
		}
	}
	return twview.NewGame(p, f)
}

// CheckNewGame is the form's first step: the form again with its problems,
// or the confirmation, which posts the checked setup back.
func (Kind) CheckNewGame(p views.Page, form play.Form) (templ.Component, bool, error) {
	f := readForm(form.Values)
	card := cardFile(form.Files, &f)
	if len(f.Problems) > 0 {
		p.Title = views.NewGameText(views.MagesTowerName)
		return twview.NewGame(p, f), false, nil
	}
	setup := tw.Setup{General: f.General, Mage: f.Mage, Options: tw.Options{ThumbsMayStay: f.ThumbsMayStay}, Card: card}
	raw, err := json.Marshal(setup)
	if err != nil {
		return nil, false, fmt.Errorf("encode setup: %w", err)
	}
	p.Title = views.ConfirmNewGameTitle
	return twview.Confirm(p, f, string(raw)), true, nil
}

// ErrIncomplete refuses a confirmed form whose players no longer match the
// checked setup (the page was changed, or a field lost, in between).
var ErrIncomplete = errors.New("The confirmed game was incomplete: please check it again.")

// StartNewGame reads the confirmed form: the checked setup, with the coin
// faces drawn from seed written into it, so the record never depends on the
// draw. With two phones the creator takes the side they chose and the other
// seat waits for its join link.
func (Kind) StartNewGame(form play.Form, seed int64) (play.NewGame, error) {
	f := readForm(form.Values)
	setup, err := tw.ParseSetup([]byte(form.Values.Get("setup")))
	if err != nil {
		return play.NewGame{}, play.BadTap(fmt.Errorf("The game setup could not be read: %w", err))
	}
	if len(f.Problems) > 0 {
		return play.NewGame{}, fmt.Errorf("%w %s", ErrIncomplete, strings.Join(f.Problems, " "))
	}
	if setup.General != f.General || setup.Mage != f.Mage {
		return play.NewGame{}, ErrIncomplete
	}
	// The setup is rebuilt from the form: only the card (a file checked when
	// it was read) comes from the posted setup. The coin faces are always
	// drawn here from the server's seed, never taken from the client, so
	// the creator of a game on two phones cannot choose the General's camp.
	setup = tw.Setup{General: f.General, Mage: f.Mage, Options: tw.Options{ThumbsMayStay: f.ThumbsMayStay}, Card: setup.Card}
	st, err := tw.New(setup, seed)
	if err != nil {
		return play.NewGame{}, fmt.Errorf("The game cannot start: %w", err)
	}
	raw, err := json.Marshal(st.Setup())
	if err != nil {
		return play.NewGame{}, fmt.Errorf("encode setup: %w", err)
	}
	g := play.NewGame{Setup: raw, Seed: seed, Mine: play.Scorekeeper}
	names := [2]string{setup.General, setup.Mage}
	bots := [2]string{f.GeneralBot, f.MageBot}
	for i := range 2 {
		switch {
		case bots[i] != "":
			g.Seats = append(g.Seats, play.Seat{Index: i, Name: names[i], Bot: bots[i]})
		case f.TwoPhones:
			g.Seats = append(g.Seats, play.Seat{Index: i, Name: names[i]})
			if (i == twview.SeatMage) == (f.MySide == "mage") {
				g.Mine = i
			}
		}
	}
	return g, nil
}

// StartOffline starts a game on a phone without network: the same reading
// as the server's, on one phone only (a second phone needs the join link
// from the server) and with the default card (a card file needs the
// network). The setup keeps no drawn faces: the phone and the server draw
// them alike from the seed.
func (Kind) StartOffline(fields url.Values, seed int64) (play.NewGame, error) {
	f := readForm(fields)
	if len(f.Problems) > 0 {
		return play.NewGame{}, errors.New(strings.Join(f.Problems, " "))
	}
	if f.TwoPhones {
		return play.NewGame{}, errors.New("a game on two phones needs the network to hand out the join link: play on one phone, or wait for the network")
	}
	setup := tw.Setup{General: f.General, Mage: f.Mage, Options: tw.Options{ThumbsMayStay: f.ThumbsMayStay}}
	if _, err := tw.New(setup, seed); err != nil {
		return play.NewGame{}, fmt.Errorf("The game cannot start: %w", err)
	}
	raw, err := json.Marshal(setup)
	if err != nil {
		return play.NewGame{}, fmt.Errorf("encode setup: %w", err)
	}
	g := play.NewGame{Setup: raw, Seed: seed, Mine: play.Scorekeeper}
	names := [2]string{setup.General, setup.Mage}
	for i, bot := range [2]string{f.GeneralBot, f.MageBot} {
		if bot != "" {
			g.Seats = append(g.Seats, play.Seat{Index: i, Name: names[i], Bot: bot})
		}
	}
	return g, nil
}

// AcceptOffline checks a game a phone started without network: a setup the
// rules start with this seed, on one phone, with only the bots rules/tower
// offers. The seat names come from the setup.
func (Kind) AcceptOffline(raw json.RawMessage, seed int64, seats []play.Seat) (play.NewGame, error) {
	setup, err := tw.ParseSetup(raw)
	if err != nil {
		return play.NewGame{}, fmt.Errorf("The game setup could not be read: %w", err)
	}
	if _, err := tw.New(setup, seed); err != nil {
		return play.NewGame{}, fmt.Errorf("The game cannot start: %w", err)
	}
	g := play.NewGame{Setup: raw, Seed: seed, Mine: play.Scorekeeper}
	names := [2]string{setup.General, setup.Mage}
	taken := [2]bool{}
	for _, s := range seats {
		if s.Index != twview.SeatGeneral && s.Index != twview.SeatMage || s.Bot == "" || taken[s.Index] {
			return play.NewGame{}, errors.New("The players of a game started offline could not be read.")
		}
		if !isBot(s.Bot) {
			return play.NewGame{}, errors.New("There is no " + s.Bot + " bot.")
		}
		taken[s.Index] = true
		g.Seats = append(g.Seats, play.Seat{Index: s.Index, Name: names[s.Index], Bot: s.Bot})
	}
	return g, nil
}
