package tower

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/grimoire-games/grimoire/rules/record"
	tw "github.com/grimoire-games/grimoire/rules/tower"
	"github.com/grimoire-games/grimoire/views"
	"github.com/grimoire-games/grimoire/views/offline"
)

// This file is what the server and the offline page (static/wasm) share to
// read a tap and check it, so a tap means the same thing on both: the
// form's action, the seat check, and the record the page embeds.

// RecordTable is what the page's record carries of the seat rows.
type RecordTable struct {
	Bots      [2]string `json:"bots"`
	TwoPhones bool      `json:"twoPhones,omitempty"`
	JoinPath  string    `json:"join,omitempty"`
}

// RecordOf is the record a game page embeds for offline play ("" for a
// spectator, who never plays).
func RecordOf(src Source, version int) string {
	if src.Watch {
		return ""
	}
	t, err := json.Marshal(RecordTable{Bots: [2]string{src.Players[0].Bot, src.Players[1].Bot}, TwoPhones: src.TwoPhones, JoinPath: src.JoinPath})
	if err != nil {
		return ""
	}
	return offline.Record{
		Kind: record.MagesTower, GameID: src.GameID, Title: src.Title,
		SpectatorToken: src.SpectatorToken, CSRF: src.CSRF, Setup: src.Setup, Seed: src.Seed,
		Actions: src.Actions, Version: version, Seat: src.Seat, ActionSeats: src.ActionSeats, Table: t,
	}.JSON()
}

// SourceOf is the source of a screen drawn on the phone from its record
// (offline): the same viewer seat, bots and phones as the server's.
func SourceOf(r offline.Record, ui UI) (Source, error) {
	var t RecordTable
	if len(r.Table) > 0 {
		if err := json.Unmarshal(r.Table, &t); err != nil {
			return Source{}, fmt.Errorf("record table: %w", err)
		}
	}
	if len(r.ActionSeats) != len(r.Actions) {
		return Source{}, errors.New("the record does not say who made each action")
	}
	return Source{
		GameID: r.GameID, Title: r.Title, SpectatorToken: r.SpectatorToken, CSRF: r.CSRF,
		Setup: r.Setup, Seed: r.Seed, Actions: r.Actions, ActionSeats: r.ActionSeats,
		Players: [2]Player{{Bot: t.Bots[0]}, {Bot: t.Bots[1]}}, TwoPhones: t.TwoPhones,
		Seat: r.Seat, JoinPath: t.JoinPath, UI: ui, Offline: true,
	}, nil
}

// OfflineFragments draws a record's screen on the phone; q is the
// selection of a GET step (coins, rows, the privacy screen tapped away).
func OfflineFragments(r offline.Record, q url.Values) ([]views.Fragment, error) {
	src, err := SourceOf(r, ParseUI(q))
	if err != nil {
		return nil, err
	}
	b, err := Build(src, r.Version)
	if err != nil {
		return nil, err
	}
	return Fragments(b), nil
}

// OfflineAct checks one tap against the rules and the seat as the server
// does (handlers.towerDecode) and returns the record with it, and its log
// line.
func OfflineAct(r offline.Record, form url.Values) (offline.Record, string, error) {
	src, err := SourceOf(r, UI{Seen: -1})
	if err != nil {
		return r, "", err
	}
	a, err := ActionFromForm(form)
	if err != nil {
		return r, "", err
	}
	st, _, err := Play(r.Setup, r.Seed, r.Actions)
	if err != nil {
		return r, "", err
	}
	if err := MayAct(st, a, r.Seat, src.Players); err != nil {
		return r, "", err
	}
	next, err := tw.Apply(st, a)
	if err != nil {
		return r, "", err
	}
	raw, err := json.Marshal(a)
	if err != nil {
		return r, "", err
	}
	setup := st.Setup()
	src.Players[SeatGeneral].Name, src.Players[SeatMage].Name = setup.General, setup.Mage
	r.Actions = append(r.Actions[:len(r.Actions):len(r.Actions)], raw)
	r.ActionSeats = append(r.ActionSeats[:len(r.ActionSeats):len(r.ActionSeats)], r.Seat)
	r.Version++
	return r, Lines(src.Players, []string{tw.Describe(st, a, next)})[0], nil
}

