package scribes_test

import (
	"encoding/json"
	"errors"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/play"
	scplay "github.com/grimoire-games/grimoire/play/scribes"
	"github.com/grimoire-games/grimoire/rules/record"
	sc "github.com/grimoire-games/grimoire/rules/scribes"
	"github.com/grimoire-games/grimoire/views"
	"github.com/grimoire-games/grimoire/views/offline"
	scview "github.com/grimoire-games/grimoire/views/scribes"
)

var kind = scplay.New()

// mixed is Mia and Ben (people) and a greedy bot, Mia first.
var mixed = sc.Setup{Players: []string{"Mia", "Ben", "Bot"}, Bots: []string{"", "", "greedy"}, First: first(0)}

func TestInfo(t *testing.T) {
	if id := kind.Info().ID; id != record.ArcaneScribes {
		t.Fatalf("id %q, want the record's %q", id, record.ArcaneScribes)
	}
	if !kind.Hidden() {
		t.Fatal("the record holds the deck order and reserved cards: it is hidden information")
	}
}

func TestDecodeForEachSeat(t *testing.T) {
	start := newTable(t, mixed, 5, play.Scorekeeper)
	take := sc.Legal(now(t, start)).Takes[0] // Mia's
	atBot := playUntil(t, start, func(st sc.State) bool { return st.Decider() == 2 })
	botTake := someMove(now(t, atBot))
	withSeat := func(a sc.Action, seat int) sc.Action { a.Seat = seat; return a }
	at := func(tb play.Table, viewer int) play.Table { tb.Viewer = viewer; return tb }
	watching := start
	watching.Watch = true

	tests := []struct {
		name    string
		table   play.Table
		form    url.Values
		badTap  bool
		refusal string // "" when the tap is accepted
	}{
		{"the scorekeeper of a shared phone plays for the person who decides", start, tap(t, take), false, ""},
		{"a phone plays its own seat's decision", at(start, 0), tap(t, take), false, ""},
		{"a phone may not play another seat's decision", at(start, 1), tap(t, take), false, "it is Mia's decision, on their phone"},
		{"a tap naming a seat that does not decide is refused", start, tap(t, withSeat(take, 1)), false, "it is Mia's decision, not Ben's"},
		{"a bot's decision is refused to the scorekeeper", atBot, tap(t, botTake), false, "Bot is a bot and plays by itself"},
		{"a bot's decision is refused to a phone", at(atBot, 0), tap(t, botTake), false, "Bot is a bot and plays by itself"},
		{"a spectator may not play", watching, tap(t, take), false, "a spectator cannot play"},
		{"a phone whose seat is not at the table may not play", at(start, 7), tap(t, take), false, "this phone holds seat 7, which is not at this table of 3"},
		// A seat no table has (0 to 7) is refused as the action is read;
		// one this table lacks, by the seat check. Never a crash (issue 12).
		{"seat 99 is not at the table", start, tap(t, withSeat(take, 99)), true, "there is no seat 99"},
		{"seat 3 of 3 is not at the table", start, tap(t, withSeat(take, 3)), false, "there is no seat 3 at this table of 3"},
		{"seat -2 is not at the table", start, tap(t, withSeat(take, -2)), true, "there is no seat -2"},
		{"seat 2^63-1 is not at the table", start, tap(t, withSeat(take, math.MaxInt64)), true, "there is no seat"},
		{"seat -2^63 is not at the table", start, tap(t, withSeat(take, math.MinInt64)), true, "there is no seat"},
		{"an action that is not JSON is a bad tap", start, url.Values{"action": {"{"}}, true, "The tap could not be read"},
		{"an empty form is a bad tap", start, url.Values{}, true, "The tap did not say what to do."},
		{"an exchange of an unknown element is a bad tap", start, url.Values{"type": {"exchange"}, "give": {"MUD"}, "take": {"TIDE"}, "count": {"1"}}, true, "The exchange could not be read"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			raw, err := kind.Decode(tt.table, tt.form)
			if got := errors.Is(err, play.ErrBadTap); got != tt.badTap {
				t.Fatalf("bad tap %v, want %v (error %v)", got, tt.badTap, err)
			}
			if tt.refusal == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				a, err := sc.ParseAction(raw)
				if err != nil || a.Seat != now(t, tt.table).Decider() {
					t.Fatalf("stored action %s (%v) is not the decider's", raw, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.refusal) {
				t.Fatalf("error %v, want %q", err, tt.refusal)
			}
		})
	}
}

