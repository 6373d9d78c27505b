package main

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/store"
)

// A stored record that no longer replays (an action its rules refuse, as an
// older build could have written) does not stop the server: it starts with
// such a game in its SQLite database, logs it once, lists it as damaged,
// shows its page with the offers, refuses taps in words, and keeps the good
// actions in a new game when asked. Nothing answers 5xx.
func TestReliabilityDamagedRecordIsReportedNotFatal(t *testing.T) {
	srv := startServer(t)
	owner := srv.phone()
	id, err := owner.create("spells-arrows", url.Values{"spy": {"Ana"}, "mage": {"Ben"}, "victory": {"12"}, "turns": {"5"}})
	if err != nil {
		t.Fatal(err)
	}
	for v, tap := range []url.Values{{"type": {"spy-shot"}, "made": {"1"}}, {"type": {"move"}, "to": {"A"}}, {"type": {"spy-shot"}, "made": {"1"}}} {
		tap.Set("v", strconv.Itoa(v))
		if res, err := owner.post("/g/"+id+"/act", tap, true); err != nil || res.Status != http.StatusOK {
			t.Fatalf("tap %d: %v %d", v, err, res.Status)
		}
	}
	srv.kill()
	st := srv.openStore()
	// Action 4: the toll at A paid a second time, which the rules refuse.
	if _, err := st.Append(context.Background(), id, 3, store.Entry{Kind: store.KindAction, Seat: -1, ClientID: "older-build", Action: []byte(`{"type":"spy-shot","made":true}`)}); err != nil {
		t.Fatal(err)
	}
	st.Close()
	srv.start() // waits for /healthz

	const words = "This game's record is damaged at action 4: "
	check := func(what string, res answer, err error, status int, want string) answer {
		t.Helper()
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		text := res.Body
		if d, err := res.doc(); err == nil && strings.Contains(res.Header.Get("Content-Type"), "html") {
			text = strings.Join(strings.Fields(d.Text()), " ")
		}
		if res.Status != status || !strings.Contains(text, want) {
			t.Errorf("%s: %d, want %d saying %q\n%.400s", what, res.Status, status, want, text)
		}
		return res
	}
	res, err := owner.get("/")
	check("the home list", res, err, http.StatusOK, words)
	res, err = owner.get("/g/" + id)
	check("the game's page", res, err, http.StatusOK, "Keep the first 3 actions")
	check("the game's page", res, err, http.StatusOK, words)
	res, err = owner.post("/g/"+id+"/act", url.Values{"v": {"4"}, "type": {"move"}, "to": {"W3"}}, true)
	check("a tap", res, err, http.StatusConflict, words)
	res, err = owner.get("/g/" + id + "/export")
	check("the export", res, err, http.StatusOK, `"spy-shot"`)
	res, err = owner.post("/g/"+id+"/keep", nil, false)
	check("keep the first 3 actions", res, err, http.StatusSeeOther, "")
	loc := res.Header.Get("Location")
	kept, err := owner.export(strings.TrimPrefix(loc, "/g/"))
	if err != nil || len(kept.Actions) != 3 {
		t.Fatalf("the new game's record: %v, %d actions, want 3", err, len(kept.Actions))
	}
	res, err = owner.post(loc+"/act", url.Values{"v": {"3"}, "type": {"move"}, "to": {"W3"}}, true)
	check("a tap in the new game", res, err, http.StatusOK, "")
	srv.kill()
	if n := strings.Count(srv.errs.String(), "record is damaged"); n != 1 {
		t.Errorf("the server logged the damaged game %d times, want once:\n%s", n, srv.errs)
	}
	if strings.Contains(srv.errs.String(), "request failed") {
		t.Errorf("a request failed with 5xx:\n%s", srv.errs)
	}
	st = srv.openStore()
	defer st.Close()
	if g, err := st.Game(context.Background(), id); err != nil || g.Version != 4 {
		t.Errorf("the damaged game changed: version %d, %v", g.Version, err)
	}
}
