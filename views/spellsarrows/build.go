package spellsarrows

import (
	"encoding/json"
	"fmt"

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
}

// Play replays a record's actions and returns the final state with one log
// sentence per action.
func Play(setupJSON json.RawMessage, seed int64, actions []json.RawMessage) (sa.State, []string, error) {
	lines := make([]string, 0, len(actions))
	st, err := record.Play(sa.Rules(), setupJSON, seed, actions, func(before sa.State, a sa.Action, after sa.State) {
		lines = append(lines, sa.Describe(before, a, after))
	})
	if record.IsSetupError(err) {
		err = fmt.Errorf("setup: %w", err)
	}
	return st, lines, err
}

// Build draws the board after the source's actions. The version shown is the
// log length the caller passes (undo entries count, so it is not simply the
// number of actions).
func Build(src Source, version int) (Board, error) {
	st, lines, err := Play(src.Setup, src.Seed, src.Actions)
	if err != nil {
		return Board{}, err
	}
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
	first := max(len(lines)-4, 0)
	for i := first; i < len(lines); i++ {
		b.LogTail = append(b.LogTail, LogLine{N: i + 1, Text: lines[i]})
	}
	return b, nil
}
