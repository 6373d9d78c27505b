package scribes

import (
	"encoding/json"
	"fmt"

	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/rules/say"
	sc "github.com/grimoire-games/grimoire/rules/scribes"
	"github.com/grimoire-games/grimoire/views/offline"
)

// Source is what a screen is drawn from: the game's record, the seats and
// who looks. Building a Board needs nothing else (no server, no store), so
// the same code can draw the screen wherever the record is.
type Source struct {
	GameID         string
	Title          string
	SpectatorToken string
	Watch          bool // read-only view (spectator)
	CSRF           string
	Setup          json.RawMessage
	Seed           int64
	Actions        []json.RawMessage // the actions in force, in order
	// Seat is the device's seat; -1 is the scorekeeper of a game passed
	// around one phone, who acts for every person seat.
	Seat int
	// Owner: the device created the game (it sees the join links).
	Owner bool
	// Revealed: on a shared phone, the person to play has tapped the
	// privacy screen away for this version.
	Revealed bool
	// Seats lists the seats waiting to be joined from another phone
	// (empty when the game is passed around one phone).
	Joins []Join
	// Offline: drawn on the phone without network; bots wait for it.
	Offline bool
	// Record is the table the page embeds for offline play, as play made it
	// (nil for a spectator, who never plays), made only when drawn.
	Record offline.Record
	// TradeGive is the element code picked at the first step of a
	// three-insignia trade ("" none); a give the rules do not offer now is
	// ignored, and the first step shows again.
	TradeGive string
}

// Join is one seat's join link.
type Join struct {
	Seat   int
	Name   string
	Path   string // /join/TOKEN
	Joined bool
}

// Play replays a record's actions and returns the states (one more than the
// actions: the start, then after each) and one log sentence per action.
func Play(setupJSON json.RawMessage, seed int64, actions []json.RawMessage) ([]sc.State, []sc.Action, []say.Text, error) {
	states := make([]sc.State, 0, len(actions)+1)
	acts := make([]sc.Action, 0, len(actions))
	lines := make([]say.Text, 0, len(actions))
	st, err := record.Play(sc.Rules(), setupJSON, seed, actions, func(before sc.State, a sc.Action, after sc.State) {
		if len(states) == 0 {
			states = append(states, before)
		}
		lines = append(lines, sc.Describe(before, a, after))
		acts = append(acts, a)
		states = append(states, after)
	})
	if record.IsSetupError(err) {
		return nil, nil, nil, fmt.Errorf("setup: %w", err)
	}
	if len(states) == 0 {
		// No action applied: Play returned the start.
		states = append(states, st)
	}
	return states, acts, lines, err
}

// BotOf names the bot playing a seat ("" for a person).
func BotOf(setup sc.Setup, seat int) string {
	if seat >= 0 && seat < len(setup.Bots) {
		return setup.Bots[seat]
	}
	return ""
}

// Build draws the board after the source's actions. The version shown is the
// log length the caller passes (undo entries count).
func Build(src Source, version int) (Board, error) {
	p, err := Replayed(src.Setup, src.Seed, src.Actions)
	if err != nil {
		return Board{}, err
	}
	return BuildPlayed(src, version, p)
}

// logTail is how many of the latest log lines the board shows.
const logTail = 6

