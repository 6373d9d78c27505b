package handlers

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/rules/record"
	sc "github.com/grimoire-games/grimoire/rules/scribes"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/views"
	scview "github.com/grimoire-games/grimoire/views/scribes"
)

func (h *Handler) scribesKind() gameKind {
	return gameKind{
		ID:       record.ArcaneScribes,
		Name:     "The Arcane Scribes",
		Blurb:    "2 to 8 scribes collect spells with elemental oinks, at one phone or one each, with bots if you like.",
		Order:    2,
		status:   scStatus,
		screen:   h.scScreen,
		decode:   h.scDecode,
		canUndo:  scCanUndo,
		logLines: scLogLines,
		record:   logRecord,
		bot:      scBot,
	}
}

// scMaxSeats is how many rows the new-game form offers.
const scMaxSeats = sc.MaxPlayers

func scPlay(g store.Game, log []store.Entry) ([]sc.State, []sc.Action, []string, error) {
	states, acts, lines, err := scview.Play(g.Setup, g.Seed, store.Actions(log))
	if err != nil {
		return states, acts, lines, fmt.Errorf("game %s: %w", g.ID, err)
	}
	return states, acts, lines, nil
}

func scStatus(g store.Game, log []store.Entry) (string, bool) {
	states, _, _, err := scPlay(g, log)
	if err != nil {
		return "cannot be replayed: " + err.Error(), false
	}
	st := states[len(states)-1]
	if st.Over() {
		var names []string
		for _, w := range sc.Winners(st) {
			names = append(names, st.Name(w))
		}
		return strings.Join(names, " and ") + " won", true
	}
	return fmt.Sprintf("Turn %d · %s to play · %d cards in the pile", st.Turn(), st.Name(st.Decider()), st.PileSize()), false
}

// scLogLines is the full log; it does not know who reads it, so reserved
// cards stay unnamed until the game is over.
func scLogLines(s screen) ([]string, error) {
	states, acts, lines, err := scPlay(s.Game, s.Log)
	if err != nil {
		return lines, err
	}
	return scview.MaskReserves(states, acts, lines, s.Seat), nil
}

// scShared says the device plays for several people on one phone.
func scSetup(g store.Game) (sc.Setup, error) { return sc.ParseSetup(g.Setup) }

// scCanUndo says what the table's undo takes back for this seat (see
// scview.UndoPlan): on a shared phone the last person's action and the bot
// moves after it; on separate phones the player's own last action until
// the next player acts.
func scCanUndo(s screen) (int, error) {
	setup, err := scSetup(s.Game)
	if err != nil {
		return 0, err
	}
	_, acts, lines, err := scPlay(s.Game, s.Log)
	if err != nil {
		return 0, err
	}
	n, _, err := scview.UndoPlan(setup, acts, lines, s.Seat)
	return n, err
}

// scBot is the move of the bot that decides now.
func scBot(s screen) (json.RawMessage, int, bool, error) {
	a, ok, err := scview.BotMove(s.Game.Setup, s.Game.Seed, store.Actions(s.Log), len(s.Log))
	if err != nil || !ok {
		return nil, 0, false, err
	}
	raw, err := json.Marshal(a)
	return raw, a.Seat, true, err
}

// scSource gathers what the pure board builder needs.
func (h *Handler) scSource(c echo.Context, s screen, log []store.Entry, revealed bool) (scview.Source, error) {
	src := scview.Source{
		GameID: s.Game.ID, Title: s.Game.Title, SpectatorToken: s.Game.SpectatorToken,
		Watch: s.Watch, CSRF: csrfToken(c), Setup: s.Game.Setup, Seed: s.Game.Seed,
		Actions: store.Actions(log), Seat: s.Seat, Revealed: revealed,
		Owner: !s.Watch && s.Game.Owner == device(c),
	}
	if s.Watch {
		src.Seat = -1
		return src, nil
	}
	for _, st := range s.Seats {
		if strings.HasPrefix(st.Holder, "bot:") {
			continue
		}
		src.Joins = append(src.Joins, scview.Join{
			Seat: st.Index, Name: st.Name, Path: "/join/" + st.Token, Joined: st.Holder != "",
		})
	}
	return src, nil
}

func (h *Handler) scScreen(c echo.Context, s screen) error {
	seen := c.QueryParam("seen")
	revealed := seen != "" && seen == strconv.Itoa(len(s.Log))
	src, err := h.scSource(c, s, s.Log, revealed)
	if err != nil {
		return err
	}
	now, err := scview.Build(src, len(s.Log))
	if err != nil {
		return err
	}
	if s.From < 0 {
		p := h.gamePage(c, s, now.Version)
		return render(c, s.Status, scview.Page(p, now))
	}
	var before []views.Fragment
	if s.From <= len(s.Log) {
		old := src
		old.Revealed = false
		old.Actions = store.Actions(s.Log[:s.From])
		if b, err := scview.Build(old, s.From); err == nil {
			before = scview.Fragments(b)
		}
	}
	msg, isErr := s.Notice, false
	if s.Error != "" {
		msg, isErr = "Not allowed: "+s.Error, true
	}
	return writeFragments(c, s.Status, before, scview.Fragments(now), msg, isErr)
}

