package scribes

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/rules/record"
	sc "github.com/grimoire-games/grimoire/rules/scribes"
	"github.com/grimoire-games/grimoire/views"
	scview "github.com/grimoire-games/grimoire/views/scribes"
)

// The new-game form: rows name0..name7 with kind0..kind7 ("person" or a bot
// level) and mode ("one": one phone passed around; "phones": a phone per
// person). The first step (CheckNewGame) reads the rows; the confirmation
// posts the checked setup back as JSON (confirm=1, setup), which
// StartNewGame turns back into rows and reads again, so every way into a
// game goes through ReadForm.

var newGameTitle = views.NewGameText(views.ArcaneScribesName)

const confirmTitle = views.ConfirmNewGameTitle

// errPhonesOffline refuses a game on several phones without network.
var errPhonesOffline = errors.New("a game on several phones needs the network to hand out the join links: play on one phone, or wait for the network")

// modeOf reads the form's mode: anything but "phones" is one phone.
func modeOf(fields url.Values) string {
	if fields.Get("mode") == "phones" {
		return "phones"
	}
	return "one"
}

// ReadForm reads and checks the new-game form's rows. The server's form, its
// confirmation and the phone without network all read a game with it.
func ReadForm(fields url.Values) (sc.Setup, scview.NewForm, []string) {
	f := scview.NewForm{Mode: modeOf(fields), Seats: make([]scview.SeatForm, sc.MaxPlayers)}
	var setup sc.Setup
	var problems []string
	bots := 0
	seen := map[string]bool{}
	for i := range f.Seats {
		name := strings.TrimSpace(fields.Get("name" + strconv.Itoa(i)))
		kind := fields.Get("kind" + strconv.Itoa(i))
		if kind == "" {
			kind = "person"
		}
		f.Seats[i] = scview.SeatForm{Name: name, Kind: kind}
		if kind != "person" && sc.BotByName(kind) == nil {
			// The row is read (and drawn again) as a person, the one
			// choice that is surely valid, so the other problems listed
			// are only the row's real ones.
			problems = append(problems, fmt.Sprintf("Seat %d: there is no %q bot (%s).", i+1, kind, record.LevelNames()))
			kind = "person"
			f.Seats[i].Kind = kind
		}
		if name == "" && kind == "person" {
			continue
		}
		if len([]rune(name)) > 24 {
			problems = append(problems, fmt.Sprintf("Seat %d: a name may have 24 letters at most.", i+1))
		}
		bot := ""
		if kind != "person" {
			bot = kind
			bots++
			if name == "" {
				// Not "Bot 2": the screens add the level ("Adept bot"), and
				// "Bot 2 (Adept bot)" says bot twice.
				name = fmt.Sprintf("Scribe %d", i+1)
			}
		}
		if seen[strings.ToLower(name)] {
			problems = append(problems, fmt.Sprintf("Two seats are called %q: give each player their own name.", name))
		}
		seen[strings.ToLower(name)] = true
		setup.Players = append(setup.Players, name)
		setup.Bots = append(setup.Bots, bot)
	}
	switch n := len(setup.Players); {
	case n < sc.MinPlayers:
		problems = append(problems, "The Arcane Scribes needs at least 2 players (people or bots).")
	case n > sc.MaxPlayers:
		problems = append(problems, "At most 8 players.")
	case bots == n:
		problems = append(problems, "At least one seat must be a person.")
	}
	if bots == 0 {
		setup.Bots = nil
	}
	if len(problems) == 0 {
		if _, err := sc.New(setup, 1); err != nil {
			problems = append(problems, err.Error())
		}
	}
	return setup, f, problems
}

// fieldsOf is the form rows of a setup: the confirmation's setup read as the
// form it came from.
func fieldsOf(setup sc.Setup, mode string) url.Values {
	fields := url.Values{"mode": {mode}}
	for i, name := range setup.Players {
		kind := scview.BotOf(setup, i)
		if kind == "" {
			kind = "person"
		}
		fields.Set("name"+strconv.Itoa(i), name)
		fields.Set("kind"+strconv.Itoa(i), kind)
	}
	return fields
}

// blankForm is the form's first look: two person rows.
func blankForm() scview.NewForm {
	f := scview.NewForm{Mode: "one", Seats: make([]scview.SeatForm, sc.MaxPlayers)}
	f.Seats[0].Kind, f.Seats[1].Kind = "person", "person"
	return f
}

// NewGamePage is the form: empty, from the query (q carries mode and rows),
// or with an earlier game's players ("new game, same players").
func (Kind) NewGamePage(p views.Page, q url.Values, prev *play.Table) templ.Component {
	p.Title, p.Section = newGameTitle, "new"
	f := blankForm()
	switch {
	case q.Has("mode"):
		_, f, _ = ReadForm(q)
	case prev != nil:
		if setup, err := sc.ParseSetup(prev.Setup); err == nil && len(setup.Players) <= sc.MaxPlayers {
			for i, n := range setup.Players {
				f.Seats[i] = scview.SeatForm{Name: n, Kind: "person"}
				if b := scview.BotOf(setup, i); b != "" {
					f.Seats[i].Kind = b
				}
			}
		}
		if prev.OnPhones() {
			f.Mode = "phones"
		}
	}
	return scview.NewGame(p, f)
}

