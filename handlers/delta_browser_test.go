package handlers_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/chromedp/cdproto/network"
)

// A phone whose taps go to the server through htmx (here: its module
// blocked, as before it is ready) asks for record deltas: every answer
// carries the change of the record in X-Grimoire-Record-Delta instead of
// the whole record, and the page's copy, patched from them through taps
// and an undo, is the server's record.
func TestBrowserRecordDeltas(t *testing.T) {
	h, st := newHandler(t)
	var deltas, whole atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(w, r)
		if r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/sync") {
			if w.Header().Get("X-Grimoire-Record-Delta") != "" {
				deltas.Add(1)
			} else {
				whole.Add(1)
			}
		}
	}))
	t.Cleanup(func() {
		srv.CloseClientConnections()
		srv.Close()
	})
	a := &app{URL: srv.URL, Store: st}
	ctx, _ := browser(t)
	p := &phone{t: t, ctx: ctx}
	cdpCall(p, network.Enable, network.EnableParams{})
	cdpCall(p, network.SetBlockedURLs, network.SetBlockedURLsParams{URLPatterns: []*network.BlockPattern{{URLPattern: "*://*:*/static/wasm/*", Block: true}}})
	newSAGame(p, a.URL, "Ana", "Ben", "20", "2")
	id := gameID(p)
	taps := []string{"spy-shot-make", "court-move-A", "spy-shot-make", "move-W3", "undo", "move-W3", "spy-shot-make"}
	for i, tap := range taps {
		p.step(tap, i+1)
	}
	p.waitFor(`window.grimoireOffline.quiet()`)
	if eval[bool](p, `document.documentElement.classList.contains('wasm-ready')`) {
		t.Fatal("the module loaded although it was blocked: the taps did not go through htmx")
	}
	if d, w := deltas.Load(), whole.Load(); d != int64(len(taps)) || w != 0 {
		t.Fatalf("%d tap answers carried a delta and %d the whole record; want all %d deltas", d, w, len(taps))
	}
	if n := eval[int](p, `window.grimoireOffline.deltas`); n != len(taps) {
		t.Fatalf("the page applied %d deltas, want %d", n, len(taps))
	}
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
