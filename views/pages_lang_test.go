package views

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/a-h/templ"
	"github.com/grimoire-games/grimoire/lang"
	"github.com/grimoire-games/grimoire/rules/record"
)

type pagesAssets struct{}

func (pagesAssets) URL(name string) string      { return "/static/" + name }
func (pagesAssets) ModuleURL(string) string     { return "/static/grimoire.wasm" }
func (pagesAssets) ModuleSizes() map[string]int { return nil }

var testPage = Page{Title: "T", Assets: pagesAssets{}}

func renderIn(t *testing.T, l lang.Lang, c templ.Component) string {
	t.Helper()
	var b bytes.Buffer
	if err := c.Render(lang.With(context.Background(), l), &b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestPagesSpeakGerman draws the pages around the games in German: the
// recap and the fork lines, the replay, the import, a seat's join link, a
// damaged game, the club and the players' pages.
func TestPagesSpeakGerman(t *testing.T) {
	tests := []struct {
		name string
		c    templ.Component
		want []string
	}{
		{"recap", RecapPanel(Recap{Earlier: 2, TakenBack: 1, Page: "/g/a", Dismiss: "/g/a/recap"}),
			[]string{"Seit deinem letzten Blick", "2 Aktionen davor.", "1 Aktion zurückgenommen.", "Verstanden"}},
		{"forks", ForkLines([]ForkLine{{From: true, URL: "/g/a", Title: "Ana gegen Ben", At: 3}, {At: 5}}),
			[]string{`Fortgesetzt aus <a href="/g/a">Ana gegen Ben</a> ab Aktion 3`, "Fortgesetzt als ein inzwischen gelöschtes Spiel ab Aktion 5"}},
		{"replay", ReplayBody(Replay{Title: "Ana gegen Ben", Game: "Mage's Tower", At: 2, Total: 5, Base: "/r/a", Back: "/g/a", ForkURL: "/g/a/fork", Marks: []ReplayMark{{At: 1}, {At: 4}}}),
			[]string{"Wiederholung: Ana gegen Ben", "Aktion 2 von 5", `Moment <output for="replay-at" data-replay-out>2</output> von 5`, "Wichtige Momente (2)", "Voriger Moment", "Link kopieren", "Von hier weiterspielen", "Protokoll", ">Weiter <"}},
		{"replay start", ReplayBody(Replay{Title: "T", Total: 5, Base: "/r/a", Back: "/g/a"}),
			[]string{"Start, vor der ersten von 5 Aktionen"}},
		{"import", ImportPage(testPage, ImportForm{Error: "kaputt", Source: "a.json"}),
			[]string{"Eine Aufzeichnung importieren", "Diese Aufzeichnung wurde nicht importiert (a.json):", "Aufzeichnungsdatei", "Prüfen und importieren"}},
		{"import held", ImportHeldPage(testPage, ImportHeld{Title: "Ana gegen Ben", URL: "/g/a", Actions: 2, HeldActions: 5}),
			[]string{"Du hast dieses Spiel schon", "Ihre 2 Aktionen sind die ersten der 5", "Nichts wurde importiert"}},
		{"join", JoinSeat(testPage, "Ana gegen Ben", "Ana", "tok"),
			[]string{"Nimm deinen Sitzplatz ein", "Du wurdest zu <strong>Ana gegen Ben</strong> eingeladen.", "für den Sitzplatz von <strong>Ana</strong>", "spielt dieses Telefon für Ana", "Sitzplatz von Ana einnehmen", `Nicht Ana? Bitte den Gastgeber um deinen eigenen Link, oder <a href="/">geh zu deinen Spielen</a>.`}},
		{"damaged", DamagedPage(testPage, Damaged{Title: "Ana gegen Ben", Words: "kaputt", At: 4, ExportURL: "/e", KeepURL: "/k"}),
			[]string{"Grimoire kann dieses Spiel nicht", "Aufzeichnung exportieren", "Die ersten 3 Aktionen behalten", "den 3 Aktionen vor Aktion 4", "Zurück zu deinen Spielen"}},
		{"club start", ClubPage(testPage, ClubView{}),
			[]string{"Ein Club sind ein paar Telefone", `placeholder="Donnerstagsrunde"`, "Club gründen"}},
		{"club", ClubPage(testPage, ClubView{InClub: true, Name: "Donnerstag", Owner: true, CanInvite: true,
			Members: []ClubMember{{Handle: "h", Label: "This phone", Since: "1 Mar", This: true, Owner: true}, {Handle: "h2", Label: "Phone 2", Since: "2 Mar", Words: "roter Fuchs"}},
			Invites: []ClubInvite{{Code: "c", Link: "/club/join/c", State: "open", Expires: "3 Mar"}},
			Names:   []ClubMerge{{"Ana", "Ana B"}}, People: []string{"Ana", "Ben"}}),
			[]string{"Telefone", "Besitzer", "seit 1 Mar", `gekoppelt mit den Wörtern <strong data-testid="member-words">roter Fuchs</strong>`, "Ein Telefon einladen", "Einladungslink", "bis 3 Mar", "Widerrufen", "Eine Person, zwei Namen", "Ana zählt als Ana B", "Donnerstag verlassen"}},
		{"club join", ClubJoinPage(testPage, ClubJoinView{Code: "c", Club: "Donnerstag", Members: 3}),
			[]string{"Einem Club beitreten", "Du wurdest zu <strong>Donnerstag</strong> eingeladen (3 Telefone).", "Donnerstag beitreten"}},
		{"league", League(testPage, LeagueView{Game: GameChoice{ID: "s", Name: "Spells & Arrows"}, Scope: "Donnerstag", Rows: []LeagueRow{{Rank: 1, Player: "Ana", Rating: "1500", Provisional: true}}}),
			[]string{"Spells &amp; Arrows: Liga", "Glicko-2-Wertungen über die beendeten Spiele von Donnerstag.", `<a href="/club">Club</a>`, "<th>Spieler</th><th>Wertung</th>", `title="vorläufig"`}},
		{"league empty", League(testPage, LeagueView{Game: GameChoice{ID: "s", Name: "S"}}),
			[]string{"Noch keine beendeten Spiele."}},
		{"rating", RatingPage(testPage, RatingView{Game: GameChoice{ID: "s", Name: "S"}, Scope: "Donnerstag", Player: "Ana", Rating: "1500", Games: 4, Wins: 2, Rival: "Ben", Best: "1 Mar",
			Plot:      RatingPlot([]PlotPoint{{"1 Mar 2026", 1662, 290, true}, {"2 Mar 2026", 1600, 250, false}}, 320, 120),
			Opponents: []VersusRow{{Opponent: "Ben", Games: 2}}, Shooting: true}),
			[]string{"Tabelle", "Wurfstatistik", "4 Spiele, 2 gewonnen, bei Donnerstag.", "Wertung von Ana im Lauf der Zeit", "Wertung nach Spieltag", "Das Diagramm als Tabelle", "Rivale (meiste Spiele): Ben", "Bester Tag: 1 Mar", "Direktvergleich", "Würfe von Ana"}},
		{"players", PlayersIndex(testPage, nil),
			[]string{"<h1>Spieler</h1>", "Noch keine Spiele auf diesem Gerät"}},
		{"player", PlayerPage(testPage, "Ana", nil, []SkippedGame{{"T", "/g", "kaputt"}, {"U", "/h", "kaputt"}}),
			[]string{`<a href="/players">Alle Spieler</a> · aus den Spielen dieses Telefons`, "2 Spiele fehlen in diesen Zahlen"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := renderIn(t, lang.German, tc.c)
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("no %q in\n%s", w, got)
				}
			}
		})
	}
}