// scDecode reads one tap and checks it against the rules and the seat,
// with the same functions as the offline page (views/scribes).
func (h *Handler) scDecode(c echo.Context, s screen) (json.RawMessage, error) {
	a, err := scview.ActionFromForm(c.FormValue)
	if err != nil {
		return nil, badRequest(err.Error())
	}
	setup, err := scSetup(s.Game)
	if err != nil {
		return nil, err
	}
	states, _, _, err := scPlay(s.Game, s.Log)
	if err != nil {
		return nil, err
	}
	st := states[len(states)-1]
	if a, err = scview.MayDecide(setup, st, a, s.Seat); err != nil {
		return nil, err
	}
	if _, err := sc.Apply(st, a); err != nil {
		return nil, err
	}
	return json.Marshal(a)
}

// scNewForm shows the form, filled from a finished game for "new game, same
// players".
func (h *Handler) scNewForm(c echo.Context) error {
	f := scview.NewForm{Mode: "one", Seats: make([]scview.SeatForm, scMaxSeats)}
	f.Seats[0].Kind, f.Seats[1].Kind = "person", "person"
	if from := c.QueryParam("from"); from != "" {
		ctx := c.Request().Context()
		if g, err := h.store.Game(ctx, from); err == nil && g.Kind == record.ArcaneScribes && g.Owner == device(c) {
			if setup, err := sc.ParseSetup(g.Setup); err == nil {
				for i, n := range setup.Players {
					f.Seats[i] = scview.SeatForm{Name: n, Kind: "person"}
					if b := scview.BotOf(setup, i); b != "" {
						f.Seats[i].Kind = b
					}
				}
			}
			if seats, err := h.store.Seats(ctx, g.ID); err == nil {
				for _, s := range seats {
					if !strings.HasPrefix(s.Holder, "bot:") {
						f.Mode = "phones"
					}
				}
			}
		}
	}
	return render(c, http.StatusOK, scview.NewGame(h.page(c, "New Arcane Scribes game", "new"), f))
}

// scCreate checks the form and shows it for confirmation; the confirmation
// posts the checked setup back with confirm=1.
func (h *Handler) scCreate(c echo.Context) error {
	mode := c.FormValue("mode")
	if mode != "phones" {
		mode = "one"
	}
	if c.FormValue("confirm") == "1" {
		setup, err := sc.ParseSetup([]byte(c.FormValue("setup")))
		if err != nil {
			return badRequest("The game setup could not be read: " + err.Error())
		}
		return h.scStart(c, setup, mode)
	}
	setup, f, problems := scview.ReadForm(c.FormValue, mode)
	if len(problems) > 0 {
		f.Problems = problems
		return render(c, http.StatusUnprocessableEntity, scview.NewGame(h.page(c, "New Arcane Scribes game", "new"), f))
	}
	raw, err := json.Marshal(setup)
	if err != nil {
		return fmt.Errorf("encode setup: %w", err)
	}
	return render(c, http.StatusOK, scview.Confirm(h.page(c, "Confirm the new game", "new"), f, setup, string(raw)))
}

func (h *Handler) scStart(c echo.Context, setup sc.Setup, mode string) error {
	seed, err := randomSeed()
	if err != nil {
		return err
	}
	if _, err := sc.New(setup, seed); err != nil {
		return badRequest("The game cannot start: " + err.Error())
	}
	raw, err := json.Marshal(setup)
	if err != nil {
		return fmt.Errorf("encode setup: %w", err)
	}
	now := h.now().UTC()
	g := store.Game{
		ID: randomID(9), Kind: record.ArcaneScribes,
		Title: scview.Title(setup),
		Owner: device(c), SpectatorToken: randomID(18), Seed: seed, Setup: raw,
		Created: now, Updated: now,
	}
	// Bots always have a seat row (held by "bot:<level>"). On separate
	// phones every person has one too: the creator holds seat 0 if it is a
	// person, the others wait for their join link.
	var seats []store.Seat
	for i, name := range setup.Players {
		bot := scview.BotOf(setup, i)
		s := store.Seat{GameID: g.ID, Index: i, Name: name, Token: randomID(18)}
		switch {
		case bot != "":
			s.Holder = "bot:" + bot
		case mode != "phones":
			continue
		case i == 0:
			s.Holder = device(c)
		}
		seats = append(seats, s)
	}
	if err := h.store.CreateGame(c.Request().Context(), g, seats); err != nil {
		return fmt.Errorf("create game: %w", err)
	}
	return redirect(c, "/g/"+g.ID)
}

func (h *Handler) scRules(c echo.Context) error {
	return render(c, http.StatusOK, scview.Rules(h.page(c, "The Arcane Scribes rules", "rules"), scview.RulesData{
		Data: sc.DefaultData(), Rulings: sc.Rulings(),
	}))
}
