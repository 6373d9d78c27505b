//go:build !js

package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/play/club"
	"github.com/grimoire-games/grimoire/play/session"
	records "github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/store/sqlite"
	"github.com/grimoire-games/grimoire/views"
)

// TestLeagueOnThePhoneIsTheServers: the league table the phone's module
// draws with no network (leagueHTML, over the games saved on the phone as
// static/offline.js keeps them, with the start days the league page hands
// it) is byte for byte the table the server's league page draws over the
// same games, for every game and role; the order the phone saved them in
// does not matter.
func TestLeagueOnThePhoneIsTheServers(t *testing.T) {
	ctx := t.Context()
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "league.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	kinds := games()
	n := 0
	svc := club.New(st, session.New(st, kinds, nil), kinds, time.Now, func(int) string { n++; return fmt.Sprintf("id%d", n) })

	day := time.Date(2026, 3, 2, 18, 0, 0, 0, time.UTC)
	type game struct {
		file, from, to string
		days           int // after day
	}
	var saved []savedRecord
	for i, g := range []game{
		{"rules/spellsarrows/testdata/random-1.json", "", "", 0},
		{"rules/spellsarrows/testdata/random-2.json", `"Ben"`, `"Cy"`, 0},
		{"rules/spellsarrows/testdata/random-3.json", `"Ana"`, `"Cy"`, 1},
		{"rules/spellsarrows/testdata/spy-wins-by-escapes.json", "", "", 3},
		{"rules/spellsarrows/testdata/mage-wins-on-turns.json", "", "", 3},
		{"rules/spellsarrows/testdata/mage-wins-by-capture.json", `"Ana"`, `"Dee"`, 9},
		{"rules/scribes/testdata/three-mixed.record.json", "", "", 0},
		{"rules/scribes/testdata/five-greedy.record.json", "", "", 2},
		{"rules/scribes/testdata/two-greedy.record.json", "", "", 2},
		{"rules/tower/testdata/mage-wins.json", "", "", 1},
		{"rules/tower/testdata/general-wins.json", "", "", 4},
	} {
		raw, err := os.ReadFile(filepath.Join("..", "..", g.file))
		if err != nil {
			t.Fatal(err)
		}
		text := string(raw)
		if g.from != "" {
			text = strings.ReplaceAll(text, g.from, g.to)
		}
		rec, err := records.Parse([]byte(text))
		if err != nil {
			t.Fatalf("%s: %v", g.file, err)
		}
		k, ok := play.Find(kinds, rec.Game)
		if !ok {
			t.Fatalf("%s: no game %s", g.file, rec.Game)
		}
		title, _ := k.Title(rec.Setup)
		started := day.AddDate(0, 0, g.days).Add(time.Duration(i) * time.Minute)
		sg := store.Game{ID: fmt.Sprintf("game%02d", i), SpectatorToken: fmt.Sprintf("watch%02d", i), Kind: rec.Game, Title: title, Owner: "phone", Seed: rec.Seed, Setup: rec.Setup,
			Version: len(rec.Actions), Created: started, Updated: started.Add(time.Hour)}
		var log []store.Entry
		seats := make([]int, len(rec.Actions))
		for j, a := range rec.Actions {
			log = append(log, store.Entry{Seq: j + 1, Kind: store.KindAction, Action: a, Seat: play.Scorekeeper, At: started})
			seats[j] = play.Scorekeeper
		}
		if err := st.CreateGameWithLog(ctx, sg, nil, log); err != nil {
			t.Fatalf("%s: %v", g.file, err)
		}
		// The phone keeps the table its game page embedded, saved later
		// than the game was started, some on another day.
		tab := play.Table{Kind: rec.Game, GameID: sg.ID, Title: title, Setup: rec.Setup, Seed: rec.Seed, Actions: rec.Actions,
			ActionSeats: seats, Version: len(rec.Actions), Viewer: play.Scorekeeper, Owner: true}
		js, err := tab.JSON()
		if err != nil {
			t.Fatal(err)
		}
		saved = append(saved, savedRecord{Record: js, At: float64(started.Add(time.Duration(i*13) * time.Hour).UnixMilli())})
	}
	rand.New(rand.NewPCG(1, 2)).Shuffle(len(saved), func(i, j int) { saved[i], saved[j] = saved[j], saved[i] })
	savedJSON, err := json.Marshal(saved)
	if err != nil {
		t.Fatal(err)
	}

	differ := 0 // tables that the start days change
	for _, k := range kinds {
		r, ok := k.(play.Ranked)
		if !ok {
			continue
		}
		for _, role := range append([]string{""}, r.Roles()...) {
			t.Run(k.Info().ID+"/"+role, func(t *testing.T) {
				v, err := svc.League(ctx, club.Viewer{Device: "phone"}, k, r, role)
				if err != nil {
					t.Fatal(err)
				}
				if len(v.Rows) < 2 {
					t.Fatalf("the server's table has %d rows: the test needs a table", len(v.Rows))
				}
				var server strings.Builder
				if err := views.LeagueTable(v).Render(ctx, &server); err != nil {
					t.Fatal(err)
				}
				phone, err := leagueHTML(kinds, k.Info().ID, string(savedJSON), role, v.StartedJSON())
				if err != nil {
					t.Fatal(err)
				}
				if phone != server.String() {
					t.Fatalf("the phone draws\n%s\nthe server\n%s", phone, server.String())
				}
				// Without the start days (a page the server never drew) the
				// games count from when the phone saved them: the same
				// games in the table, rated over other days.
				undated, err := leagueHTML(kinds, k.Info().ID, string(savedJSON), role, "")
				if err != nil {
					t.Fatal(err)
				}
				if strings.Count(undated, `data-testid="league-row"`) != len(v.Rows) {
					t.Fatalf("without start days the phone draws\n%s", undated)
				}
				if undated != phone {
					differ++
				}
			})
		}
	}
	if differ == 0 {
		t.Error("no table changed without the start days: the test does not show the phone reads them")
	}
	if _, err := leagueHTML(kinds, "spells-arrows", string(savedJSON), "king", ""); err == nil {
		t.Error("a role the game does not have was drawn")
	}
	if _, err := leagueHTML(kinds, "no-such-game", string(savedJSON), "", ""); err == nil {
		t.Error("a game the phone does not have was drawn")
	}
}
