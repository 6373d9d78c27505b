package handlers_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"log/slog"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/grimoire-games/grimoire/handlers"
	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/store/sqlite"
)

// lockedBuffer is a log the server writes and the test reads.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// serverOn is a new server over st with the given session keys, as after a
// restart: its caches are empty, and the phones' cookies still hold.
func serverOn(t *testing.T, st store.Store, key []byte, logTo *lockedBuffer) *handlers.Handler {
	t.Helper()
	h, err := handlers.New(handlers.Config{
		Store: st, Games: testGames(),
		SessionKeys: [][]byte{key[:32], key[32:]},
		Logger:      slog.New(slog.NewTextHandler(logTo, nil)),
	})
	if err != nil {
		t.Fatalf("handlers: %v", err)
	}
	return h
}

// damageGame appends, straight through the store as an older build could
// have, a copy of the game's latest action in force: at that point the
// rules refuse it (a toll paid twice, a side moving twice). It returns the
// version after it.
func damageGame(t *testing.T, st store.Store, id string) int {
	t.Helper()
	g, log, err := st.Load(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	in := store.InForce(log)
	last := in[len(in)-1]
	v, err := st.Append(context.Background(), id, g.Version, store.Entry{Kind: store.KindAction, Seat: last.Seat, ClientID: "older-build", Action: last.Action})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// A stored record that no longer replays is reported on every path, never
// fatal: the game's page says where it is damaged and offers the export and
// the good actions in a new game; taps, fragments, sheets, the log, the
// spectator's view, the home list and the players' pages answer in words;
// nothing answers 5xx, and the damaged game is never changed.
func TestDamagedRecordIsReportedNotFatal(t *testing.T) {
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "grimoire.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	key := make([]byte, 64)
	rand.Read(key)
	a := &testApp{t: t, Store: st, Handler: serverOn(t, st, key, &lockedBuffer{}).Echo()}
	owner, fan, stranger := a.phone(), a.phone(), a.phone()
	id := owner.newSAGame("Ana", "Ben", "3")
	owner.mustAct(id, 0, tollMade)
	owner.mustAct(id, 1, moveTo("A"))
	owner.mustAct(id, 2, tollMade)
	v := damageGame(t, st, id) // action 4: the toll at A paid a second time
	before := a.log(id)
	g := a.game(id)
	watch := "/watch/" + g.SpectatorToken
	fan.get("/", nil)
	stranger.get("/", nil)

	// The server restarts over the store that holds the damaged game.
	logs := &lockedBuffer{}
	srv := serverOn(t, st, key, logs)
	a.Handler = srv.Echo()
	for _, p := range []*client{owner, fan, stranger} {
		p.http.Transport = inProcess{a.Handler}
	}

	const words = "This game's record is damaged at action 4: "
	res := owner.get("/g/"+id, nil)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("game page: %d, want 200\n%s", res.StatusCode, res.Body)
	}
	doc := res.doc(t)
	if got := doc.Find(`[data-testid="damaged"]`).Text(); !strings.HasPrefix(got, words) {
		t.Errorf("game page says %q, want it to start %q", got, words)
	}
	if href, _ := doc.Find(`a[data-testid="damaged-export"]`).Attr("href"); href != "/g/"+id+"/export" {
		t.Errorf("export link %q", href)
	}
	keep := doc.Find(`form[action="/g/` + id + `/keep"]`)
	if keep.Find(`button[data-testid="keep-prefix"]`).Text() != "Keep the first 3 actions" || keep.Find(`input[name="_csrf"]`).Length() != 1 {
		t.Errorf("no \"Keep the first 3 actions\" form with its token:\n%s", res.Body)
	}
	if strings.Contains(res.Body, "grimoire-record") {
		t.Error("the page of a damaged game embeds its record for the phone to play on")
	}

	tap := func(p *client, path string, form url.Values, h hdr) response {
		f := url.Values{"v": {"4"}}
		for k, vs := range form {
			f[k] = vs
		}
		return p.post(path, f, h)
	}
	for _, c := range []struct {
		name   string
		do     func() response
		status int
		want   string
	}{
		{"the page's fragments", func() response { return owner.get("/g/"+id+"?v=3", htmx) }, http.StatusConflict, words},
		{"a tap", func() response { return tap(owner, "/g/"+id+"/act", tollMiss, htmx) }, http.StatusConflict, words},
		{"a plain tap", func() response { return tap(owner, "/g/"+id+"/act", tollMiss, nil) }, http.StatusConflict, words},
		{"an undo", func() response { return tap(owner, "/g/"+id+"/undo", nil, htmx) }, http.StatusConflict, words},
		{"a bot's move", func() response { return tap(owner, "/g/"+id+"/bot", nil, htmx) }, http.StatusConflict, words},
		{"a tap from the phone's outbox", func() response {
			return tap(owner, "/g/"+id+"/sync", url.Values{"cid": {"outbox-tap-1"}, "op": {"act"}, "type": {"spy-shot"}, "made": {"0"}}, nil)
		}, http.StatusConflict, words},
		{"the sheet", func() response { return owner.get("/g/"+id+"/sheet", nil) }, http.StatusConflict, words},
		{"the log", func() response { return owner.get("/g/"+id+"/log", nil) }, http.StatusConflict, words},
		{"the export", func() response { return owner.get("/g/"+id+"/export", nil) }, http.StatusOK, `"spy-shot"`},
		{"the events", func() response { return owner.do(http.MethodHead, "/g/"+id+"/events", nil, "", nil) }, http.StatusOK, ""},
		{"the delete page", func() response { return owner.get("/g/"+id+"/delete", nil) }, http.StatusOK, words},
		{"the home list", func() response { return owner.get("/", nil) }, http.StatusOK, words},
		{"a player's page", func() response { return owner.get("/players?name=Ana", nil) }, http.StatusOK, "One game is left out of these figures: its record is damaged."},
		{"a player's CSV", func() response { return owner.get("/players/spells-arrows/attempts.csv?name=Ana", nil) }, http.StatusOK, ""},
		{"the spectator's page", func() response { return fan.get(watch, nil) }, http.StatusOK, words},
		{"the spectator's fragments", func() response { return fan.get(watch+"?v=3", htmx) }, http.StatusConflict, words},
		{"the spectator's sheet", func() response { return fan.get(watch+"/sheet", nil) }, http.StatusConflict, words},
		{"the spectator's export", func() response { return fan.get(watch+"/export", nil) }, http.StatusForbidden, "once the game is over"},
		{"the spectator's events", func() response { return fan.do(http.MethodHead, watch+"/events", nil, "", nil) }, http.StatusOK, ""},
		{"another device's look", func() response { return stranger.get("/g/"+id, nil) }, http.StatusSeeOther, ""},
		{"another device's keep", func() response { return stranger.post("/g/"+id+"/keep", nil, nil) }, http.StatusForbidden, "scorekeeper or a seated player"},
		{"a keep without the form's token", func() response {
			return owner.postRaw("/g/"+id+"/keep", url.Values{"_csrf": {"forged"}}, nil)
		}, http.StatusForbidden, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := c.do()
			if res.StatusCode != c.status {
				t.Errorf("status %d, want %d\n%.600s", res.StatusCode, c.status, res.Body)
			}
			text := res.Body
			if strings.Contains(res.Header.Get("Content-Type"), "html") {
				text = strings.Join(strings.Fields(res.doc(t).Text()), " ")
			}
			if !strings.Contains(text, c.want) {
				t.Errorf("answer does not say %q:\n%.600s", c.want, text)
			}
			if c.status == http.StatusConflict && isHX(res) && res.Header.Get("HX-Refresh") != "true" {
				t.Error("an htmx screen is not asked to reload (and show the damaged game's page)")
			}
		})
	}
	if res := fan.get(watch, nil); strings.Contains(res.Body, "keep-prefix") || strings.Contains(res.Body, "damaged-export\"") {
		t.Error("a spectator is offered the export or the keep")
	}
	if res := owner.get("/", nil); res.doc(t).Find(`[data-game-id="`+id+`"] [data-testid="damaged-tag"]`).Length() != 1 {
		t.Error("the home list does not mark the game damaged")
	}
	if exported := owner.get("/g/"+id+"/export", nil); strings.Count(exported.Body, `"type"`) != 4 {
		t.Errorf("the export is not the whole stored record:\n%s", exported.Body)
	}
	if n := strings.Count(logs.String(), "record is damaged"); n != 1 {
		t.Errorf("the server logged the damaged game %d times, want once:\n%s", n, logs.String())
	}
	if !strings.Contains(logs.String(), "game="+id) {
		t.Errorf("the log line does not name the game:\n%s", logs.String())
	}

	if n := srv.CacheStats().Games; n != 0 {
		t.Errorf("the server caches %d games after serving only the damaged one", n)
	}

	// Keep the first 3 actions: a new game, the damaged one untouched.
	res = owner.post("/g/"+id+"/keep", nil, nil)
	loc := res.Header.Get("Location")
	if res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc, "/g/") || loc == "/g/"+id {
		t.Fatalf("keep: %d to %q\n%s", res.StatusCode, loc, res.Body)
	}
	kept := strings.TrimPrefix(loc, "/g/")
	if again := owner.post("/g/"+id+"/keep", nil, nil); again.Header.Get("Location") != loc {
		t.Errorf("a second keep went to %q, want the same new game %q", again.Header.Get("Location"), loc)
	}
	a.unchanged(t, id, v)
	if after := a.log(id); !sameEntries(after, before) {
		t.Error("the damaged game's log changed")
	}
	ng, log := a.game(kept), a.log(kept)
	if ng.Owner != g.Owner || ng.Seed != g.Seed || string(ng.Setup) != string(g.Setup) || ng.Kind != g.Kind {
		t.Errorf("new game %+v is not the damaged game's setup, seed and owner", ng)
	}
	if len(log) != 3 {
		t.Fatalf("the new game has %d actions, want the 3 before the damaged one", len(log))
	}
	for i, e := range log {
		if string(e.Action) != string(before[i].Action) || e.Seat != before[i].Seat {
			t.Errorf("new game's action %d is %s by %d, want %s by %d", i+1, e.Action, e.Seat, before[i].Action, before[i].Seat)
		}
	}
	k, _ := play.Find(testGames(), ng.Kind)
	if _, err := k.Replay(record.Record{Game: ng.Kind, Version: record.FormatVersion, Seed: ng.Seed, Setup: ng.Setup, Actions: store.Actions(log)}); err != nil {
		t.Errorf("the new game's record does not replay: %v", err)
	}
	res = owner.get(loc, nil)
	if res.StatusCode != http.StatusOK || strings.Contains(res.Body, `data-testid="damaged"`) {
		t.Fatalf("new game's page: %d\n%.600s", res.StatusCode, res.Body)
	}
	owner.mustAct(kept, 3, moveTo("W3")) // and play goes on
	if res := owner.get("/g/"+id, nil); res.StatusCode != http.StatusOK || !strings.HasPrefix(res.doc(t).Find(`[data-testid="damaged"]`).Text(), words) {
		t.Errorf("the damaged game's page after the keep: %d", res.StatusCode)
	}
}

