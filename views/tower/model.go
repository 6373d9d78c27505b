// Package tower draws the table of Mage's Tower: the status strip, the
// controls of whoever is to move, the camp, the four zones and the Tower,
// the Mage's card with both thumbs, and the log tail. Build makes the whole
// view model from the game record alone (setup, seed, actions), who looks,
// what they have selected so far and what play/tower decided for them (the
// undo, the embedded record): no server, no store, so it runs wherever the
// record is (WebAssembly included).
package tower

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/grimoire-games/grimoire/lang"
	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/rules/say"
	tw "github.com/grimoire-games/grimoire/rules/tower"
	"github.com/grimoire-games/grimoire/views"
	"github.com/grimoire-games/grimoire/views/history"
	"github.com/grimoire-games/grimoire/views/offline"
)

// Seat indexes: the General sits at 0, the Mage at 1.
const (
	SeatGeneral = 0
	SeatMage    = 1
	Scorekeeper = -1
)

// Player is one side as the table was set up.
type Player struct {
	Name string
	Bot  string // "" for a person, else the bot level id (tower.Levels)
}

// Source is everything a screen is drawn from.
type Source struct {
	GameID         string
	Title          string
	SpectatorToken string
	Watch          bool // read-only view
	CSRF           string
	Setup          json.RawMessage
	Seed           int64
	Actions        []json.RawMessage // in force, in order
	Players        [2]Player         // bot levels by seat
	TwoPhones      bool              // each person plays on their own phone
	Seat           int               // the viewer: -1 scorekeeper (one phone), 0 General, 1 Mage
	JoinPath       string            // "/join/TOKEN" of the other seat while nobody holds it
	UI             UI                // what the viewer has selected so far
	Offline        bool              // drawn on the phone without network: bots wait for it
	// Undo is how many actions the viewer's undo takes back now (0: none);
	// play/tower decides it, since the server's undo must agree with it.
	Undo int
	// Record is the embedded record (play.Table.JSON) for the offline page,
	// made only when drawn; nil for a spectator, who never plays.
	Record offline.Record
}

// UI is the half-made decision of the player to move, carried in query
// parameters of GET requests so every step works as a plain page too.
type UI struct {
	Seen      int      // the version at which the privacy screen was tapped away (-1 none)
	Sel       []string // selected coins, in tap order
	DamageRow int
	SpellRow  int
	Side      string // Fireball
	Zone      int    // Wave
	Coin      string // Tome
	Hits      []tw.Hit
}

// ParseUI reads the selection from query parameters; Build checks it
// against the rules, so nonsense is simply dropped.
func ParseUI(q url.Values) UI {
	u := UI{Seen: -1}
	if n, err := strconv.Atoi(q.Get("seen")); err == nil {
		u.Seen = n
	}
	for _, id := range strings.Split(q.Get("sel"), ",") {
		if id = strings.TrimSpace(id); id != "" && len(u.Sel) < 9 && !slices.Contains(u.Sel, id) {
			u.Sel = append(u.Sel, id)
		}
	}
	u.DamageRow, _ = strconv.Atoi(q.Get("dr"))
	u.SpellRow, _ = strconv.Atoi(q.Get("sr"))
	u.Side = q.Get("side")
	u.Zone, _ = strconv.Atoi(q.Get("zone"))
	u.Coin = q.Get("coin")
	for _, part := range strings.Split(q.Get("hits"), ",") {
		id, n, ok := strings.Cut(part, ":")
		d, err := strconv.Atoi(n)
		if ok && err == nil && d > 0 && d < 100 && len(u.Hits) < 9 {
			u.Hits = append(u.Hits, tw.Hit{Coin: id, Damage: d})
		}
	}
	return u
}

