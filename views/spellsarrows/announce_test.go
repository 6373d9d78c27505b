package spellsarrows_test

import (
	"context"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/views"
)

// spyRun is Ana's first half up to the gate WG: toll, move, four times.
var spyRun = []string{
	`{"type":"spy-shot","made":true}`, `{"type":"move","to":"A"}`,
	`{"type":"spy-shot","made":true}`, `{"type":"move","to":"W3"}`,
	`{"type":"spy-shot","made":true}`, `{"type":"move","to":"W2"}`,
	`{"type":"spy-shot","made":true}`, `{"type":"move","to":"WG"}`,
}

func TestAnnouncementSaysTheBigMoments(t *testing.T) {
	miss := `{"type":"spy-shot","made":false}`
	cases := []struct {
		name    string
		actions []string
		want    string // "" for silence
	}{
		{"an ordinary toll shot says nothing", spyRun[:1], ""},
		{"a move says nothing", spyRun[:2], ""},
		{"the toll at a gate is an escape, in the spy's name, and the mage half begins",
			append(append([]string{}, spyRun...), `{"type":"spy-shot","made":true}`),
			"Ana escaped through WG: +6 (6/12). Ben's mage half: 5 casts."},
		{"a miss counter after the shot clock ran out is counted",
			[]string{miss, miss, miss, miss, miss, miss, miss},
			"Ana: miss counter 1 of 3."},
		{"the third miss counter ends the spy half",
			[]string{miss, miss, miss, miss, miss, miss, miss, miss, miss},
			"Ana: third miss counter. Ben's mage half:"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := build(t, false, c.actions...)
			if c.want == "" {
				if !b.Announce.Text.IsZero() {
					t.Fatalf("announcement %q, want none", b.Announce.Text)
				}
				return
			}
			if !strings.HasPrefix(b.Announce.Text.String(), c.want) {
				t.Fatalf("announcement %q, want it to start %q", b.Announce.Text, c.want)
			}
			if b.Seq != len(c.actions) {
				t.Fatalf("seq %d, want %d (the actions in force)", b.Seq, len(c.actions))
			}
		})
	}
}

func TestAnnouncementTravelsInItsFragment(t *testing.T) {
	b := build(t, false, append(append([]string{}, spyRun...), `{"type":"spy-shot","made":true}`)...)
	for _, f := range saviewFragments(b) {
		if f.ID != "announce-src" {
			continue
		}
		d := doc(t, f.Component)
		if seq, _ := d.Find("[data-announce-seq]").Attr("data-announce-seq"); seq != "9" {
			t.Fatalf("seq %q, want 9", seq)
		}
		if got := text(d, "announce-src"); !strings.HasPrefix(got, "Ana escaped") {
			t.Fatalf("fragment says %q", got)
		}
		return
	}
	t.Fatal("no announcement fragment")
}

// TestCallsSayTheTapAndWhereThingsStand: the words a phone speaks after a
// tap, short and full, are made here with the announcement (static/court.js
// speaks them as they are).
func TestCallsSayTheTapAndWhereThingsStand(t *testing.T) {
	miss := `{"type":"spy-shot","made":false}`
	escape := append(append([]string{}, spyRun...), `{"type":"spy-shot","made":true}`)
	cases := []struct {
		name        string
		actions     []string
		short, full string
	}{
		{"a toll made that pays it", spyRun[:1], "Make. Toll paid: move.", "Make. Toll paid at B: choose where to go. Shot clock 5."},
		{"a move", spyRun[:2], "To A.", "Spy moved B to A. Spy at A, toll 0 of 1, shot clock 5."},
		{"a toll missed", append(append([]string{}, spyRun[:2]...), miss), "Miss. 0 of 1.", "Miss. Spy at A, toll 0 of 1, shot clock 4."},
		{"the escape: the strip says the rest", escape, "Make. 1 of 1.", "Make. 1 of 1."},
		{"the shot clock run out", []string{miss, miss, miss, miss, miss, miss, miss}, "Miss. 0 of 1.", "Miss. Spy at B, toll 0 of 1, shot clock 0."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := build(t, false, c.actions...)
			short, full := views.Spoken(context.Background(), b.Announce.Short), views.Spoken(context.Background(), b.Announce.Full)
			if short != c.short || full != c.full {
				t.Fatalf("calls %q / %q, want %q / %q", short, full, c.short, c.full)
			}
		})
	}
}