// CheckNewGame reads the form's rows: the form again with its problems, or
// the confirmation, which posts the checked setup back.
func (Kind) CheckNewGame(p views.Page, form play.Form) (templ.Component, bool, error) {
	setup, f, problems := ReadForm(form.Values)
	problems = append(form.Problems[:len(form.Problems):len(form.Problems)], problems...)
	if len(problems) > 0 {
		f.Problems = problems
		p.Title, p.Section = newGameTitle, "new"
		return scview.NewGame(p, f), false, nil
	}
	raw, err := json.Marshal(setup)
	if err != nil {
		return nil, false, fmt.Errorf("encode setup: %w", err)
	}
	p.Title, p.Section = confirmTitle, "new"
	return scview.Confirm(p, f, setup, string(raw)), true, nil
}

// StartNewGame reads the confirmation: its setup, read again as the form's
// rows, so a setup the form would not make (a hand-made post) is refused.
func (Kind) StartNewGame(form play.Form, seed int64) (play.NewGame, error) {
	raw := form.Values.Get("setup")
	posted, err := sc.ParseSetup([]byte(raw))
	if err != nil {
		return play.NewGame{}, play.BadTap(fmt.Errorf("The game setup could not be read: %w", err))
	}
	mode := modeOf(form.Values)
	setup, _, problems := ReadForm(fieldsOf(posted, mode))
	if len(problems) > 0 {
		return play.NewGame{}, fmt.Errorf("The game cannot start: %s", strings.Join(problems, " "))
	}
	if !sameSetup(posted, setup) {
		return play.NewGame{}, play.BadTap(errors.New("The game setup could not be read: it is not one the new-game form makes."))
	}
	return start(setup, seed, mode)
}

// sameSetup says two setups are recorded alike.
func sameSetup(a, b sc.Setup) bool {
	ra, err1 := json.Marshal(a)
	rb, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && bytes.Equal(ra, rb)
}

// StartOffline reads the form on a phone without network: one phone only,
// since other phones need their join links from the server.
func (Kind) StartOffline(fields url.Values, seed int64) (play.NewGame, error) {
	if modeOf(fields) == "phones" {
		return play.NewGame{}, errPhonesOffline
	}
	setup, _, problems := ReadForm(fields)
	if len(problems) > 0 {
		return play.NewGame{}, errors.New(strings.Join(problems, " "))
	}
	return start(setup, seed, "one")
}

// start is a checked setup as a game to store. Bots always have a seat row;
// on separate phones every person has one too, and the creating device
// holds seat 0 when a person sits there (else it watches over the game as
// its scorekeeper).
func start(setup sc.Setup, seed int64, mode string) (play.NewGame, error) {
	if _, err := sc.New(setup, seed); err != nil {
		return play.NewGame{}, fmt.Errorf("The game cannot start: %w", err)
	}
	raw, err := json.Marshal(setup)
	if err != nil {
		return play.NewGame{}, fmt.Errorf("encode setup: %w", err)
	}
	g := play.NewGame{Setup: raw, Seed: seed, Mine: play.Scorekeeper}
	for i, name := range setup.Players {
		bot := scview.BotOf(setup, i)
		switch {
		case bot != "":
			g.Seats = append(g.Seats, play.Seat{Index: i, Name: name, Bot: bot})
		case mode != "phones":
			continue
		case i == 0:
			g.Mine = 0
			g.Seats = append(g.Seats, play.Seat{Index: i, Name: name, Joined: true})
		default:
			g.Seats = append(g.Seats, play.Seat{Index: i, Name: name})
		}
	}
	return g, nil
}

// AcceptOffline checks a game a phone started without network: any setup
// the rules can start (as an import), on one phone, with the bots its setup
// names. The seats it came with must be those bots.
func (Kind) AcceptOffline(raw json.RawMessage, seed int64, seats []play.Seat) (play.NewGame, error) {
	setup, err := sc.ParseSetup(raw)
	if err != nil {
		return play.NewGame{}, play.BadTap(fmt.Errorf("The game setup could not be read: %w", err))
	}
	if _, err := sc.New(setup, seed); err != nil {
		return play.NewGame{}, fmt.Errorf("The game cannot start: %w", err)
	}
	for i, level := range setup.Bots {
		if level != "" && sc.BotByName(level) == nil {
			return play.NewGame{}, fmt.Errorf("Seat %d: there is no %q bot.", i+1, level)
		}
	}
	g := play.NewGame{Setup: raw, Seed: seed, Mine: play.Scorekeeper}
	for i, name := range setup.Players {
		if bot := scview.BotOf(setup, i); bot != "" {
			g.Seats = append(g.Seats, play.Seat{Index: i, Name: name, Bot: bot})
		}
	}
	for _, s := range seats {
		if s.Bot == "" {
			return play.NewGame{}, errPhonesOffline
		}
	}
	if len(seats) > 0 && !sameSeats(seats, g.Seats) {
		return play.NewGame{}, errors.New("The players of a game started offline could not be read: its seats are not the bots its setup names.")
	}
	return g, nil
}

// sameSeats compares bot rows by seat, name and level.
func sameSeats(a, b []play.Seat) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Index != b[i].Index || a[i].Name != b[i].Name || a[i].Bot != b[i].Bot {
			return false
		}
	}
	return true
}
