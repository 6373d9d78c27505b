// Package scribes draws the table of The Arcane Scribes: the status strip,
// what the deciding player may do, the row of world tiles, the viewer's own
// oinks and reserve, every player's area with live scores, and the log.
// Each part is a fragment with a fixed id, so an htmx response carries just
// the parts that changed.
package scribes

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/grimoire-games/grimoire/lang"
	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/rules/say"
	sc "github.com/grimoire-games/grimoire/rules/scribes"
	"github.com/grimoire-games/grimoire/views"
	"github.com/grimoire-games/grimoire/views/offline"
)

// Board is everything the table screen shows.
type Board struct {
	GameID   string
	Title    string
	Version  int
	Watch    bool
	Seat     int // the device's seat, -1 on a shared phone
	Viewer   int // whose reserve is shown face up (-1: nobody's)
	Shared   bool
	Owner    bool
	People   int // person seats
	Post     string
	UndoURL  string
	BotURL   string
	Refresh  string
	LogURL   string
	RulesURL string
	WatchURL string // the spectator link to share (players only)
	SheetURL string // the scoresheet (live, or the spectator's)
	// ReplayURL is the replay of any moment (docs/replay.md).
	ReplayURL string
	// ExportURL is the record download, where this viewer may export now.
	ExportURL string
	NewURL    string
	CSRF      string

	Data    *sc.Data
	Setup   sc.Setup
	Snap    sc.Snapshot
	Scores  []sc.PlayerScore
	Decider int
	Over    bool
	Moves   int

	Acting     bool       // this screen decides now
	Choices    sc.Choices // set when Acting
	BotPending bool       // a bot decides: the page asks for its move after a pause
	HandTo     string     // privacy screen: hand the phone to this person
	RevealURL  string
	// TradePicked: the three-insignia trade is at its second step, the
	// gains for TradeGive (a legal give; otherwise the first step shows).
	TradePicked bool
	TradeGive   sc.Element

	Joins    []Join
	LogTail  []LogLine
	CanUndo  bool
	UndoWhat say.Text

	// Stalled: nobody can scribe and the row cannot change; Proposal is a
	// pending proposal to end the game; End are the agreement actions this
	// screen may make (its own seat's, or every person's on a shared phone).
	Stalled  bool
	Proposal *sc.EndProposal
	End      []sc.Action
	// Announce is the news of the last action when a bot made it or it
	// ended the game, for the announcement region ("" when none): the same
	// sentence on the server's screen and the phone's.
	Announce say.Text

	// Record is the game's record for the offline page (nil for
	// spectators); Offline says this screen was drawn on the phone.
	Record  offline.Record
	Offline bool
}

// LogLine is one numbered sentence of the game log.
type LogLine struct {
	N    int
	Text say.Text
}

// BoardClass is the class of the element that holds the table, on the page
// and on a screen the phone draws into an empty page.
const BoardClass = "scribes"

// Fragment ids.
const (
	FragStatus   = "sc-status"
	FragControls = "sc-controls"
	FragRow      = "sc-row"
	FragHand     = "sc-hand"
	FragPlayers  = "sc-players"
	FragLog      = "sc-log"
)

// Fragments lists the parts of the table in page order.
func Fragments(b Board) []views.Fragment {
	out := []views.Fragment{
		{ID: FragStatus, Component: Status(b)},
		{ID: FragControls, Component: Controls(b)},
		{ID: FragRow, Component: Row(b)},
		{ID: FragHand, Component: Hand(b)},
		{ID: FragPlayers, Component: Players(b)},
		{ID: FragLog, Component: LogTail(b)},
	}
	if b.Record != nil {
		out = append(out, views.Fragment{ID: offline.ElementID, Component: b.Record.Text()})
	}
	return out
}

func (b Board) v() string { return strconv.Itoa(b.Version) }

func (b Board) name(seat int) string {
	if seat >= 0 && seat < len(b.Setup.Players) {
		return b.Setup.Players[seat]
	}
	return "?"
}

func (b Board) botLabel(ctx context.Context, seat int) string {
	if bot := BotOf(b.Setup, seat); bot != "" {
		return lang.T(ctx, lang.SCBot, record.LevelName(bot))
	}
	return ""
}

// elName is an element's display name ("Tide").
func (b Board) elName(e sc.Element) string { return b.Data.ElementName(e) }

