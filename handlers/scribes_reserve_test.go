package handlers_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	sc "github.com/grimoire-games/grimoire/rules/scribes"
)

// With 5 to 8 players a scribe may hold one reserved card: once it is
// used, the reserve buttons are gone from that player's turn and a posted
// reserve is refused with the reason.
func TestScribesReserveLimitFiveToEight(t *testing.T) {
	a := startApp(t)
	p := newSCPhone(t, a.URL)
	id := p.scNew("one", "Mia", "Ben", "Cy", "Dee", "Eli")

	st, v := scState(t, a.Store, id)
	d := st.Decider()
	if st.ReserveLimit() != 1 {
		t.Fatalf("reserve limit with 5 players: %d, want 1", st.ReserveLimit())
	}
	turn := func(v int) string {
		t.Helper()
		// The deciding person taps the privacy screen away on the shared phone.
		_, page := p.get("/g/"+id+"?v="+strconv.Itoa(v)+"&seen="+strconv.Itoa(v), false)
		if !strings.Contains(page, `data-testid="main-actions"`) {
			t.Fatalf("no main decision on the page at version %d", v)
		}
		return page
	}
	if page := turn(v); !strings.Contains(page, `data-testid="reserve-0"`) || !strings.Contains(page, "Reserve (0 of 1)") {
		t.Fatalf("%s's first turn: reserve buttons and an empty reserve of 1 expected", st.Name(d))
	}
	if res, body := p.post("/g/"+id+"/act", actForm(sc.Reserve(d, 0), v), true); res.StatusCode != http.StatusOK {
		t.Fatalf("reserve: %d %s", res.StatusCode, body)
	}
	// The others play on (first legal answer: take, no trade, first pick)
	// until the same player has a main decision again.
	for {
		st, v = scState(t, a.Store, id)
		if st.Decider() == d && st.Phase() == sc.PhaseMain {
			break
		}
		if st.Over() || v > 60 {
			t.Fatalf("%s never got a turn again", st.Name(d))
		}
		l := sc.Legal(st)
		act := l.Actions[0]
		if l.Decision == sc.DecideMain && len(l.Takes) > 0 {
			act = l.Takes[0]
		}
		if res, body := p.post("/g/"+id+"/act", actForm(act, v), true); res.StatusCode != http.StatusOK {
			t.Fatalf("play on at version %d: %d %s", v, res.StatusCode, body)
		}
	}
	page := turn(v)
	if strings.Contains(page, `data-testid="reserve-`) {
		t.Fatalf("%s holds a reserved card and still sees reserve buttons", st.Name(d))
	}
	if !strings.Contains(page, "Reserve (1 of 1)") {
		t.Fatalf("%s's reserve should read 1 of 1", st.Name(d))
	}
	res, body := p.post("/g/"+id+"/act", actForm(sc.Reserve(d, 1), v), true)
	if res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(body, "only 1 reserved card") {
		t.Fatalf("a second reserve: %d, want 422 with the limit explained", res.StatusCode)
	}
	if _, v2 := scState(t, a.Store, id); v2 != v {
		t.Fatalf("the refused reserve stored something: version %d, want %d", v2, v)
	}
}
