package spellsarrows_test

import (
	"bytes"
	"context"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/a-h/templ"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/play/spellsarrows"
	"github.com/grimoire-games/grimoire/static"
	"github.com/grimoire-games/grimoire/views"
)

func doc(t *testing.T) func(templ.Component, error) *goquery.Document {
	return func(c templ.Component, err error) *goquery.Document { return drawn(t, c, err) }
}

func drawn(t *testing.T, c templ.Component, err error) *goquery.Document {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := c.Render(context.Background(), &buf); err != nil {
		t.Fatal(err)
	}
	d, err := goquery.NewDocumentFromReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

var assets = sync.OnceValues(static.Load)

// page is a page with the assets the layout names.
func page(t *testing.T) views.Page {
	a, err := assets()
	if err != nil {
		t.Fatal(err)
	}
	return views.Page{CSRF: "token", Assets: a}
}

var firstNumber = regexp.MustCompile(`\d+`)

// text is the whitespace-squeezed text of the element with testid id.
func text(d *goquery.Document, id string) string {
	return strings.Join(strings.Fields(d.Find(`[data-testid="`+id+`"]`).Text()), " ")
}

// The advisor's fairest number comes from a search of the whole range, not
// from seven numbers around the one typed: two new players at 12 (where
// the spy wins about 95%) get a fair number far above 12, whose row in the
// table is near even, and are told plainly that 12 is far from even.
func TestAdviceFindsTheFairNumberFarFromTheTypedOne(t *testing.T) {
	q := url.Values{"spy": {"Ana"}, "mage": {"Ben"}, "victory": {"12"}, "turns": {"5"}}
	twoRounds := 1
	d := doc(t)(spellsarrows.Kind{}.Advice(views.Page{}, q, nil, func() bool { twoRounds--; return twoRounds >= 0 }, true))
	fair := text(d, "advice-fair")
	n, _ := strconv.Atoi(firstNumber.FindString(fair))
	if n < 30 {
		t.Fatalf("fairest %d (%q): want the even game, far above 12", n, fair)
	}
	row := d.Find(`[data-testid="advice-row"][data-victory="` + strconv.Itoa(n) + `"] td`).First().Text()
	pct, _ := strconv.Atoi(strings.TrimSuffix(strings.Fields(row)[0], "%"))
	if pct < 38 || pct > 62 {
		t.Errorf("at the fairest number %d Ana as spy wins %q: want near 50%%", n, row)
	}
	if d.Find(`tr.entered[data-victory="12"]`).Length() != 1 {
		t.Error("the number typed is not in the table")
	}
	if far := text(d, "advice-far"); !strings.HasPrefix(far, "At 12, Ana as spy wins about 9") || !strings.Contains(far, "far from even. Fairest: "+strconv.Itoa(n)+" (") {
		t.Errorf("far line %q", far)
	}
	if d.Find(`[data-testid="advice-not-fair"]`).Length() != 0 {
		t.Error("even shooters have a fair number, yet the advisor says nothing is near even")
	}
	if use := d.Find(`[data-testid="advice-use"]`).AttrOr("href", ""); !strings.Contains(use, "useVictory="+strconv.Itoa(n)) {
		t.Errorf("use link %q", use)
	}
}

// When no Victory Number gives an even game, the advisor says so in words.
func TestAdviceSaysNothingIsNearEven(t *testing.T) {
	q := url.Values{"spy": {"Ana"}, "mage": {"Ben"}, "victory": {"12"}, "turns": {"5"},
		"spyRates": {"toll=1,free=1"}, "mageRates": {"toll=0"}}
	d := doc(t)(spellsarrows.Kind{}.Advice(views.Page{}, q, nil, func() bool { return false }, true))
	var got []string
	d.Find(`[data-testid="advice-not-fair"]`).Each(func(_ int, s *goquery.Selection) {
		got = append(got, strings.Join(strings.Fields(s.Text()), " "))
	})
	if len(got) != 2 ||
		!strings.HasPrefix(got[0], "Nothing offered is near even with Ana as spy: even at 999, the highest Victory Number, the spy wins 100%") ||
		!strings.HasPrefix(got[1], "Nothing offered is near even with Ben as spy: even at 1, the lowest Victory Number, the spy wins only 0%") {
		t.Fatalf("not-fair lines %q", got)
	}
}

// The phone's module says what it ran itself: its games and margin, the
// same figures as its games line, never the server's.
func TestAdviceOfflineSaysWhatItRan(t *testing.T) {
	games, _ := history(t)
	q := url.Values{"spy": {"Ana"}, "mage": {"Ben"}, "victory": {"20"}, "turns": {"5"}}
	for _, rounds := range []int{1, 3} {
		left := rounds - 1
		v, err := spellsarrows.AdviceFor(q, games, func() bool { left--; return left >= 0 })
		if err != nil {
			t.Fatal(err)
		}
		left = rounds - 1
		d := doc(t)(spellsarrows.Kind{}.AdviceOffline(q, games, func() bool { left--; return left >= 0 }))
		off := text(d, "advice-offline")
		want := strconv.Itoa(v.Games) + " games, " + strconv.Itoa(v.PerCell) + " a cell of the table, so each chance is within ±"
		if !strings.Contains(off, want) || strings.Contains(off, "fewer games than the server") {
			t.Errorf("%d rounds: offline line %q, want %q", rounds, off, want)
		}
		if d.Find(`[data-testid="advice-use"]`).Length() != 0 {
			t.Errorf("%d rounds: the phone offers a link to the server's form", rounds)
		}
	}
}

// The new-game form proposes the fair number, not 12: for two new players
// by the default rates, for the players of a previous game by their
// records, and says where it came from; "Change" keeps what was typed and
// "Use N" sets N.
func TestNewGameFormProposesTheFairNumber(t *testing.T) {
	games, _ := history(t)
	k := spellsarrows.Kind{}
	prev := games[0].Table
	tests := []struct {
		name     string
		q        url.Values
		prev     *play.Table
		games    []play.PlayerGame
		proposed bool
		want     string // in the proposal
		victory  int    // when not proposed
	}{
		{"two new players: the default rates", url.Values{}, nil, nil, true, "fair for two players of the default make rates", 0},
		{"the players of a previous game: their records", url.Values{"from": {"g"}}, &prev, games, true, "fair for Ana as spy and Ben as mage by their records", 0},
		{"the previous game's players without games here: the default rates", url.Values{"from": {"g"}}, &prev, nil, true, "by the default make rates (no games of either yet)", 0},
		{"change keeps the number typed", url.Values{"change": {"1"}, "spy": {"Ana"}, "mage": {"Ben"}, "victory": {"12"}}, nil, nil, false, "", 12},
		{"use sets the advisor's number", url.Values{"change": {"1"}, "spy": {"Ana"}, "mage": {"Ben"}, "victory": {"57"}, "useVictory": {"57"}}, nil, nil, false, "Proposed by the advisor", 57},
	}
	defaultVN, _ := strconv.Atoi(drawn(t, k.NewGamePageFrom(page(t), url.Values{}, nil, nil), nil).Find("#victory").AttrOr("value", ""))
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := drawn(t, k.NewGamePageFrom(page(t), tt.q, tt.prev, tt.games), nil)
			vn, _ := strconv.Atoi(d.Find("#victory").AttrOr("value", ""))
			prop := text(d, "victory-proposal")
			if tt.proposed {
				if !strings.Contains(prop, tt.want) {
					t.Fatalf("proposal %q: want %q", prop, tt.want)
				}
				switch {
				case tt.games == nil && vn < 30:
					t.Fatalf("victory %d for the default rates: want the even game, far above 12", vn)
				case tt.games != nil && (vn == 12 || vn == defaultVN || !strings.Contains(prop, "Your last game used 10.")):
					// Ana's record as spy is far below the default rates.
					t.Fatalf("victory %d (%q): want the fair number by their records (not 12, not the default rates' %d)", vn, prop, defaultVN)
				}
				return
			}
			if vn != tt.victory || !strings.Contains(prop, tt.want) {
				t.Fatalf("victory %d, proposal %q: want %d and %q", vn, prop, tt.victory, tt.want)
			}
		})
	}
}
