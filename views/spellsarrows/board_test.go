package spellsarrows_test

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/a-h/templ"

	"github.com/grimoire-games/grimoire/views"
	"github.com/grimoire-games/grimoire/views/offline"
	saview "github.com/grimoire-games/grimoire/views/spellsarrows"
)

const setup = `{"victory":12,"spy":"Ana","mage":"Ben","options":{}}`

func build(t *testing.T, watch bool, actions ...string) *saview.Board {
	t.Helper()
	src := saview.Source{GameID: "g1", Title: "Ana (spy) vs Ben (mage)", SpectatorToken: "tok", Watch: watch, CSRF: "c", Setup: json.RawMessage(setup), Seed: 1}
	for _, a := range actions {
		src.Actions = append(src.Actions, json.RawMessage(a))
	}
	if !watch {
		src.Record = offline.Fixed(`{"kind":"spells-arrows"}`)
	}
	b, err := saview.Build(src, len(actions))
	if err != nil {
		t.Fatal(err)
	}
	return &b
}

func doc(t *testing.T, c templ.Component) *goquery.Document {
	t.Helper()
	var buf bytes.Buffer
	if err := c.Render(context.Background(), &buf); err != nil {
		t.Fatal(err)
	}
	d, err := goquery.NewDocumentFromReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func text(d *goquery.Document, testid string) string {
	return strings.Join(strings.Fields(d.Find(`[data-testid="`+testid+`"]`).First().Text()), " ")
}

// TestControlsOfferWhatTheRulesAllow reads the controls a person sees at
// each moment of the spy's first turn.
func TestControlsOfferWhatTheRulesAllow(t *testing.T) {
	cases := []struct {
		name      string
		actions   []string
		present   []string
		absent    []string
		promptHas string
	}{
		{"at the start the spy shoots for the toll at B", nil,
			[]string{"spy-shot-make", "spy-shot-miss"}, []string{"move-A", "undo", "pass"}, "toll"},
		{"after the toll is paid the spy picks a road", []string{`{"type":"spy-shot","made":true}`},
			[]string{"move-A", "move-G1", "move-G2", "undo"}, []string{"spy-shot-make"}, ""},
		{"a miss at unguarded B leaves the mage nothing to answer: the spy shoots on", []string{`{"type":"spy-shot","made":false}`},
			[]string{"spy-shot-make", "spy-shot-miss", "undo"}, []string{"pass", "move-A"}, "toll"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d := doc(t, saview.Controls(build(t, false, tc.actions...)))
			for _, id := range tc.present {
				if d.Find(`[data-testid="`+id+`"]`).Length() == 0 {
					t.Errorf("no %s control", id)
				}
			}
			for _, id := range tc.absent {
				if d.Find(`[data-testid="`+id+`"]`).Length() != 0 {
					t.Errorf("a %s control is offered", id)
				}
			}
			if p := text(d, "prompt"); tc.promptHas != "" && !strings.Contains(strings.ToLower(p), tc.promptHas) {
				t.Errorf("prompt %q does not mention %q", p, tc.promptHas)
			}
		})
	}
}

func TestSpectatorsGetNoButtons(t *testing.T) {
	d := doc(t, saview.Controls(build(t, true, `{"type":"spy-shot","made":true}`)))
	if n := d.Find("button, form").Length(); n != 0 {
		t.Errorf("a spectator's controls have %d buttons or forms", n)
	}
}

func TestStatusStrip(t *testing.T) {
	d := doc(t, saview.Status(build(t, false, `{"type":"spy-shot","made":false}`)))
	if got := text(d, "turn"); !strings.HasPrefix(got, "1/") {
		t.Errorf("turn %q, want the first turn", got)
	}
	if got := text(d, "points"); !strings.HasPrefix(got, "0") {
		t.Errorf("points %q, want 0", got)
	}
	// The dice are read as their visible number under the visible label
	// (an aria-label on a plain span is not exposed), the pips as images.
	if got := text(d, "shot-clock"); got != "5" {
		t.Errorf("shot clock %q, want 5 after one attempt", got)
	}
	if got := text(d, "health"); got != "4" {
		t.Errorf("health %q, want the spy's 4", got)
	}
	if role, _ := d.Find(`[data-testid="misses"]`).Attr("role"); role != "img" {
		t.Errorf("miss counters have role %q, want img so their label is read", role)
	}
}

func TestFragmentsCarryTheRecordOnlyWhenGiven(t *testing.T) {
	ids := func(fs []views.Fragment) string {
		var out []string
		for _, f := range fs {
			out = append(out, f.ID)
		}
		return strings.Join(out, ",")
	}
	if got := ids(saview.Fragments(build(t, false))); !strings.Contains(got, "grimoire-record") {
		t.Errorf("the scorekeeper's fragments %s lack the record", got)
	}
	if got := ids(saview.Fragments(build(t, true))); strings.Contains(got, "grimoire-record") {
		t.Errorf("the spectator's fragments %s carry a record", got)
	}
}

func TestCourtDrawsEveryLocation(t *testing.T) {
	d := doc(t, saview.Court(build(t, false, `{"type":"spy-shot","made":true}`)))
	for _, id := range []string{"A", "G1", "G2"} {
		if d.Find(`[data-testid="court-move-`+id+`"]`).Length() != 1 {
			t.Errorf("the court offers no tap to move to %s", id)
		}
	}
	if d.Find(`[data-testid="spy-token"]`).Length() != 1 {
		t.Error("the spy is not drawn on the court")
	}
}

func saviewFragments(b *saview.Board) []views.Fragment { return saview.Fragments(b) }