// A tap whose seat is -1 (the exchange form's) is the decider's.
func TestDecodeExchangeIsTheDecidersTap(t *testing.T) {
	var a sc.Action
	tb := playUntil(t, newTable(t, mixed, 5, play.Scorekeeper), func(st sc.State) bool {
		if st.Decider() == 2 {
			return false
		}
		for _, e := range sc.Legal(st).Exchanges {
			if e.Give != e.Take && e.Count >= 1 {
				a = e
				return true
			}
		}
		return false
	})
	decider := now(t, tb).Decider()
	form := url.Values{"type": {"exchange"}, "give": {a.Give.String()}, "take": {a.Take.String()}, "count": {itoa(a.Count)}}
	raw, err := kind.Decode(tb, form)
	if err != nil {
		t.Fatalf("exchange refused: %v", err)
	}
	got, err := sc.ParseAction(raw)
	if err != nil || got.Seat != decider || got.Type != sc.ActExchange {
		t.Fatalf("stored %s (%v), want seat %d's exchange", raw, err, decider)
	}
}

func TestGameOverRefusesEveryTap(t *testing.T) {
	tb := tableOf(t, "two-greedy")
	take := sc.Legal(now(t, newTable(t, mixed, 5, play.Scorekeeper))).Takes[0]
	_, err := kind.Decode(tb, tap(t, take))
	if !errors.Is(err, sc.ErrGameOver) {
		t.Fatalf("tap after the end: %v", err)
	}
}

// MayDecide is also the phone's check: no seat from a tap can make it
// look a name up outside the table.
func TestMayDecideRefusesSeatsOutsideTheTable(t *testing.T) {
	st, err := sc.New(mixed, 5)
	if err != nil {
		t.Fatal(err)
	}
	for _, seat := range []int{99, 3, -2, math.MaxInt64, math.MinInt64} {
		a := sc.Legal(st).Takes[0]
		a.Seat = seat
		if _, err := scplay.MayDecide(mixed, st, a, play.Scorekeeper); err == nil || !strings.Contains(err.Error(), "there is no seat") {
			t.Errorf("seat %d: %v", seat, err)
		}
	}
}

func TestUndoSteps(t *testing.T) {
	duo := sc.Setup{Players: []string{"Mia", "Bot"}, Bots: []string{"", "greedy"}, First: first(0)}
	start := newTable(t, duo, 9, play.Scorekeeper)
	miaMoved := push(t, start, someMove(now(t, start)), play.Scorekeeper)
	// Bots answer until Mia decides again.
	botsAnswered := playUntil(t, miaMoved, func(st sc.State) bool { return st.Decider() == 0 })
	botMoves := len(botsAnswered.Actions) - len(miaMoved.Actions)
	if botMoves < 1 {
		t.Fatal("the bot never moved after Mia")
	}
	onPhone := func(tb play.Table) play.Table {
		tb.Viewer = 0
		tb.Seats = append(tb.Seats, play.Seat{Index: 0, Name: "Mia", Joined: true})
		for i := range tb.ActionSeats {
			if tb.ActionSeats[i] == play.Scorekeeper {
				tb.ActionSeats[i] = 0
			}
		}
		return tb
	}
	botFirst := playUntil(t, newTable(t, sc.Setup{Players: duo.Players, Bots: duo.Bots, First: first(1)}, 9, play.Scorekeeper),
		func(st sc.State) bool { return st.Decider() == 0 })

	tests := []struct {
		name    string
		table   play.Table
		steps   int
		nothing bool // refused with scview.ErrNothingToUndo
	}{
		{"nothing played: nothing to undo", start, 0, true},
		{"a person's last action is taken back alone", miaMoved, 1, false},
		{"a person's action is taken back with the bot moves after it", botsAnswered, 1 + botMoves, false},
		{"only bots have moved: nothing to undo", botFirst, 0, true},
		{"a phone takes back its own last action", onPhone(miaMoved), 1, false},
		{"a phone cannot take back once a bot answered", onPhone(botsAnswered), 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n, err := kind.Undo(tt.table)
			if tt.nothing {
				if !errors.Is(err, scview.ErrNothingToUndo) {
					t.Fatalf("undo %d, %v: want nothing to undo", n, err)
				}
				return
			}
			if err != nil || n != tt.steps {
				t.Fatalf("undo %d steps (%v), want %d", n, err, tt.steps)
			}
			back, taken, err := play.TakeBack(kind, tt.table)
			if err != nil || taken != tt.steps || back.Version != tt.table.Version+tt.steps || len(back.Actions) != len(tt.table.Actions)-tt.steps {
				t.Fatalf("take back: %d steps, version %d, %d actions, %v", taken, back.Version, len(back.Actions), err)
			}
		})
	}
}

