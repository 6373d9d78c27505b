package handlers_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

// deltaApp is a server that counts its htmx answers about games: with a
// record delta, and without one (the whole record, or none).
type deltaApp struct {
	*app
	taps, refreshes [2]atomic.Int64 // [0] without a delta, [1] with one
}

func startDeltaApp(t *testing.T) *deltaApp {
	t.Helper()
	h, st := newHandler(t)
	da := &deltaApp{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(w, r)
		if r.Header.Get("HX-Request") != "true" || !strings.HasPrefix(r.URL.Path, "/g/") {
			return
		}
		i := 0
		if w.Header().Get("X-Grimoire-Record-Delta") != "" {
			i = 1
		}
		switch {
		case r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/sync"):
			da.taps[i].Add(1)
		case r.Method == http.MethodGet && strings.Count(r.URL.Path, "/") == 2:
			da.refreshes[i].Add(1)
		}
	}))
	t.Cleanup(func() {
		srv.CloseClientConnections()
		srv.Close()
	})
	da.app = &app{URL: srv.URL, Store: st}
	return da
}

// pageIsServer fails unless the page's copy of the record is the server's:
// its version, actions in force and a seat for each.
func pageIsServer(t *testing.T, p *phone, a *app, id string) {
	t.Helper()
	sv, sa := serverRecord(t, a, id)
	pv, pa := p.pageRecord()
	if pv != sv || !sameActions(pa, sa) {
		t.Fatalf("the page's record is at version %d with %s; the server's at %d with %s", pv, pa, sv, sa)
	}
	var seats struct {
		ActionSeats []int `json:"actionSeats"`
	}
	if err := json.Unmarshal([]byte(eval[string](p, `document.getElementById('grimoire-record').textContent`)), &seats); err != nil {
		t.Fatal(err)
	}
	if len(seats.ActionSeats) != len(sa) {
		t.Fatalf("the page's record has %d action seats for %d actions", len(seats.ActionSeats), len(sa))
	}
}

var deltaTaps = []string{"spy-shot-make", "court-move-A", "undo", "court-move-A", "spy-shot-make"}

// A phone whose taps go to the server through htmx (here: its module
// blocked, as before it is ready) asks for record deltas: every answer
// carries the change of the record in X-Grimoire-Record-Delta instead of
// the whole record, and the page's copy, patched from them through taps
// and an undo, is the server's record.
func TestBrowserRecordDeltasThroughHTMX(t *testing.T) {
	a := startDeltaApp(t)
	ctx, _ := browser(t)
	p := &phone{t: t, ctx: ctx}
	p.blockModule()
	newSAGame(p, a.URL, "Ana", "Ben", "20", "2")
	id := gameID(p)
	for i, tap := range deltaTaps {
		p.step(tap, i+1)
	}
	p.waitFor(`window.grimoireOffline.quiet()`)
	if eval[bool](p, `document.documentElement.classList.contains('wasm-ready')`) {
		t.Fatal("the module loaded although it was blocked: the taps did not go through htmx")
	}
	if d, w := a.taps[1].Load(), a.taps[0].Load(); d != int64(len(deltaTaps)) || w != 0 {
		t.Fatalf("%d tap answers carried a delta and %d did not; want all %d deltas", d, w, len(deltaTaps))
	}
	if n := eval[int](p, `window.grimoireOffline.deltas`); n != len(deltaTaps) {
		t.Fatalf("the page applied %d deltas, want %d", n, len(deltaTaps))
	}
	pageIsServer(t, p, a.app, id)
}

// With its module ready, a phone draws each tap itself and sends it from
// its outbox; the refresh after the sync (from version 0, for every
// fragment) names its copy's version and gets the record's change from
// there, not the whole record.
func TestBrowserRecordDeltasAfterSync(t *testing.T) {
	a := startDeltaApp(t)
	ctx, _ := browser(t)
	p := &phone{t: t, ctx: ctx}
	newSAGame(p, a.URL, "Ana", "Ben", "20", "2")
	id := gameID(p)
	p.waitModule()
	for i, tap := range deltaTaps {
		p.step(tap, i+1)
		// Each tap's sync and refresh, before the next tap.
		p.waitFor(`window.grimoireOffline.quiet()`)
	}
	if v, _ := serverRecord(t, a.app, id); v != len(deltaTaps) {
		t.Fatalf("the server is at version %d, want %d", v, len(deltaTaps))
	}
	if d, w := a.refreshes[1].Load(), a.refreshes[0].Load(); d < 1 || w != 0 {
		t.Fatalf("%d refreshes got a delta and %d did not; want only deltas", d, w)
	}
	if n := eval[int](p, `window.grimoireOffline.fullRecords`); n != 0 {
		t.Fatalf("the page asked for the whole record %d times", n)
	}
	pageIsServer(t, p, a.app, id)
}
