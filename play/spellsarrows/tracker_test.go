package spellsarrows_test

import (
	"bytes"
	"context"
	"net/url"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/a-h/templ"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/play/spellsarrows"
	"github.com/grimoire-games/grimoire/rules/record"
	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
	"github.com/grimoire-games/grimoire/views"
)

// playedGolden is a golden record as one game of a device's history.
func playedGolden(t *testing.T, name string, started time.Time) (play.PlayerGame, []sa.Attempt) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "rules", "spellsarrows", "testdata", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	rec, err := record.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	at, err := sa.Attempts(rec)
	if err != nil {
		t.Fatal(err)
	}
	tb := play.Table{Kind: rec.Game, GameID: name, Title: name, Setup: rec.Setup, Seed: rec.Seed, Actions: rec.Actions, Viewer: play.Scorekeeper}
	return play.PlayerGame{Table: tb, Started: started, URL: "/g/" + name}, at
}

func by(at []sa.Attempt, player string) (made, tried int) {
	for _, a := range at {
		if a.Player == player {
			tried++
			if a.Made {
				made++
			}
		}
	}
	return made, tried
}

// history is three golden games, newest first as the server lists them.
func history(t *testing.T) ([]play.PlayerGame, [][]sa.Attempt) {
	day := time.Date(2026, 11, 1, 18, 0, 0, 0, time.UTC)
	var games []play.PlayerGame
	var ats [][]sa.Attempt
	for i, name := range []string{"spy-wins-by-escapes", "mage-wins-on-turns", "giants-engaged-and-leaps"} {
		g, at := playedGolden(t, name, day.AddDate(0, 0, -i))
		games, ats = append(games, g), append(ats, at)
	}
	return games, ats
}

func TestPlayerRowsAreEveryAttemptOldestGameFirst(t *testing.T) {
	games, ats := history(t)
	for _, player := range []string{"Ana", "Ben", "Nobody"} {
		rows, err := k.PlayerRows(player, games)
		if err != nil {
			t.Fatal(err)
		}
		want := 0
		for _, at := range ats {
			_, n := by(at, player)
			want += n
		}
		if len(rows) != want+1 {
			t.Fatalf("%s: %d rows, want the header and %d attempts", player, len(rows), want)
		}
		if want == 0 {
			continue
		}
		if rows[1][0] != "giants-engaged-and-leaps" || rows[len(rows)-1][0] != "spy-wins-by-escapes" {
			t.Errorf("%s: first row's game %s, last %s: want the oldest game first", player, rows[1][0], rows[len(rows)-1][0])
		}
		if rows[1][1] != "2026-10-30" {
			t.Errorf("date %q", rows[1][1])
		}
	}
}

func TestPlayerViewCountsTheLatestGamesApart(t *testing.T) {
	games, ats := history(t)
	tests := []struct {
		name string
		last int
		// the latest games the "last" columns must cover
		latest int
	}{
		{"the latest game only", 1, 1},
		{"the two latest", 2, 2},
		{"more than there are: all", 10, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := spellsarrows.PlayerView("Ana", games, tt.last)
			if err != nil {
				t.Fatal(err)
			}
			var allMade, allTried, lastMade, lastTried int
			for _, r := range v.Kinds {
				allMade, allTried, lastMade, lastTried = allMade+r.AllMade, allTried+r.AllTried, lastMade+r.LastMade, lastTried+r.LastTried
			}
			var wantMade, wantTried, wantLastMade, wantLastTried int
			for i, at := range ats {
				m, n := by(at, "Ana")
				wantMade, wantTried = wantMade+m, wantTried+n
				if i < tt.latest {
					wantLastMade, wantLastTried = wantLastMade+m, wantLastTried+n
				}
			}
			if allMade != wantMade || allTried != wantTried || lastMade != wantLastMade || lastTried != wantLastTried {
				t.Errorf("all %d/%d last %d/%d, want %d/%d and %d/%d", allMade, allTried, lastMade, lastTried, wantMade, wantTried, wantLastMade, wantLastTried)
			}
			spots := 0
			for _, r := range v.Spots {
				spots += r.AllTried
			}
			if spots != wantTried || v.Career.Tried != wantTried {
				t.Errorf("spots count %d, career chart %d, want %d", spots, v.Career.Tried, wantTried)
			}
			if len(v.Games) != 3 || len(v.Trend.Points) != 3 || v.Trend.Points[0].Label != "30 Oct 2026" {
				t.Errorf("games %d, trend %+v: want 3, oldest first", len(v.Games), v.Trend.Points)
			}
		})
	}
}

func TestChartsArePerPlayerOfOneGame(t *testing.T) {
	g, at := playedGolden(t, "giants-engaged-and-leaps", time.Time{})
	charts, err := spellsarrows.Charts(g.Table)
	if err != nil {
		t.Fatal(err)
	}
	for i, player := range []string{"Ana", "Ben"} {
		made, tried := by(at, player)
		if charts[i].Made != made || charts[i].Tried != tried {
			t.Errorf("%s's chart %d/%d, want %d/%d", player, charts[i].Made, charts[i].Tried, made, tried)
		}
	}
}