func TestBotIsDeterministic(t *testing.T) {
	start := newTable(t, mixed, 5, play.Scorekeeper)
	if _, _, ok, err := kind.Bot(start); ok || err != nil {
		t.Fatalf("Mia is to move, yet the bot answered (ok %v, %v)", ok, err)
	}
	atBot := playUntil(t, start, func(st sc.State) bool { return st.Decider() == 2 })
	a1, seat1, ok1, err1 := kind.Bot(atBot)
	a2, seat2, ok2, err2 := kind.Bot(atBot)
	if err1 != nil || err2 != nil || !ok1 || !ok2 {
		t.Fatalf("bot's turn: %v %v (ok %v %v)", err1, err2, ok1, ok2)
	}
	if string(a1) != string(a2) || seat1 != seat2 || seat1 != 2 {
		t.Fatalf("two asks at once disagree: %s (seat %d) vs %s (seat %d)", a1, seat1, a2, seat2)
	}
	a, err := sc.ParseAction(a1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sc.Apply(now(t, atBot), a); err != nil {
		t.Fatalf("the bot's move is not legal: %v", err)
	}
	over := tableOf(t, "two-greedy")
	if _, _, ok, err := kind.Bot(over); ok || err != nil {
		t.Fatalf("a finished game has no bot move (ok %v, %v)", ok, err)
	}
	unknown := sc.Setup{Players: []string{"Mia", "Zed"}, Bots: []string{"", "genius"}, First: first(1)}
	if _, _, ok, err := kind.Bot(newTable(t, unknown, 5, play.Scorekeeper)); ok || err == nil || !strings.Contains(err.Error(), `"genius"`) {
		t.Fatalf("an unknown bot level: ok %v, %v", ok, err)
	}
}

// Made in the app, started on a phone or imported, a setup has one title.
func TestTitleIsTheSameHoweverTheGameWasMade(t *testing.T) {
	fields := url.Values{"mode": {"one"}, "name0": {"Mia"}, "kind0": {"person"}, "name1": {" Ben "}, "kind2": {"greedy"}}
	page, ok, err := kind.CheckNewGame(testPage(), play.Form{Values: fields})
	if err != nil || !ok {
		t.Fatalf("form refused: %v", err)
	}
	confirm := render(t, page)
	setup := confirmedSetup(t, confirm)
	made, err := kind.StartNewGame(play.Form{Values: url.Values{"confirm": {"1"}, "mode": {"one"}, "setup": {setup}}}, 42)
	if err != nil {
		t.Fatal(err)
	}
	offline, err := kind.StartOffline(fields, 42)
	if err != nil {
		t.Fatal(err)
	}
	// An import reads the exported record's setup.
	rec, err := record.Parse(mustJSON(t, record.Record{Game: record.ArcaneScribes, Version: record.FormatVersion, Seed: 42, Setup: made.Setup, Actions: []json.RawMessage{}}))
	if err != nil {
		t.Fatal(err)
	}
	players, err := kind.Players(rec.Setup)
	if err != nil || !reflect.DeepEqual(players, []string{"Mia", "Ben", "Scribe 3"}) {
		t.Fatalf("players %q (%v)", players, err)
	}
	want := "Scribes: Mia, Ben, Scribe 3"
	for name, setup := range map[string]json.RawMessage{"made": made.Setup, "started offline": offline.Setup, "imported": rec.Setup} {
		if got, err := kind.Title(setup); err != nil || got != want {
			t.Errorf("%s: title %q (%v), want %q", name, got, err, want)
		}
	}
	if _, err := kind.Title(json.RawMessage(`{"players":`)); err == nil {
		t.Error("an unreadable setup got a title")
	}
}

func TestFragmentsEmbedTheRecordForPlayersOnly(t *testing.T) {
	owner := newTable(t, mixed, 5, play.Scorekeeper)
	owner.Seats = append(owner.Seats, play.Seat{Index: 1, Name: "Ben", Join: "/join/secret"})
	guest := owner
	guest.Viewer, guest.Owner = 1, false
	spectator := owner
	spectator.Watch, spectator.Owner = true, false
	seatedOwner := owner
	seatedOwner.Viewer = 0

	tests := []struct {
		name     string
		table    play.Table
		embedded bool
		joinLink bool
	}{
		{"the owner's phone embeds the table with the join links", owner, true, true},
		// The seed in a record fixes the deck and tile order: a player on a
		// phone of their own never receives it (issue 12).
		{"a seated guest's phone gets no record", guest, false, false},
		{"the creator seated on a phone of their own gets no record", seatedOwner, false, false},
		{"a spectator gets no record", spectator, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			frags, err := kind.Fragments(tt.table, nil)
			if err != nil {
				t.Fatal(err)
			}
			var rec string
			for _, f := range frags {
				if f.ID == offline.ElementID {
					rec = render(t, f.Component)
				}
			}
			if (rec != "") != tt.embedded {
				t.Fatalf("embedded record %q, want one: %v", rec, tt.embedded)
			}
			if !tt.embedded {
				return
			}
			got, err := play.ParseTable([]byte(rec))
			if err != nil {
				t.Fatal(err)
			}
			if got.Viewer != tt.table.Viewer || got.Kind != record.ArcaneScribes || got.Version != tt.table.Version || got.Owner != tt.table.Owner {
				t.Fatalf("embedded %+v", got)
			}
			if has := strings.Contains(rec, "/join/secret"); has != tt.joinLink {
				t.Fatalf("join link embedded %v, want %v", has, tt.joinLink)
			}
		})
	}
}

