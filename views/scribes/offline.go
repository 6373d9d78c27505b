package scribes

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/grimoire-games/grimoire/rules/record"
	sc "github.com/grimoire-games/grimoire/rules/scribes"
	"github.com/grimoire-games/grimoire/views"
	"github.com/grimoire-games/grimoire/views/offline"
)

// This file is what the server and the offline page (static/wasm) share to
// read a tap and check it, so a tap means the same thing on both: the
// form's action, the seat check, and the record the page embeds.

// RecordTable is what the page's record carries of the seat rows.
type RecordTable struct {
	Owner bool   `json:"owner,omitempty"`
	Joins []Join `json:"joins,omitempty"` // only for the owner, who is shown them
}

// RecordOf is the record a game page embeds for offline play ("" for a
// spectator, who never plays).
func RecordOf(src Source, version int) string {
	if src.Watch {
		return ""
	}
	t := RecordTable{Owner: src.Owner}
	if src.Owner {
		t.Joins = src.Joins
	}
	raw, err := json.Marshal(t)
	if err != nil {
		return ""
	}
	return offline.Record{
		Kind: record.ArcaneScribes, GameID: src.GameID, Title: src.Title,
		SpectatorToken: src.SpectatorToken, CSRF: src.CSRF, Setup: src.Setup, Seed: src.Seed,
		Actions: src.Actions, Version: version, Seat: src.Seat, Table: raw,
	}.JSON()
}

// SourceOf is the source of a screen drawn on the phone from its record
// (offline): the same viewer seat as the server's.
func SourceOf(r offline.Record, revealed bool) (Source, error) {
	var t RecordTable
	if len(r.Table) > 0 {
		if err := json.Unmarshal(r.Table, &t); err != nil {
			return Source{}, fmt.Errorf("record table: %w", err)
		}
	}
	return Source{
		GameID: r.GameID, Title: r.Title, SpectatorToken: r.SpectatorToken, CSRF: r.CSRF,
		Setup: r.Setup, Seed: r.Seed, Actions: r.Actions, Seat: r.Seat,
		Owner: t.Owner, Joins: t.Joins, Revealed: revealed, Offline: true,
	}, nil
}

// OfflineFragments draws a record's screen on the phone; q is the query of
// a GET step (seen: the privacy screen tapped away at that version).
func OfflineFragments(r offline.Record, q url.Values) ([]views.Fragment, error) {
	seen := q.Get("seen")
	src, err := SourceOf(r, seen != "" && seen == strconv.Itoa(r.Version))
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
// does (handlers.scDecode) and returns the record with it, and its log line.
func OfflineAct(r offline.Record, form url.Values) (offline.Record, string, error) {
	a, err := ActionFromForm(form.Get)
	if err != nil {
		return r, "", err
	}
	setup, err := sc.ParseSetup(r.Setup)
	if err != nil {
		return r, "", err
	}
	states, _, _, err := Play(r.Setup, r.Seed, r.Actions)
	if err != nil {
		return r, "", err
	}
	st := states[len(states)-1]
	if a, err = MayDecide(setup, st, a, r.Seat); err != nil {
		return r, "", err
	}
	next, err := sc.Apply(st, a)
	if err != nil {
		return r, "", err
	}
	raw, err := json.Marshal(a)
	if err != nil {
		return r, "", err
	}
	line := sc.Describe(st, a, next)
	r.Actions = append(r.Actions[:len(r.Actions):len(r.Actions)], raw)
	r.Version++
	return r, line, nil
}

// OfflineUndo says how many actions this seat's undo takes back now, as the
// server's canUndo does.
func OfflineUndo(r offline.Record) (int, error) {
	setup, err := sc.ParseSetup(r.Setup)
	if err != nil {
		return 0, err
	}
	_, acts, lines, err := Play(r.Setup, r.Seed, r.Actions)
	if err != nil {
		return 0, err
	}
	n, _, err := UndoPlan(setup, acts, lines, r.Seat)
	return n, err
}

// ActionFromForm reads one tap: a whole action (the table's buttons carry
// it as JSON) or the exchange form. The seat may be -1: MayDecide fills in
// the seat that decides.
func ActionFromForm(get func(string) string) (sc.Action, error) {
	switch {
	case get("action") != "":
		a, err := sc.ParseAction([]byte(get("action")))
		if err != nil {
			return a, errors.New("The tap could not be read: " + err.Error())
		}
		return a, nil
	case get("type") == "exchange":
		give, err1 := sc.ParseElement(get("give"))
		take, err2 := sc.ParseElement(get("take"))
		n, err3 := strconv.Atoi(get("count"))
		if err := errors.Join(err1, err2, err3); err != nil {
			return sc.Action{}, errors.New("The exchange could not be read: " + err.Error())
		}
		return sc.Exchange(-1, give, take, n), nil
	}
	return sc.Action{}, errors.New("The tap did not say what to do.")
}

// MayDecide checks that seat may make a now: the seat decides, it is not a
// bot, and a phone holding a seat decides only for it. An action with seat
// -1 is the decider's.
func MayDecide(setup sc.Setup, st sc.State, a sc.Action, seat int) (sc.Action, error) {
	d := st.Decider()
	if a.Seat == -1 {
		a.Seat = d
	}
	switch {
	case st.Over():
		return a, sc.ErrGameOver
	case a.Seat != d:
		return a, fmt.Errorf("it is %s's decision, not %s's", st.Name(d), st.Name(a.Seat))
	case BotOf(setup, d) != "":
		return a, fmt.Errorf("%s is a bot and plays by itself", st.Name(d))
	case seat >= 0 && seat != d:
		return a, fmt.Errorf("it is %s's decision, on their phone", st.Name(d))
	}
	return a, nil
}

// ReadForm reads and checks the new-game form (mode "one" or "phones"). The
// server and the offline page (a game started without network) read the
// form with it.
func ReadForm(get func(string) string, mode string) (sc.Setup, NewForm, []string) {
	f := NewForm{Mode: mode, Seats: make([]SeatForm, sc.MaxPlayers)}
	var setup sc.Setup
	var problems []string
	bots := 0
	seen := map[string]bool{}
	for i := range f.Seats {
		name := strings.TrimSpace(get("name" + strconv.Itoa(i)))
		kind := get("kind" + strconv.Itoa(i))
		switch kind {
		case "greedy", "random":
		default:
			kind = "person"
		}
		f.Seats[i] = SeatForm{Name: name, Kind: kind}
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
				name = fmt.Sprintf("Bot %d", i+1)
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

// OfflineCreate starts a game on the phone without network from the
// new-game form: one phone only (other phones need their join links from
// the server). It returns the setup, the title and the record's table.
func OfflineCreate(get func(string) string) (setup json.RawMessage, title string, table json.RawMessage, err error) {
	if get("mode") == "phones" {
		return nil, "", nil, errors.New("a game on several phones needs the network to hand out the join links: play on one phone, or wait for the network")
	}
	s, _, problems := ReadForm(get, "one")
	if len(problems) > 0 {
		return nil, "", nil, errors.New(strings.Join(problems, " "))
	}
	if setup, err = json.Marshal(s); err != nil {
		return nil, "", nil, err
	}
	if table, err = json.Marshal(RecordTable{Owner: true}); err != nil {
		return nil, "", nil, err
	}
	return setup, Title(s), table, nil
}

// Title is a game's title on the home list.
func Title(s sc.Setup) string { return "Scribes: " + strings.Join(s.Players, ", ") }