// Query writes the selection back as query parameters.
func (u UI) Query() url.Values {
	q := url.Values{}
	q.Set("ui", "1")
	if u.Seen >= 0 {
		q.Set("seen", strconv.Itoa(u.Seen))
	}
	if len(u.Sel) > 0 {
		q.Set("sel", strings.Join(u.Sel, ","))
	}
	if u.DamageRow > 0 {
		q.Set("dr", strconv.Itoa(u.DamageRow))
	}
	if u.SpellRow > 0 {
		q.Set("sr", strconv.Itoa(u.SpellRow))
	}
	if u.Side != "" {
		q.Set("side", u.Side)
	}
	if u.Zone > 0 {
		q.Set("zone", strconv.Itoa(u.Zone))
	}
	if u.Coin != "" {
		q.Set("coin", u.Coin)
	}
	if len(u.Hits) > 0 {
		parts := make([]string, len(u.Hits))
		for i, h := range u.Hits {
			parts[i] = h.Coin + ":" + strconv.Itoa(h.Damage)
		}
		q.Set("hits", strings.Join(parts, ","))
	}
	return q
}

func (u UI) hit(id string) int {
	for _, h := range u.Hits {
		if h.Coin == id {
			return h.Damage
		}
	}
	return 0
}

func (u UI) hitTotal() int {
	t := 0
	for _, h := range u.Hits {
		t += h.Damage
	}
	return t
}

// withHit returns the selection with coin id's share changed by d.
func (u UI) withHit(id string, d int) UI {
	var hs []tw.Hit
	found := false
	for _, h := range u.Hits {
		if h.Coin == id {
			h.Damage += d
			found = true
		}
		if h.Damage > 0 {
			hs = append(hs, h)
		}
	}
	if !found && d > 0 {
		hs = append(hs, tw.Hit{Coin: id, Damage: d})
	}
	u.Hits = hs
	return u
}

// LogLine is one numbered sentence of the game log.
type LogLine struct {
	N    int
	Text say.Text
}

// Board is the whole table as one viewer sees it now.
type Board struct {
	GameID    string
	Title     string
	Version   int
	Watch     bool
	CSRF      string
	Post      string // POST target of actions
	UndoURL   string
	Refresh   string // GET: the table (fragments for htmx)
	BotURL    string
	LogURL    string
	RulesURL  string
	WatchURL  string // the spectator link to share (players only)
	SheetURL  string // the scoresheet (live, or the spectator's)
	ReplayURL string // the replay of any moment (docs/replay.md)
	ExportURL string // the record download, where this viewer may export now
	NewURL    string
	JoinPath  string
	TwoPhones bool
	Seat      int

	Players  [2]Player
	Snap     tw.Snapshot // what the viewer may see (camp faces hidden for the Mage)
	Choices  tw.Choices
	Card     []tw.Row
	Viewer   tw.Side // whose eyes: General sees the camp, Mage does not
	ToPlay   tw.Side
	Privacy  bool // one phone, hand-over pending: only the hand-over button
	BotTurn  bool // a bot is to move: the page asks for its move after a pause
	MyTurn   bool // this screen may act now
	UI       UI
	Preview  *tw.Outcome
	PreviewE say.Text   // why the chosen cast cannot be made
	Action   *tw.Action // the complete cast, when the Mage has chosen everything

	LogTail []LogLine
	// Announce is the news of the last action when a bot made it or it
	// ended the game ("" when none), for the announcement region: the same
	// sentence on the server's screen and the phone's.
	Announce  say.Text
	CanUndo   bool
	UndoWhat  say.Text
	UndoSteps int

	// Record is the game's record for the offline page (nil for
	// spectators); Offline says this screen was drawn on the phone.
	Record  offline.Record
	Offline bool
}

// Fragment ids: one element per fragment, htmx swaps by id.
const (
	FragStatus   = "tw-status"
	FragControls = "tw-controls"
	FragTable    = "tw-table"
	FragCard     = "tw-card"
	FragLog      = "tw-log"
)