// The privacy screen of a shared phone goes away for the version it was
// tapped at, and only for it.
func TestFragmentsPrivacyScreenStep(t *testing.T) {
	tb := newTable(t, sc.Setup{Players: []string{"Mia", "Ben"}, First: first(0)}, 5, play.Scorekeeper)
	tb = playUntil(t, tb, func(st sc.State) bool { return st.Decider() == 1 })
	controls := func(step url.Values) string {
		frags, err := kind.Fragments(tb, step)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range frags {
			if f.ID == scview.FragControls {
				return render(t, f.Component)
			}
		}
		t.Fatal("no controls fragment")
		return ""
	}
	stale := url.Values{"seen": {"0"}}
	fresh := url.Values{"seen": {itoa(tb.Version)}}
	if c := controls(stale); !strings.Contains(c, "Ben") || strings.Contains(c, `name="action"`) {
		t.Fatalf("a stale seen must keep the phone covered:\n%s", c)
	}
	if c := controls(fresh); !strings.Contains(c, `name="action"`) {
		t.Fatalf("seen at this version uncovers the controls:\n%s", c)
	}
}

func TestNewGameRefusals(t *testing.T) {
	good := url.Values{"name0": {"Mia"}, "kind0": {"person"}, "name1": {"Ben"}}
	with := func(k, v string) url.Values {
		f := url.Values{}
		for key, vs := range good {
			f[key] = vs
		}
		f.Set(k, v)
		return f
	}
	badSetup, _ := json.Marshal(sc.Setup{Players: []string{"Mia"}})
	unknownBot, _ := json.Marshal(sc.Setup{Players: []string{"Mia", "Zed"}, Bots: []string{"", "genius"}})
	fixed, _ := json.Marshal(sc.Setup{Players: []string{"Mia", "Ben"}, First: first(1)})
	mixedRaw, _ := json.Marshal(mixed)

	t.Run("the form refuses a bot level it does not offer", func(t *testing.T) {
		_, f, problems := scplay.ReadForm(with("kind1", "genius"))
		if len(problems) != 1 || !strings.Contains(problems[0], `no "genius" bot`) || f.Seats[1].Kind != "person" {
			t.Fatalf("problems %q, row %+v", problems, f.Seats[1])
		}
		if _, ok, err := kind.CheckNewGame(testPage(), play.Form{Values: with("kind1", "genius")}); ok || err != nil {
			t.Fatalf("the form was accepted (ok %v, %v)", ok, err)
		}
	})
	t.Run("the form lists the problems of reading the post itself", func(t *testing.T) {
		page, ok, err := kind.CheckNewGame(testPage(), play.Form{Values: good, Problems: []string{"The upload was too large."}})
		if ok || err != nil || !strings.Contains(render(t, page), "The upload was too large.") {
			t.Fatalf("ok %v, %v", ok, err)
		}
	})
	offlineTests := []struct {
		name, refusal string
		fields        url.Values
	}{
		{"a game offline refuses an unknown bot", `no "genius" bot`, with("kind1", "genius")},
		{"a game offline is on one phone only", "needs the network", with("mode", "phones")},
		{"a game offline needs two players", "at least 2 players", url.Values{"name0": {"Mia"}}},
		{"a game offline needs a person", "must be a person", url.Values{"kind0": {"greedy"}, "kind1": {"random"}}},
	}
	for _, tt := range offlineTests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := kind.StartOffline(tt.fields, 1); err == nil || !strings.Contains(err.Error(), tt.refusal) {
				t.Fatalf("error %v, want %q", err, tt.refusal)
			}
		})
	}
	acceptTests := []struct {
		name, refusal string
		setup         json.RawMessage
		seats         []play.Seat
		badTap        bool
	}{
		{"an unreadable setup", "could not be read", json.RawMessage(`{"players":[`), nil, true},
		// The rules core now refuses both as the setup is read.
		{"a setup the rules cannot start", "seats 2 to 8", badSetup, nil, true},
		{"an unknown bot", `names the bot "genius"`, unknownBot, nil, true},
		{"a person on a phone of their own", "needs the network", mixedRaw, []play.Seat{{Index: 1, Name: "Ben"}, {Index: 2, Name: "Bot", Bot: "greedy"}}, false},
		{"seats that are not the setup's bots", "not the bots its setup names", mixedRaw, []play.Seat{{Index: 1, Name: "Ben", Bot: "greedy"}}, false},
	}
	for _, tt := range acceptTests {
		t.Run("accept offline refuses "+tt.name, func(t *testing.T) {
			_, err := kind.AcceptOffline(tt.setup, 1, tt.seats)
			if err == nil || !strings.Contains(err.Error(), tt.refusal) || errors.Is(err, play.ErrBadTap) != tt.badTap {
				t.Fatalf("error %v, want %q (bad tap %v)", err, tt.refusal, tt.badTap)
			}
		})
	}
	t.Run("the confirmation refuses a setup the form does not make", func(t *testing.T) {
		_, err := kind.StartNewGame(play.Form{Values: url.Values{"confirm": {"1"}, "setup": {string(fixed)}}}, 1)
		if !errors.Is(err, play.ErrBadTap) {
			t.Fatalf("hand-made setup: %v", err)
		}
		if _, err := kind.StartNewGame(play.Form{Values: url.Values{"confirm": {"1"}, "setup": {string(unknownBot)}}}, 1); err == nil {
			t.Fatal("a confirmation with an unknown bot started a game")
		}
	})
}

