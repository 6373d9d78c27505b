package takeaway

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"github.com/grimoire-games/grimoire/views"
	"github.com/grimoire-games/grimoire/views/offline"
	"github.com/grimoire-games/grimoire/views/sheets"
)

// The view: what views/takeaway would hold. Its components are written
// with templ.ComponentFunc (a real game writes .templ files; the output is
// the same kind of component), every player's word escaped.

const name = "Take-away"

// Fragment ids of the game screen.
const (
	fragStatus   = "ta-status"
	fragControls = "ta-controls"
	fragLog      = "ta-log"
)

// board is the screen's view model, decided by the Kind.
type board struct {
	GameID  string
	Title   string
	CSRF    string
	Version int
	State   State
	Lines   []string
	MayTake bool   // the viewer may take now
	MayUndo bool   // the viewer's undo would take something back
	Error   string // why the last tap was refused
	Record  offline.Record
}

func esc(s string) string { return templ.EscapeString(s) }

// html is a component that writes s, already escaped where it must be.
func html(s string) templ.Component {
	return templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
		_, err := io.WriteString(w, s)
		return err
	})
}

func statusHTML(b board) string {
	s := b.State
	if s.Over() {
		return fmt.Sprintf(`<p data-testid="status">%s took the last stone and won.</p>`, esc(s.Setup.Players[s.Winner]))
	}
	return fmt.Sprintf(`<p data-testid="status"><span data-testid="stones">%d</span> left; %s to take 1 to %d.</p>`,
		s.Stones, esc(s.Setup.Players[s.ToMove]), s.MostNow())
}

func controlsHTML(b board) string {
	var out strings.Builder
	hidden := fmt.Sprintf(`<input type="hidden" name="_csrf" value="%s"><input type="hidden" name="v" value="%d">`, esc(b.CSRF), b.Version)
	if b.Error != "" {
		fmt.Fprintf(&out, `<p class="alert error" role="alert" data-testid="refused">%s</p>`, esc(b.Error))
	}
	if b.MayTake {
		for n := 1; n <= b.State.MostNow(); n++ {
			fmt.Fprintf(&out, `<form method="post" action="/g/%[1]s/act" hx-post="/g/%[1]s/act">%[2]s<button class="btn" name="take" value="%[3]d" data-testid="take-%[3]d">Take %[3]d</button></form>`,
				esc(b.GameID), hidden, n)
		}
	}
	if b.MayUndo {
		fmt.Fprintf(&out, `<form method="post" action="/g/%[1]s/undo" hx-post="/g/%[1]s/undo">%[2]s<button class="btn" data-testid="undo">Undo</button></form>`, esc(b.GameID), hidden)
	}
	return out.String()
}

func logHTML(b board) string {
	var out strings.Builder
	out.WriteString(`<ol data-testid="log">`)
	for _, l := range b.Lines {
		out.WriteString("<li>" + esc(l) + "</li>")
	}
	out.WriteString("</ol>")
	return out.String()
}

// fragments are the screen's parts in page order, the record last.
func fragments(b board) []views.Fragment {
	out := []views.Fragment{
		{ID: fragStatus, Component: html(statusHTML(b))},
		{ID: fragControls, Component: html(controlsHTML(b))},
		{ID: fragLog, Component: html(logHTML(b))},
	}
	if b.Record != nil {
		out = append(out, views.Fragment{ID: offline.ElementID, Component: b.Record.Text()})
	}
	return out
}

// page is the whole game page: each fragment in its element.
func page(p views.Page, b board) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		body := templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
			fmt.Fprintf(w, `<h1>%s</h1><div id="board" hx-swap="none" data-testid="board">`, esc(b.Title))
			for _, f := range fragments(b) {
				if f.ID == offline.ElementID {
					continue
				}
				fmt.Fprintf(w, `<section id="%s">`, f.ID)
				if err := f.Component.Render(ctx, w); err != nil {
					return err
				}
				io.WriteString(w, `</section>`)
			}
			if b.Record != nil {
				if err := b.Record.Script().Render(ctx, w); err != nil {
					return err
				}
			}
			_, err := io.WriteString(w, `</div>`)
			return err
		})
		return views.Layout(p).Render(templ.WithChildren(ctx, body), w)
	})
}

