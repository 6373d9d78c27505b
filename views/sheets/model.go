// Package sheets is what every printable scoresheet shares (one A4 or
// Letter page from the browser's print dialog): the frame with its
// screen-only links and result line, and the pieces of a paper form (ruled
// fields, tally boxes to cross off). Each game draws its own sheet in
// views/<game> with these pieces, deriving the rows by replaying the record
// with its rules, so this package knows no game: a new game adds its sheet
// in its own folder and touches nothing here.
package sheets

import (
	"strconv"

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
