// Package spellsarrows draws the courtside screen of Spells & Arrows: the
// status strip, the shooting controls, the court as SVG from the map data,
// the spell cards and the log tail. Each part is a fragment with a fixed id,
// so an htmx response can carry just the parts that changed.
package spellsarrows

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"github.com/grimoire-games/grimoire/lang"
	"github.com/grimoire-games/grimoire/rules/say"
	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
	"github.com/grimoire-games/grimoire/views"
	"github.com/grimoire-games/grimoire/views/offline"
)

// Board is everything the game screen shows.
type Board struct {
	GameID    string
	Title     string
	Version   int
	Watch     bool   // read-only: no buttons
	Post      string // form action for game actions
	UndoURL   string
	Refresh   string // GET that returns the fragments changed since a version
	LogURL    string
	RulesURL  string
	WatchURL  string // spectator link to share ("" on the spectator's own screen)
	ExportURL string
	SheetURL  string
	ReplayURL string // the replay of any moment (docs/replay.md)
	NewURL    string // "new game with the same players"
	CSRF      string
	SpyName   string
	MageName  string
	Snap      sa.Snapshot
	Choices   sa.Choices
	// Map and Cards are the game's world, shared with every state of the
	// game (sa.State.SharedMap): read only. Card n is Cards[n-1].
	Map      sa.Map
	Cards    []sa.Card
	Options  sa.Options
	LogTail  []LogLine // newest last
	CanUndo  bool
	UndoWhat say.Text // the line the undo would take back
	// Record is the game's record for the offline page (nil for
	// spectators, who never play offline), made when drawn.
	Record offline.Record
	// Charts are the players' shot charts, drawn on the end screen.
	Charts []ShotChart
	// Seq is the number of actions in force and Announce what is said
	// about the last of them: the strip's words (Text, "" for an ordinary
	// tap) and the calls a phone speaks.
	Seq      int
	Announce views.Said
	// LeapFrom and LeapTo are the giant leap being aimed (span keys), in
	// the order the mage taps them; "" until tapped.
	LeapFrom, LeapTo string
	// Stepped says the screen answers a GET step of aiming (ui=leap...).
	Stepped bool

	// Worked out once by Build, as the screen draws them more than once:
	// courtSpans (from layout, the game's shared placing of them),
	// courtLocs and travelText.
	spans  []courtSpan
	layout *courtLayout
	locs   []courtLoc
	travel string
}

// LogLine is one numbered sentence of the game log.
type LogLine struct {
	N    int
	Text say.Text
}

// Fragment ids: the page has one element per fragment, htmx swaps by id.
const (
	FragStatus   = "sa-status"
	FragControls = "sa-controls"
	FragCourt    = "sa-court"
	FragCourtNow = "sa-court-now" // inside FragCourt: what changes on the court
	FragCounters = "sa-counters"
	FragCards    = "sa-cards"
	FragLog      = "sa-log"
	FragLogLines = "sa-log-lines" // inside FragLog
)

func (b *Board) v() string { return strconv.Itoa(b.Version) }

func (b *Board) allows(t string) bool { return !b.Watch && b.Choices.Allows(t) }

func (b *Board) halfWord(ctx context.Context) string {
	if b.Snap.Over {
		return lang.T(ctx, lang.SABoardHalfOver)
	}
	if b.Snap.Half == "mage" {
		return lang.T(ctx, lang.SABoardHalfMage)
	}
	return lang.T(ctx, lang.SABoardHalfSpy)
}

// shooterClass colours the prompt by who acts now.
func (b *Board) shooterClass() string {
	switch {
	case b.Snap.Over:
		return "prompt over"
	case b.Choices.Shooter == "spy" || b.Choices.Phase == sa.PhaseSpyMove:
		return "prompt spy"
	default:
		return "prompt mage"
	}
}

// barClass colours the thumb bar by who acts now.
func (b *Board) barClass() string {
	if b.Choices.Phase == sa.PhaseResponse {
		return "bar-answer"
	}
	if b.Choices.Shooter == "spy" || b.Choices.Phase == sa.PhaseSpyMove {
		return "bar-spy"
	}
	return "bar-mage"
}

