package spellsarrows

import (
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strings"

	"github.com/grimoire-games/grimoire/rules/record"
	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
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
	// the play layer ("" embeds none, as for a spectator).
	Record string
	// Step is the query of a GET step of the screen: the giant leap being
	// aimed (ui=leap.SPAN, then ui=leap.SPAN.SPAN); nil after a write.
	Step url.Values
}

// Play replays a record's actions and returns the final state with one log
// sentence per action.
func Play(setupJSON json.RawMessage, seed int64, actions []json.RawMessage) (sa.State, []string, error) {
	p, err := playAll(setupJSON, seed, actions)
	return p.st, p.lines, err
}

// played replays a record like Play and also keeps the snapshots around the
// last action, which the announcement is made from.
type played struct {
	st            sa.State
	lines         []string
	before, after sa.Snapshot
	last          sa.Action
	any           bool
}

func playAll(setupJSON json.RawMessage, seed int64, actions []json.RawMessage) (played, error) {
	var p played
	p.lines = make([]string, 0, len(actions))
	n := 0
	st, err := record.Play(sa.Rules(), setupJSON, seed, actions, func(before sa.State, a sa.Action, after sa.State) {
		p.lines = append(p.lines, sa.Describe(before, a, after))
		n++
		if n == len(actions) {
			p.before, p.after, p.last, p.any = before.Snapshot(), after.Snapshot(), a, true
		}
	})
	if record.IsSetupError(err) {
		err = fmt.Errorf("setup: %w", err)
	}
	p.st = st
	return p, err
}

// Build draws the board after the source's actions. The version shown is the
// log length the caller passes (undo entries count, so it is not simply the
// number of actions).
func Build(src Source, version int) (Board, error) {
	pl, err := playAll(src.Setup, src.Seed, src.Actions)
	if err != nil {
		return Board{}, err
	}
	st, lines := pl.st, pl.lines
	setup := st.Setup()
	deck := st.Deck()
	cards := make(map[int]sa.Card, len(deck.Cards))
	for _, cd := range deck.Cards {
		cards[cd.Number] = cd
	}
	b := Board{
		GameID: src.GameID, Title: src.Title, Version: version, Watch: src.Watch,
		CSRF: src.CSRF, SpyName: setup.Spy, MageName: setup.Mage,
		Snap: st.Snapshot(), Choices: sa.Legal(st), Map: st.Map(), Cards: cards, Options: setup.Options,
		RulesURL: "/rules/" + record.SpellsArrows,
	}
	if src.Watch {
		b.Refresh = "/watch/" + src.SpectatorToken
		b.SheetURL = b.Refresh + "/sheet"
		if b.Snap.Over {
			b.ExportURL = b.Refresh + "/export"
		}
	} else {
		base := "/g/" + src.GameID
		b.Post, b.UndoURL, b.Refresh, b.LogURL = base+"/act", base+"/undo", base, base+"/log"
		b.WatchURL = "/watch/" + src.SpectatorToken
		b.SheetURL, b.ExportURL = base+"/sheet", base+"/export"
		b.NewURL = "/new/" + record.SpellsArrows + "?from=" + src.GameID
		if n := len(lines); n > 0 {
			b.CanUndo, b.UndoWhat = true, lines[n-1]
		}
		b.Record = src.Record
	}
	b.Seq = len(src.Actions)
	if pl.any {
		b.Announce = Announcement(pl.before, pl.after, pl.last, lines[len(lines)-1], setup.Spy, setup.Mage)
	}
	b.aim(src.Step)
	first := max(len(lines)-4, 0)
	for i := first; i < len(lines); i++ {
		b.LogTail = append(b.LogTail, LogLine{N: i + 1, Text: lines[i]})
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
