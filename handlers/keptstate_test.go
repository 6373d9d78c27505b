package handlers_test

import (
	"net/http"
	"net/url"
	"path/filepath"
	"strconv"
	"testing"

	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
	"github.com/grimoire-games/grimoire/store/sqlite"
)

// A tap is judged and drawn on the game's state kept between requests
// (play.Stepper), moved on by one Apply per stored action. It must be the
// replay's state: after every step of a run with undos, double taps, stale
// taps and misses, the screens the warm instance answers equal those of an
// instance on the same store that has just replayed the game.
func TestKeptStateIsTheReplay(t *testing.T) {
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "grimoire.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	keys := sessionKeys(t)
	warm := appOn(t, st, keys)
	p := warm.phone()
	id := p.newSAGame("Ana", "Ben", "12")
	setup, err := sa.ParseSetup(warm.game(id).Setup)
	if err != nil {
		t.Fatal(err)
	}
	s0, err := sa.New(setup, warm.game(id).Seed)
	if err != nil {
		t.Fatal(err)
	}
	// The game as the rules see it after each action in force, newest last.
	states := []sa.State{s0}
	v := 0
	var last url.Values // the last tap posted, for a double tap
	tap := func(miss bool) url.Values {
		a := walkStep(states[len(states)-1], v)
		if miss && a.Type == sa.TypeSpyShot {
			a.Made = false
		}
		f := url.Values{"type": {a.Type}}
		switch {
		case a.Type == sa.TypeMove:
			f.Set("to", a.To)
		case a.Made:
			f.Set("made", "1")
		default:
			f.Set("made", "0")
		}
		next, err := sa.Apply(states[len(states)-1], a)
		if err != nil {
			t.Fatalf("the walk's own tap %v: %v", f, err)
		}
		states = append(states, next)
		return f
	}
	// t: the walk's next tap, m: a missed toll when a toll is due, u: undo,
	// d: the last tap posted again (a double tap), s: another tap on the
	// screen before the last one (stale).
	const run = "ttmtdtsuttuutdttmsttuttttmttuuutttd"
	for i, op := range run {
		name := strconv.Itoa(i) + ":" + string(op)
		path, form, wantCode, wantV := "/g/"+id+"/act", url.Values{}, http.StatusOK, v+1
		switch op {
		case 't', 'm':
			form = tap(op == 'm')
		case 'u':
			path = "/g/" + id + "/undo"
			states = states[:len(states)-1]
		case 'd':
			form, wantV = last, v
		case 's':
			// Not the last tap again, which would be a double tap.
			form, wantCode, wantV = url.Values{"type": {"spy-shot"}, "made": {"0"}}, http.StatusConflict, v
			if last.Get("made") == "0" {
				form.Set("made", "1")
			}
		}
		from := v
		if op == 'd' || op == 's' {
			from = v - 1
		}
		post := url.Values{"v": {strconv.Itoa(from)}}
		for k, x := range form {
			post[k] = x
		}
		res := p.post(path, post, htmx)
		if res.StatusCode != wantCode {
			t.Fatalf("%s: status %d, want %d\n%.400s", name, res.StatusCode, wantCode, res.Body)
		}
		if got := shownVersion(t, res.Body); got != wantV {
			t.Fatalf("%s: the answer shows version %d, want %d", name, got, wantV)
		}
		if op == 't' || op == 'm' {
			last = form
		}
		v = wantV

		// The same phone (same cookies) on an instance that has cached
		// nothing: everything it draws is replayed from the store.
		fresh := appOn(t, st, keys).phone()
		fresh.http.Jar = p.http.Jar
		for _, get := range []struct {
			what string
			path string
			h    hdr
		}{
			{"the whole page", "/g/" + id, nil},
			{"the refresh from the version before", "/g/" + id + "?v=" + strconv.Itoa(max(v-1, 0)), htmx},
			{"the refresh with a record delta", "/g/" + id + "?v=" + strconv.Itoa(max(v-1, 0)), hdr{"HX-Request": "true", "X-Grimoire-Record": "delta"}},
		} {
			w, f := p.get(get.path, get.h), fresh.get(get.path, get.h)
			if withoutRecap(w.Body) != withoutRecap(f.Body) {
				t.Fatalf("%s: %s differs from the replay's\nkept:   %.600s\nreplay: %.600s", name, get.what, w.Body, f.Body)
			}
			if a, b := w.Header.Get("X-Grimoire-Record-Delta"), f.Header.Get("X-Grimoire-Record-Delta"); a != b {
				t.Fatalf("%s: %s: delta %s, the replay's %s", name, get.what, a, b)
			}
		}
	}
	if n := len(states) - 1; n != len(warm.log(id))-2*countUndos(run) {
		t.Fatalf("%d actions in force by the walk, but the log holds %d entries", n, len(warm.log(id)))
	}
}

func countUndos(run string) int {
	n := 0
	for _, op := range run {
		if op == 'u' {
			n++
		}
	}
	return n
}