// The advisor works in rounds while time is left: at least one, at most
// the bound, and every cell holds the games of every round.
func TestAdviceRounds(t *testing.T) {
	games, _ := history(t)
	q := url.Values{"spy": {"Ana"}, "mage": {"Ben"}, "victory": {"20"}, "turns": {"5"}}
	tests := []struct {
		name   string
		more   int // rounds more says yes to
		rounds int
	}{
		{"no time left: one round all the same", 0, 1},
		{"time for two more", 2, 3},
		{"time without end: the bound of rounds or of games", 1000, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if testing.Short() && tt.rounds < 0 {
				t.Skip("eight rounds of simulated games")
			}
			left := tt.more
			v, err := spellsarrows.AdviceFor(q, games, func() bool { left--; return left >= 0 })
			if err != nil {
				t.Fatal(err)
			}
			if tt.rounds < 0 {
				// As many rounds as fit the bounds: 8, or fewer when one
				// more would pass 3,600 games in all.
				tt.rounds = min(8, (3600-v.SearchGames)/(2*len(v.Rows)*25))
			}
			if len(v.Rows) < 6 || v.PerCell != 25*tt.rounds || v.Rounds != tt.rounds || v.TableGames != 2*len(v.Rows)*v.PerCell || v.Games != v.SearchGames+v.TableGames || v.SearchGames < 2*40 {
				t.Fatalf("%d rows, %d rounds of %d a cell, %d games (%d search, %d table): want %d rounds of 25", len(v.Rows), v.Rounds, v.PerCell, v.Games, v.SearchGames, v.TableGames, tt.rounds)
			}
			for _, r := range v.Rows {
				if r.ASpy.Games != v.PerCell || r.BSpy.Games != v.PerCell || r.ASpy.Margin <= 0 || r.ASpy.Margin > v.Margin {
					t.Fatalf("row %+v: each cell must hold every round", r)
				}
			}
			if v.A.Source == "" || v.A.Rates == sa.DefaultRates() {
				t.Errorf("Ana's rates %+v (%s): want her record's", v.A.Rates, v.A.Source)
			}
		})
	}
}

// BenchmarkAdviceRound is one round of the form's table (the Victory
// Numbers around the fair ones and the one typed, both assignments, 25
// games a cell), the unit the server's time budget counts in; the search
// comes from the cache after the first iteration.
func BenchmarkAdviceRound(b *testing.B) {
	q := url.Values{"spy": {"Ana"}, "mage": {"Ben"}, "victory": {"40"}, "turns": {"5"}}
	games := 0
	for b.Loop() {
		v, err := spellsarrows.AdviceFor(q, nil, func() bool { return false })
		if err != nil || v.Rounds != 1 {
			b.Fatalf("%d rounds, %v", v.Rounds, err)
		}
		games += v.TableGames
	}
	b.ReportMetric(float64(games)/float64(b.N), "games/op")
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
}

// The phone's module draws the same table as the server for the same
// fields, games and rounds, and says it was simulated on the phone.
func TestAdviceOfflineIsTheServersTable(t *testing.T) {
	games, _ := history(t)
	q := url.Values{"spy": {"Ana"}, "mage": {"Ben"}, "victory": {"20"}, "turns": {"5"}}
	oneRound := func() bool { return false }
	draw := func(c templ.Component, err error) *goquery.Document {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := c.Render(context.Background(), &buf); err != nil {
			t.Fatal(err)
		}
		doc, err := goquery.NewDocumentFromReader(&buf)
		if err != nil {
			t.Fatal(err)
		}
		return doc
	}
	server := draw(spellsarrows.Kind{}.Advice(views.Page{}, q, games, oneRound, true))
	phone := draw(spellsarrows.Kind{}.AdviceOffline(q, games, oneRound))
	table := func(d *goquery.Document) string { return d.Find(`[data-testid="advice-table"]`).Text() }
	if table(server) == "" || table(phone) != table(server) {
		t.Fatalf("phone's table:\n%s\nserver's:\n%s", table(phone), table(server))
	}
	if server.Find(`[data-testid="advice-offline"]`).Length() != 0 || phone.Find(`[data-testid="advice-offline"]`).Length() != 1 {
		t.Fatal("only the phone's table says it was simulated on the phone")
	}
}

// BenchmarkAdviceTable is the form's whole table when time allows: as
// many rounds as the bounds allow (8, or up to 3,600 games with the
// search's), the rounds sharing route tables, after the search (which the
// cache keeps after the first iteration).
func BenchmarkAdviceTable(b *testing.B) {
	q := url.Values{"spy": {"Ana"}, "mage": {"Ben"}, "victory": {"40"}, "turns": {"5"}}
	games := 0
	for b.Loop() {
		v, err := spellsarrows.AdviceFor(q, nil, func() bool { return true })
		if err != nil || v.Games > 3600 || v.Games+v.TableGames/v.Rounds <= 3600 && v.Rounds < 8 {
			b.Fatalf("%d rounds, %d games, %v", v.Rounds, v.Games, err)
		}
		games += v.TableGames
	}
	b.ReportMetric(float64(games)/float64(b.N), "games/op")
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
}