// letter is the mark of an element on a token, readable without colour:
// its name, the one name an element has on every screen.
func (b Board) letter(e sc.Element) string {
	if n := b.elName(e); n != "" {
		return n
	}
	return e.String()
}

// RoundText counts turns as the table plays them, for the game page and
// the home list alike: the round (everyone's turn once) of main turn turn
// (the rules count from 1) at a table of seats players; "" before the
// first turn.
func RoundText(turn, seats int) string {
	if r := RoundOf(turn, seats); r > 0 {
		return fmt.Sprintf("Round %d", r)
	}
	return ""
}

// RoundOf is the round of main turn turn at a table of seats players, from
// 1; 0 before the first turn.
func RoundOf(turn, seats int) int {
	if seats < 1 || turn < 1 {
		return 0
	}
	return (turn-1)/seats + 1
}

// turnText is the round and whose turn of it this is, in the language of
// ctx.
func (b Board) turnText(ctx context.Context) string {
	n := len(b.Setup.Players)
	r := RoundOf(b.Snap.Turn, n)
	if r == 0 {
		return ""
	}
	round := lang.T(ctx, lang.SCRound, r)
	if b.Over {
		return round
	}
	return lang.T(ctx, lang.SCTurnOf, round, b.name(b.Snap.Active), (b.Snap.Turn-1)%n+1, n)
}

// endLabel is the button text of an agreement action.
func (b Board) endLabel(ctx context.Context, a sc.Action) string {
	if a.Type == sc.ActProposeEnd {
		if b.Seat >= 0 {
			return lang.T(ctx, lang.SCPropose)
		}
		return lang.T(ctx, lang.SCProposeFor, b.name(a.Seat))
	}
	if b.Seat >= 0 {
		return lang.T(ctx, lang.SCAgree)
	}
	return lang.T(ctx, lang.SCAgreeFor, b.name(a.Seat))
}

// names are the seats' names joined as the language of ctx joins them
// ("Mia and Ben").
func (b Board) names(ctx context.Context, seats []int) string {
	names := make([]string, len(seats))
	for i, s := range seats {
		names[i] = b.name(s)
	}
	return strings.Join(names, lang.T(ctx, lang.SCAnd))
}

// waitingText names the people a proposal still waits for.
func (b Board) waitingText(ctx context.Context) string {
	if b.Proposal == nil {
		return ""
	}
	return lang.T(ctx, lang.SCProposalWaiting, b.name(b.Proposal.By), b.names(ctx, b.Proposal.Waiting))
}

func elClass(e sc.Element) string { return "el el-" + strings.ToLower(e.String()) }

// oinkWords is oinkText in the language of ctx: "nothing" is a word.
func (b Board) oinkWords(ctx context.Context, o [sc.NumElements]int) string {
	if o == [sc.NumElements]int{} {
		return lang.T(ctx, lang.SCNothing)
	}
	return b.oinkText(o)
}

// oinkText is "3 Tide + 2 Root" (the elements are named by the data), as
// the test ids write it.
func (b Board) oinkText(o [sc.NumElements]int) string {
	var parts []string
	for e, n := range o {
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, b.elName(sc.Element(e))))
		}
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, " + ")
}

func total(o sc.Oinks) int {
	t := 0
	for _, n := range o {
		t += n
	}
	return t
}

// actionJSON is the record form of an action, posted by a button.
func actionJSON(a sc.Action) string {
	raw, err := json.Marshal(a)
	if err != nil {
		return ""
	}
	return string(raw)
}

// prompt says who decides what.
func (b Board) prompt(ctx context.Context) string {
	if b.Over {
		return lang.T(ctx, lang.SCGameOver)
	}
	who := b.name(b.Decider)
	switch b.Snap.Phase {
	case sc.PhaseDiscard:
		n := b.Choices.DiscardCount
		if n == 0 {
			return lang.T(ctx, lang.SCMustPutBack, who)
		}
		return lang.T(ctx, lang.SCPutBack, who, n)
	case sc.PhaseFollow:
		if b.Snap.Follow != nil {
			return lang.T(ctx, lang.SCFollowOf, who, b.name(b.Snap.Active))
		}
		return lang.T(ctx, lang.SCFollow, who)
	}
	return lang.T(ctx, lang.SCTurnPrompt, who)
}