func TestStartSeats(t *testing.T) {
	fields := url.Values{"name0": {"Mia"}, "name1": {"Ben"}, "kind2": {"greedy"}}
	setup, err := json.Marshal(sc.Setup{Players: []string{"Mia", "Ben", "Scribe 3"}, Bots: []string{"", "", "greedy"}})
	if err != nil {
		t.Fatal(err)
	}
	botRow := play.Seat{Index: 2, Name: "Scribe 3", Bot: "greedy"}
	tests := []struct {
		name  string
		mode  string
		seats []play.Seat
		mine  int
	}{
		{"on one phone only the bots have seat rows", "one", []play.Seat{botRow}, play.Scorekeeper},
		{"on phones every person has a row, the creator holds seat 0", "phones",
			[]play.Seat{{Index: 0, Name: "Mia", Joined: true}, {Index: 1, Name: "Ben"}, botRow}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := kind.StartNewGame(play.Form{Values: url.Values{"confirm": {"1"}, "mode": {tt.mode}, "setup": {string(setup)}}}, 7)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(g.Seats, tt.seats) || g.Mine != tt.mine || g.Seed != 7 {
				t.Fatalf("seats %+v mine %d seed %d", g.Seats, g.Mine, g.Seed)
			}
		})
	}
	g, err := kind.StartOffline(fields, 7)
	if err != nil {
		t.Fatal(err)
	}
	back, err := kind.AcceptOffline(g.Setup, g.Seed, g.Seats)
	if err != nil || !reflect.DeepEqual(back.Seats, []play.Seat{botRow}) || back.Mine != play.Scorekeeper {
		t.Fatalf("a phone's game comes back as %+v (%v)", back, err)
	}
}