func (b *Board) actor(ctx context.Context) string {
	switch {
	case b.Snap.Over:
		return ""
	case b.Choices.Shooter == "spy" || b.Choices.Phase == sa.PhaseSpyMove:
		return lang.T(ctx, lang.SABoardActorSpy, b.SpyName)
	default:
		return lang.T(ctx, lang.SABoardActorMage, b.MageName)
	}
}

func (b *Board) winnerLine(ctx context.Context) string {
	switch b.Snap.Winner {
	case "spy":
		return lang.T(ctx, lang.SABoardSpyWins, b.SpyName)
	case "mage":
		return lang.T(ctx, lang.SABoardMageWins, b.MageName)
	}
	return lang.T(ctx, lang.SABoardGameOver)
}

// travelText is the spy's travel counters and their sum: "none", "3",
// "3+2 = 5", and from five counters on, how many of each: "4×3 + 3×2 =
// 18". A long row of digits is no use to a player reading the screen at
// the court (five of them fill the status strip's cell on a phone), and a
// spy that never reaches a gate can earn hundreds. Only "none" is a word:
// Build works out the digits once, without a language, and the word is
// put in when drawn.
func (b *Board) travelText(ctx context.Context) string {
	t := b.travel
	if t == "" {
		t = travelText(b.Snap.Spy.Travel)
	}
	if t == "" {
		return lang.T(ctx, lang.SABoardTravelNone)
	}
	return t
}

// travelListed is the most counters travelText writes one by one.
const travelListed = 4

// travelText is the digits of the spy's travel counters, "" for none.
func travelText(travel []int8) string {
	switch len(travel) {
	case 0:
		return ""
	case 1:
		return strconv.Itoa(int(travel[0]))
	}
	var sb strings.Builder
	sum := 0
	if len(travel) <= travelListed {
		for i, v := range travel {
			if i > 0 {
				sb.WriteByte('+')
			}
			sb.WriteString(strconv.Itoa(int(v)))
			sum += int(v)
		}
	} else {
		// How many of each value, highest first.
		var counts [128]int
		for _, v := range travel {
			if v > 0 {
				counts[v]++
			}
			sum += int(v)
		}
		for v := len(counts) - 1; v > 0; v-- {
			if counts[v] == 0 {
				continue
			}
			if sb.Len() > 0 {
				sb.WriteString(" + ")
			}
			sb.WriteString(strconv.Itoa(counts[v]))
			sb.WriteString("×")
			sb.WriteString(strconv.Itoa(v))
		}
	}
	sb.WriteString(" = ")
	sb.WriteString(strconv.Itoa(sum))
	return sb.String()
}

func (b *Board) locName(ctx context.Context, id string) string {
	if n := b.placeName(ctx, id); n != id {
		return id + " · " + n
	}
	return id
}

// placeName is a location's name alone ("West wing"), or its id.
func (b *Board) placeName(ctx context.Context, id string) string {
	for _, l := range b.Map.Locations {
		if l.ID == id && l.Name != "" {
			return mapName(ctx, placesIn, l.Name)
		}
	}
	return id
}

// card is card n of the deck.
func (b *Board) card(n int) (sa.Card, bool) {
	if n < 1 || n > len(b.Cards) || b.Cards[n-1].Number != n {
		return sa.Card{}, false
	}
	return b.Cards[n-1], true
}

func (b *Board) cardName(n int) string {
	if c, ok := b.card(n); ok {
		return c.Name
	}
	return "card " + strconv.Itoa(n)
}

func (b *Board) castCard() (sa.Card, bool) {
	if b.Snap.Cast == nil {
		return sa.Card{}, false
	}
	return b.card(b.Snap.Cast.Card)
}

// pips returns n booleans, the first on of them set.
func pips(on, n int) []bool {
	out := make([]bool, n)
	for i := range out {
		out[i] = i < on
	}
	return out
}