// inLayout is a page of the layout around body.
func inLayout(p views.Page, body string) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		return views.Layout(p).Render(templ.WithChildren(ctx, html(body)), w)
	})
}

// form is the new-game form's fields, as typed.
type form struct {
	A, B, Stones, Most string
	Problems           []string
}

func newGameHTML(p views.Page, f form) string {
	var out strings.Builder
	fmt.Fprintf(&out, `<h1>New game of %s</h1>`, name)
	if len(f.Problems) > 0 {
		out.WriteString(`<ul class="alert error" data-testid="problems">`)
		for _, pr := range f.Problems {
			out.WriteString("<li>" + esc(pr) + "</li>")
		}
		out.WriteString("</ul>")
	}
	fmt.Fprintf(&out, `<form method="post" action="/new/%s" data-testid="new-game"><input type="hidden" name="_csrf" value="%s">`, gameID, esc(p.CSRF))
	for _, fl := range []struct{ name, label, value string }{
		{"a", "First player", f.A}, {"b", "Second player", f.B}, {"stones", "Stones in the pile", f.Stones}, {"most", "Most stones a turn", f.Most},
	} {
		fmt.Fprintf(&out, `<label>%s <input name="%s" value="%s"></label>`, fl.label, fl.name, esc(fl.value))
	}
	out.WriteString(`<button class="btn primary">Check</button></form>`)
	return out.String()
}

func confirmHTML(p views.Page, f form) string {
	return fmt.Sprintf(`<h1>Start this game?</h1><p data-testid="confirm">%s against %s, %s stones, at most %s a turn.</p>`+
		`<form method="post" action="/new/%s"><input type="hidden" name="_csrf" value="%s"><input type="hidden" name="confirm" value="1">`+
		`<input type="hidden" name="a" value="%s"><input type="hidden" name="b" value="%s"><input type="hidden" name="stones" value="%s"><input type="hidden" name="most" value="%s">`+
		`<button class="btn primary" data-testid="start">Start</button></form>`,
		esc(f.A), esc(f.B), esc(f.Stones), esc(f.Most), gameID, esc(p.CSRF), esc(f.A), esc(f.B), esc(f.Stones), esc(f.Most))
}

func rulesHTML() string {
	return `<h1>Take-away rules</h1><p data-testid="rules">One pile of stones between two players. In turn each takes 1 stone or more, up to the most the game allows. Whoever takes the last stone wins.</p>`
}

// sheet is the scoresheet: one row per turn, in the shared sheet frame.
func sheet(p views.Page, h views.SheetHead, s State, takes []Action, blank bool) templ.Component {
	rows := []string{}
	before := s.Setup.Stones
	who := 0
	for _, a := range takes {
		rows = append(rows, fmt.Sprintf(`<tr><td>%s</td><td class="num">%d</td><td class="num">%d</td></tr>`, esc(s.Setup.Players[who]), a.Take, before-a.Take))
		before -= a.Take
		who = 1 - who
	}
	if blank {
		for range sheets.BlankRows(12) {
			rows = append(rows, `<tr><td></td><td></td><td></td></tr>`)
		}
	}
	pile := strconv.Itoa(s.Setup.Stones)
	if blank {
		pile = `<span class="write"></span>`
	}
	body := `<table class="sheet-table" data-testid="sheet-turns"><thead><tr><th scope="col">Player</th><th scope="col">Took</th><th scope="col">Left</th></tr></thead><tbody>` +
		strings.Join(rows, "") + `</tbody></table><p class="small">Pile of ` + pile + ` stones.</p>`
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		return sheets.Frame(p, h).Render(templ.WithChildren(ctx, html(body)), w)
	})
}
