package spellsarrows

import (
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strings"

	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/rules/say"
	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
	"github.com/grimoire-games/grimoire/views/offline"
)

// Source is what a screen is drawn from: the game's record and who looks.
// Building a Board needs nothing else (no server, no store), so the same
// code can draw the screen wherever the record is.
type Source struct {
	GameID         string
	Title          string
	SpectatorToken string
	Watch          bool // read-only view
	CSRF           string
	Setup          json.RawMessage
	Seed           int64
	Actions        []json.RawMessage // the actions in force, in order
	// Record is the game as the page embeds it for offline play, decided by
	// the play layer (nil embeds none, as for a spectator), made only when
	// drawn.
	Record offline.Record
	// Step is the query of a GET step of the screen: the giant leap being
	// aimed (ui=leap.SPAN, then ui=leap.SPAN.SPAN); nil after a write.
	Step url.Values
}

// Play replays a record's actions and returns the final state with one log
// sentence per action.
func Play(setupJSON json.RawMessage, seed int64, actions []json.RawMessage) (sa.State, []say.Text, error) {
	lines := make([]say.Text, 0, len(actions))
	st, err := record.Play(sa.Rules(), setupJSON, seed, actions, func(before sa.State, a sa.Action, after sa.State) {
		lines = append(lines, sa.Describe(before, a, after))
	})
	if record.IsSetupError(err) {
		err = fmt.Errorf("setup: %w", err)
	}
	return st, lines, err
}

// TailLines is how many of the latest log lines the screen shows (the whole
// log is a page of its own).
const TailLines = 4

// Played is a game after its actions with what its screen needs of the way
// there (Recent). Next moves it on by one action, so a server that keeps a
// Played draws the next screen without replaying the game.
type Played = record.Played[sa.State, sa.Action, Recent]

// Recent is what a Played keeps of the way: the latest log lines, and the
// state before the last action (the announcement is made from both sides
// of it).
type Recent struct {
	// Tail are the last min(N, TailLines) log lines, newest last.
	Tail []say.Text
	prev sa.State // before the last action (N > 0)
	last sa.Action
	// snap and prevSnap are the state's and prev's snapshots, taken once
	// (nil: not taken yet), and court the court's placing from the map:
	// Moved hands them on, so a tap takes one snapshot and places nothing.
	snap, prevSnap *sa.Snapshot
	court          *courtLayout
}

// Replayed replays a record's actions. Only the actions whose lines the
// screen shows are described.
func Replayed(setupJSON json.RawMessage, seed int64, actions []json.RawMessage) (Played, error) {
	p, err := record.Replay(sa.Rules(), Recent{}, setupJSON, seed, actions)
	if err == nil && p.Trail.snap == nil { // no action: nothing moved it
		sn := p.State.Snapshot()
		p.Trail.snap, p.Trail.court = &sn, newCourtLayout(p.State.SharedMap())
	}
	return p, err
}

// Apply is the rules' Apply.
func (Recent) Apply(s sa.State, a sa.Action) (sa.State, error) { return sa.Apply(s, a) }

// Moved is r after a took the game from before to after. Of a replay, only
// the lines the screen shows are worded, and only the last action's sides
// are kept.
func (r Recent) Moved(before sa.State, a sa.Action, after sa.State, left int) Recent {
	if left >= TailLines {
		return r
	}
	tail := r.Tail
	if len(tail) == TailLines {
		tail = tail[1:]
	}
	next := make([]say.Text, len(tail), TailLines)
	copy(next, tail)
	next = append(next, sa.Describe(before, a, after))
	if left > 0 {
		return Recent{Tail: next}
	}
	court := r.court
	if court == nil {
		court = newCourtLayout(after.SharedMap())
	}
	sn := after.Snapshot()
	return Recent{Tail: next, prev: before, last: a, snap: &sn, prevSnap: r.snap, court: court}
}

// Same says o keeps the same lines: the snapshots are memos, taken at
// different moments by a replay and by Next after Next.
func (r Recent) Same(o Recent) bool { return slices.EqualFunc(r.Tail, o.Tail, say.Text.Equal) }

// Build draws the board after the source's actions. The version shown is the
// log length the caller passes (undo entries count, so it is not simply the
// number of actions).
func Build(src Source, version int) (Board, error) {
	p, err := Replayed(src.Setup, src.Seed, src.Actions)
	if err != nil {
		return Board{}, err
	}
	return BuildPlayed(src, version, p)
}

// BuildPlayed is Build from the game already played: p must be the source's
// actions played (Replayed, or Next after Next).
func BuildPlayed(src Source, version int, p Played) (Board, error) {
	if p.N != len(src.Actions) {
		return Board{}, fmt.Errorf("the game was played to action %d, not %d", p.N, len(src.Actions))
	}
	st, tail := p.State, p.Trail.Tail
	setup := st.Setup()
	snap := p.Trail.snap
	if snap == nil {
		sn := st.Snapshot()
		snap = &sn
	}
	b := Board{
		GameID: src.GameID, Title: src.Title, Version: version, Watch: src.Watch,
		CSRF: src.CSRF, SpyName: setup.Spy, MageName: setup.Mage,
		Snap: *snap, Choices: sa.Legal(st), Map: st.SharedMap(), Cards: st.SharedDeck().Cards, Options: setup.Options,
		RulesURL: "/rules/" + record.SpellsArrows,
	}
	if src.Watch {
		b.Refresh = "/watch/" + src.SpectatorToken
		b.SheetURL, b.ReplayURL = b.Refresh+"/sheet", b.Refresh+"/replay"
		if b.Snap.Over {
			b.ExportURL = b.Refresh + "/export"
		}
	} else {
		base := "/g/" + src.GameID
		b.Post, b.UndoURL, b.Refresh, b.LogURL = base+"/act", base+"/undo", base, base+"/log"
		b.WatchURL = "/watch/" + src.SpectatorToken
		b.SheetURL, b.ExportURL, b.ReplayURL = base+"/sheet", base+"/export", base+"/replay"
		b.NewURL = "/new/" + record.SpellsArrows + "?from=" + src.GameID
		if n := len(tail); n > 0 {
			b.CanUndo, b.UndoWhat = true, tail[n-1]
		}
		b.Record = src.Record
	}
	b.Seq = p.N
	if p.N > 0 {
		prev := p.Trail.prevSnap
		if prev == nil {
			sn := p.Trail.prev.Snapshot()
			prev = &sn
		}
		b.Announce = Announcement(*prev, b.Snap, p.Trail.last, tail[len(tail)-1], setup.Spy, setup.Mage)
	}
	b.aim(src.Step)
	b.layout = p.Trail.court
	b.spans, b.locs, b.travel = b.spansNow(), b.locsNow(), travelText(b.Snap.Spy.Travel)
	for i, line := range tail {
		b.LogTail = append(b.LogTail, LogLine{N: p.N - len(tail) + i + 1, Text: line})
	}
	return b, nil
}

// aim reads the giant leap being aimed from the step's ui: the giant first,
// then the span it lands on. Only choices the rules offer now are taken, so
// a stale or forged step shows the first step again.
func (b *Board) aim(step url.Values) {
	b.Stepped = strings.HasPrefix(step.Get("ui"), "leap")
	ui, ok := strings.CutPrefix(step.Get("ui"), "leap.")
	if !ok || !b.allows(sa.TypeLeap) {
		return
	}
	from, to, _ := strings.Cut(ui, ".")
	if !slices.Contains(b.Choices.LeapGiants, from) {
		return
	}
	b.LeapFrom = from
	if slices.Contains(b.Choices.LeapSpans, to) {
		b.LeapTo = to
	}
}