// OfflineUndo says how many actions this seat's undo takes back now, as the
// server's canUndo does.
func OfflineUndo(r offline.Record) (int, error) {
	src, err := SourceOf(r, UI{Seen: -1})
	if err != nil {
		return 0, err
	}
	return UndoSteps(src)
}

// MayAct checks that the seat may play a's side now: a phone holding a seat
// plays only that side; nobody plays for a bot.
func MayAct(st tw.State, a tw.Action, seat int, players [2]Player) error {
	if st.Over() {
		return nil // the rules say why
	}
	side := st.ToPlay()
	idx := SideSeat(side)
	if players[idx].Bot != "" {
		return fmt.Errorf("it is the %s bot's turn as %s; it moves by itself", players[idx].Bot, side.Title())
	}
	if seat >= 0 && seat != idx {
		return fmt.Errorf("it is the %s's turn, on the other phone", side.Title())
	}
	if a.Type.Side() != tw.NoSide && a.Type.Side() != side {
		return fmt.Errorf("it is the %s's turn", side.Title())
	}
	return nil
}

// ActionFromForm turns the fields of one tap into an action; legality is
// the rules' job. The server and the offline page read taps with it.
func ActionFromForm(form url.Values) (tw.Action, error) {
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
		return a, err
	}
	return tw.ParseAction(raw)
}

// ReadForm reads and checks the players and mode of the new-game form. The
// server and the offline page (a game started without network) read the
// form with it.
func ReadForm(get func(string) string) NewForm {
	f := NewForm{
		General: strings.TrimSpace(get("general")), Mage: strings.TrimSpace(get("mage")),
		ThumbsMayStay: get("thumbsMayStay") == "on", TwoPhones: get("mode") == "two",
		MySide: get("myside"),
	}
	player := func(field, side string) string {
		switch v := get(field); v {
		case "", "person":
			return ""
		case "greedy", "random":
			return v
		default:
			f.Problems = append(f.Problems, fmt.Sprintf("The %s is played by a person or a bot (greedy or random), not %q.", side, v))
			return ""
		}
	}
	f.GeneralBot, f.MageBot = player("generalPlayer", "General"), player("magePlayer", "Mage")
	name := func(n *string, bot, side string) {
		switch {
		case *n == "" && bot != "":
			*n = strings.ToUpper(bot[:1]) + bot[1:] + " bot"
		case *n == "":
			f.Problems = append(f.Problems, "Give the "+side+"'s name.")
		case len([]rune(*n)) > 40:
			f.Problems = append(f.Problems, "The "+side+"'s name is longer than 40 letters.")
		}
	}
	name(&f.General, f.GeneralBot, "General")
	name(&f.Mage, f.MageBot, "Mage")
	switch m := get("mode"); m {
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

// OfflineCreate starts a game on the phone without network from the
// new-game form: one phone only (a second phone needs the join link from the
// server) and the default card (a card file needs the network). It returns
// the setup, the title and the record's table (the bot seats).
func OfflineCreate(get func(string) string) (setup json.RawMessage, title string, table json.RawMessage, err error) {
	f := ReadForm(get)
	if len(f.Problems) > 0 {
		return nil, "", nil, errors.New(strings.Join(f.Problems, " "))
	}
	if f.TwoPhones {
		return nil, "", nil, errors.New("a game on two phones needs the network to hand out the join link: play on one phone, or wait for the network")
	}
	s := tw.Setup{General: f.General, Mage: f.Mage, Options: tw.Options{ThumbsMayStay: f.ThumbsMayStay}}
	if _, err := tw.New(s, 1); err != nil {
		return nil, "", nil, err
	}
	if setup, err = json.Marshal(s); err != nil {
		return nil, "", nil, err
	}
	if table, err = json.Marshal(RecordTable{Bots: [2]string{f.GeneralBot, f.MageBot}}); err != nil {
		return nil, "", nil, err
	}
	return setup, Title(s), table, nil
}

// Title is a game's title on the home list.
func Title(s tw.Setup) string { return fmt.Sprintf("%s (General) vs %s (Mage)", s.General, s.Mage) }