func isHX(r response) bool { return r.Request.Header.Get("HX-Request") == "true" }

func sameEntries(a, b []store.Entry) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Seq != b[i].Seq || a[i].Kind != b[i].Kind || string(a[i].Action) != string(b[i].Action) || a[i].Seat != b[i].Seat || a[i].ClientID != b[i].ClientID {
			return false
		}
	}
	return true
}

// A seated player who did not create the game may keep the good actions:
// the new game is the scorekeeper's, and each seat is held by the phone
// that held it, so both phones go on. The game was good and cached when
// the damaged action arrived (another instance's, an older build's).
func TestDamagedRecordKeptByASeatedPlayer(t *testing.T) {
	a := startApp(t)
	gen := twNewPhone(t, a)
	id := twCreate(t, gen, url.Values{"general": {"Ana"}, "mage": {"Ben"}, "mode": {"two"}, "myside": {"general"}})
	mage := twJoin(t, a, gen, id)
	toMage(t, gen, id, 0, "L1")
	if code, _ := mage.get("/g/"+id, false); code != http.StatusOK {
		t.Fatalf("the Mage's page: %d", code)
	}
	damageGame(t, a.Store, id) // the General ends the turn twice
	code, body := mage.get("/g/"+id, false)
	if code != http.StatusOK || !strings.Contains(body, "This game&#39;s record is damaged at action 3: ") {
		t.Fatalf("the Mage's page of the damaged game: %d\n%s", code, body)
	}
	if !strings.Contains(body, "Keep the first 2 actions") {
		t.Errorf("the Mage is not offered the good actions:\n%s", body)
	}
	// Mage's Tower hides the camp from the Mage: no export while it runs.
	if strings.Contains(body, `data-testid="damaged-export"`) || !strings.Contains(body, `data-testid="damaged-export-why"`) {
		t.Error("the Mage is offered the record with the camp's coin faces")
	}
	code, _, hdr := mage.post("/g/"+id+"/keep", url.Values{"_csrf": {mage.csrf}}, false)
	loc := hdr.Get("Location")
	if code != http.StatusSeeOther || !strings.HasPrefix(loc, "/g/") || loc == "/g/"+id {
		t.Fatalf("the Mage's keep: %d to %q", code, loc)
	}
	kept := strings.TrimPrefix(loc, "/g/")
	for name, p := range map[string]*twPhone{"General": gen, "Mage": mage} {
		code, body := p.get(loc, false)
		if code != http.StatusOK || strings.Contains(body, `data-testid="damaged"`) {
			t.Errorf("the %s's page of the new game: %d", name, code)
		}
	}
	seats, err := a.Store.Seats(context.Background(), kept)
	if err != nil {
		t.Fatal(err)
	}
	old, _ := a.Store.Seats(context.Background(), id)
	if len(seats) != len(old) {
		t.Fatalf("new game has %d seats, want %d", len(seats), len(old))
	}
	for i := range seats {
		if seats[i].Holder != old[i].Holder || seats[i].Name != old[i].Name || seats[i].Token == old[i].Token {
			t.Errorf("seat %d: %+v, want the holder of %+v with a new join token", i, seats[i], old[i])
		}
	}
	if g, _ := a.Store.Game(context.Background(), kept); g.Version != 2 {
		t.Errorf("new game at version %d, want the 2 good actions", g.Version)
	}
	// The Mage casts in the new game as in the old one before the damage.
	if code, body := mage.act(kept, 2, false, "type", "cast", "damageRow", "1", "spellRow", "2", "spell", "wave", "zone", "1"); code != http.StatusSeeOther {
		t.Errorf("the Mage's cast in the new game: %d\n%s", code, body)
	}
}