// Fragments lists the parts of the game screen in page order. fresh marks
// the parts that draw the viewer's selection (controls, table, card) as
// Fresh: after a selection step or a write the client's copy of them may
// carry a selection, so they are sent even when the game did not change.
func Fragments(b Board, fresh bool) []views.Fragment {
	out := []views.Fragment{
		{ID: FragStatus, Component: Status(b)},
		{ID: FragControls, Component: Controls(b), Fresh: fresh},
		{ID: FragTable, Component: Table(b), Fresh: fresh},
		{ID: FragCard, Component: CardPanel(b), Fresh: fresh},
		{ID: FragLog, Component: LogTail(b)},
	}
	if b.Record != nil {
		out = append(out, views.Fragment{ID: offline.ElementID, Component: b.Record.Text()})
	}
	return out
}

// Play replays the actions and returns the state with one log line each.
func Play(setupJSON json.RawMessage, seed int64, actions []json.RawMessage) (tw.State, []say.Text, error) {
	lines := make([]say.Text, 0, len(actions))
	st, err := record.Play(tw.Rules(), setupJSON, seed, actions, func(before tw.State, a tw.Action, after tw.State) {
		lines = append(lines, tw.Describe(before, a, after))
	})
	if record.IsSetupError(err) {
		err = fmt.Errorf("setup: %w", err)
	}
	return st, lines, err
}

// SideSeat is the seat index of a side.
func SideSeat(s tw.Side) int {
	if s == tw.Mage {
		return SeatMage
	}
	return SeatGeneral
}

// Who names a side's player for the log and prompts: "Ana (General)",
// "Zed (Mage, Adept bot)", and a bot that goes by its level's name (the
// form's default) "Archmage (Mage, bot)", not "Archmage (Mage, Archmage
// bot)". A name that says bot already gets no second one.
func Who(p [2]Player, s tw.Side) say.Text {
	pl := p[SideSeat(s)]
	switch {
	case pl.Bot == "" || strings.Contains(strings.ToLower(pl.Name), "bot"):
		return say.F("%s (%s)", pl.Name, tw.SideWord(s))
	case strings.EqualFold(strings.TrimSpace(pl.Name), record.LevelName(pl.Bot)):
		return say.F("%s (%s, bot)", pl.Name, tw.SideWord(s))
	}
	return say.F("%s (%s, %s bot)", pl.Name, tw.SideWord(s), record.LevelName(pl.Bot))
}

// Lines puts the players' names into the rules' log sentences ("General
// placed ..." becomes "Ana (General) placed ...").
func Lines(p [2]Player, lines []say.Text) []say.Text {
	out := make([]say.Text, len(lines))
	for i, l := range lines {
		for _, s := range []tw.Side{tw.General, tw.Mage} {
			l = l.Swap(tw.SideWord(s), Who(p, s))
		}
		out[i] = l
	}
	return out
}

// viewerSide says whose eyes the screen has: the General sees the camp's
// faces, everyone else does not.
func viewerSide(src Source, st tw.State) tw.Side {
	switch {
	case st.Over():
		return tw.General // the game is over: all faces may be shown
	case src.Watch && src.Seat != SeatGeneral:
		// A spectator (no seat); a replay is read-only too, but keeps the
		// seat of the device that looks (docs/replay.md).
		return tw.Mage
	case src.Seat == SeatGeneral:
		return tw.General
	case src.Seat == SeatMage:
		return tw.Mage
	}
	gp, mp := src.Players[SeatGeneral].Bot == "", src.Players[SeatMage].Bot == ""
	switch {
	case gp && mp:
		if st.ToPlay() == tw.Mage {
			return tw.Mage
		}
		return tw.General
	case mp:
		return tw.Mage
	}
	return tw.General
}

// Played is a game after its actions, with the rules' log line of each.
// Next moves it on by one action, so a server that keeps a Played draws
// the next screen without replaying the game.
type Played = record.Played[tw.State, tw.Action, Log]

// Log is what a Played keeps of the way: the rules' log line of each action
// (without the players' names). It is a history.List, so two Playeds moved
// on from one share the lines before them.
type Log struct{ history.List[say.Text] }

// Apply is the rules' Apply.
func (Log) Apply(s tw.State, a tw.Action) (tw.State, error) { return tw.Apply(s, a) }