// youDecide is the heading over the controls when this screen acts.
func (b Board) youDecide(ctx context.Context) string {
	if b.Seat >= 0 && b.Seat == b.Decider {
		return lang.T(ctx, lang.SCYourTurn)
	}
	return lang.T(ctx, lang.SCDecides, b.name(b.Decider))
}

// scribeFrom returns the scribe option for a row slot or reserve position.
func (b Board) scribeFrom(from sc.Source, i int) (sc.ScribeOption, bool) {
	if !b.Acting || b.Choices.Decision != sc.DecideMain {
		return sc.ScribeOption{}, false
	}
	for _, o := range b.Choices.Scribe {
		if o.From == from && o.Index == i {
			return o, true
		}
	}
	return sc.ScribeOption{}, false
}

func (b Board) canReserve(slot int) bool {
	if !b.Acting || b.Choices.Decision != sc.DecideMain {
		return false
	}
	for _, s := range b.Choices.Reserve {
		if s == slot {
			return true
		}
	}
	return false
}

func (b Board) scribeAction(o sc.ScribeOption, pay [sc.NumElements]int) string {
	if o.From == sc.FromReserve {
		return actionJSON(sc.ScribeReserved(b.Decider, o.Index, pay))
	}
	return actionJSON(sc.ScribeRow(b.Decider, o.Index, pay))
}

// actionsOf lists the legal actions of one type.
func (b Board) actionsOf(t sc.ActionType) []sc.Action {
	var out []sc.Action
	for _, a := range b.Choices.Actions {
		if a.Type == t {
			out = append(out, a)
		}
	}
	return out
}

// followLabel says what a follow-up answer does.
func (b Board) followLabel(ctx context.Context, a sc.Action) string {
	switch {
	case a.Decline:
		return lang.T(ctx, lang.SCNoTrade)
	case a.Oinks != [sc.NumElements]int{}:
		return lang.T(ctx, lang.SCGiveGet, b.elName(a.Give), b.oinkWords(ctx, a.Oinks))
	default:
		return lang.T(ctx, lang.SCTake1, b.elName(a.Element))
	}
}

// actionGroup is a set of answers that give the same oink, for one
// <optgroup> of a select: a phone shows a short picker, not a wall of buttons.
type actionGroup struct {
	Give    sc.Element
	Options []sc.Action
}

// tradeGroups groups the three-insignia trade answers by the oink given,
// the biggest gains first (declining is a button of its own).
func (b Board) tradeGroups() []actionGroup {
	var out []actionGroup
	for _, a := range b.actionsOf(sc.ActFollow) {
		if a.Decline || a.Oinks == [sc.NumElements]int{} {
			continue
		}
		i := slices.IndexFunc(out, func(g actionGroup) bool { return g.Give == a.Give })
		if i < 0 {
			out = append(out, actionGroup{Give: a.Give})
			i = len(out) - 1
		}
		out[i].Options = append(out[i].Options, a)
	}
	for _, g := range out {
		slices.SortStableFunc(g.Options, func(x, y sc.Action) int { return total(sc.Oinks(y.Oinks)) - total(sc.Oinks(x.Oinks)) })
	}
	return out
}

// tradeChosen is the group of the give picked at the trade's first step,
// when that give is still a legal one.
func (b Board) tradeChosen(gs []actionGroup) (actionGroup, bool) {
	if !b.TradePicked {
		return actionGroup{}, false
	}
	for _, g := range gs {
		if g.Give == b.TradeGive {
			return g, true
		}
	}
	return actionGroup{}, false
}

// tradeURL is the GET step of the trade: the gains for give, or the first
// step again (back). On a shared phone it keeps the privacy screen tapped
// away ("seen"), which only this version's screen could have done.
func (b Board) tradeURL(give *sc.Element) string {
	q := url.Values{"v": {b.v()}, "ui": {"trade"}}
	if give != nil {
		q.Set("ui", "trade."+give.String())
	}
	if b.Shared {
		q.Set("seen", b.v())
	}
	return b.Refresh + "?" + q.Encode()
}

// gainRow is the gains of one size (3, 2 or 1 oinks), for the trade's
// second step.
type gainRow struct {
	N     int
	Gains []gainOption
}