func TestReplayGoldenRecords(t *testing.T) {
	paths, err := filepath.Glob("../../rules/scribes/testdata/*.record.json")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no golden records (%v)", err)
	}
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			rec := readRecord(t, path)
			snap, err := kind.Replay(rec)
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(strings.TrimSuffix(path, ".record.json") + ".snapshot.json")
			if errors.Is(err, os.ErrNotExist) {
				return
			} else if err != nil {
				t.Fatal(err)
			}
			var got, exp any
			if err := json.Unmarshal(mustJSON(t, snap), &got); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(want, &exp); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, exp) {
				t.Fatal("the snapshot differs from the golden one")
			}
		})
	}
	rec := readRecord(t, "../../rules/scribes/testdata/two-greedy.record.json")
	rec.Actions = append([]json.RawMessage{rec.Actions[1]}, rec.Actions...)
	var ae *record.ActionError
	if _, err := kind.Replay(rec); !errors.As(err, &ae) {
		t.Fatalf("a bad action: %v", err)
	}
	rec.Setup = json.RawMessage(`{"players":["Mia"]}`)
	if _, err := kind.Replay(rec); !record.IsSetupError(err) {
		t.Fatalf("a bad setup: %v", err)
	}
}

func TestStatusAndLines(t *testing.T) {
	over := tableOf(t, "two-greedy")
	if line, done, err := kind.Status(over); err != nil || !done || !strings.HasSuffix(line, " won") {
		t.Fatalf("finished game: %q %v %v", line, done, err)
	}
	start := newTable(t, mixed, 5, play.Scorekeeper)
	if line, done, err := kind.Status(start); err != nil || done || !strings.Contains(line, "Mia to play") {
		t.Fatalf("new game: %q %v %v", line, done, err)
	}
	broken := start
	broken.Actions = []json.RawMessage{json.RawMessage(`{"type":"take","seat":1}`)}
	if line, _, err := kind.Status(broken); err == nil || !strings.HasPrefix(line, "cannot be replayed") {
		t.Fatalf("broken game: %q %v", line, err)
	}
	lines, err := kind.Lines(over)
	if err != nil || len(lines) != len(over.Actions) {
		t.Fatalf("%d lines for %d actions (%v)", len(lines), len(over.Actions), err)
	}
}