// Moved is the log with a's line.
func (l Log) Moved(before tw.State, a tw.Action, after tw.State, _ int) Log {
	return Log{l.Append(tw.Describe(before, a, after))}
}

// Replayed replays a record's actions.
func Replayed(setupJSON json.RawMessage, seed int64, actions []json.RawMessage) (Played, error) {
	return record.Replay(tw.Rules(), Log{}, setupJSON, seed, actions)
}

// tailLines is how many of the latest log lines the table shows.
const tailLines = 5

// Build draws the table after the source's actions, at log version version.
func Build(src Source, version int) (Board, error) {
	p, err := Replayed(src.Setup, src.Seed, src.Actions)
	if err != nil {
		return Board{}, err
	}
	return BuildPlayed(src, version, p)
}

// BuildPlayed is Build from the game already played: p must be the
// source's actions played (Replayed, or Next after Next).
func BuildPlayed(src Source, version int, p Played) (Board, error) {
	if p.N != len(src.Actions) {
		return Board{}, fmt.Errorf("the game was played to action %d, not %d", p.N, len(src.Actions))
	}
	st := p.State
	b := Board{
		GameID: src.GameID, Title: src.Title, Version: version, Watch: src.Watch, CSRF: src.CSRF,
		TwoPhones: src.TwoPhones, Seat: src.Seat, Players: src.Players, JoinPath: src.JoinPath,
		RulesURL: "/rules/" + record.MagesTower, Card: st.Card().Rows, ToPlay: st.ToPlay(),
		Record: src.Record, Offline: src.Offline,
	}
	setup := st.Setup()
	b.Players[SeatGeneral].Name, b.Players[SeatMage].Name = setup.General, setup.Mage
	b.Viewer = viewerSide(src, st)
	if src.Watch {
		b.Refresh = "/watch/" + src.SpectatorToken
		b.SheetURL, b.ReplayURL = b.Refresh+"/sheet", b.Refresh+"/replay"
		if st.Over() {
			b.ExportURL = b.Refresh + "/export"
		}
	} else {
		base := "/g/" + src.GameID
		b.Post, b.UndoURL, b.Refresh, b.LogURL, b.BotURL = base+"/act", base+"/undo", base, base+"/log", base+"/bot"
		b.WatchURL = "/watch/" + src.SpectatorToken
		b.NewURL = "/new/" + record.MagesTower + "?from=" + src.GameID
		b.SheetURL, b.ReplayURL = base+"/sheet", base+"/replay"
		// The record shows the camp's faces: a seated player may export it
		// once the game is over; the scorekeeper always (handlers/records.go).
		if src.Seat == Scorekeeper || st.Over() {
			b.ExportURL = base + "/export"
		}
	}
	// Only the lines the table shows are named: the tail, and the one an
	// undo takes back to. named[i] is line first+i.
	total := p.N
	named := Lines(b.Players, p.Trail.Tail(max(tailLines, src.Undo)))
	first := total - len(named)
	for i := max(total-tailLines, 0); i < total; i++ {
		b.LogTail = append(b.LogTail, LogLine{N: i + 1, Text: named[i-first]})
	}
	if n := src.Undo; !src.Watch && n > 0 && n <= total {
		b.CanUndo, b.UndoSteps = true, n
		b.UndoWhat = named[total-1-first]
		if n > 1 {
			b.UndoWhat = say.F("%s (and the bot's move after it)", named[total-n-first])
			if n > 2 {
				b.UndoWhat = say.F("%s (and the bot's %d moves after it)", named[total-n-first], n-1)
			}
		}
	}
	if k := len(src.Actions); k > 0 && k == total {
		last := named[k-1-first]
		switch side := lastSide(src.Actions[k-1]); {
		case side != tw.NoSide && b.Players[SideSeat(side)].Bot != "":
			b.Announce = say.F("Bot move: %s.", last)
		case st.Over():
			b.Announce = last.Then(say.F("."))
		}
	}
	if !st.Over() {
		toPlay := b.Players[SideSeat(st.ToPlay())]
		b.BotTurn = toPlay.Bot != "" && !src.Watch
		switch {
		case src.Watch || toPlay.Bot != "":
		case src.Seat == Scorekeeper && !src.TwoPhones:
			b.MyTurn = true
		case src.Seat == SideSeat(st.ToPlay()):
			b.MyTurn = true
		}
	}
	// One phone, two people: each turn starts behind a hand-over screen.
	if b.MyTurn && src.Seat == Scorekeeper && !src.TwoPhones &&
		src.Players[SeatGeneral].Bot == "" && src.Players[SeatMage].Bot == "" &&
		src.UI.Seen != version {
		n := len(src.Actions)
		if n == 0 || lastSide(src.Actions[n-1]) != st.ToPlay() {
			b.Privacy = true
		}
	}
	if b.Privacy {
		b.Snap = st.View(tw.Mage)
	} else if b.Viewer == tw.Mage {
		b.Snap = st.View(tw.Mage)
	} else {
		b.Snap = st.Snapshot()
	}
	b.Choices = tw.Legal(st)
	if b.MyTurn && !b.Privacy {
		b.UI = sanitize(src.UI, b.Choices)
		b.UI.Seen = src.UI.Seen
		b.buildCast(st)
	} else {
		b.UI = UI{Seen: -1}
	}
	return b, nil
}

