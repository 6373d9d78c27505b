package handlers

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/rules/record"
	tw "github.com/grimoire-games/grimoire/rules/tower"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/views"
	twview "github.com/grimoire-games/grimoire/views/tower"
)

func (h *Handler) towerKind() gameKind {
	return gameKind{
		ID:       record.MagesTower,
		Name:     "Mage's Tower",
		Blurb:    "A General marches nine coins toward the Tower; a Mage burns them with spells picked on one card. One phone, two phones, or against a bot.",
		Order:    3,
		status:   towerStatus,
		screen:   h.towerScreen,
		decode:   h.towerDecode,
		canUndo:  towerCanUndo,
		logLines: towerLogLines,
		record:   logRecord,
		bot:      h.towerBot,
	}
}

// towerPlay replays a game's log.
func towerPlay(g store.Game, log []store.Entry) (tw.State, []string, error) {
	st, lines, err := twview.Play(g.Setup, g.Seed, store.Actions(log))
	if err != nil {
		return st, lines, fmt.Errorf("game %s: %w", g.ID, err)
	}
	return st, lines, nil
}

func towerStatus(g store.Game, log []store.Entry) (string, bool) {
	st, _, err := towerPlay(g, log)
	if err != nil {
		return "cannot be replayed: " + err.Error(), false
	}
	sn := st.Snapshot()
	if sn.Over {
		who := sn.General + " (General)"
		if sn.Winner == tw.Mage {
			who = sn.Mage + " (Mage)"
		}
		return fmt.Sprintf("%s won: %s · turn %d", who, twview.ReasonText(sn.Reason), sn.Turn), true
	}
	return fmt.Sprintf("Turn %d · %s to play · %d fallen, %d in play", sn.Turn, sn.ToPlay.Title(), sn.Score.Removed, sn.Score.InPlay), false
}

// towerSeats reads how the table is set up from the seat rows: bot seats,
// and whether the people play on phones of their own.
func towerSeats(seats []store.Seat) (players [2]twview.Player, twoPhones bool) {
	for _, s := range seats {
		if s.Index < 0 || s.Index > 1 {
			continue
		}
		if lvl, ok := strings.CutPrefix(s.Holder, "bot:"); ok {
			players[s.Index].Bot = lvl
		} else {
			twoPhones = true
		}
	}
	return players, twoPhones
}

// towerSource gathers what the pure board builder needs.
func (h *Handler) towerSource(c echo.Context, s screen, log []store.Entry, seats []store.Seat, ui twview.UI) twview.Source {
	players, two := towerSeats(seats)
	in := store.InForce(log)
	actionSeats := make([]int, len(in))
	for i, e := range in {
		actionSeats[i] = e.Seat
	}
	src := twview.Source{
		GameID: s.Game.ID, Title: s.Game.Title, SpectatorToken: s.Game.SpectatorToken,
		Watch: s.Watch, CSRF: csrfToken(c), Setup: s.Game.Setup, Seed: s.Game.Seed,
		Actions: store.Actions(log), ActionSeats: actionSeats, Players: players,
		TwoPhones: two, Seat: s.Seat, UI: ui,
	}
	if two && !s.Watch && s.Seat >= 0 {
		for _, st := range seats {
			if st.Index != s.Seat && st.Holder == "" {
				src.JoinPath = "/join/" + st.Token
			}
		}
	}
	return src
}

func (h *Handler) towerScreen(c echo.Context, s screen) error {
	seats := s.Seats
	ui := twview.UI{Seen: -1}
	if c.Request().Method == http.MethodGet {
		ui = twview.ParseUI(c.QueryParams())
	}
	now, err := twview.Build(h.towerSource(c, s, s.Log, seats, ui), len(s.Log))
	if err != nil {
		return err
	}
	if s.From < 0 {
		p := h.gamePage(c, s, now.Version)
		return render(c, s.Status, twview.Page(p, now))
	}
	// A selection step (ui=1) or a write re-sends the parts that show the
	// selection, since the client's copy of them may carry one.
	force := c.QueryParam("ui") == "1" || c.Request().Method == http.MethodPost
	var before []views.Fragment
	if s.From <= len(s.Log) {
		old, err := twview.Build(h.towerSource(c, s, s.Log[:s.From], seats, twview.UI{Seen: -1}), s.From)
		if err == nil {
			for _, f := range twview.Fragments(old) {
				if !force || !slices.Contains(twview.UIFragments, f.ID) {
					before = append(before, f)
				}
			}
		}
	}
	msg, isErr := s.Notice, false
	if s.Error != "" {
		msg, isErr = "Not allowed: "+s.Error, true
	}
	return writeFragments(c, s.Status, before, twview.Fragments(now), msg, isErr)
}