// effectWords says what a card does in a few words, in the language of
// ctx. An effect kind the screen has no words for (a custom deck's) is
// shown as the deck names it.
func effectWords(ctx context.Context, c sa.Card) string {
	e := c.Effect
	var base string
	switch e.Kind {
	case sa.EffectElf:
		base = lang.T(ctx, lang.SACountElfCones, e.Base)
	case sa.EffectGiant:
		base = lang.T(ctx, lang.SAEffectGiant, lang.T(ctx, lang.SACountCones, e.Base))
	case sa.EffectArrows:
		base = lang.T(ctx, lang.SACountArrows, e.Base)
	case sa.EffectLeaps:
		base = lang.T(ctx, lang.SACountLeaps, e.Base)
	case sa.EffectClock:
		base = lang.T(ctx, lang.SAEffectClock, e.Base)
	case sa.EffectBench:
		return lang.T(ctx, lang.SAEffectBench)
	default:
		base = e.Kind + " " + strconv.Itoa(e.Base)
	}
	if e.PerGrace > 0 {
		base = lang.T(ctx, lang.SAEffectPerGrace, base, e.PerGrace)
	}
	return base
}

// effectText is effectWords in English, for the rules page, which is not
// translated yet.
func effectText(c sa.Card) string { return effectWords(context.Background(), c) }

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// sorted returns the cards of ns, in order.
func (b *Board) cardsOf(ns []int) []sa.Card {
	out := make([]sa.Card, 0, len(ns))
	for _, n := range ns {
		if c, ok := b.card(n); ok {
			out = append(out, c)
		}
	}
	slices.SortFunc(out, func(x, y sa.Card) int { return x.Number - y.Number })
	return out
}

// Fragments lists the parts of the game screen in page order; the handler
// sends those whose HTML changed.
func Fragments(b *Board) []views.Fragment {
	// Room for the announcement and the record, appended below.
	out := make([]views.Fragment, 0, 10)
	out = append(out, []views.Fragment{
		{ID: FragStatus, Component: Status(b)},
		{ID: FragControls, Component: Controls(b)},
		// The map is the same at every version, so an answer after the
		// first never carries it; what changes on it comes after it, as
		// drawing the map empties the overlay's element. It is drawn from
		// the map data alone (courtFrame), hence Fixed.
		{ID: FragCourt, Component: CourtMap(b), Fixed: true},
		{ID: FragCourtNow, Component: CourtNow(b)},
		{ID: FragCards, Component: Cards(b)},
		{ID: FragCounters, Component: Counters(b)},
		// The links under the log change seldom; its lines at every action.
		{ID: FragLog, Component: LogLinks(b)},
		{ID: FragLogLines, Component: LogLines(b)},
	}...)
	// A step of aiming a leap draws the controls and the court from a
	// selection the unselected "before" does not show: send them anyway.
	out[1].Fresh, out[3].Fresh = b.Stepped, b.Stepped
	// The announcement changes with every action (its seq), so it is sent
	// after each one and not for a refused tap, which keeps the strip's words.
	an := views.AnnounceFragment(b.Seq, b.Announce)
	an.Fresh = false
	out = append(out, an)
	if b.Record != nil {
		out = append(out, views.Fragment{ID: offline.ElementID, Component: b.Record.Text()})
	}
	return out
}

// firstCastable says card n is the first castable card, where the focus
// goes in the mage phase.
func (b *Board) firstCastable(n int) bool {
	for _, cc := range b.Choices.Cards {
		if cc.Castable {
			return cc.Card.Number == n
		}
	}
	return false
}

// benchForm is the id of the Librarian's Bench form: its choices are on the
// page, its Confirm in the thumb bar (form=benchForm), so the bar stays the
// size of a prompt and two buttons.
const benchForm = "sa-bench"

// benchHint is the bench prompt, which names the cut when one is needed.
func (b *Board) benchHint(ctx context.Context) string {
	if len(b.Choices.CutCards) > 0 {
		return lang.T(ctx, lang.SABoardBenchCutHint)
	}
	return lang.T(ctx, lang.SABoardBenchHint)
}