func lastSide(raw json.RawMessage) tw.Side {
	a, err := tw.ParseAction(raw)
	if err != nil {
		return tw.NoSide
	}
	return a.Type.Side()
}

// sanitize keeps only the selections the rules allow now.
func sanitize(u UI, c tw.Choices) UI {
	out := UI{Seen: u.Seen}
	switch c.Phase {
	case tw.PhasePlace:
		for _, id := range u.Sel {
			if slices.Contains(c.Place, id) && len(out.Sel) < c.PlaceMax {
				out.Sel = append(out.Sel, id)
			}
		}
	case tw.PhaseAdvance:
		for _, id := range u.Sel {
			for _, zm := range c.Advance {
				if slices.Contains(zm.Coins, id) {
					out.Sel = append(out.Sel, id)
				}
			}
		}
	case tw.PhaseCast:
		for _, d := range c.DamageRows {
			if d.Row == u.DamageRow {
				out.DamageRow = d.Row
			}
		}
		sr, ok := spellRow(c, u.SpellRow)
		if !ok {
			return out
		}
		out.SpellRow = sr.Row
		switch sr.Spell {
		case tw.Fireball:
			if u.Side == tw.Leftmost || u.Side == tw.Rightmost {
				out.Side = u.Side
			}
		case tw.Wave:
			for _, z := range sr.Targets.Zones {
				if z.Zone == u.Zone {
					out.Zone = u.Zone
				}
			}
		case tw.Tome:
			if slices.Contains(sr.Targets.Coins, u.Coin) {
				out.Coin = u.Coin
			}
		case tw.Lightning:
			for _, h := range u.Hits {
				for _, z := range sr.Targets.Zones {
					if slices.Contains(z.Coins, h.Coin) {
						out.Hits = append(out.Hits, h)
					}
				}
			}
		}
	}
	return out
}

func spellRow(c tw.Choices, row int) (tw.SpellRow, bool) {
	for _, s := range c.SpellRows {
		if s.Row == row {
			return s, true
		}
	}
	return tw.SpellRow{}, false
}

// Damage is the X of the chosen damage row (0 before one is chosen).
func (b Board) Damage() int {
	for _, d := range b.Choices.DamageRows {
		if d.Row == b.UI.DamageRow {
			return d.Damage
		}
	}
	return 0
}

// ChosenSpell is the spell row chosen so far.
func (b Board) ChosenSpell() (tw.SpellRow, bool) { return spellRow(b.Choices, b.UI.SpellRow) }