// TestStatusCountsRoundsLikeThePage: the home list and the game page count
// the same way (the rules' main turns are every seat's turn: turn 10 at a
// table of three is round 4).
func TestStatusCountsRoundsLikeThePage(t *testing.T) {
	tb := playUntil(t, newTable(t, mixed, 5, play.Scorekeeper), func(st sc.State) bool { return st.Turn() >= 10 })
	round := scview.RoundText(now(t, tb).Turn(), len(mixed.Players))
	line, _, err := kind.Status(tb)
	if err != nil || !strings.HasPrefix(line, round+" · ") {
		t.Fatalf("home line %q (%v), want it to start with %q", line, err, round)
	}
	page, err := kind.Page(testPage(), tb, nil)
	if err != nil {
		t.Fatal(err)
	}
	if html := render(t, page); !strings.Contains(html, `data-testid="turn">`+round+" · ") {
		t.Fatalf("the game page does not say %q", round)
	}
	if round != "Round 4" {
		t.Errorf("main turn %d of 3 seats is %q, want Round 4", now(t, tb).Turn(), round)
	}
}

// TestLinesNameElements: the log a person reads names the elements as the
// page does (Ash, Tide, Gale, Root), never by the records' codes.
func TestLinesNameElements(t *testing.T) {
	for _, name := range []string{"two-greedy", "three-mixed", "five-greedy"} {
		t.Run(name, func(t *testing.T) {
			lines, err := kind.Lines(tableOf(t, name))
			if err != nil {
				t.Fatal(err)
			}
			named := 0
			for _, l := range lines {
				for _, code := range []string{"ASHW", "TIDE", "GALE", "ROOT"} {
					if strings.Contains(l.String(), code) {
						t.Fatalf("a log line shows the code %s: %q", code, l)
					}
				}
				if strings.Contains(l.String(), " Tide") || strings.Contains(l.String(), " Ash") {
					named++
				}
			}
			if named == 0 {
				t.Fatalf("no line of %d names an element", len(lines))
			}
		})
	}
}

// A reserved card is named in the log to the seat that reserved it only.
func TestLinesMaskReserves(t *testing.T) {
	duo := sc.Setup{Players: []string{"Mia", "Ben"}, First: first(0)}
	tb := newTable(t, duo, 5, play.Scorekeeper)
	ch := sc.Legal(now(t, tb))
	if len(ch.Reserve) == 0 {
		t.Fatal("no reserve is legal at this start")
	}
	tb = push(t, tb, sc.Reserve(0, ch.Reserve[0]), play.Scorekeeper)
	seen := func(viewer int, watch bool) string {
		v := tb
		v.Viewer, v.Watch = viewer, watch
		lines, err := kind.Lines(v)
		if err != nil {
			t.Fatal(err)
		}
		return lines[0].String()
	}
	mine, other, shared, spectator := seen(0, false), seen(1, false), seen(play.Scorekeeper, false), seen(play.Scorekeeper, true)
	if mine == other || !strings.Contains(other, "a card") || shared != other || spectator != other {
		t.Fatalf("Mia reads %q, Ben %q, the shared phone %q, a spectator %q", mine, other, shared, spectator)
	}
}

