package say_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/grimoire-games/grimoire/rules/say"
)

// refusal is a rules core's error: its words are a Text.
type refusal struct{ t say.Text }

func (r refusal) Error() string  { return r.t.String() }
func (r refusal) Said() say.Text { return r.t }
func cones(n int) say.Text       { return say.N(n, "%d cone", "%d cones") }
func wrapped(err error) error    { return fmt.Errorf("game g1: %w", err) }
func plain(s string) error       { return errors.New(s) }

func TestEnglish(t *testing.T) {
	for _, tt := range []struct {
		name string
		t    say.Text
		want string
	}{
		{"a pattern and its arguments", say.F("Spy made the toll at %s (%d/%d)", "W3", 2, 2), "Spy made the toll at W3 (2/2)"},
		{"one", cones(1), "1 cone"},
		{"other", cones(0), "0 cones"},
		{"a text as an argument", say.F("a giant of %s", cones(3)), "a giant of 3 cones"},
		{"parts", say.F("Spy missed").Then(say.F(", shot clock %d", 4)), "Spy missed, shot clock 4"},
		{"joined", say.Join([]say.Text{say.F("health 4 → 2"), say.F("travel +3")}, ", "), "health 4 → 2, travel +3"},
		{"verbatim", say.Verbatim("100% as it was"), "100% as it was"},
		{"nothing", say.Text{}, ""},
		{"an error's words as an argument", say.F("refused: %s", refusal{cones(2)}), "refused: 2 cones"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.t.String(); got != tt.want {
				t.Errorf("%q, want %q", got, tt.want)
			}
		})
	}
}

func TestUntilCutsAtAPattern(t *testing.T) {
	line := say.F("Spy missed the toll at %s", "A").Then(say.F(". Spy half over"))
	if got := line.Until(". Spy half over").String(); got != "Spy missed the toll at A" {
		t.Errorf("%q", got)
	}
	if got := line.Until(". Mage wins: %s").String(); got != line.String() {
		t.Errorf("cut at a pattern it does not hold: %q", got)
	}
	// A verbatim part is words, never a pattern to cut at.
	if got := say.Verbatim(". Spy half over").Until(". Spy half over").String(); got != ". Spy half over" {
		t.Errorf("%q", got)
	}
}

func TestEqual(t *testing.T) {
	if !say.F("at %s", "W3").Then(cones(2)).Equal(say.F("at %s", "W3").Then(cones(2))) {
		t.Error("the same words are not equal")
	}
	for _, u := range []say.Text{say.F("at %s", "W4").Then(cones(2)), say.F("at %s", "W3").Then(cones(1)), say.F("at %s", "W3"), say.Verbatim("at W3 2 cones")} {
		if say.F("at %s", "W3").Then(cones(2)).Equal(u) {
			t.Errorf("equal to %q", u)
		}
	}
}

// On the wire and in records a Text is its English, as a plain string was.
func TestJSON(t *testing.T) {
	b, err := json.Marshal(struct{ Reason say.Text }{say.F("captured at %s", "W3")})
	if err != nil || string(b) != `{"Reason":"captured at W3"}` {
		t.Fatalf("%s %v", b, err)
	}
	var back struct{ Reason say.Text }
	if err := json.Unmarshal(b, &back); err != nil || back.Reason.String() != "captured at W3" {
		t.Fatalf("%q %v", back.Reason, err)
	}
}

func TestReasonOfAnError(t *testing.T) {
	r := refusal{say.F("not your turn")}
	if got, ok := say.Of(wrapped(r)); !ok || !got.Equal(r.t) {
		t.Errorf("the words of a wrapped refusal: %q %v", got, ok)
	}
	if _, ok := say.Of(plain("disk full")); ok {
		t.Error("a plain error has words of the rules")
	}
	if got := say.Reason(plain("disk full")); got.String() != "disk full" {
		t.Errorf("%q", got)
	}
}

// Swap gives an argument another word and leaves the text it came from as
// it was.
func TestSwap(t *testing.T) {
	general, ana := say.F("General"), say.Verbatim("Ana (General)")
	line := say.F("%s placed %s", general, "L1")
	if got := line.Swap(general, ana).String(); got != "Ana (General) placed L1" {
		t.Errorf("%q", got)
	}
	if got := line.String(); got != "General placed L1" {
		t.Errorf("the original changed: %q", got)
	}
}
