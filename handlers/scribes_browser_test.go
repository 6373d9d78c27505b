package handlers_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/grimoire-games/grimoire/rules/record"
	sc "github.com/grimoire-games/grimoire/rules/scribes"
)

// scNearEnd plays a 3-seat game (Mia, Ben, a greedy bot) with greedy moves
// until few cards are left and Mia has a main decision: the record the UI
// test starts from, so the last turns are played by taps.
func scNearEnd(t *testing.T, pile int) []byte {
	t.Helper()
	first := 0
	setup := sc.Setup{Players: []string{"Mia", "Ben", "Bot"}, Bots: []string{"", "", "greedy"}, First: &first}
	st, err := sc.New(setup, 7)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := sc.NewRecord(setup, 7)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(7, 7))
	for !(st.PileSize() <= pile && st.Decider() == 0 && st.Phase() == sc.PhaseMain) {
		a, err := sc.GreedyBot{}.Choose(st, st.Decider(), r)
		if err != nil {
			t.Fatal(err)
		}
		if st, err = sc.Apply(st, a); err != nil {
			t.Fatal(err)
		}
		if rec, err = sc.AppendAction(rec, a); err != nil {
			t.Fatal(err)
		}
	}
	raw, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

// scSettle waits until no bot is thinking and no request is in flight, and
// returns the version the screen shows.
func (p *phone) scSettle() int {
	p.t.Helper()
	// Online, a move drawn on the phone says a bot waits until the server
	// has it and answers with its own screen: settled means that is done.
	p.waitFor(`!document.querySelector('[data-testid="bot-pending"]') && !document.querySelector('.htmx-request,.htmx-swapping,.htmx-settling') &&
		(!window.grimoireOffline || window.grimoireOffline.quiet()) &&
		(document.documentElement.classList.contains('is-offline') || !document.querySelector('[data-testid="bot-offline"]'))`)
	v, _ := strconv.Atoi(eval[string](p, `document.querySelector('[data-version-src]').getAttribute('data-version-src')`))
	return v
}

func TestBrowserScribesThreeWithBotToTheEnd(t *testing.T) {
	a := startApp(t)
	ctx, _ := browser(t)
	p := &phone{t: t, ctx: ctx}

	// The new-game form, as a person fills it.
	p.open(a.URL + "/new/arcane-scribes")
	p.do(
		fill(chromedp.CSS("#name0"), "Mia"),
		fill(chromedp.CSS("#name1"), "Ben"),
		fill(chromedp.CSS("#kind2"), "greedy"),
	)
	p.screenshot("sc-new-game")
	p.tap("new-submit")
	p.do(shown(sel("confirm")))
	p.tap("start")
	p.do(shown(sel("board")))
	p.do(shown(sel("draw")))
	if got := p.text("draw"); !strings.Contains(got, "Everyone drew") {
		t.Fatalf("first-player draw not shown: %q", got)
	}

	// The last turns of a game, from an imported record near the end.
	p.open(a.URL + "/import")
	raw := scNearEnd(t, 6)
	p.do(fill(chromedp.CSS(`textarea[name="json"]`), string(raw)))
	eval[bool](p, `document.querySelector('textarea[name="json"]').form.submit(); true`)
	p.do(shown(sel("board")))

	sawPrivacy, sawFollow, sawPreview := false, false, false
	for step := 0; step < 60; step++ {
		v := p.scSettle()
		id := strings.TrimPrefix(eval[string](p, `location.pathname`), "/g/")
		st, sv := scState(t, a.Store, id)
		if sv != v {
			continue // the screen is catching up
		}
		if st.Over() {
			break
		}
		if eval[bool](p, `!!document.querySelector('[data-testid="privacy"]')`) {
			if !sawPrivacy {
				p.screenshot("sc-privacy")
				sawPrivacy = true
			}
			html := eval[string](p, `document.body.innerHTML`)
			for seat := range st.Players() {
				for _, c := range st.Reserved(seat) {
					if strings.Contains(html, c.Name) {
						t.Fatalf("%s's reserved %s shows behind the privacy screen", st.Name(seat), c.Name)
					}
				}
			}
			p.tap("reveal")
			p.waitFor(`!document.querySelector('[data-testid="privacy"]')`)
			continue
		}
		ch := sc.Legal(st)
		switch ch.Decision {
		case sc.DecideMain:
			// Reserve from a tile whose follow-up asks the others to choose,
			// else scribe the cheapest affordable spell, else take.
			tap := ""
			for _, s := range ch.Reserve {
				if k := st.RowTile(s).Kind(); k == sc.KindChoose || k == sc.KindArena {
					tap = "reserve-" + strconv.Itoa(s)
					break
				}
			}
			if len(ch.Scribe) > 0 && (tap == "" || !sawPreview) {
				o := ch.Scribe[0]
				where := "slot-" + strconv.Itoa(o.Index)
				if o.From == sc.FromReserve {
					where = "reserve-" + strconv.Itoa(o.Index)
				}
				tap = "scribe-" + where + "-0"
				if !sawPreview {
					p.screenshot("sc-your-turn-payment")
					sawPreview = true
				}
			}
			if tap == "" && len(ch.Reserve) > 0 {
				tap = "reserve-" + strconv.Itoa(ch.Reserve[0])
			}
			if tap == "" {
				a := ch.Takes[0]
				tap = "take-" + a.Elements[0].String() + "-" + a.Elements[1].String()
			}
			p.tap(tap)
		case sc.DecideFollow:
			if !sawFollow {
				p.do(shown(sel("follow")))
				p.screenshot("sc-follow-up")
				sawFollow = true
			}
			if eval[bool](p, `!!document.querySelector('[data-testid="trade-form"]')`) {
				p.tap("follow-decline") // the trade's picker has a test of its own
			} else {
				p.tapCSS(`[data-testid="follow"] button`)
			}
		case sc.DecideDiscard:
			p.tapCSS(`[data-testid="discard"] button`)
		}
		p.waitFor(fmt.Sprintf(`document.querySelector('[data-version-src]').getAttribute('data-version-src') !== '%d'`, v))
	}
	p.do(shown(sel("final-scores")))
	if got := p.text("winner"); !strings.Contains(got, "win") {
		t.Fatalf("end screen winner line: %q", got)
	}
	if !sawFollow || !sawPrivacy || !sawPreview {
		t.Fatalf("not every screen was met: follow %v, privacy %v, payment preview %v", sawFollow, sawPrivacy, sawPreview)
	}
	if n := eval[int](p, `document.querySelectorAll('[data-testid="log-tail"] li').length`); n == 0 {
		t.Fatal("empty log")
	}
	p.screenshot("sc-end")
	p.tap("rematch")
	p.do(shown(sel("new-game")))
	if got := eval[string](p, `document.querySelector('#kind2').value`); got != "greedy" {
		t.Fatalf("same players: seat 3 is %q, want the greedy bot", got)
	}
}