// gainOption is one legal gain with what the decider holds after it.
type gainOption struct {
	Action sc.Action
	ID     string   // data-testid: trade-gain-TIDE2-GALE1
	After  []string // per element gained: "Tide 0 → 2"
	// PutBack is how many oinks go back after the trade (more than 5 held).
	PutBack int
}

// gainRows lays out a give's gains by size, the biggest first, each with
// the counts after the trade; in a size, in element order (the most Ash
// first, then Tide...), so the same gain is always in the same place.
func (b Board) gainRows(g actionGroup) []gainRow {
	held := b.heldBy(b.Decider)
	opts := slices.Clone(g.Options)
	slices.SortStableFunc(opts, func(x, y sc.Action) int {
		if d := total(sc.Oinks(y.Oinks)) - total(sc.Oinks(x.Oinks)); d != 0 {
			return d
		}
		for e := range x.Oinks {
			if x.Oinks[e] != y.Oinks[e] {
				return y.Oinks[e] - x.Oinks[e]
			}
		}
		return 0
	})
	var rows []gainRow
	for _, a := range opts {
		n := total(sc.Oinks(a.Oinks))
		if len(rows) == 0 || rows[len(rows)-1].N != n {
			rows = append(rows, gainRow{N: n})
		}
		var id, after []string
		for e, k := range a.Oinks {
			if k > 0 {
				el := sc.Element(e)
				id = append(id, el.String()+strconv.Itoa(k))
				after = append(after, fmt.Sprintf("%s %d → %d", b.elName(el), held[e], held[e]+k))
			}
		}
		r := &rows[len(rows)-1]
		r.Gains = append(r.Gains, gainOption{
			Action:  a,
			ID:      "trade-gain-" + strings.Join(id, "-"),
			After:   after,
			PutBack: max(total(sc.Oinks(held))-1+n-sc.MaxOinks, 0),
		})
	}
	return rows
}

// tradeDecline is the follow-up's "No trade" answer.
func (b Board) tradeDecline() (sc.Action, bool) {
	for _, a := range b.actionsOf(sc.ActFollow) {
		if a.Decline {
			return a, true
		}
	}
	return sc.Action{}, false
}

