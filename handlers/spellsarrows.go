package handlers

import (
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/rules/record"
	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/views"
	saview "github.com/grimoire-games/grimoire/views/spellsarrows"
)

func (h *Handler) spellsArrowsKind() gameKind {
	return gameKind{
		ID:       record.SpellsArrows,
		Name:     "Spells & Arrows",
		Blurb:    "Heroes & Spies at a real basket: the spy shoots to escape the kingdom, the mage shoots spells to stop them. One phone keeps score.",
		Order:    1,
		status:   saStatus,
		screen:   h.saScreen,
		decode:   saDecode,
		canUndo:  canUndoLast,
		logLines: saLogLines,
		record:   logRecord,
	}
}

// logRecord is a game's record: its setup and the actions still in force.
func logRecord(g store.Game, log []store.Entry) record.Record {
	return record.Record{Game: g.Kind, Version: record.FormatVersion, Seed: g.Seed, Setup: g.Setup, Actions: store.Actions(log)}
}

// canUndoLast allows undo of the last action while any is in force (one
// scorekeeper, no bots).
func canUndoLast(s screen) (int, error) {
	if len(store.InForce(s.Log)) == 0 {
		return 0, errors.New("there is nothing to undo yet")
	}
	return 1, nil
}

// saPlay replays a game's log and keeps the log line of each action.
func saPlay(g store.Game, log []store.Entry) (sa.State, []string, error) {
	st, lines, err := saview.Play(g.Setup, g.Seed, store.Actions(log))
	if err != nil {
		return st, lines, fmt.Errorf("game %s: %w", g.ID, err)
	}
	return st, lines, nil
}

func saStatus(g store.Game, log []store.Entry) (string, bool) {
	st, _, err := saPlay(g, log)
	if err != nil {
		return "cannot be replayed: " + err.Error(), false
	}
	sn := st.Snapshot()
	setup := st.Setup()
	if sn.Over {
		who := setup.Spy + " (spy)"
		if sn.Winner == "mage" {
			who = setup.Mage + " (mage)"
		}
		return fmt.Sprintf("%s won · %d/%d points", who, sn.Spy.Points, sn.Victory), true
	}
	return fmt.Sprintf("Turn %d of %d · %s half · %d/%d points", sn.Turn, sn.Turns, sn.Half, sn.Spy.Points, sn.Victory), false
}

func saLogLines(s screen) ([]string, error) {
	_, lines, err := saPlay(s.Game, s.Log)
	return lines, err
}

// saBoard builds the screen's view model for the state after log.
func (h *Handler) saBoard(c echo.Context, s screen, log []store.Entry) (saview.Board, error) {
	return saview.Build(saview.Source{
		GameID: s.Game.ID, Title: s.Game.Title, SpectatorToken: s.Game.SpectatorToken,
		Watch: s.Watch, CSRF: csrfToken(c), Setup: s.Game.Setup, Seed: s.Game.Seed,
		Actions: store.Actions(log),
	}, len(log))
}

func (h *Handler) saScreen(c echo.Context, s screen) error {
	now, err := h.saBoard(c, s, s.Log)
	if err != nil {
		return err
	}
	if s.From < 0 {
		p := h.gamePage(c, s, now.Version)
		return render(c, s.Status, saview.Page(p, now))
	}
	var before []views.Fragment
	if s.From <= len(s.Log) {
		old, err := h.saBoard(c, s, s.Log[:s.From])
		if err == nil {
			before = saview.Fragments(old)
		}
	}
	msg, isErr := s.Notice, false
	if s.Error != "" {
		msg, isErr = "Not allowed: "+s.Error, true
	}
	return writeFragments(c, s.Status, before, saview.Fragments(now), msg, isErr)
}

// saDecode reads one tap from the form and checks it against the rules.
func saDecode(c echo.Context, s screen) (json.RawMessage, error) {
	a, err := saFormAction(c)
	if err != nil {
		return nil, badRequest(err.Error())
	}
	st, _, err := saPlay(s.Game, s.Log)
	if err != nil {
		return nil, err
	}
	if _, err := sa.Apply(st, a); err != nil {
		return nil, err
	}
	return json.Marshal(a)
}

// saFormAction turns form fields into an action; it checks the fields are
// well formed, and leaves legality to the rules. The offline page reads taps
// with the same function (views/spellsarrows.ActionFromForm).
func saFormAction(c echo.Context) (sa.Action, error) {
	return saview.ActionFromForm(c.FormValue)
}

// saNewForm shows the new-game form, filled from a finished game when
// "new game with the same players" was tapped.
func (h *Handler) saNewForm(c echo.Context) error {
	f := saview.NewForm{Victory: 12, Turns: 5}
	if c.QueryParam("change") == "1" {
		// "Change" on the confirmation: the form again with what was typed.
		q := c.QueryParams()
		f.Spy, f.Mage, f.SameSpellOnly = q.Get("spy"), q.Get("mage"), q.Get("sameSpellOnly") == "on"
		if n, err := strconv.Atoi(q.Get("victory")); err == nil {
			f.Victory = n
		}
		if n, err := strconv.Atoi(q.Get("turns")); err == nil {
			f.Turns = n
		}
		for _, k := range []string{"mapName", "deckName"} {
			if n := q.Get(k); n != "" {
				f.Reload = append(f.Reload, n)
			}
		}
	}
	if from := c.QueryParam("from"); from != "" {
		if g, err := h.store.Game(c.Request().Context(), from); err == nil && g.Kind == record.SpellsArrows && g.Owner == device(c) {
			if setup, err := sa.ParseSetup(g.Setup); err == nil {
				f = saview.NewForm{Spy: setup.Spy, Mage: setup.Mage, Victory: setup.Victory, Turns: setup.TurnCount(), SameSpellOnly: setup.Options.SameSpellOnly}
			}
		}
	}
	return render(c, http.StatusOK, saview.NewGame(h.page(c, "New Spells & Arrows game", "new"), f))
}