// towerDecode reads one tap and checks it against the rules and the seat,
// with the same functions as the offline page (views/tower).
func (h *Handler) towerDecode(c echo.Context, s screen) (json.RawMessage, error) {
	form, err := c.FormParams()
	if err != nil {
		return nil, badRequest("The form could not be read: " + err.Error())
	}
	a, err := twview.ActionFromForm(form)
	if err != nil {
		return nil, badRequest(err.Error())
	}
	st, _, err := towerPlay(s.Game, s.Log)
	if err != nil {
		return nil, err
	}
	players, _ := towerSeats(s.Seats)
	if err := twview.MayAct(st, a, s.Seat, players); err != nil {
		return nil, err
	}
	if _, err := tw.Apply(st, a); err != nil {
		return nil, err
	}
	return json.Marshal(a)
}

// towerUndoSource is the board source of an undo check.
func towerUndoSource(s screen) twview.Source {
	players, two := towerSeats(s.Seats)
	src := twview.Source{Players: players, TwoPhones: two, Seat: s.Seat, Watch: s.Watch}
	for _, e := range store.InForce(s.Log) {
		src.ActionSeats = append(src.ActionSeats, e.Seat)
	}
	return src
}

// towerCanUndo says how much the undo takes back (see UndoSteps): the
// player's last action together with the bot moves made after it, so the
// person is to move again.
func towerCanUndo(s screen) (int, error) {
	return twview.UndoSteps(towerUndoSource(s))
}

func towerLogLines(s screen) ([]string, error) {
	g := s.Game
	_, lines, err := towerPlay(g, s.Log)
	if err != nil {
		return lines, err
	}
	players, _ := towerSeats(s.Seats)
	setup, err := tw.ParseSetup(g.Setup)
	if err != nil {
		return nil, err
	}
	players[0].Name, players[1].Name = setup.General, setup.Mage
	return twview.Lines(players, lines), nil
}

// towerBot plays the move of the bot whose turn it is: the same game and
// log length always give the same move.
func (h *Handler) towerBot(s screen) (json.RawMessage, int, bool, error) {
	st, _, err := towerPlay(s.Game, s.Log)
	if err != nil {
		return nil, 0, false, err
	}
	if st.Over() {
		return nil, 0, false, nil
	}
	players, _ := towerSeats(s.Seats)
	side := st.ToPlay()
	seat := twview.SideSeat(side)
	mk, ok := tw.Bots()[players[seat].Bot]
	if !ok {
		return nil, 0, false, nil
	}
	r := rand.New(rand.NewPCG(uint64(s.Game.Seed), uint64(len(s.Log))))
	a, err := mk(side).Choose(st, r)
	if err != nil {
		return nil, 0, false, fmt.Errorf("the %s bot: %w", players[seat].Bot, err)
	}
	if _, err := tw.Apply(st, a); err != nil {
		return nil, 0, false, fmt.Errorf("the %s bot chose an illegal move: %w", players[seat].Bot, err)
	}
	raw, err := json.Marshal(a)
	return raw, seat, true, err
}