// tileNames names the insignias of a tile: "Ash, Tide and Gale".
func (b Board) tileNames(ctx context.Context, t sc.TileView) string {
	names := make([]string, len(t.Insignias))
	for i, e := range t.Insignias {
		names[i] = b.elName(e)
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + lang.T(ctx, lang.SCAnd) + names[len(names)-1]
}

// exchangeGroups lists the legal exchanges (never the given element taken
// back) whose count the supply can cover, grouped by the oink given; in
// each group by element taken, the most first.
func (b Board) exchangeGroups() []actionGroup {
	var out []actionGroup
	for _, a := range b.Choices.Exchanges {
		if a.Give == a.Take || a.Count < 1 || a.Count > b.Snap.Supply[a.Take] {
			continue
		}
		i := slices.IndexFunc(out, func(g actionGroup) bool { return g.Give == a.Give })
		if i < 0 {
			out = append(out, actionGroup{Give: a.Give})
			i = len(out) - 1
		}
		out[i].Options = append(out[i].Options, a)
	}
	for _, g := range out {
		slices.SortStableFunc(g.Options, func(x, y sc.Action) int {
			if x.Take != y.Take {
				return int(x.Take) - int(y.Take)
			}
			return y.Count - x.Count
		})
	}
	return out
}

func (b Board) exchangeLabel(ctx context.Context, a sc.Action) string {
	return lang.T(ctx, lang.SCExchangeOption, b.elName(a.Give), a.Count, b.elName(a.Take))
}

func (b Board) tileKind(ctx context.Context, t sc.TileView) string {
	switch t.Kind {
	case sc.KindGain:
		return lang.T(ctx, lang.SCKindGain, b.elName(t.Insignias[0]))
	case sc.KindChoose:
		return lang.T(ctx, lang.SCKindChoose)
	case sc.KindTrade:
		return lang.T(ctx, lang.SCKindTrade)
	case sc.KindArena:
		return lang.T(ctx, lang.SCKindArena)
	}
	return ""
}

func (b Board) drawRounds() [][]sc.DrawView { return b.Snap.Draw }

func (b Board) winnerNames(ctx context.Context) string {
	return b.names(ctx, b.Snap.Winners)
}

// tieNote explains how the winners were found when points were level.
func (b Board) tieNote(ctx context.Context) string {
	if len(b.Scores) == 0 || len(b.Snap.Winners) == 0 {
		return ""
	}
	top := b.Scores[b.Snap.Winners[0]]
	var level []sc.PlayerScore
	for _, s := range b.Scores {
		if s.Points == top.Points {
			level = append(level, s)
		}
	}
	if len(level) < 2 {
		return ""
	}
	var names []string
	for _, s := range level {
		names = append(names, s.Name)
	}
	note := lang.T(ctx, lang.SCTieLevel, strings.Join(names, ", "), top.Points)
	sameEl := true
	for _, s := range level {
		if s.Elements != top.Elements {
			sameEl = false
		}
	}
	if !sameEl {
		return note + lang.T(ctx, lang.SCTieFirst, top.Elements)
	}
	note += lang.T(ctx, lang.SCTieSameElements, top.Elements)
	sameOinks := true
	for _, s := range level {
		if s.Oinks != top.Oinks {
			sameOinks = false
		}
	}
	if !sameOinks {
		return note + lang.T(ctx, lang.SCTieSecond, top.Oinks)
	}
	return note + lang.T(ctx, lang.SCTieShared)
}

func (b Board) seatClass(seat int) string {
	c := "player"
	if seat == b.Decider && !b.Over {
		c += " deciding"
	}
	if b.Over && b.Scores[seat].Winner {
		c += " won"
	}
	return c
}

func ordinal(slot int) string { return strconv.Itoa(slot + 1) }

func (b Board) affordableSlot(slot int) bool {
	_, ok := b.scribeFrom(sc.FromRow, slot)
	return ok
}

func (b Board) affordableReserve(i int) bool {
	_, ok := b.scribeFrom(sc.FromReserve, i)
	return ok
}

// ranked lists the scores best first (winners first, then by points).
func (b Board) ranked() []sc.PlayerScore {
	out := append([]sc.PlayerScore(nil), b.Scores...)
	slices.SortStableFunc(out, func(x, y sc.PlayerScore) int {
		if x.Winner != y.Winner {
			if x.Winner {
				return -1
			}
			return 1
		}
		if x.Points != y.Points {
			return y.Points - x.Points
		}
		if x.Elements != y.Elements {
			return y.Elements - x.Elements
		}
		return y.Oinks - x.Oinks
	})
	return out
}

func (b Board) doubledText(ctx context.Context, s sc.PlayerScore) string {
	var parts []string
	for _, es := range s.ByElement {
		if es.Doubled {
			parts = append(parts, lang.T(ctx, lang.SCDoubled, b.elName(es.Element), es.Face, es.Points))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return ", " + strings.Join(parts, ", ")
}

// waitingJoins says a seat still waits for its phone.
func (b Board) waitingJoins() bool {
	for _, j := range b.Joins {
		if !j.Joined {
			return true
		}
	}
	return false
}

// heldBy is what a seat holds, as the viewer's snapshot shows it.
func (b Board) heldBy(seat int) [sc.NumElements]int {
	if seat >= 0 && seat < len(b.Snap.Players) {
		return b.Snap.Players[seat].Oinks
	}
	return [sc.NumElements]int{}
}

// focusID is the control that takes the focus when the screen is drawn
// after a tap: the first choice of the decision at hand, so the next tap is
// one key or one thumb away.
func (b Board) focusID() string {
	if !b.Acting {
		return ""
	}
	switch b.Choices.Decision {
	case sc.DecideMain:
		if len(b.Choices.Takes) > 0 {
			a := b.Choices.Takes[0]
			return "take-" + a.Elements[0].String() + "-" + a.Elements[1].String()
		}
	case sc.DecideDiscard:
		if acts := b.actionsOf(sc.ActDiscard); len(acts) > 0 {
			return "discard-" + b.oinkText(acts[0].Oinks)
		}
	case sc.DecideFollow:
		gs := b.tradeGroups()
		if len(gs) == 0 {
			if acts := b.actionsOf(sc.ActFollow); len(acts) > 0 {
				return "follow-" + acts[0].Element.String()
			}
		}
		// The trade's second step: its first gain (the first step's
		// first give is a link and carries autofocus itself).
		if g, ok := b.tradeChosen(gs); ok {
			if rows := b.gainRows(g); len(rows) > 0 {
				return rows[0].Gains[0].ID
			}
		}
	}
	return ""
}
