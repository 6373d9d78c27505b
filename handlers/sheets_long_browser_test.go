package handlers_test

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/rules/scribes"
	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
	"github.com/grimoire-games/grimoire/rules/tower"
	"github.com/grimoire-games/grimoire/views"
)

// longName is a player name as long as a setup allows.
func longName(first string) string {
	return first + strings.Repeat("m", record.MaxNameLen-len(first))
}

// longestTower is the Mage's Tower game of most turns among some bot games
// (random and greedy on either side), the longest names and the house rule
// on: the most rows and the widest cells a finished Tower sheet is likely
// to get.
func longestTower(t *testing.T) record.Record {
	t.Helper()
	var best record.Record
	bestTurns := 0
	pairs := [][2]tower.Bot{{tower.RandomBot{}, tower.RandomBot{}}, {tower.RandomBot{}, tower.GreedyMage{}}, {tower.GreedyGeneral{}, tower.RandomBot{}}, {tower.GreedyGeneral{}, tower.GreedyMage{}}}
	for n := int64(0); n < 160; n++ {
		seed, pair := n/4+1, pairs[n%4]
		s, err := tower.New(tower.Setup{General: longName("Ana"), Mage: longName("Ben"), Options: tower.Options{ThumbsMayStay: true}}, seed)
		if err != nil {
			t.Fatal(err)
		}
		end, acts, err := tower.Play(s, pair[0], pair[1], rand.New(rand.NewPCG(uint64(seed), 7)), 2000)
		if err != nil || !end.Over() {
			continue
		}
		if turns := end.Snapshot().Turn; turns > bestTurns {
			setup, _ := json.Marshal(s.Setup())
			best = record.Record{Game: record.MagesTower, Version: record.FormatVersion, Seed: seed, Setup: setup}
			for _, a := range acts {
				raw, _ := json.Marshal(a)
				best.Actions = append(best.Actions, raw)
			}
			bestTurns = turns
		}
	}
	t.Logf("the longest Tower game: %d turns, %d actions", bestTurns, len(best.Actions))
	return best
}

// fullScribes is a finished game of The Arcane Scribes at a full table:
// eight seats with the longest names a seat may have.
func fullScribes(t *testing.T) record.Record {
	t.Helper()
	setup := scribes.Setup{}
	var bots []scribes.Bot
	for i := range scribes.MaxPlayers {
		setup.Players = append(setup.Players, string(rune('A'+i))+strings.Repeat("w", 23))
		bots = append(bots, scribes.GreedyBot{})
	}
	end, acts, err := scribes.PlayGame(setup, 3, bots, 5000)
	if err != nil || !end.Over() {
		t.Fatalf("the eight-seat game did not end: %v", err)
	}
	rec, err := scribes.NewRecord(setup, 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range acts {
		raw, _ := json.Marshal(a)
		rec.Actions = append(rec.Actions, raw)
	}
	return rec
}

// longSpells is a Spells & Arrows game of the most turns a setup allows,
// played out at random with a Victory Number nobody reaches.
func longSpells(t *testing.T) record.Record {
	t.Helper()
	setup := sa.Setup{Victory: sa.MaxVictory, Spy: longName("Ana"), Mage: longName("Ben"), Turns: sa.MaxTurns}
	s, err := sa.New(setup, 5)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(5, 9))
	var acts []sa.Action
	for !s.Over() && len(acts) < 20000 {
		a := sa.RandomLegal(s, r)
		if s, err = sa.Apply(s, a); err != nil {
			t.Fatal(err)
		}
		acts = append(acts, a)
	}
	if !s.Over() {
		t.Fatal("the 20-turn game did not end")
	}
	rec, err := sa.NewRecord(setup, 5, acts)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// TestLongScoresheetsKeepTheirPromise prints the finished sheets of the
// longest games (the most rows, the longest names, the fullest table) on A4
// and Letter in headless Chromium and counts the PDF's pages: what the
// sheet's own words promise (one page; a Spells & Arrows game's shot
// charts on a second one).
func TestLongScoresheetsKeepTheirPromise(t *testing.T) {
	first, another := browser(t)
	a := startApp(t)
	cases := []struct {
		name  string
		rec   func(*testing.T) record.Record
		pages int // what the sheet must promise, and print on
	}{
		{"long-mages-tower", longestTower, 1},
		{"full-arcane-scribes", fullScribes, 1},
		{"long-spells-arrows", longSpells, 2},
	}
	promises := map[string]int{
		views.OnePage: 1,
		"The sheet fits one A4 or Letter page; the players' shot charts print on a second.": 2,
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ctx := first
			if i > 0 {
				ctx = another()
			}
			p := &phone{t: t, ctx: ctx}
			raw, err := json.Marshal(tc.rec(t))
			if err != nil {
				t.Fatal(err)
			}
			p.open(a.URL + "/import")
			p.do(fill(chromedp.CSS("#json"), string(raw)))
			p.tap("import-submit")
			settle(p, `document.readyState==='complete' && (location.pathname.startsWith('/g/') || !!document.querySelector('[data-testid="import-error"]'))`)
			if msg := eval[string](p, `(document.querySelector('[data-testid="import-reason"]')||{}).textContent||""`); msg != "" {
				t.Fatalf("import refused: %s", msg)
			}
			game := eval[string](p, `location.pathname`)
			p.open(a.URL + game + "/sheet")
			promise := eval[string](p, `(document.querySelector('[data-testid="sheet-pages"]')||{}).textContent||""`)
			if promises[promise] != tc.pages {
				t.Errorf("the sheet promises %q; want a promise of %d page(s)", promise, tc.pages)
			}
			dir := filepath.Join("..", "artifacts", "sheets")
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			for _, paper := range []struct {
				name string
				opts []chromedp.PDFOption
			}{
				{"a4", []chromedp.PDFOption{chromedp.PDFPreferCSSPageSize(), chromedp.PDFPaper(chromedp.PaperA4)}},
				{"letter", []chromedp.PDFOption{chromedp.PDFPaper(chromedp.PaperLetter)}},
			} {
				pctx, cancel := context.WithTimeout(p.ctx, 30*time.Second)
				pdf, err := chromedp.Run(pctx, chromedp.PrintToPDF(paper.opts...))
				cancel()
				if err != nil {
					t.Fatalf("print %s: %v", paper.name, err)
				}
				file := filepath.Join(dir, tc.name+"-"+paper.name+".pdf")
				if err := os.WriteFile(file, pdf, 0o644); err != nil {
					t.Fatal(err)
				}
				if n := len(pdfPage.FindAll(pdf, -1)); n != tc.pages {
					t.Errorf("%s printed on %s: %d pages, want %d (%s); the sheet says %q", tc.name, paper.name, n, tc.pages, file, promise)
				}
			}
		})
	}
}