// buildCast makes the cast once rows and aim are complete, and previews it.
func (b *Board) buildCast(st tw.State) {
	if b.Choices.Phase != tw.PhaseCast || b.UI.DamageRow == 0 {
		return
	}
	sr, ok := b.ChosenSpell()
	if !ok {
		return
	}
	a := tw.Action{Type: tw.Cast, DamageRow: b.UI.DamageRow, SpellRow: sr.Row, Spell: sr.Spell}
	switch sr.Spell {
	case tw.Fireball:
		if b.UI.Side == "" {
			return
		}
		a.Side = b.UI.Side
	case tw.Wave:
		if b.UI.Zone == 0 {
			return
		}
		a.Zone = b.UI.Zone
	case tw.Tome:
		if b.UI.Coin == "" {
			return
		}
		a.Coin = b.UI.Coin
	case tw.Lightning:
		if b.UI.hitTotal() != b.Damage() {
			return
		}
		a.Hits = b.UI.Hits
	}
	out, err := tw.Preview(st, a)
	if err != nil {
		b.PreviewE = say.Reason(err)
		return
	}
	b.Preview, b.Action = &out, &a
}

// v is the version as text.
func (b Board) v() string { return strconv.Itoa(b.Version) }

// Link is the GET address of the table with selection u.
func (b Board) Link(u UI) string {
	q := u.Query()
	q.Set("v", b.v())
	return b.Refresh + "?" + q.Encode()
}

func (b Board) name(s tw.Side) string { return b.Players[SideSeat(s)].Name }

func (b Board) who(s tw.Side) say.Text { return Who(b.Players, s) }

// coin finds a coin of the snapshot.
func (b Board) coin(id string) tw.CoinView {
	for _, c := range b.Snap.Coins {
		if c.ID == id {
			return c
		}
	}
	return tw.CoinView{ID: id}
}

func (b Board) selected(id string) bool { return slices.Contains(b.UI.Sel, id) }

// toggle is the selection with id added or removed.
func (b Board) toggle(id string) UI {
	u := b.UI
	if slices.Contains(u.Sel, id) {
		u.Sel = slices.DeleteFunc(slices.Clone(u.Sel), func(s string) bool { return s == id })
	} else {
		u.Sel = append(slices.Clone(u.Sel), id)
	}
	return u
}

// tappable says whether tapping a coin changes the selection now.
func (b Board) tappable(id string) bool {
	if !b.MyTurn || b.Privacy {
		return false
	}
	switch b.Choices.Phase {
	case tw.PhasePlace:
		return slices.Contains(b.Choices.Place, id) && (b.selected(id) || len(b.UI.Sel) < b.Choices.PlaceMax)
	case tw.PhaseAdvance:
		for _, zm := range b.Choices.Advance {
			if slices.Contains(zm.Coins, id) {
				return true
			}
		}
	}
	return false
}

// selectedIn lists the selected coins of zone z, in tap order.
func (b Board) selectedIn(z int) []string {
	var out []string
	for _, id := range b.UI.Sel {
		if c := b.coin(id); c.Where == "zone" && c.Zone == z {
			out = append(out, id)
		}
	}
	return out
}

// previewOf is what the previewed cast does to a coin.
func (b Board) previewOf(id string) (tw.CoinResult, bool) {
	if b.Preview == nil {
		return tw.CoinResult{}, false
	}
	for _, h := range b.Preview.Hits {
		if h.Coin == id {
			return h, true
		}
	}
	return tw.CoinResult{}, false
}

// zoneOf is the zone a coin stands in (0 when not in a zone).
func (b Board) zoneOf(id string) int {
	c := b.coin(id)
	if c.Where == "zone" {
		return c.Zone
	}
	return 0
}

// canAddHit says whether one more point of Lightning may go to id.
func (b Board) canAddHit(id string) bool {
	if b.UI.hitTotal() >= b.Damage() {
		return false
	}
	zones := map[int]bool{}
	for _, h := range b.UI.Hits {
		zones[b.zoneOf(h.Coin)] = true
	}
	return zones[b.zoneOf(id)] || len(zones) < 2
}