// saCreate is two steps: the form posts here to be checked and shown for
// confirmation; the confirmation posts the checked setup back with confirm=1.
func (h *Handler) saCreate(c echo.Context) error {
	if c.FormValue("confirm") == "1" {
		setup, err := sa.ParseSetup([]byte(c.FormValue("setup")))
		if err != nil {
			return badRequest("The game setup could not be read: " + err.Error())
		}
		return h.saStart(c, setup)
	}
	f := saview.NewForm{
		Spy: strings.TrimSpace(c.FormValue("spy")), Mage: strings.TrimSpace(c.FormValue("mage")),
		SameSpellOnly: c.FormValue("sameSpellOnly") == "on",
	}
	var problems []string
	var err error
	if f.Victory, err = strconv.Atoi(c.FormValue("victory")); err != nil {
		problems = append(problems, "The Victory Number must be a whole number.")
	}
	if f.Turns, err = strconv.Atoi(c.FormValue("turns")); err != nil {
		problems = append(problems, "The number of turns must be a whole number.")
	}
	setup := sa.Setup{Victory: f.Victory, Spy: f.Spy, Mage: f.Mage, Turns: f.Turns, Options: sa.Options{SameSpellOnly: f.SameSpellOnly}}
	m, mapName, err := uploaded(c, "map")
	if err != nil {
		problems = append(problems, err.Error())
	} else if m != nil {
		mp, err := sa.ParseMap(m)
		if err != nil {
			problems = append(problems, "Map file "+mapName+": "+err.Error())
		} else {
			setup.Map = &mp
			f.MapName = mapName
		}
	}
	d, deckName, err := uploaded(c, "deck")
	if err != nil {
		problems = append(problems, err.Error())
	} else if d != nil {
		mp := sa.DefaultMap()
		if setup.Map != nil {
			mp = *setup.Map
		}
		dk, err := sa.ParseDeck(d, mp)
		if err != nil {
			problems = append(problems, "Deck file "+deckName+": "+err.Error())
		} else {
			setup.Deck = &dk
			f.DeckName = deckName
		}
	}
	if len(problems) == 0 {
		if err := setup.Validate(); err != nil {
			problems = append(problems, err.Error())
		}
	}
	if len(problems) > 0 {
		f.Problems = problems
		return render(c, http.StatusUnprocessableEntity, saview.NewGame(h.page(c, "New Spells & Arrows game", "new"), f))
	}
	raw, err := json.Marshal(setup)
	if err != nil {
		return fmt.Errorf("encode setup: %w", err)
	}
	return render(c, http.StatusOK, saview.Confirm(h.page(c, "Confirm the new game", "new"), f, string(raw)))
}

func (h *Handler) saStart(c echo.Context, setup sa.Setup) error {
	raw, err := json.Marshal(setup)
	if err != nil {
		return fmt.Errorf("encode setup: %w", err)
	}
	seed, err := randomSeed()
	if err != nil {
		return err
	}
	if _, err := sa.New(setup, seed); err != nil {
		return badRequest("The game cannot start: " + err.Error())
	}
	now := h.now().UTC()
	g := store.Game{
		ID: randomID(9), Kind: record.SpellsArrows,
		Title: fmt.Sprintf("%s (spy) vs %s (mage)", setup.Spy, setup.Mage),
		Owner: device(c), SpectatorToken: randomID(18), Seed: seed, Setup: raw,
		Created: now, Updated: now,
	}
	if err := h.store.CreateGame(c.Request().Context(), g, nil); err != nil {
		return fmt.Errorf("create game: %w", err)
	}
	return redirect(c, "/g/"+g.ID)
}

// uploaded reads an optional small file field.
func uploaded(c echo.Context, field string) ([]byte, string, error) {
	fh, err := c.FormFile(field)
	// A urlencoded form (htmx, a script) carries no files at all: that is
	// "no file", not a problem to list.
	if errors.Is(err, http.ErrMissingFile) || errors.Is(err, http.ErrNotMultipart) {
		return nil, "", nil
	}
	if err != nil {
		return nil, "", fmt.Errorf("the %s file could not be read: %v", field, err)
	}
	if fh.Size == 0 {
		return nil, "", nil
	}
	if fh.Size > 512<<10 {
		return nil, "", fmt.Errorf("the %s file is larger than 512 KB", field)
	}
	f, err := fh.Open()
	if err != nil {
		return nil, "", fmt.Errorf("the %s file could not be opened: %v", field, err)
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, 512<<10))
	if err != nil {
		return nil, "", fmt.Errorf("the %s file could not be read: %v", field, err)
	}
	return b, fh.Filename, nil
}

// randomSeed is a record seed: any int64 the rules may draw from.
func randomSeed() (int64, error) {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return 0, fmt.Errorf("seed: %w", err)
	}
	return int64(binary.LittleEndian.Uint64(b[:]) >> 1), nil
}

func (h *Handler) saRules(c echo.Context) error {
	m, d := sa.DefaultMap(), sa.DefaultDeck()
	return render(c, http.StatusOK, saview.Rules(h.page(c, "Spells & Arrows rules", "rules"), saview.RulesData{
		Map: m, Deck: d, Rulings: sa.Rulings(),
	}))
}