// A record whose setup its rules cannot read is damaged before any
// action: the page says so, and offers no keep (nothing can be kept).
func TestDamagedSetupIsReportedNotFatal(t *testing.T) {
	a := newTestApp(t)
	g := store.Game{ID: "badsetup0001", Kind: "spells-arrows", Title: "Ana (spy) vs Ben (mage)", Owner: "an-older-build",
		SpectatorToken: "badsetupwatch0000000001", Seed: 7, Setup: []byte(`{"victory":3,"spy":"","mage":"Ben","turns":5,"options":{}}`)}
	if err := a.Store.CreateGame(context.Background(), g, nil); err != nil {
		t.Fatal(err)
	}
	fan := a.phone()
	res := fan.get("/watch/"+g.SpectatorToken, nil)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("spectator's page: %d\n%s", res.StatusCode, res.Body)
	}
	doc := res.doc(t)
	if got := doc.Find(`[data-testid="damaged"]`).Text(); !strings.HasPrefix(got, "This game's record is damaged in its setup: ") || strings.Contains(got, "setup: bad setup") {
		t.Errorf("the page says %q", got)
	}
	if doc.Find(`[data-testid="keep-prefix"]`).Length() != 0 {
		t.Error("a keep is offered for a record with no good part")
	}
	if res := fan.get("/watch/"+g.SpectatorToken+"/sheet", nil); res.StatusCode != http.StatusConflict {
		t.Errorf("spectator's sheet: %d, want 409", res.StatusCode)
	}
}