func TestBrowserScribesTwoPhones(t *testing.T) {
	a := startApp(t)
	ctx, another := browser(t)
	mia := &phone{t: t, ctx: ctx}
	mia.open(a.URL + "/new/arcane-scribes")
	mia.do(
		fill(chromedp.CSS("#name0"), "Mia"),
		fill(chromedp.CSS("#name1"), "Ben"),
	)
	mia.tap("mode-phones")
	mia.tap("new-submit")
	mia.do(shown(sel("confirm")))
	mia.tap("start")
	mia.do(shown(sel("joins")))
	join := eval[string](mia, `document.querySelector('[data-testid="join-link-1"]').getAttribute('href')`)
	if eval[int](mia, `document.querySelectorAll('[data-testid="joins"] img[src^="/qr.svg?path=/join/"]').length`) != 1 {
		t.Fatal("no QR code for Ben's seat")
	}
	ben := &phone{t: t, ctx: another()}
	ben.open(a.URL + join)
	ben.tap("take-seat")
	ben.do(shown(sel("board")))
	phones := []*phone{mia, ben}
	id := strings.TrimPrefix(eval[string](mia, `location.pathname`), "/g/")
	for turn := 0; turn < 6; turn++ {
		st, v := scState(t, a.Store, id)
		d := st.Decider()
		me, other := phones[d], phones[1-d]
		me.waitVersion(v)
		other.waitVersion(v)
		if eval[int](other, `document.querySelectorAll('[data-testid="main-actions"],[data-testid="follow"],[data-testid="discard"]').length`) != 0 {
			t.Fatalf("turn %d: the waiting phone offers actions", turn)
		}
		ch := sc.Legal(st)
		switch ch.Decision {
		case sc.DecideMain:
			if turn%2 == 1 && len(ch.Reserve) > 0 {
				me.tap("reserve-" + strconv.Itoa(ch.Reserve[0]))
			} else {
				x := ch.Takes[0]
				me.tap("take-" + x.Elements[0].String() + "-" + x.Elements[1].String())
			}
		case sc.DecideFollow:
			if eval[bool](me, `!!document.querySelector('[data-testid="trade-form"]')`) {
				// A three-insignia trade needs a pick first (its form has a
				// test of its own): decline it here.
				me.tap("follow-decline")
			} else {
				me.tapCSS(`[data-testid="follow"] button`)
			}
		case sc.DecideDiscard:
			me.tapCSS(`[data-testid="discard"] button`)
		}
		me.waitFor(fmt.Sprintf(`document.querySelector('[data-version-src]').getAttribute('data-version-src') !== '%d'`, v))
		me.waitFor(`window.grimoireOffline.quiet()`) // drawn at once; on the server once sent
		if turn == 1 {
			me.screenshot("sc-phones-after-own-turn")
		}
	}
	// The other phone follows by itself (live refresh) and never sees a
	// reserved card of the other seat.
	st, v := scState(t, a.Store, id)
	for seat, p := range phones {
		p.waitVersion(v)
		for other := range phones {
			if other == seat {
				continue
			}
			for _, c := range st.Reserved(other) {
				if strings.Contains(eval[string](p, `document.body.innerHTML`), c.Name) {
					t.Fatalf("seat %d's screen shows %s's reserved %s", seat, st.Name(other), c.Name)
				}
			}
		}
	}
	mia.open(a.URL + "/rules/" + record.ArcaneScribes)
	mia.do(shown(chromedp.CSS("#rule-no-waste")))
	mia.screenshot("sc-rules")
}
