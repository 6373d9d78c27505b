// Package sheets draws printable scoresheets (one A4 or Letter page from the
// browser's print dialog) for every game, and the record import form. A
// sheet's rows are derived by replaying the record with the game's rules
// package and comparing the state before and after each action: the sheet
// needs nothing but the record, so it works live, finished, or blank.
package sheets

import (
	"strconv"
	"strings"

	"github.com/grimoire-games/grimoire/views"
)

// Head is the top of every sheet and the screen-only links around it. It
// is defined in package views so the play layer and the handlers can pass
// one without depending on every game's sheet.
type Head = views.SheetHead

func itoa(n int) string { return strconv.Itoa(n) }

// frac writes "made/attempted", or "" when nothing was attempted.
func frac(made, of int) string {
	if of == 0 {
		return ""
	}
	return itoa(made) + "/" + itoa(of)
}

// num writes a count, blank for zero so the sheet reads like a filled form.
func num(n int) string {
	if n == 0 {
		return ""
	}
	return itoa(n)
}

func join(s []string) string { return strings.Join(s, ", ") }

// blankRows is n empty rows for a blank form.
func blankRows(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i + 1
	}
	return out
}

// countDown is the faces of a clock that counts down from n to 1.
func countDown(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = itoa(n - i)
	}
	return out
}

// countUp is 1 to n.
func countUp(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = itoa(i + 1)
	}
	return out
}
