package encoding

import (
	"bytes"
	"net/url"
	"strings"
	"testing"

	"github.com/a-h/templ"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/views"
	"github.com/grimoire-games/grimoire/views/offline"
)

// screens is a game whose samples are its tables; the methods the text
// does not call are left to the embedded nil Kind.
type screens struct {
	play.Kind
	id     string
	tables []play.Table
}

func (g screens) Info() play.Info                { return play.Info{ID: g.id} }
func (g screens) Samples() ([]play.Table, error) { return g.tables, nil }

func (g screens) Fragments(t play.Table, _ url.Values) ([]views.Fragment, error) {
	return []views.Fragment{
		{ID: "status", Component: templ.Raw("<p>" + t.Title + "</p>")},
		{ID: "map", Fixed: true, Component: templ.Raw("<svg>the court</svg>")},
		{ID: offline.ElementID, Component: templ.Raw("the record")},
	}, nil
}

type unsampled struct{ play.Kind }

// The text holds each sample as an answer, in the app's order reversed,
// without what tap answers do not carry or what it already predicts.
func TestSampleText(t *testing.T) {
	long := strings.Repeat("Ana takes the second spell from the reserve and casts it. ", 40)
	answer := func(buf *bytes.Buffer, frags []Sample) error {
		for _, f := range frags {
			buf.WriteString("[" + f.ID + "]" + f.HTML + "\n")
		}
		return nil
	}
	raw, err := SampleText([]play.Kind{
		screens{id: "first", tables: []play.Table{{Title: "first game"}}},
		unsampled{},
		screens{id: "second", tables: []play.Table{{Title: long}, {Title: long}}},
	}, answer)
	if err != nil {
		t.Fatal(err)
	}
	text := string(raw)
	if strings.Count(text, long) != 1 {
		t.Errorf("a sample the text already predicts went in again: %d copies", strings.Count(text, long))
	}
	if !strings.HasSuffix(text, "[status]<p>first game</p>\n") {
		t.Errorf("the first game's samples do not end the text: %q", text[max(0, len(text)-60):])
	}
	if strings.Contains(text, "the court") || strings.Contains(text, "the record") {
		t.Error("a Fixed fragment or the embedded record is in the text")
	}
	if raw, err := SampleText([]play.Kind{unsampled{}}, answer); raw != nil || err != nil {
		t.Errorf("no game draws samples, yet the text is %q (%v)", raw, err)
	}
}
