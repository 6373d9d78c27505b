// Package sheets is what every printable scoresheet shares (one A4 or
// Letter page from the browser's print dialog): the frame with its
// screen-only links and result line, and the pieces of a paper form (ruled
// fields, tally boxes to cross off). Each game draws its own sheet in
// views/<game> with these pieces, deriving the rows by replaying the record
// with its rules, so this package knows no game: a new game adds its sheet
// in its own folder and touches nothing here.
package sheets

import (
	"context"
	"io"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"github.com/grimoire-games/grimoire/lang"
	"github.com/grimoire-games/grimoire/views"
)

// Head is the top of every sheet and the screen-only links around it. It
// is defined in package views so the play layer and the handlers can pass
// one without depending on every game's sheet.
type Head = views.SheetHead

// Frac writes "made/attempted", or "" when nothing was attempted.
func Frac(made, of int) string {
	if of == 0 {
		return ""
	}
	return strconv.Itoa(made) + "/" + strconv.Itoa(of)
}

// Num writes a count, blank for zero so the sheet reads like a filled form.
func Num(n int) string {
	if n == 0 {
		return ""
	}
	return strconv.Itoa(n)
}

// BlankRows is n empty rows for a blank form.
func BlankRows(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i + 1
	}
	return out
}

// CountDown is the faces of a clock that counts down from n to 1.
func CountDown(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = strconv.Itoa(n - i)
	}
	return out
}

// CountUp is 1 to n.
func CountUp(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = strconv.Itoa(i + 1)
	}
	return out
}

// pageOf is the page around a sheet with its title in the language of ctx:
// "Scoresheet: Ana (spy) vs Ben (mage)", or the game's blank scoresheet.
func pageOf(ctx context.Context, p views.Page, h Head) views.Page {
	if h.Blank {
		p.Title = lang.T(ctx, lang.SheetBlankPageTitle, h.Game)
	} else {
		p.Title = lang.T(ctx, lang.SheetPageTitle, h.Title)
	}
	return p
}

// printed is when the sheet was drawn, in the language of ctx: the date
// as its readers write one (English keeps "2 Jan 2006", as it always said).
func printed(ctx context.Context, h Head) string {
	if h.PrintedAt.IsZero() {
		return h.Printed
	}
	l := lang.From(ctx)
	layout, ok := dateLayouts[l]
	if !ok {
		layout = "2 Jan 2006 15:04 MST"
	}
	return lang.T(ctx, lang.SheetPrinted, h.PrintedAt.UTC().Format(layout))
}

// dateLayouts are the dates of the languages that do not write English
// month names.
var dateLayouts = map[lang.Lang]string{
	lang.Spanish:    "02/01/2006 15:04 MST",
	lang.French:     "02/01/2006 15:04 MST",
	lang.German:     "02.01.2006 15:04 MST",
	lang.Portuguese: "02/01/2006 15:04 MST",
}

// Scroll is a sheet's table in a region that scrolls sideways on a small
// screen, labelled in the language of ctx. The label is escaped as an
// attribute value needs (& < > "), leaving apostrophes as English always
// wrote them.
func Scroll() templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		label := attrEscaper.Replace(lang.T(ctx, lang.SheetTableLabel))
		if _, err := io.WriteString(w, `<div class="sheet-scroll" tabindex="0" role="region" aria-label="`+label+`">`); err != nil {
			return err
		}
		if err := templ.GetChildren(ctx).Render(ctx, w); err != nil {
			return err
		}
		_, err := io.WriteString(w, `</div>`)
		return err
	})
}

var attrEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;")