// A tap the phone applies offline is checked for its seat as the server
// checks it, and a bot's decision waits for the network.
func TestOfflineActChecksTheSeatLikeTheServer(t *testing.T) {
	tb := newTable(t, mixed, 5, 1)
	tb.Offline = true
	take := sc.Legal(now(t, tb)).Takes[0]
	if _, _, err := play.Act(kind, tb, tap(t, take)); err == nil || !strings.Contains(err.Error(), "on their phone") {
		t.Fatalf("offline refusal %v", err)
	}
	tb.Viewer = play.Scorekeeper
	next, line, err := play.Act(kind, tb, tap(t, take))
	if err != nil || line.IsZero() || next.Version != 1 || next.ActionSeats[0] != play.Scorekeeper {
		t.Fatalf("Mia's take on the shared phone: %q %+v %v", line, next, err)
	}
	tb = playUntil(t, next, func(st sc.State) bool { return st.Decider() == 2 })
	if n, err := kind.Undo(tb); err != nil || n < 1 {
		t.Fatalf("undo on a shared phone: %d %v", n, err)
	}
	frags, err := kind.Fragments(tb, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range frags {
		if f.ID != scview.FragControls {
			continue
		}
		if html := render(t, f.Component); !strings.Contains(html, "Waiting for the network: Bot moves when you are back online.") || strings.Contains(html, "/bot") {
			t.Fatalf("offline bot turn screen:\n%s", html)
		}
	}
	if _, _, err := play.Act(kind, tb, tap(t, someMove(now(t, tb)))); err == nil || err.Error() != "Bot is a bot and plays by itself" {
		t.Fatalf("offline tap for the bot: %v", err)
	}
}

func TestPagesRender(t *testing.T) {
	tb := newTable(t, mixed, 5, play.Scorekeeper)
	page, err := kind.Page(testPage(), tb, nil)
	if err != nil {
		t.Fatal(err)
	}
	html := render(t, page)
	if !strings.Contains(html, `<div id="board" class="`+kind.Info().BoardClass+`" hx-swap="none" data-testid="board">`) || !strings.Contains(html, `id="`+offline.ElementID+`"`) {
		t.Fatalf("the table page has no board of the game's class or no embedded record:\n%s", html)
	}
	// The acting bar sits at the bottom in portrait and in landscape, the
	// tiles scroll above it: its words point at the tiles by name, not by
	// a place on the screen.
	for _, where := range []string{"tiles below", "tiles above", "below)", "above)"} {
		if strings.Contains(html, where) {
			t.Errorf("the page points at things by where they are: %q", where)
		}
	}
	mine := tb
	mine.Viewer = 0 // Mia, on a phone of her own, decides first
	minePage, err := kind.Page(testPage(), mine, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(render(t, minePage), "the buttons on the world tiles") {
		t.Error("the main decision does not say where the scribe and reserve buttons are")
	}
	prev := tb
	prev.Seats = append(prev.Seats, play.Seat{Index: 1, Name: "Ben"})
	form := render(t, kind.NewGamePage(testPage(), url.Values{"from": {"g1"}}, &prev))
	if !strings.Contains(form, `value="Ben"`) || !strings.Contains(form, `value="phones" checked`) {
		t.Fatal("new game, same players: the form is not filled from the earlier game")
	}
	if rules := render(t, kind.Rules(testPage())); !strings.Contains(rules, `data-testid="rules"`) {
		t.Fatal("no rules page")
	}
	over := tableOf(t, "two-greedy")
	sheet, err := kind.Sheet(testPage(), over.Record(), views.SheetHead{Game: "The Arcane Scribes", Title: "Mia, Ben"})
	if err != nil {
		t.Fatal(err)
	}
	if html := render(t, sheet); !strings.Contains(html, "<title>Scoresheet: Mia, Ben") {
		t.Fatalf("the scoresheet page is not titled for its game:\n%.400s", html)
	}
	if html := render(t, kind.Blank(testPage(), views.SheetHead{Blank: true})); !strings.Contains(html, "<title>The Arcane Scribes blank scoresheet") {
		t.Fatalf("the blank scoresheet page is not titled:\n%.400s", html)
	}
}

func tableOf(t *testing.T, name string) play.Table {
	t.Helper()
	rec := readRecord(t, "../../rules/scribes/testdata/"+name+".record.json")
	return play.Table{Kind: rec.Game, GameID: name, Setup: rec.Setup, Seed: rec.Seed, Actions: rec.Actions,
		ActionSeats: make([]int, len(rec.Actions)), Version: len(rec.Actions), Viewer: play.Scorekeeper}
}

func readRecord(t *testing.T, path string) record.Record {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := record.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