// castFields are the hidden fields of the complete cast.
func (b Board) castFields() [][2]string {
	a := b.Action
	if a == nil {
		return nil
	}
	f := [][2]string{{"type", "cast"}, {"damageRow", strconv.Itoa(a.DamageRow)}, {"spellRow", strconv.Itoa(a.SpellRow)}, {"spell", a.Spell.String()}}
	switch a.Spell {
	case tw.Fireball:
		f = append(f, [2]string{"side", a.Side})
	case tw.Wave:
		f = append(f, [2]string{"zone", strconv.Itoa(a.Zone)})
	case tw.Tome:
		f = append(f, [2]string{"coin", a.Coin})
	case tw.Lightning:
		parts := make([]string, len(a.Hits))
		for i, h := range a.Hits {
			parts[i] = h.Coin + ":" + strconv.Itoa(h.Damage)
		}
		f = append(f, [2]string{"hits", strings.Join(parts, ",")})
	}
	return f
}

// ReasonText explains how a game ended.
func ReasonText(r string) say.Text {
	switch r {
	case tw.ReasonTower:
		return say.F("a soldier reached the Tower")
	case tw.ReasonAllFell:
		return say.F("all nine soldiers fell")
	case tw.ReasonBookDone:
		return say.F("the Mage could neither cast nor skip")
	}
	return say.Verbatim(r)
}

// WinnerLine is the end screen's headline.
func (b Board) WinnerLine() say.Text {
	if b.Snap.Winner == "" {
		return say.F("Game over")
	}
	return say.F("%s wins", b.who(b.Snap.Winner))
}

// thumbRow is the row a thumb sits on (0: above the card).
func (b Board) thumbOn(row int) (left, right bool) {
	return b.Snap.Thumbs.Left == row, b.Snap.Thumbs.Right == row
}

func (b Board) damageRowOK(row int) bool {
	if !b.MyTurn || b.Privacy || b.Choices.Phase != tw.PhaseCast {
		return false
	}
	for _, d := range b.Choices.DamageRows {
		if d.Row == row {
			return true
		}
	}
	return false
}

func (b Board) spellRowOK(row int) bool {
	if !b.MyTurn || b.Privacy || b.Choices.Phase != tw.PhaseCast {
		return false
	}
	_, ok := spellRow(b.Choices, row)
	return ok
}

// withRows is the selection with new rows; changing the spell row drops
// the aim chosen for the old spell.
func (b Board) withRows(dr, sr int) UI {
	u := b.UI
	if sr != u.SpellRow {
		u.Side, u.Zone, u.Coin, u.Hits = "", 0, "", nil
	}
	u.DamageRow, u.SpellRow = dr, sr
	return u
}

func (b Board) withAim(f func(*UI)) UI {
	u := b.UI
	f(&u)
	return u
}

func advanceLabel(ctx context.Context, z int, ids []string) string {
	to := lang.T(ctx, lang.TWToZone, z+1)
	if z == tw.NumZones {
		to = lang.T(ctx, lang.TWToTower)
	}
	if len(ids) == 0 {
		return lang.T(ctx, lang.TWAdvanceFrom, z, to)
	}
	return lang.T(ctx, lang.TWAdvance, strings.Join(ids, ", "), to)
}

func sizeLetter(size string) string {
	return strings.ToUpper(size[:1])
}

func sortedCopy(ids []string) []string {
	out := slices.Clone(ids)
	sort.Strings(out)
	return out
}

// handoverText is the small print of the hand-over screen, true for
// whoever takes the phone: the General's camp shows once the General taps;
// the Mage never sees it, and the screen only keeps the General's view
// from the Mage's eyes.
func (b Board) handoverText(ctx context.Context) string {
	if b.ToPlay == tw.Mage {
		return lang.T(ctx, lang.TWHandoverMage)
	}
	return lang.T(ctx, lang.TWHandoverGeneral)
}

// levels are the bot levels a new game offers, strongest last.
func levels() []tw.Level { return tw.Levels() }