// towerNewForm shows the new-game form, filled from an earlier game for
// "New game, same players".
func (h *Handler) towerNewForm(c echo.Context) error {
	f := twview.NewForm{MySide: "general"}
	if q := c.QueryParams(); q.Get("change") == "1" {
		// "Change" on the confirmation: the form again with what was typed.
		bot := func(v string) string {
			if _, ok := tw.Bots()[v]; ok {
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
	if from := c.QueryParam("from"); from != "" {
		ctx := c.Request().Context()
		g, err := h.store.Game(ctx, from)
		if err == nil && g.Kind == record.MagesTower {
			seats, _ := h.store.Seats(ctx, g.ID)
			mine := g.Owner == device(c)
			for _, st := range seats {
				mine = mine || st.Holder == device(c)
			}
			if setup, err := tw.ParseSetup(g.Setup); err == nil && mine {
				players, two := towerSeats(seats)
				f = twview.NewForm{General: setup.General, Mage: setup.Mage, GeneralBot: players[0].Bot, MageBot: players[1].Bot,
					ThumbsMayStay: setup.Options.ThumbsMayStay, TwoPhones: two, MySide: "general"}
				for _, st := range seats {
					if st.Holder == device(c) && st.Index == 1 {
						f.MySide = "mage"
					}
				}
			}
		}
	}
	return render(c, http.StatusOK, twview.NewGame(h.page(c, "New Mage's Tower game", "new"), f))
}

// towerReadForm reads and checks the players and mode of the form (with the
// function the offline page uses to start a game).
func towerReadForm(c echo.Context) twview.NewForm { return twview.ReadForm(c.FormValue) }

// towerCreate is two steps: the form posts here to be checked and shown for
// confirmation; the confirmation posts the checked setup back with confirm=1.
func (h *Handler) towerCreate(c echo.Context) error {
	f := towerReadForm(c)
	if c.FormValue("confirm") == "1" {
		setup, err := tw.ParseSetup([]byte(c.FormValue("setup")))
		if err != nil {
			return badRequest("The game setup could not be read: " + err.Error())
		}
		if len(f.Problems) > 0 || setup.General != f.General || setup.Mage != f.Mage {
			f.Problems = append(f.Problems, "The confirmed game was incomplete: please check it again.")
			return render(c, http.StatusUnprocessableEntity, twview.NewGame(h.page(c, "New Mage's Tower game", "new"), f))
		}
		return h.towerStart(c, setup, f)
	}
	card := towerCardFile(c, &f)
	if len(f.Problems) > 0 {
		return render(c, http.StatusUnprocessableEntity, twview.NewGame(h.page(c, "New Mage's Tower game", "new"), f))
	}
	setup := tw.Setup{General: f.General, Mage: f.Mage, Options: tw.Options{ThumbsMayStay: f.ThumbsMayStay}, Card: card}
	raw, err := json.Marshal(setup)
	if err != nil {
		return fmt.Errorf("encode setup: %w", err)
	}
	return render(c, http.StatusOK, twview.Confirm(h.page(c, "Confirm the new game", "new"), f, string(raw)))
}

func (h *Handler) towerStart(c echo.Context, setup tw.Setup, f twview.NewForm) error {
	seed, err := randomSeed()
	if err != nil {
		return err
	}
	st, err := tw.New(setup, seed)
	if err != nil {
		return badRequest("The game cannot start: " + err.Error())
	}
	// The faces are written out, so the record never depends on the draw.
	raw, err := json.Marshal(st.Setup())
	if err != nil {
		return fmt.Errorf("encode setup: %w", err)
	}
	now := h.now().UTC()
	g := store.Game{
		ID: randomID(9), Kind: record.MagesTower,
		Title: twview.Title(setup),
		Owner: device(c), SpectatorToken: randomID(18), Seed: seed, Setup: raw,
		Created: now, Updated: now,
	}
	var seats []store.Seat
	names := [2]string{setup.General, setup.Mage}
	bots := [2]string{f.GeneralBot, f.MageBot}
	for i := range 2 {
		seat := store.Seat{Index: i, Name: names[i], Token: randomID(18)}
		switch {
		case bots[i] != "":
			seat.Holder = "bot:" + bots[i]
		case f.TwoPhones && (i == 1) == (f.MySide == "mage"):
			seat.Holder = device(c)
		case f.TwoPhones:
			seat.Holder = "" // waits for the join link
		default:
			continue // one phone: people need no seat
		}
		seats = append(seats, seat)
	}
	if err := h.store.CreateGame(c.Request().Context(), g, seats); err != nil {
		return fmt.Errorf("create game: %w", err)
	}
	return redirect(c, "/g/"+g.ID)
}

func (h *Handler) towerRules(c echo.Context) error {
	return render(c, http.StatusOK, twview.Rules(h.page(c, "Mage's Tower rules", "rules"), twview.RulesData{
		Card: tw.DefaultCard(), Rulings: tw.Rulings(),
	}))
}