// BuildPlayed is Build from the game already played: p must be the
// source's actions played (Replayed, or Next after Next).
func BuildPlayed(src Source, version int, p Played) (Board, error) {
	if p.N != len(src.Actions) {
		return Board{}, fmt.Errorf("the game was played to action %d, not %d", p.N, len(src.Actions))
	}
	setup, st := p.Trail.Setup, p.State
	ch := sc.Legal(st)
	decider := st.Decider()
	b := Board{
		GameID: src.GameID, Title: src.Title, Version: version, Watch: src.Watch,
		CSRF: src.CSRF, Seat: src.Seat, Data: st.Data(), Setup: setup,
		RulesURL: "/rules/" + record.ArcaneScribes, Decider: decider, Over: st.Over(),
		Joins: src.Joins, Owner: src.Owner,
		Record: src.Record, Offline: src.Offline,
	}
	for i := range setup.Players {
		if BotOf(setup, i) == "" {
			b.People++
		}
	}
	shared := src.Seat < 0 && !src.Watch
	b.Shared = shared
	deciderBot := decider >= 0 && BotOf(setup, decider) != ""
	// The last person to decide still holds a shared phone.
	lastPerson := -1
	if p.Trail.person >= 0 {
		lastPerson = p.Trail.byPerson.Act.Seat
	}
	viewer := src.Seat
	switch {
	case src.Watch:
		viewer = src.Seat // a spectator's is -1; a replay keeps its seat's
	case shared && decider >= 0 && !deciderBot:
		viewer = decider
		if b.People > 1 && lastPerson != decider && !src.Revealed {
			b.HandTo, viewer = setup.Players[decider], -1
			b.RevealURL = fmt.Sprintf("/g/%s?v=%d&seen=%d", src.GameID, version, version)
		}
	case shared:
		viewer = lastPerson
	}
	if st.Over() {
		b.Snap = st.Snapshot() // the game is over: every reserve is shown
	} else {
		b.Snap = st.View(viewer)
	}
	b.Viewer = viewer
	b.Scores = sc.Score(st)
	if !src.Watch {
		base := "/g/" + src.GameID
		b.Post, b.UndoURL, b.Refresh, b.LogURL, b.BotURL = base+"/act", base+"/undo", base, base+"/log", base+"/bot"
		b.WatchURL = "/watch/" + src.SpectatorToken
		b.NewURL = "/new/" + record.ArcaneScribes + "?from=" + src.GameID
		b.SheetURL, b.ReplayURL = base+"/sheet", base+"/replay"
		// The record shows the deck order and reserved cards: a seated
		// player may export it once the game is over, the scorekeeper of a
		// shared phone always (handlers/records.go).
		if src.Seat < 0 || st.Over() {
			b.ExportURL = base + "/export"
		}
		if !st.Over() && decider >= 0 {
			if deciderBot {
				b.BotPending = true
			} else if b.HandTo == "" && (src.Seat == decider || src.Seat < 0) {
				b.Acting, b.Choices = true, ch
			}
		}

	} else {
		b.Refresh = "/watch/" + src.SpectatorToken
		b.SheetURL, b.ReplayURL = b.Refresh+"/sheet", b.Refresh+"/replay"
		if st.Over() {
			b.ExportURL = b.Refresh + "/export"
		}
	}
	// Only the lines the board shows are read and named: the tail, the
	// undo's and the announcement's.
	over := st.Over()
	if !src.Watch {
		if n, back, err := p.Trail.UndoPlan(src.Seat); err == nil && n > 0 {
			what := back.lineFor(viewer, over)
			if n > 1 {
				what = what.Then(say.N(n-1, " (and %d bot move after it)", " (and %d bot moves after it)"))
			}
			b.CanUndo, b.UndoWhat = true, what
		}
	}
	tail := p.Trail.Moves.Tail(logTail)
	first := p.N - len(tail)
	for i, m := range tail {
		b.LogTail = append(b.LogTail, LogLine{N: first + i + 1, Text: m.lineFor(viewer, over)})
	}
	if b.Acting && b.Choices.Decision == sc.DecideFollow && src.TradeGive != "" {
		if e, err := sc.ParseElement(src.TradeGive); err == nil {
			b.TradeGive, b.TradePicked = e, true
			_, b.TradePicked = b.tradeChosen(b.tradeGroups())
		}
	}
	b.Moves = p.N
	if n := len(b.LogTail); n > 0 {
		b.Announce = announce(setup, tail[n-1].Act, b.LogTail[n-1].Text, over)
	}
	if !src.Watch && !st.Over() {
		b.Stalled, b.Proposal = ch.Stalled, ch.Proposal
		for _, a := range ch.End {
			if src.Seat < 0 || src.Seat == a.Seat {
				b.End = append(b.End, a)
			}
		}
	}
	return b, nil
}

// announce is the news of the last action for the announcement region: a
// bot's move ("Bot move: Ben took Ash + Tide") or the end of the game. last
// is its line as the board shows it.
func announce(setup sc.Setup, a sc.Action, last say.Text, over bool) say.Text {
	switch {
	case BotOf(setup, a.Seat) != "":
		return say.F("Bot move: %s.", last)
	case over:
		return say.F("%s.", last)
	}
	return say.Text{}
}
