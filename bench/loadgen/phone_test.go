package main

import (
	"net/url"
	"os"
	"testing"
)

// The generator taps only what the screen offers: the forms posting to the
// game's act and undo routes, with their hidden fields and the tapped
// button, never a disabled button or a GET link.
func TestReadScreenOffersTheScreensTaps(t *testing.T) {
	page, err := os.ReadFile("testdata/mage-screen.html")
	if err != nil {
		t.Fatal(err)
	}
	p := newPhone("http://127.0.0.1:1", nil, 1, 5)
	if err := p.readToken(page); err != nil || p.csrf != "tok123" {
		t.Fatalf("token %q, %v; want the one in hx-headers", p.csrf, err)
	}
	if !p.readScreen(page) {
		t.Fatal("readScreen found no tap")
	}
	want := []url.Values{
		{"_csrf": {"tok123"}, "v": {"9"}, "type": {"end-half"}},
		{"_csrf": {"tok123"}, "v": {"9"}, "type": {"cast"}, "card": {"1"}},
		{"v": {"9"}, "type": {"bench"}, "cut": {"3"}},
	}
	if len(p.choices) != len(want) {
		t.Fatalf("%d taps offered, want %d: %+v", len(p.choices), len(want), p.choices)
	}
	for i, c := range p.choices {
		if c.path != "/g/G1/act" {
			t.Errorf("tap %d posts to %s", i, c.path)
		}
		got := c.vals
		if i == 2 {
			// One radio of the group, whichever the phone picked.
			if card := got.Get("card"); card != "6" && card != "7" {
				t.Errorf("bench card %q, want one of the radios", card)
			}
			got = url.Values{"v": got["v"], "type": got["type"], "cut": got["cut"]}
		}
		if got.Encode() != want[i].Encode() {
			t.Errorf("tap %d posts %s, want %s", i, got.Encode(), want[i].Encode())
		}
	}
	if p.undo == nil || p.undo.path != "/g/G1/undo" || p.undo.vals.Get("v") != "9" {
		t.Errorf("undo %+v", p.undo)
	}
	if v := p.version(); v != 9 {
		t.Errorf("version %d, want the forms' 9 (the page names none)", v)
	}
	t.Run("an answer that does not redraw the controls keeps the screen", func(t *testing.T) {
		if !p.readScreen([]byte(`<div id="alert" hx-swap-oob="true"></div>`)) || len(p.choices) != 3 {
			t.Fatalf("the taps on offer were dropped: %+v", p.choices)
		}
	})
	t.Run("controls with no game tap mean the game is over", func(t *testing.T) {
		if p.readScreen([]byte(`<div data-testid="controls"><p>Game over</p></div>`)) {
			t.Fatalf("taps still offered: %+v", p.choices)
		}
	})
	t.Run("a finished game's screen still says its version", func(t *testing.T) {
		// No forms to read a v from: the refresh run once asked for the
		// change since version 0 here.
		p.readScreen([]byte(`<div data-version-src="43" data-testid="controls"><p>Game over</p></div>`))
		if v := p.version(); v != 43 {
			t.Errorf("version %d, want 43", v)
		}
	})
}