// TestPagesEnglishAsBefore holds sentences with names in them to what the
// templates wrote before they were words: the names escaped as a { }
// expression escapes them, the words around them as written.
func TestPagesEnglishAsBefore(t *testing.T) {
	got := renderIn(t, lang.English, JoinSeat(testPage, `"Tea" & O'Neil`, "O'Neil", "tok"))
	for _, w := range []string{
		`<p>You were invited to <strong>&#34;Tea&#34; &amp; O&#39;Neil</strong>.</p>`,
		`<p>This link is for <strong>O&#39;Neil</strong>'s seat. Once you take it, this phone plays for O&#39;Neil, and no other phone can.</p>`,
		`>Take the seat of O&#39;Neil</button>`,
		`<p>Not O&#39;Neil? Ask the host for your own link, or <a href="/">go to your games</a>.</p>`,
	} {
		if !strings.Contains(got, w) {
			t.Errorf("no %q in\n%s", w, got)
		}
	}
}

func TestImportProblemSpeaksGerman(t *testing.T) {
	ctx := lang.With(context.Background(), lang.German)
	if got := ImportProblemIn(ctx, []byte("\x89PNG\r\n"), errors.New("invalid character")); !strings.HasPrefix(got, "Das ist keine Spielaufzeichnung") {
		t.Errorf("a picture in German: %q", got)
	}
	err := &record.ActionError{Index: 2, Err: errors.New("not now")}
	if got := ImportProblemIn(ctx, []byte("{}"), err); got != "Aktion 3 (wie das Protokoll zählt): not now" {
		t.Errorf("a refused action in German: %q", got)
	}
	if got := ImportProblemIn(context.Background(), []byte("{}"), err); got != "action 3 (as the log counts): not now" {
		t.Errorf("a refused action in English: %q", got)
	}
}
